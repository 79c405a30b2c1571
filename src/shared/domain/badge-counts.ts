// The Chat tab's badge counters (SPEC §2, §4): unread chat messages, unread notifications and pending
// approvals. The badge feature feeds them (src/features/badge); the tab bar and the chat list read
// them here, so the chat list can say what the badge's total is made of without importing the badge.
import { useSyncExternalStore } from 'react';
import type { BadgeTotalMode } from '../../api/config.ts';
import { createListenerStore } from '../events/listener-store.ts';
import type { TFunction } from '../i18n/translator.ts';

export interface BadgeCounts {
  unreadMessages: number;
  unreadNotifications: number;
  pendingApprovals: number;
}

export const EMPTY_COUNTS: BadgeCounts = { unreadMessages: 0, unreadNotifications: 0, pendingApprovals: 0 };

/** The counters themselves; only the badge feature sets them (badge-store.ts). */
export const badgeCounts = createListenerStore<BadgeCounts>(EMPTY_COUNTS);

export function useBadgeCounts(): BadgeCounts {
  return useSyncExternalStore(badgeCounts.subscribe, badgeCounts.getSnapshot);
}

const whole = (value: number) => (Number.isFinite(value) && value > 0 ? Math.floor(value) : 0);

/**
 * What the badge's total is made of: 'sum' counts all three, 'unread-messages' the messages alone
 * (the other two are then 0, as they are not part of what the badge shows).
 */
export function badgeParts(counts: BadgeCounts, mode: BadgeTotalMode): BadgeCounts {
  const messages = whole(counts.unreadMessages);
  if (mode === 'unread-messages') return { unreadMessages: messages, unreadNotifications: 0, pendingApprovals: 0 };
  return { unreadMessages: messages, unreadNotifications: whole(counts.unreadNotifications), pendingApprovals: whole(counts.pendingApprovals) };
}

/** The parts in words, those at zero left out: ["10 unread messages", "10 notifications", "3 approvals"]. */
export function badgePartTexts(t: TFunction, parts: BadgeCounts): string[] {
  return [
    parts.unreadMessages > 0 ? t('tabs.badgeParts.messages', { count: parts.unreadMessages }) : '',
    parts.unreadNotifications > 0 ? t('tabs.badgeParts.notifications', { count: parts.unreadNotifications }) : '',
    parts.pendingApprovals > 0 ? t('tabs.badgeParts.approvals', { count: parts.pendingApprovals }) : '',
  ].filter(Boolean);
}
