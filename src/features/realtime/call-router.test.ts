import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activeCall } from '../../shared/calls/active-call.ts';
import { callEnds } from '../../shared/calls/call-ends.ts';
import { subscribe, type CallEventNotice } from '../../shared/events/app-events.ts';
import type { GlobalEvent } from './api/payloads.ts';
import { createCallRouter } from './call-router.ts';

const ME = 42;

const event = (event_type: GlobalEvent['event_type'], data: GlobalEvent['data']): GlobalEvent => ({ event_type, data });

let forwarded: CallEventNotice[];
let unsubscribe: () => void;
const openPath = vi.fn<(path: string) => void>();
const route = createCallRouter({ currentUserId: () => ME, openPath });

beforeEach(() => {
  forwarded = [];
  openPath.mockReset();
  unsubscribe = subscribe('call:event', (notice) => forwarded.push(notice));
});
afterEach(() => {
  unsubscribe();
  activeCall.set(undefined);
});

describe('incoming_call (SPEC §4)', () => {
  it("for the current user: opens the call's video-call screen and tells the app", () => {
    const outcome = route(event('incoming_call', { recipient_id: ME, chat_room_call_id: 9001, meet_room_uuid: 'room-1', rejected_ids: {} }));
    expect(outcome).toBe('opened');
    expect(openPath).toHaveBeenCalledWith('/chat/chat-detail/video-call/9001');
    expect(forwarded).toEqual([{ type: 'incoming_call', chatRoomCallId: 9001, meetRoomUuid: 'room-1', recipientId: ME }]);
  });

  it('for another user: nothing happens', () => {
    expect(route(event('incoming_call', { recipient_id: 57, chat_room_call_id: 9001 }))).toBe('not-for-user');
    expect(openPath).not.toHaveBeenCalled();
    expect(forwarded).toEqual([]);
  });

  it('without a call id, or before the user is known: nothing happens', () => {
    expect(route(event('incoming_call', { recipient_id: ME }))).toBe('not-for-user');
    const early = createCallRouter({ currentUserId: () => undefined, openPath });
    expect(early(event('incoming_call', { recipient_id: ME, chat_room_call_id: 1 }))).toBe('not-for-user');
    expect(openPath).not.toHaveBeenCalled();
  });
});

describe('incoming_call while the user is in a call (issue 12)', () => {
  it('in another call: does not ring, tells the app the caller got a busy user', () => {
    activeCall.set(8000);
    const outcome = route(event('incoming_call', { recipient_id: ME, chat_room_call_id: 9001, meet_room_uuid: 'room-1', rejected_ids: {} }));
    expect(outcome).toBe('busy');
    expect(openPath).not.toHaveBeenCalled();
    expect(forwarded).toEqual([{ type: 'incoming_call', chatRoomCallId: 9001, meetRoomUuid: 'room-1', recipientId: ME, busy: true }]);
  });

  it('in this very call (the event delivered again): opens nothing new', () => {
    activeCall.set(9001);
    expect(route(event('incoming_call', { recipient_id: ME, chat_room_call_id: 9001, meet_room_uuid: 'room-1' }))).toBe('already-open');
    expect(openPath).not.toHaveBeenCalled();
    expect(forwarded).toEqual([]);
  });

  it('once the call is over: rings again', () => {
    activeCall.set(8000);
    activeCall.set(undefined);
    expect(route(event('incoming_call', { recipient_id: ME, chat_room_call_id: 9001 }))).toBe('opened');
    expect(openPath).toHaveBeenCalledWith('/chat/chat-detail/video-call/9001');
  });

  it('for another user while in a call: still nothing', () => {
    activeCall.set(8000);
    expect(route(event('incoming_call', { recipient_id: 57, chat_room_call_id: 9001 }))).toBe('not-for-user');
    expect(forwarded).toEqual([]);
  });
});

describe.each(['end_call_from_caller', 'end_call_from_receiver', 'end_call_from_caller_group', 'no_answer'] as const)('%s: the rejected_ids rule', (type) => {
  it('is forwarded when the current user is in rejected_ids', () => {
    expect(route(event(type, { recipient_id: 57, chat_room_call_id: 9001, rejected_ids: { '42': 42, '63': 63 } }))).toBe('forwarded');
    expect(forwarded).toEqual([{ type, chatRoomCallId: 9001, meetRoomUuid: undefined, recipientId: 57 }]);
    expect(openPath).not.toHaveBeenCalled();
  });

  it('is not forwarded when the current user is not in rejected_ids, even as the recipient', () => {
    expect(route(event(type, { recipient_id: ME, chat_room_call_id: 9001, rejected_ids: { '63': 63 } }))).toBe('not-for-user');
    expect(route(event(type, { recipient_id: ME, chat_room_call_id: 9001 }))).toBe('not-for-user');
    expect(forwarded).toEqual([]);
  });

  it('reads the keys, not the values, of rejected_ids', () => {
    expect(route(event(type, { chat_room_call_id: 1, rejected_ids: { '63': 42 } }))).toBe('not-for-user');
    expect(route(event(type, { chat_room_call_id: 1, rejected_ids: { '42': true } }))).toBe('forwarded');
  });
});

describe('endings kept for a call screen still opening', () => {
  afterEach(() => callEnds.forget(9002));

  it('an ending for the user is kept; the same call ringing again forgets it', () => {
    route(event('end_call_from_caller', { recipient_id: ME, chat_room_call_id: 9002, rejected_ids: { '42': 42 } }));
    expect(callEnds.of(9002)).toMatchObject({ type: 'end_call_from_caller', chatRoomCallId: 9002 });
    route(event('incoming_call', { recipient_id: ME, chat_room_call_id: 9002, meet_room_uuid: 'room-2', rejected_ids: {} }));
    expect(callEnds.of(9002)).toBeUndefined();
  });

  it('an ending for someone else is not kept', () => {
    route(event('end_call_from_caller', { recipient_id: 63, chat_room_call_id: 9002, rejected_ids: { '63': 63 } }));
    expect(callEnds.of(9002)).toBeUndefined();
  });
});

describe('testing', () => {
  it('is only logged', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    expect(route(event('testing', { recipient_id: ME }))).toBe('logged');
    expect(info).toHaveBeenCalledOnce();
    expect(openPath).not.toHaveBeenCalled();
    expect(forwarded).toEqual([]);
    info.mockRestore();
  });
});
