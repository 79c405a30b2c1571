// The badge counters (SPEC §2, §4; kept in src/shared/domain/badge-counts.ts, which the chat list reads
// too) and the hooks the tab bar reads; badge-setup.ts feeds them.
import { useSyncExternalStore } from 'react';
import { config } from '../../api/config.ts';
import { badgeCounts as counts, badgeParts, badgePartTexts, useBadgeCounts } from '../../shared/domain/badge-counts.ts';
import type { TFunction } from '../../shared/i18n/translator.ts';
import { badgeLabel } from '../../shared/ui/badge.tsx';
import { applyBadgeEvent, badgeTotal, type BadgeEvent } from './badge-math.ts';
import { showAppIconBadge } from './app-icon-badge.ts';

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

/**
 * The Chat tab's accessible name: its label and the number its badge shows, then what that number sums
 * ("Chat 23, 10 unread messages, 10 notifications, 3 approvals"). The shown number is part of the name
 * so the name contains what is on screen (WCAG 2.5.3, label in name).
 */
export function useChatTabName(t: TFunction): string {
  const current = useBadgeCounts();
  const shown = badgeLabel(badgeTotal(current, config.badgeTotalMode));
  const label = shown ? `${t('tabs.chat')} ${shown}` : t('tabs.chat');
  return [label, ...badgePartTexts(t, badgeParts(current, config.badgeTotalMode))].join(', ');
}
