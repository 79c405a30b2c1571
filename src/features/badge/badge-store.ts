// The badge counters (SPEC §2, §4) and the hook the tab bar reads; badge-setup.ts feeds them.
import { useSyncExternalStore } from 'react';
import { config } from '../../api/config.ts';
import { createListenerStore } from '../../shared/events/listener-store.ts';
import { applyBadgeEvent, badgeTotal, EMPTY_COUNTS, type BadgeCounts, type BadgeEvent } from './badge-math.ts';
import { showAppIconBadge } from './app-icon-badge.ts';

const counts = createListenerStore<BadgeCounts>(EMPTY_COUNTS);

export function dispatchBadge(event: BadgeEvent): void {
  const next = applyBadgeEvent(counts.getSnapshot(), event);
  showAppIconBadge(badgeTotal(next, config.badgeTotalMode));
  counts.set(next);
}

export const getBadgeCounts = counts.getSnapshot;

export function useBadgeTotal(): number {
  return badgeTotal(useSyncExternalStore(counts.subscribe, counts.getSnapshot), config.badgeTotalMode);
}

/** Unread notifications alone (Home's bell; SPEC §4: marking one read lowers it by one). */
export function useUnreadNotifications(): number {
  return useSyncExternalStore(counts.subscribe, () => counts.getSnapshot().unreadNotifications);
}
