import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallMedia, RemoteParticipant } from '../media/call-media.ts';
import { fakeMedia } from '../media/testing/fake-call-media.ts';
import { createCallRegistry, type CallRegistry } from '../registry/call-registry.ts';
import { IN_CALL_STATUS_CHECK_MS, RING_TIMEOUT_MS, STATUS_CHECK_MS, createCallSession, type CallSessionDeps } from './call-session.ts';

const remote = (id: string, state: RemoteParticipant['state']): RemoteParticipant => ({ id, stream: undefined, state });

// Each session is owned by a call registry, as in the app: it says which call the user is in, and hands
// the session the call events meant for it.
const ME = 42;
let registry: CallRegistry;
const currentCallId = () => registry.getSnapshot().current?.callId;
const ending = (event_type: 'end_call_from_caller' | 'end_call_from_receiver', chatRoomCallId: number) =>
  registry.receive({ event_type, data: { chat_room_call_id: chatRoomCallId, meet_room_uuid: 'meet', recipient_id: ME, rejected_ids: { [ME]: ME } } });

function session(overrides: Partial<CallSessionDeps> & { media: CallMedia }) {
  const endCall = vi.fn(async () => ({}));
  const fetchStatus = vi.fn(async (): Promise<string | null | undefined> => 'ringing');
  const created = registry.sessionFor(7, () =>
    createCallSession({ callId: 7, role: 'callee', isGroup: false, meetRoomUuid: 'meet', roomUuid: 'room-1', status: 'ringing', joinAtStart: overrides.role === 'caller', endCall, fetchStatus, now: () => 1000, ...overrides }),
  );
  return { session: created, endCall, fetchStatus, start: () => registry.start(created) };
}

beforeEach(() => {
  vi.useFakeTimers();
  registry = createCallRegistry();
  registry.connect({ currentUserId: () => ME, openPath: () => undefined });
  registry.show(7);
});
afterEach(() => {
  registry.reset();
  vi.useRealTimers();
});

describe('a call session, as the callee', () => {
  it('rings, then accepting joins the meet room and the call starts when the caller connects', async () => {
    const { media, remotes } = fakeMedia();
    const { session: call, start } = session({ media });
    start();
    expect(call.getState().phase).toBe('incoming');
    expect(currentCallId()).toBe(7);
    await call.accept();
    expect(media.startLocal).toHaveBeenCalledWith({ video: true });
    expect(media.join).toHaveBeenCalledWith('meet');
    expect(call.getState().phase).toBe('connecting');
    remotes([remote('57', 'connected')]);
    expect(call.getState()).toMatchObject({ phase: 'in-call', connectedAt: 1000 });
  });

  it('declining tells the server end_call_from_receiver and leaves nobody in a call', async () => {
    const { media } = fakeMedia();
    const { session: call, start, endCall } = session({ media });
    start();
    await call.decline();
    expect(endCall).toHaveBeenCalledWith(7, 'end_call_from_receiver');
    expect(call.getState()).toMatchObject({ phase: 'ended', endedBecause: 'declined' });
    expect(currentCallId()).toBeUndefined();
  });

  it('stops ringing after 60 s as missed, without telling the server', () => {
    const { media } = fakeMedia();
    const { session: call, start, endCall } = session({ media });
    start();
    vi.advanceTimersByTime(RING_TIMEOUT_MS - 1);
    expect(call.getState().phase).toBe('incoming');
    vi.advanceTimersByTime(1);
    expect(call.getState()).toMatchObject({ phase: 'ended', endedBecause: 'missed' });
    expect(endCall).not.toHaveBeenCalled();
  });

  it('ends when the caller hangs up, and ignores the end of another call', () => {
    const { media } = fakeMedia();
    const { session: call, start } = session({ media });
    start();
    ending('end_call_from_caller', 8);
    expect(call.getState().phase).toBe('incoming');
    ending('end_call_from_caller', 7);
    expect(call.getState()).toMatchObject({ phase: 'ended', endedBecause: 'missed' });
    expect(media.leave).toHaveBeenCalled();
  });

  it('a refused camera offers audio only, which joins with the microphone alone', async () => {
    const { media } = fakeMedia({ refuseCamera: true });
    const { session: call, start } = session({ media });
    start();
    await call.accept();
    expect(call.getState().phase).toBe('media-blocked');
    expect(media.join).not.toHaveBeenCalled();
    await call.joinAudioOnly();
    expect(media.startLocal).toHaveBeenLastCalledWith({ video: false });
    expect(media.join).toHaveBeenCalledWith('meet');
    expect(call.getState().phase).toBe('connecting');
  });

  it('in a direct call, the other person leaving ends it', async () => {
    const { media, remotes } = fakeMedia();
    const { session: call, start } = session({ media });
    start();
    await call.accept();
    remotes([remote('57', 'connected')]);
    remotes([]);
    expect(call.getState()).toMatchObject({ phase: 'ended', endedBecause: 'remote-ended' });
  });

  // (Declining the waiting call tells the server end_call_from_receiver: the busy banner does, call-screen.test.tsx.)
  it('another call while in this one shows as waiting beside it, and declining it leaves this one as it was', () => {
    const { media } = fakeMedia();
    const { session: call, start } = session({ media });
    start();
    expect(registry.receive({ event_type: 'incoming_call', data: { recipient_id: ME, chat_room_call_id: 9, meet_room_uuid: 'meet-9' } })).toBe('busy');
    expect(registry.getSnapshot().waiting).toEqual([9]);
    registry.dropWaiting(9);
    expect(registry.getSnapshot().waiting).toEqual([]);
    expect(call.getState().phase).toBe('incoming');
  });
});

describe('a call session, as the caller', () => {
  it('opened without the tap that started it (a link, another tab): waits for Join, sends no camera, tells the server nothing after 60 s', async () => {
    const media = fakeMedia();
    const { session: call, start, endCall } = session({ role: 'caller', joinAtStart: false, media: media.media });
    start();
    expect(call.getState().phase).toBe('join-prompt');
    expect(media.media.startLocal).not.toHaveBeenCalled();
    expect(media.media.join).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60_000);
    expect(call.getState()).toMatchObject({ phase: 'ended', endedBecause: 'no-answer' });
    expect(endCall).not.toHaveBeenCalled();
  });

  it('Join from the prompt calls with the camera on', async () => {
    const media = fakeMedia();
    const { session: call, start } = session({ role: 'caller', joinAtStart: false, media: media.media });
    start();
    await call.joinHere();
    expect(call.getState().phase).toBe('outgoing');
    expect(media.media.startLocal).toHaveBeenCalledWith({ video: true });
    expect(media.media.join).toHaveBeenCalledWith('meet');
  });

  it('joins at once and gives up after 60 s with no_answer', () => {
    const { media } = fakeMedia();
    const { session: call, start, endCall } = session({ media, role: 'caller' });
    start();
    expect(call.getState().phase).toBe('outgoing');
    expect(media.startLocal).toHaveBeenCalledWith({ video: true });
    vi.advanceTimersByTime(RING_TIMEOUT_MS);
    expect(endCall).toHaveBeenCalledWith(7, 'no_answer');
    expect(call.getState()).toMatchObject({ phase: 'ended', endedBecause: 'no-answer' });
  });

  it('an answer stops the 60 s timer; hanging up a group call ends it for the group', async () => {
    const { media, remotes } = fakeMedia();
    const { session: call, start, endCall } = session({ media, role: 'caller', isGroup: true });
    start();
    await vi.waitFor(() => expect(media.join).toHaveBeenCalled());
    remotes([remote('43', 'connected')]);
    vi.advanceTimersByTime(RING_TIMEOUT_MS * 2);
    expect(call.getState().phase).toBe('in-call');
    remotes([]);
    expect(call.getState().phase).toBe('in-call');
    await call.hangUp();
    expect(endCall).toHaveBeenCalledWith(7, 'end_call_from_caller_group');
    expect(call.getState()).toMatchObject({ phase: 'ended', endedBecause: 'hung-up' });
  });

  it("the receiver declining ends the caller's call", () => {
    const { media } = fakeMedia();
    const { session: call, start } = session({ media, role: 'caller' });
    start();
    ending('end_call_from_receiver', 7);
    expect(call.getState()).toMatchObject({ phase: 'ended', endedBecause: 'remote-ended' });
  });

  it('an ending that came before the session (the screen was still loading) ends it at once', () => {
    ending('end_call_from_receiver', 7); // Its screen shows the call (beforeEach); the session is not there yet.
    const { media } = fakeMedia();
    const { session: call, start } = session({ media, role: 'caller' });
    start();
    expect(call.getState()).toMatchObject({ phase: 'ended', endedBecause: 'remote-ended' });
    expect(media.leave).toHaveBeenCalled();
    expect(currentCallId()).toBeUndefined();
  });

  it('an ending whose event never came (the realtime connection was still opening) is found by asking the server', async () => {
    const { media } = fakeMedia();
    const { session: call, start, fetchStatus } = session({ media, role: 'caller' });
    start();
    await vi.advanceTimersByTimeAsync(STATUS_CHECK_MS);
    expect(fetchStatus).toHaveBeenCalledWith(7);
    expect(call.getState().phase).toBe('outgoing');
    fetchStatus.mockResolvedValue('ended');
    await vi.advanceTimersByTimeAsync(STATUS_CHECK_MS);
    expect(call.getState()).toMatchObject({ phase: 'ended', endedBecause: 'remote-ended' });
    const asked = fetchStatus.mock.calls.length;
    await vi.advanceTimersByTimeAsync(STATUS_CHECK_MS * 3);
    expect(fetchStatus.mock.calls.length).toBe(asked);
  });

  it('once answered, asks only every 15 s, and a call the server has as ended ends here although its event never came', async () => {
    const { media, remotes } = fakeMedia();
    const { session: call, start, fetchStatus } = session({ media, role: 'callee', isGroup: true, joinAtStart: true });
    start();
    await vi.waitFor(() => expect(media.join).toHaveBeenCalled());
    remotes([remote('57', 'connected')]);
    await vi.advanceTimersByTimeAsync(IN_CALL_STATUS_CHECK_MS - 1);
    expect(fetchStatus).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    // A group call goes on for those still in it; the caller's tiles leaving alone ends nothing.
    remotes([]);
    await vi.advanceTimersByTimeAsync(IN_CALL_STATUS_CHECK_MS * 3);
    expect(fetchStatus).toHaveBeenCalledTimes(4);
    expect(call.getState().phase).toBe('in-call');

    // The caller hung up; the end_call_from_caller_group event was lost on the way.
    fetchStatus.mockResolvedValue('ended');
    await vi.advanceTimersByTimeAsync(IN_CALL_STATUS_CHECK_MS);
    expect(call.getState()).toMatchObject({ phase: 'ended', endedBecause: 'remote-ended' });
    expect(media.leave).toHaveBeenCalled();
    expect(currentCallId()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(IN_CALL_STATUS_CHECK_MS * 4);
    expect(fetchStatus).toHaveBeenCalledTimes(5);
  });

  it('stops asking when the user hangs up, and never asks twice at once when the server is slow', async () => {
    const { media, remotes } = fakeMedia();
    const { session: call, start, fetchStatus } = session({ media, role: 'caller', isGroup: true });
    start();
    await vi.waitFor(() => expect(media.join).toHaveBeenCalled());
    remotes([remote('43', 'connected')]);
    fetchStatus.mockImplementation(() => new Promise(() => undefined));
    await vi.advanceTimersByTimeAsync(IN_CALL_STATUS_CHECK_MS * 3);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    await call.hangUp();
    fetchStatus.mockResolvedValue('ringing');
    await vi.advanceTimersByTimeAsync(IN_CALL_STATUS_CHECK_MS * 3);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
  });

  it('a call the server has as over shows as such and rings nobody', () => {
    const { media } = fakeMedia();
    const { session: call, start } = session({ media, status: 'ended' });
    start();
    expect(call.getState()).toMatchObject({ phase: 'ended', endedBecause: 'already-over' });
    expect(currentCallId()).toBeUndefined();
  });
});

describe('joining a group call that goes on', () => {
  it('joins at once, without ringing, when the member’s tap on the group’s call button answered with the call going on', async () => {
    const media = fakeMedia();
    // The member's own end of this call (they left it) may still be waiting to reach the server: joining drops it.
    const onJoin = vi.fn();
    const { session: call, start } = session({ role: 'callee', isGroup: true, joinAtStart: true, media: media.media, onJoin });
    start();
    expect(call.getState().phase).toBe('connecting');
    await vi.advanceTimersByTimeAsync(0);
    expect(media.media.startLocal).toHaveBeenCalledWith({ video: true });
    expect(media.media.join).toHaveBeenCalledWith('meet');
    expect(onJoin).toHaveBeenCalledWith(7);
    media.remotes([{ id: '57', stream: undefined, state: 'connected' }]);
    expect(call.getState().phase).toBe('in-call');
  });

  it('rings as before when the call screen was opened any other way (an incoming call, a link)', () => {
    const media = fakeMedia();
    const { session: call, start } = session({ role: 'callee', isGroup: true, joinAtStart: false, media: media.media });
    start();
    expect(call.getState().phase).toBe('incoming');
    expect(media.media.join).not.toHaveBeenCalled();
  });
});
