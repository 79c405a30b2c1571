import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { subscribe, type AppEvents } from '../../shared/events/app-events.ts';
import type { ChatRoomEvent } from './api/payloads.ts';
import { CHAT_HOME_REFRESH_DEBOUNCE_MS, createChatRoomEvents, type ChatRoomEvents } from './chat-room-events.ts';

const room = (event_type: ChatRoomEvent['event_type'], isOwner: boolean | number = false): ChatRoomEvent => ({
  id: 311,
  uuid: 'room-311',
  type: 'individual',
  meta: { unread_messages: 2 },
  last_message: { message_content: 'Are you joining?', created_at: '2024-05-14T08:12:45Z', is_owner: isOwner },
  event_type,
});

let events: ChatRoomEvents;
let stale: number;
let newRooms: AppEvents['chat:new-chat-room'][];
let liveChats: AppEvents['chat:live-chat'][];
let unsubscribers: Array<() => void>;

beforeEach(() => {
  vi.useFakeTimers();
  events = createChatRoomEvents();
  stale = 0;
  newRooms = [];
  liveChats = [];
  unsubscribers = [
    subscribe('chat:home-stale', () => (stale += 1)),
    subscribe('chat:new-chat-room', (payload) => newRooms.push(payload)),
    subscribe('chat:live-chat', (payload) => liveChats.push(payload)),
  ];
});
afterEach(() => {
  events.dispose();
  unsubscribers.forEach((unsubscribe) => unsubscribe());
  vi.useRealTimers();
});

describe('live_chat', () => {
  it('is published at once with the room update', () => {
    events.handle(room('live_chat'));
    expect(liveChats).toEqual([
      { roomId: 311, roomUuid: 'room-311', unread: 2, lastMessage: { content: 'Are you joining?', createdAt: '2024-05-14T08:12:45Z', fromCurrentUser: false } },
    ]);
  });

  it("carries a call's line as the last message with how the call ended (issue 23), so the chat list can word it", () => {
    const call = { status: 'no_answer', duration_seconds: null, caller_id: 57 };
    events.handle({ ...room('live_chat'), last_message: { message_content: 'Missed call', created_at: '2024-05-14T08:13:00Z', is_owner: false, type: 'call', call } });
    expect(liveChats[0]?.lastMessage).toEqual({ content: 'Missed call', createdAt: '2024-05-14T08:13:00Z', fromCurrentUser: false, type: 'call', call });
  });

  it(`marks the chat home stale ${CHAT_HOME_REFRESH_DEBOUNCE_MS} ms after the last of a burst (debounced)`, () => {
    const unread = (count: number): ChatRoomEvent => ({ ...room('live_chat'), meta: { unread_messages: count } });
    events.handle(unread(1));
    vi.advanceTimersByTime(600);
    events.handle(unread(2));
    vi.advanceTimersByTime(600);
    events.handle(unread(3));
    vi.advanceTimersByTime(CHAT_HOME_REFRESH_DEBOUNCE_MS - 1);
    expect(stale).toBe(0);
    vi.advanceTimersByTime(1);
    expect(stale).toBe(1);
    vi.advanceTimersByTime(10_000);
    expect(stale).toBe(1);
  });

  it('drops an event that repeats the last one of its room (a read mark\'s echo): nothing is published, nothing refreshed', () => {
    events.handle(room('live_chat'));
    events.handle(room('live_chat'));
    events.handle(room('live_chat'));
    vi.advanceTimersByTime(5_000);
    expect(liveChats).toHaveLength(1);
    expect(stale).toBe(1);
    // The same again after another room's event: still the room's last one.
    events.handle({ ...room('live_chat'), id: 312, uuid: 'room-312' });
    events.handle(room('live_chat'));
    expect(liveChats).toHaveLength(2);
  });

  it('publishes a change to the message alone (a receipt) without refreshing the chat home, which shows nothing of it', () => {
    const message = { id: 9, uuid: 'm-9', message_content: 'Are you joining?', read_count: 0, recipient_count: 1 };
    events.handle({ ...room('live_chat'), message });
    vi.advanceTimersByTime(5_000);
    events.handle({ ...room('live_chat'), message: { ...message, read_count: 1 } });
    vi.advanceTimersByTime(5_000);
    expect(liveChats.map((update) => update.message?.read_count)).toEqual([0, 1]);
    expect(stale).toBe(1);
  });

  it('after a logout, the same event as before counts as new again', () => {
    events.handle(room('live_chat'));
    events.dispose();
    events.handle(room('live_chat'));
    expect(liveChats).toHaveLength(2);
  });

  it('a refresh pending at logout is dropped', () => {
    events.handle(room('live_chat'));
    events.dispose();
    vi.advanceTimersByTime(5000);
    expect(stale).toBe(0);
  });
});

describe('new_chat_room', () => {
  it.each([
    [false, false],
    [0, false],
    [true, true],
    [1, true],
  ])('is_owner %s gives fromCurrentUser %s, with its last message’s time (the badge decides whether it counts)', (isOwner, fromCurrentUser) => {
    events.handle(room('new_chat_room', isOwner));
    expect(newRooms).toEqual([{ roomUuid: 'room-311', fromCurrentUser, lastMessageAt: '2024-05-14T08:12:45Z' }]);
    vi.advanceTimersByTime(5000);
    expect(stale).toBe(0);
  });
});
