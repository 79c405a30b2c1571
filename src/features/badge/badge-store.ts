// The badge counters (SPEC §2, §4) and the hook the tab bar reads; badge-setup.ts feeds them.
import { useSyncExternalStore } from 'react';
import { config } from '../../api/config.ts';
import { applyBadgeEvent, badgeTotal, EMPTY_COUNTS, type BadgeCounts, type BadgeEvent } from './badge-math.ts';
import { showAppIconBadge } from './app-icon-badge.ts';

let counts: BadgeCounts = EMPTY_COUNTS;
const listeners = new Set<() => void>();

export function dispatchBadge(event: BadgeEvent): void {
  counts = applyBadgeEvent(counts, event);
  showAppIconBadge(badgeTotal(counts, config.badgeTotalMode));
  listeners.forEach((listener) => listener());
}

export function getBadgeCounts(): BadgeCounts {
  return counts;
}

export function useBadgeTotal(): number {
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => counts,
  );
  return badgeTotal(current, config.badgeTotalMode);
}
