import { describe, expect, it } from 'vitest';
import { applyBadgeEvent, badgeText, badgeTotal, EMPTY_COUNTS, type BadgeCounts } from './badge-math.ts';

const counts = (unreadMessages: number, unreadNotifications: number, pendingApprovals: number): BadgeCounts => ({
  unreadMessages,
  unreadNotifications,
  pendingApprovals,
});

describe('badgeTotal (SPEC §2 and §4: both readings)', () => {
  it("'sum' adds unread messages, unread notifications and pending approvals", () => {
    expect(badgeTotal(counts(3, 4, 5), 'sum')).toBe(12);
  });

  it("'unread-messages' counts the unread messages only", () => {
    expect(badgeTotal(counts(3, 4, 5), 'unread-messages')).toBe(3);
    expect(badgeTotal(counts(0, 4, 5), 'unread-messages')).toBe(0);
  });

  it('is 0 for empty counts in both modes', () => {
    expect(badgeTotal(EMPTY_COUNTS, 'sum')).toBe(0);
    expect(badgeTotal(EMPTY_COUNTS, 'unread-messages')).toBe(0);
  });

  it('ignores negative and non-numeric parts instead of subtracting them', () => {
    expect(badgeTotal(counts(-5, 2, Number.NaN), 'sum')).toBe(2);
    expect(badgeTotal(counts(Number.NaN, 2, 1), 'unread-messages')).toBe(0);
  });
});

describe('badgeText (SPEC §9: capped at 99+)', () => {
  it.each([
    [0, null],
    [-1, null],
    [Number.NaN, null],
    [1, '1'],
    [99, '99'],
    [100, '99+'],
    [1000, '99+'],
  ])('%s → %s', (total, text) => {
    expect(badgeText(total)).toBe(text);
  });
});

describe('applyBadgeEvent', () => {
  const start = counts(10, 4, 2);

  it('counters: updates only the counts it names', () => {
    expect(applyBadgeEvent(start, { type: 'counters', unreadNotifications: 7 })).toEqual(counts(10, 7, 2));
    expect(applyBadgeEvent(start, { type: 'counters', pendingApprovals: 0 })).toEqual(counts(10, 4, 0));
    expect(applyBadgeEvent(start, { type: 'counters', unreadMessages: 1, pendingApprovals: 9 })).toEqual(counts(1, 4, 9));
  });

  it('counters: a negative count from the server is taken as 0', () => {
    expect(applyBadgeEvent(start, { type: 'counters', unreadNotifications: -3 })).toEqual(counts(10, 0, 2));
  });

  it('counters: does not change the counts it was given', () => {
    const before = counts(1, 2, 3);
    applyBadgeEvent(before, { type: 'counters', unreadMessages: 50 });
    expect(before).toEqual(counts(1, 2, 3));
  });

  it("room-opened: the room's unread count leaves the unread messages", () => {
    expect(applyBadgeEvent(start, { type: 'room-opened', unread: 3 })).toEqual(counts(7, 4, 2));
  });

  it('room-opened: never below 0', () => {
    expect(applyBadgeEvent(start, { type: 'room-opened', unread: 25 })).toEqual(counts(0, 4, 2));
    expect(applyBadgeEvent(EMPTY_COUNTS, { type: 'room-opened', unread: 1 })).toEqual(EMPTY_COUNTS);
  });

  it('room-opened: a room without unread messages changes nothing', () => {
    expect(applyBadgeEvent(start, { type: 'room-opened', unread: 0 })).toEqual(start);
  });

  it('new-chat-room: adds one unread message from someone else in a room that is not open', () => {
    expect(applyBadgeEvent(start, { type: 'new-chat-room', fromCurrentUser: false, isOpenRoom: false })).toEqual(counts(11, 4, 2));
  });

  it('new-chat-room: nothing when the message is from the current user', () => {
    expect(applyBadgeEvent(start, { type: 'new-chat-room', fromCurrentUser: true, isOpenRoom: false })).toEqual(start);
  });

  it('new-chat-room: nothing when the room is the open one', () => {
    expect(applyBadgeEvent(start, { type: 'new-chat-room', fromCurrentUser: false, isOpenRoom: true })).toEqual(start);
    expect(applyBadgeEvent(start, { type: 'new-chat-room', fromCurrentUser: true, isOpenRoom: true })).toEqual(start);
  });

  it('notification-read: one unread notification fewer', () => {
    expect(applyBadgeEvent(start, { type: 'notification-read' })).toEqual(counts(10, 3, 2));
  });

  it('notification-read: never below 0', () => {
    expect(applyBadgeEvent(counts(1, 0, 2), { type: 'notification-read' })).toEqual(counts(1, 0, 2));
  });

  it('reset: everything back to 0', () => {
    expect(applyBadgeEvent(start, { type: 'reset' })).toEqual(EMPTY_COUNTS);
    expect(badgeTotal(applyBadgeEvent(start, { type: 'reset' }), 'sum')).toBe(0);
  });
});
