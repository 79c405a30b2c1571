// SPEC §4's call handler, as the call registry applies it to the events realtime hands over.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallEvent } from '../../../api/models.ts';
import { fakeMedia } from '../media/testing/fake-call-media.ts';
import { createCallSession, type CallRole } from '../session/call-session.ts';
import { createCallRegistry, type CallRegistry } from './call-registry.ts';

const ME = 42;

const event = (event_type: CallEvent['event_type'], data: CallEvent['data']): CallEvent => ({ event_type, data });

const openPath = vi.fn<(path: string) => void>();
let registry: CallRegistry;
let route: (event: CallEvent) => ReturnType<CallRegistry['receive']>;

/** The user in call `callId` (its screen showing it, its session started), as the call screen does it. */
function inCall(callId: number, role: CallRole = 'callee') {
  const { media } = fakeMedia();
  registry.show(callId);
  const session = registry.sessionFor(callId, () =>
    createCallSession({ callId, role, isGroup: false, meetRoomUuid: `meet-${callId}`, roomUuid: 'room-1', status: 'ringing', joinAtStart: role === 'caller', media, endCall: async () => ({}), fetchStatus: async () => 'ringing' }),
  );
  registry.start(session);
  return session;
}

const waiting = () => registry.getSnapshot().waiting;

beforeEach(() => {
  vi.useFakeTimers();
  openPath.mockReset();
  registry = createCallRegistry();
  registry.connect({ currentUserId: () => ME, openPath });
  route = (given) => registry.receive(given);
});
afterEach(() => {
  registry.reset();
  vi.useRealTimers();
});

describe('incoming_call (SPEC §4)', () => {
  it("for the current user: opens the call's video-call screen, and it is not yet a call the user is in", () => {
    const outcome = route(event('incoming_call', { recipient_id: ME, chat_room_call_id: 9001, meet_room_uuid: 'room-1', rejected_ids: {} }));
    expect(outcome).toBe('opened');
    expect(openPath).toHaveBeenCalledWith('/chat/chat-detail/video-call/9001');
    expect(registry.getSnapshot()).toEqual({ current: undefined, waiting: [] });
  });

  it('for another user: nothing happens', () => {
    expect(route(event('incoming_call', { recipient_id: 57, chat_room_call_id: 9001 }))).toBe('not-for-user');
    expect(openPath).not.toHaveBeenCalled();
    expect(waiting()).toEqual([]);
  });

  it('without a call id, or before the user is known: nothing happens', () => {
    expect(route(event('incoming_call', { recipient_id: ME }))).toBe('not-for-user');
    const early = createCallRegistry();
    early.connect({ currentUserId: () => undefined, openPath });
    expect(early.receive(event('incoming_call', { recipient_id: ME, chat_room_call_id: 1 }))).toBe('not-for-user');
    const unconnected = createCallRegistry();
    expect(unconnected.receive(event('incoming_call', { recipient_id: ME, chat_room_call_id: 1 }))).toBe('not-for-user');
    expect(openPath).not.toHaveBeenCalled();
  });
});

describe('incoming_call while the user is in a call (issue 12)', () => {
  it('in another call: does not ring, and the call the user is in shows the caller got a busy user', () => {
    inCall(8000);
    const outcome = route(event('incoming_call', { recipient_id: ME, chat_room_call_id: 9001, meet_room_uuid: 'room-1', rejected_ids: {} }));
    expect(outcome).toBe('busy');
    expect(openPath).not.toHaveBeenCalled();
    expect(waiting()).toEqual([9001]);
    expect(registry.getSnapshot().current).toMatchObject({ callId: 8000 });
  });

  it('in this very call (the event delivered again): opens nothing new', () => {
    inCall(9001);
    expect(route(event('incoming_call', { recipient_id: ME, chat_room_call_id: 9001, meet_room_uuid: 'room-1' }))).toBe('already-open');
    expect(openPath).not.toHaveBeenCalled();
    expect(waiting()).toEqual([]);
  });

  it('once the call is over: rings again', async () => {
    const call = inCall(8000);
    await call.decline();
    expect(route(event('incoming_call', { recipient_id: ME, chat_room_call_id: 9001 }))).toBe('opened');
    expect(openPath).toHaveBeenCalledWith('/chat/chat-detail/video-call/9001');
  });

  it('for another user while in a call: still nothing', () => {
    inCall(8000);
    expect(route(event('incoming_call', { recipient_id: 57, chat_room_call_id: 9001 }))).toBe('not-for-user');
    expect(waiting()).toEqual([]);
  });
});

describe.each(['end_call_from_caller', 'end_call_from_receiver', 'end_call_from_caller_group', 'no_answer'] as const)('%s: the rejected_ids rule', (type) => {
  it('ends the call when the current user is in rejected_ids', () => {
    const call = inCall(9001, type === 'end_call_from_receiver' ? 'caller' : 'callee');
    expect(route(event(type, { recipient_id: 57, chat_room_call_id: 9001, rejected_ids: { '42': 42, '63': 63 } }))).toBe('forwarded');
    expect(call.getState().phase).toBe('ended');
    expect(openPath).not.toHaveBeenCalled();
  });

  it('does not when the current user is not in rejected_ids, even as the recipient', () => {
    const call = inCall(9001);
    expect(route(event(type, { recipient_id: ME, chat_room_call_id: 9001, rejected_ids: { '63': 63 } }))).toBe('not-for-user');
    expect(route(event(type, { recipient_id: ME, chat_room_call_id: 9001 }))).toBe('not-for-user');
    expect(call.getState().phase).toBe('incoming');
  });

  it('reads the keys, not the values, of rejected_ids', () => {
    expect(route(event(type, { chat_room_call_id: 1, rejected_ids: { '63': 42 } }))).toBe('not-for-user');
    expect(route(event(type, { chat_room_call_id: 1, rejected_ids: { '42': true } }))).toBe('forwarded');
  });
});

describe('endings kept for a call screen still opening', () => {
  it('an ending for the user is kept; the same call ringing again forgets it', () => {
    route(event('incoming_call', { recipient_id: ME, chat_room_call_id: 9002, meet_room_uuid: 'room-2', rejected_ids: {} }));
    route(event('end_call_from_caller', { recipient_id: ME, chat_room_call_id: 9002, rejected_ids: { '42': 42 } }));
    route(event('incoming_call', { recipient_id: ME, chat_room_call_id: 9002, meet_room_uuid: 'room-2', rejected_ids: {} }));
    expect(inCall(9002).getState().phase).toBe('incoming');
  });

  it('an ending for someone else is not kept', () => {
    route(event('incoming_call', { recipient_id: ME, chat_room_call_id: 9002, meet_room_uuid: 'room-2', rejected_ids: {} }));
    route(event('end_call_from_caller', { recipient_id: 63, chat_room_call_id: 9002, rejected_ids: { '63': 63 } }));
    expect(inCall(9002).getState().phase).toBe('incoming');
  });
});

describe('testing', () => {
  it('is only logged', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    expect(route(event('testing', { recipient_id: ME }))).toBe('logged');
    expect(info).toHaveBeenCalledOnce();
    expect(openPath).not.toHaveBeenCalled();
    expect(registry.getSnapshot()).toEqual({ current: undefined, waiting: [] });
    info.mockRestore();
  });
});
