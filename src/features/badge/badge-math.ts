// The Chat tab's badge (SPEC §2, §4): pure arithmetic, so both readings of the total are testable.
import type { BadgeTotalMode } from '../../api/config.ts';
import { EMPTY_COUNTS, type BadgeCounts } from '../../shared/domain/badge-counts.ts';

export { EMPTY_COUNTS, type BadgeCounts };

const count = (value: number) => (Number.isFinite(value) && value > 0 ? Math.floor(value) : 0);

/** 'sum': unread messages + unread notifications + pending approvals; 'unread-messages': unread messages only. */
export function badgeTotal(counts: BadgeCounts, mode: BadgeTotalMode): number {
  if (mode === 'unread-messages') return count(counts.unreadMessages);
  return count(counts.unreadMessages) + count(counts.unreadNotifications) + count(counts.pendingApprovals);
}

/** What the badge shows: nothing at 0, the count up to 99, then "99+" (the design system's count badge). */
export { badgeLabel as badgeText } from '../../shared/ui/badge.tsx';

export type BadgeEvent =
  | { type: 'counters'; unreadNotifications?: number; pendingApprovals?: number; unreadMessages?: number }
  | { type: 'room-opened'; unread: number }
  | { type: 'new-chat-room'; fromCurrentUser: boolean; isOpenRoom: boolean }
  | { type: 'notification-read' }
  | { type: 'reset' };

/** SPEC §4's transitions. Counts never go below zero. */
export function applyBadgeEvent(counts: BadgeCounts, event: BadgeEvent): BadgeCounts {
  switch (event.type) {
    case 'counters':
      return {
        unreadMessages: event.unreadMessages === undefined ? counts.unreadMessages : count(event.unreadMessages),
        unreadNotifications: event.unreadNotifications === undefined ? counts.unreadNotifications : count(event.unreadNotifications),
        pendingApprovals: event.pendingApprovals === undefined ? counts.pendingApprovals : count(event.pendingApprovals),
      };
    case 'room-opened':
      return { ...counts, unreadMessages: Math.max(0, counts.unreadMessages - count(event.unread)) };
    case 'new-chat-room':
      return event.fromCurrentUser || event.isOpenRoom ? counts : { ...counts, unreadMessages: counts.unreadMessages + 1 };
    case 'notification-read':
      return { ...counts, unreadNotifications: Math.max(0, counts.unreadNotifications - 1) };
    case 'reset':
      return EMPTY_COUNTS;
  }
}
