import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { subscribe } from '../../shared/events/app-events.ts';
import type { LongPollEvent } from './api/long-poll.ts';
import type { ChatRoomEvent, GlobalEvent } from './api/payloads.ts';
import { CALL_EVENT_REPEAT_WINDOW_MS, createDispatcher, LONG_POLL_IDS_KEPT, type Dispatcher } from './dispatcher.ts';

const incomingCall: GlobalEvent = { event_type: 'incoming_call', data: { recipient_id: 42, chat_room_call_id: 9001, meet_room_uuid: 'room-1', rejected_ids: {} } };
const newChatRoom = { id: 412, uuid: 'room-uuid', type: 'group', event_type: 'new_chat_room', last_message: { message_content: 'Hi', is_owner: false } } as const;
const pollEvent = (id: number | string, name: string, data: unknown): LongPollEvent => ({ id, name, data });

let now: number;
let routeCall: ReturnType<typeof vi.fn<(event: GlobalEvent) => void>>;
let chatRoom: ReturnType<typeof vi.fn<(event: ChatRoomEvent) => void>>;
let dispatcher: Dispatcher;
let warn: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  now = 0;
  routeCall = vi.fn();
  chatRoom = vi.fn();
  dispatcher = createDispatcher({ routeCall, chatRoom, now: () => now });
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => warn.mockRestore());

describe('parsing with the realtime contract', () => {
  it('routes a valid broadcast global event (object or JSON string) to the call router', () => {
    dispatcher.fromBroadcast(incomingCall);
    expect(routeCall).toHaveBeenCalledWith(incomingCall);
    const other = { ...incomingCall, data: { ...incomingCall.data, chat_room_call_id: 9002 } };
    dispatcher.fromBroadcast(JSON.stringify(other));
    expect(routeCall).toHaveBeenLastCalledWith(other);
  });

  it.each([
    ['an unknown event type', { event_type: 'ring_ring', data: {} }],
    ['no data', { event_type: 'incoming_call' }],
    ['a call id that is not a number', { event_type: 'incoming_call', data: { chat_room_call_id: 'x' } }],
    ['not JSON at all', 'garbage{'],
    ['null', null],
  ])('drops a broadcast with %s, with a warning and no crash', (_label, payload) => {
    expect(() => dispatcher.fromBroadcast(payload)).not.toThrow();
    expect(routeCall).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^realtime: dropped a malformed global event from broadcast/), payload);
  });

  it("publishes a broadcast's feed counts (issue 37) as feed:counts, never to the call router, and drops a malformed one", () => {
    const received: unknown[] = [];
    const stop = subscribe('feed:counts', (counts) => received.push(counts));
    try {
      dispatcher.fromBroadcast({ event_type: 'feed_counts', data: { announcement_id: 1201, likes_count: 13, comments_count: 2, comment_id: 88, comment_likes_count: 3 } });
      dispatcher.fromBroadcast(JSON.stringify({ event_type: 'feed_counts', data: { announcement_id: 1201, likes_count: 13, comments_count: 1, comment_id: 89, comment_deleted: true } }));
      dispatcher.fromBroadcast({ event_type: 'feed_counts', data: { announcement_id: 1201, likes_count: -1, comments_count: 2 } });
      expect(received).toEqual([
        { announcementId: 1201, likesCount: 13, commentsCount: 2, commentId: 88, commentLikesCount: 3 },
        { announcementId: 1201, likesCount: 13, commentsCount: 1, commentId: 89, commentDeleted: true },
      ]);
      expect(routeCall).not.toHaveBeenCalled();
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^realtime: dropped a malformed feed counts event from broadcast/), expect.anything());
    } finally {
      stop();
    }
  });

  it('drops a malformed live-chat event with a warning', () => {
    dispatcher.fromLiveChat({ uuid: 'x', event_type: 'live_chat' }); // no id, no type
    dispatcher.fromLiveChat({ ...newChatRoom, event_type: 'room_deleted' });
    expect(chatRoom).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(2);
    dispatcher.fromLiveChat(newChatRoom);
    expect(chatRoom).toHaveBeenCalledWith(expect.objectContaining({ uuid: 'room-uuid', event_type: 'new_chat_room' }));
  });

  it('drops a long-poll call event whose data is malformed, and still handles the next ones', () => {
    dispatcher.fromLongPoll([pollEvent(1, 'incoming_call', { chat_room_call_id: 'nine' }), pollEvent(2, 'incoming_call', incomingCall.data)]);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/from long-poll/), expect.anything());
    expect(routeCall).toHaveBeenCalledOnce();
  });

  it('keeps going when a handler throws', () => {
    routeCall.mockImplementationOnce(() => {
      throw new Error('boom');
    });
    expect(() => dispatcher.fromLongPoll([pollEvent(1, 'incoming_call', incomingCall.data), pollEvent(2, 'no_answer', { rejected_ids: { '42': 42 } })])).not.toThrow();
    expect(routeCall).toHaveBeenCalledTimes(2);
  });
});

describe('long-poll events (SPEC §4)', () => {
  it('sends call event names to the call router and publishes the others as global-long-poll:{name}', () => {
    const published: unknown[] = [];
    const unsubscribe = subscribe('global-long-poll:announcement', (payload) => published.push(payload));
    dispatcher.fromLongPoll([pollEvent(1004, 'announcement', { announcement_id: 314 }), pollEvent(1001, 'incoming_call', incomingCall.data)]);
    unsubscribe();
    expect(published).toEqual([{ id: 1004, data: { announcement_id: 314 } }]);
    expect(routeCall).toHaveBeenCalledWith(incomingCall);
  });

  it('deduplicates by id, across polls and between number and string ids', () => {
    const seen: unknown[] = [];
    const unsubscribe = subscribe('global-long-poll:survey', (payload) => seen.push(payload));
    dispatcher.fromLongPoll([pollEvent(7, 'survey', 1), pollEvent(7, 'survey', 1)]);
    dispatcher.fromLongPoll([pollEvent('7', 'survey', 1), pollEvent(8, 'survey', 2)]);
    unsubscribe();
    expect(seen).toEqual([
      { id: 7, data: 1 },
      { id: 8, data: 2 },
    ]);
  });

  it(`remembers the last ${LONG_POLL_IDS_KEPT} ids only (bounded memory)`, () => {
    let count = 0;
    const unsubscribe = subscribe('global-long-poll:tick', () => (count += 1));
    dispatcher.fromLongPoll(Array.from({ length: LONG_POLL_IDS_KEPT + 1 }, (_, id) => pollEvent(id, 'tick', null)));
    dispatcher.fromLongPoll([pollEvent(LONG_POLL_IDS_KEPT, 'tick', null)]); // recent: a repeat
    dispatcher.fromLongPoll([pollEvent(0, 'tick', null)]); // forgotten: handled again
    unsubscribe();
    expect(count).toBe(LONG_POLL_IDS_KEPT + 2);
  });
});

describe('one event, two transports', () => {
  it('a call event delivered by the socket and then the poll is handled once', () => {
    dispatcher.fromBroadcast(incomingCall);
    now += 12_500;
    dispatcher.fromLongPoll([pollEvent(1001, 'incoming_call', incomingCall.data)]);
    expect(routeCall).toHaveBeenCalledOnce();
  });

  it(`the same call event after ${CALL_EVENT_REPEAT_WINDOW_MS} ms, or another call, is handled again`, () => {
    dispatcher.fromBroadcast(incomingCall);
    dispatcher.fromBroadcast({ ...incomingCall, data: { ...incomingCall.data, chat_room_call_id: 9002 } });
    now += CALL_EVENT_REPEAT_WINDOW_MS;
    dispatcher.fromBroadcast(incomingCall);
    expect(routeCall).toHaveBeenCalledTimes(3);
  });
});

describe('exhaustive dispatch', () => {
  it('throws on a message kind it does not know (the compiler refuses one too)', () => {
    // @ts-expect-error: 'bogus' is not a RealtimeMessage kind
    expect(() => dispatcher.dispatch({ kind: 'bogus' })).toThrow('Unhandled realtime message kind');
  });
});
