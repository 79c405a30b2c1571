// The call registry: one answer to "which call am I in, and in what state", every call event kept for
// the call's session until it is there, and each call's session owned and let go of in one place.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallEvent } from '../../../api/models.ts';
import { runLogoutCleanups } from '../../../shared/domain/logout-cleanup.ts';
import { fakeMedia } from '../media/testing/fake-call-media.ts';
import { createCallSession, STATUS_CHECK_MS, type CallSessionDeps } from '../session/call-session.ts';
import { callRegistry, createCallRegistry, type CallRegistry } from './call-registry.ts';


const ME = 43;
const incoming = (chatRoomCallId: number): CallEvent => ({ event_type: 'incoming_call', data: { recipient_id: ME, chat_room_call_id: chatRoomCallId, meet_room_uuid: `meet-${chatRoomCallId}`, rejected_ids: {} } });
const ending = (type: 'end_call_from_caller' | 'end_call_from_receiver' | 'no_answer', chatRoomCallId: number): CallEvent => ({ event_type: type, data: { chat_room_call_id: chatRoomCallId, rejected_ids: { [ME]: ME } } });

function sessionDeps(callId: number, overrides: Partial<CallSessionDeps> = {}) {
  const media = fakeMedia();
  const endCall = vi.fn(async () => ({}));
  const fetchStatus = vi.fn(async (): Promise<string | null | undefined> => 'ringing');
  const deps: CallSessionDeps = { callId, role: 'callee', isGroup: false, meetRoomUuid: `meet-${callId}`, roomUuid: 'room-1', status: 'ringing', joinAtStart: overrides.role === 'caller', media: media.media, endCall, fetchStatus, ...overrides };
  return { deps, media, endCall, fetchStatus };
}

/** What the call screen does: shows the call, then (once the call has loaded) creates and starts its session. */
function openScreen(registry: CallRegistry, callId: number, overrides: Partial<CallSessionDeps> = {}) {
  const made = sessionDeps(callId, overrides);
  const leave = registry.show(callId);
  const session = registry.sessionFor(callId, () => createCallSession(made.deps));
  registry.start(session);
  return { ...made, session, leave };
}

const settled = () => new Promise<void>((resolve) => queueMicrotask(resolve));

let registry: CallRegistry;
const openPath = vi.fn<(path: string) => void>();

beforeEach(() => {
  vi.useFakeTimers();
  openPath.mockReset();
  registry = createCallRegistry();
  registry.connect({ currentUserId: () => ME, openPath });
});
afterEach(() => {
  registry.reset();
  vi.useRealTimers();
});

describe('which call the user is in, and in what state', () => {
  it('none, then the ringing call, answered, talking, and none again once it is over', async () => {
    expect(registry.getSnapshot().current).toBeUndefined();
    registry.receive(incoming(7));
    expect(registry.getSnapshot().current).toBeUndefined(); // Its screen is still opening.
    const { session, media } = openScreen(registry, 7);
    expect(registry.getSnapshot().current).toEqual({ callId: 7, role: 'callee', phase: 'incoming' });
    await session.accept();
    expect(registry.getSnapshot().current).toEqual({ callId: 7, role: 'callee', phase: 'connecting' });
    media.remotes([{ id: '42', stream: undefined, state: 'connected' }]);
    expect(registry.getSnapshot().current).toEqual({ callId: 7, role: 'callee', phase: 'in-call' });
    expect(registry.liveSession(7)).toBe(session);
    await session.hangUp();
    expect(registry.getSnapshot().current).toBeUndefined();
    expect(registry.liveSession(7)).toBeUndefined();
  });

  it('tells its subscribers of each change, with the same snapshot while nothing changed', async () => {
    const heard = vi.fn();
    registry.subscribe(heard);
    const before = registry.getSnapshot();
    registry.receive(incoming(7));
    expect(registry.getSnapshot()).toBe(before);
    const { session } = openScreen(registry, 7);
    expect(heard).toHaveBeenCalled();
    const ringing = registry.getSnapshot();
    expect(registry.getSnapshot()).toBe(ringing);
    await session.decline();
    expect(registry.getSnapshot()).not.toBe(ringing);
  });

  it('a screen opened again for the same call (a remount, the attendee list and back) picks up its running session', () => {
    const { session, leave } = openScreen(registry, 7);
    leave();
    const again = registry.sessionFor(7, () => createCallSession(sessionDeps(7).deps));
    expect(again).toBe(session);
  });

  it('a new call hangs up the one the user was in', () => {
    const first = openScreen(registry, 7, { role: 'caller' });
    openScreen(registry, 8);
    expect(first.endCall).toHaveBeenCalledWith(7, 'end_call_from_caller');
    expect(registry.getSnapshot().current).toMatchObject({ callId: 8 });
  });
});

describe('events that arrive before the screen', () => {
  it('an ending that arrives while the screen is still loading the call ends its session as it starts', () => {
    registry.receive(incoming(7));
    const leave = registry.show(7);
    registry.receive(ending('end_call_from_caller', 7));
    const { deps, media } = sessionDeps(7);
    const session = registry.sessionFor(7, () => createCallSession(deps));
    registry.start(session);
    expect(session.getState()).toMatchObject({ phase: 'ended', endedBecause: 'missed' });
    expect(media.media.leave).toHaveBeenCalled();
    expect(registry.getSnapshot().current).toBeUndefined();
    leave();
  });

  it("the caller's too: the other side declining before the caller's session started ends it at once", () => {
    registry.open(7); // The start screen started it and opens its screen.
    registry.receive(ending('end_call_from_receiver', 7));
    const { session, media } = openScreen(registry, 7, { role: 'caller' });
    expect(session.getState()).toMatchObject({ phase: 'ended', endedBecause: 'remote-ended' });
    expect(media.media.leave).toHaveBeenCalled();
    expect(registry.getSnapshot().current).toBeUndefined();
  });

  it('an ending for a call no screen has and none is opening is not kept (a later screen for it asks the server)', () => {
    registry.receive(ending('end_call_from_caller', 7));
    const { session } = openScreen(registry, 7);
    expect(session.getState().phase).toBe('incoming');
  });
});

describe('busy: another call while the user is in one', () => {
  it('waits beside the current call; declining it, or its ending elsewhere, removes it; the current call goes on', () => {
    const { session } = openScreen(registry, 7);
    expect(registry.receive(incoming(9))).toBe('busy');
    expect(registry.receive(incoming(10))).toBe('busy');
    expect(registry.receive(incoming(9))).toBe('busy');
    expect(registry.getSnapshot().waiting).toEqual([9, 10]);
    expect(openPath).not.toHaveBeenCalled();
    registry.dropWaiting(9);
    expect(registry.getSnapshot().waiting).toEqual([10]);
    registry.receive(ending('end_call_from_caller', 10));
    expect(registry.getSnapshot().waiting).toEqual([]);
    expect(session.getState().phase).toBe('incoming');
  });

  it('the waiting calls go with the call the user was in', async () => {
    const { session } = openScreen(registry, 7);
    registry.receive(incoming(9));
    await session.hangUp();
    expect(registry.getSnapshot()).toEqual({ current: undefined, waiting: [] });
  });
});

describe('leaving a call screen', () => {
  it("one's own call only asked to join (the join prompt): leaving releases it, nothing is told to the server, and the next call rings instead of showing busy", async () => {
    const { session, leave, endCall, fetchStatus } = openScreen(registry, 7, { role: 'caller', joinAtStart: false });
    expect(registry.getSnapshot().current).toEqual({ callId: 7, role: 'caller', phase: 'join-prompt' });
    leave();
    await settled();
    expect(registry.getSnapshot().current).toBeUndefined();
    expect(session.getState().phase).toBe('ended');
    // Its 4 s status checks and 60 s timer stopped with it; the call runs on where it was started.
    const asked = fetchStatus.mock.calls.length;
    await vi.advanceTimersByTimeAsync(STATUS_CHECK_MS * 20);
    expect(fetchStatus.mock.calls.length).toBe(asked);
    expect(endCall).not.toHaveBeenCalled();
    expect(registry.receive(incoming(9))).toBe('opened');
    expect(openPath).toHaveBeenCalledWith('/chat/chat-detail/video-call/9');
  });

  it('shown again in the same task (React StrictMode, a remount): kept', async () => {
    const { session, leave } = openScreen(registry, 7, { role: 'caller', joinAtStart: false });
    leave();
    const leaveAgain = registry.show(7);
    await settled();
    expect(session.getState().phase).toBe('join-prompt');
    expect(registry.getSnapshot().current).toMatchObject({ callId: 7 });
    leaveAgain();
  });

  it('a call the user is in goes on without its screen (the attendee list)', async () => {
    const { session, leave } = openScreen(registry, 7, { role: 'caller' });
    leave();
    await settled();
    expect(registry.liveSession(7)).toBe(session);
    expect(registry.getSnapshot().current).toEqual({ callId: 7, role: 'caller', phase: 'outgoing' });
  });

  it('a screen left before its call loaded forgets the call and what waited for it', async () => {
    registry.receive(incoming(7));
    const leave = registry.show(7);
    registry.receive(ending('end_call_from_caller', 7));
    leave();
    await settled();
    const { session } = openScreen(registry, 7);
    expect(session.getState().phase).toBe('incoming');
  });
});

describe('the current call at logout', () => {
  it('is hung up, its media released, and forgotten', async () => {
    const { media } = fakeMedia();
    const endCall = vi.fn(async () => ({}));
    callRegistry.show(7);
    const call = callRegistry.sessionFor(7, () =>
      createCallSession({ callId: 7, role: 'caller', isGroup: false, meetRoomUuid: 'meet', roomUuid: 'room-1', status: 'ringing', joinAtStart: true, media, endCall, fetchStatus: async () => 'ringing' }),
    );
    callRegistry.start(call);
    expect(callRegistry.getSnapshot().current?.callId).toBe(7);

    const cleanups = runLogoutCleanups();
    // Told synchronously, before the logout flow clears the token.
    expect(endCall).toHaveBeenCalledWith(7, 'end_call_from_caller');
    await cleanups;
    expect(media.leave).toHaveBeenCalled();
    expect(call.getState().phase).toBe('ended');
    expect(callRegistry.getSnapshot().current).toBeUndefined();
    expect(callRegistry.liveSession(7)).toBeUndefined();
    // The next person's call screen for the same id starts afresh.
    const next = callRegistry.sessionFor(7, () => createCallSession(sessionDeps(7).deps));
    expect(next).not.toBe(call);
    callRegistry.reset();
  });
});

describe('when a call was last over for the user (the Call tab\'s recent calls follow it, issue 23)', () => {
  it('moves when the user\'s own call ends on this screen, when an ending for them arrives without a screen, and not when a call only rings', async () => {
    vi.setSystemTime(new Date('2026-11-20T10:00:00Z'));
    const heard = vi.fn();
    registry.subscribeCallOver(heard);
    expect(registry.lastCallOverAt()).toBe(0);
    registry.receive(incoming(7));
    const { session } = openScreen(registry, 7);
    await session.accept();
    expect(heard).not.toHaveBeenCalled();

    vi.setSystemTime(new Date('2026-11-20T10:05:00Z'));
    await session.decline();
    expect(registry.lastCallOverAt()).toBe(Date.parse('2026-11-20T10:05:00Z'));
    expect(heard).toHaveBeenCalledTimes(1);

    // A call that rang on another device and ended there: no screen here, the history changed all the same.
    registry.receive(ending('no_answer', 8));
    expect(heard).toHaveBeenCalledTimes(2);
    expect(registry.lastCallOverAt()).toBeGreaterThan(Date.parse('2026-11-20T10:05:00Z'));
    // An ending for someone else is not the user's.
    registry.receive({ event_type: 'end_call_from_caller', data: { chat_room_call_id: 9, rejected_ids: { '57': 57 } } });
    expect(heard).toHaveBeenCalledTimes(2);
  });
});
