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
    events.handle(room('live_chat'));
    vi.advanceTimersByTime(600);
    events.handle(room('live_chat'));
    vi.advanceTimersByTime(600);
    events.handle(room('live_chat'));
    vi.advanceTimersByTime(CHAT_HOME_REFRESH_DEBOUNCE_MS - 1);
    expect(stale).toBe(0);
    vi.advanceTimersByTime(1);
    expect(stale).toBe(1);
    vi.advanceTimersByTime(10_000);
    expect(stale).toBe(1);
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
  ])('is_owner %s → fromCurrentUser %s (the badge decides whether it counts)', (isOwner, fromCurrentUser) => {
    events.handle(room('new_chat_room', isOwner));
    expect(newRooms).toEqual([{ roomUuid: 'room-311', fromCurrentUser }]);
    vi.advanceTimersByTime(5000);
    expect(stale).toBe(0);
  });
});
