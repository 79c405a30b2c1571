// One call from the user's side (issue 12), apart from React so that the in-call screen, the attendee
// list and a remounted screen share it: ringing (incoming) or calling (outgoing), joining the meet
// room's media, the call, and how it ended. Both sides give up after 60 s (matrix-js-sdk's
// CALL_TIMEOUT_MS): the caller tells the server (no_answer, which stops the callees' ringing), a
// callee's screen just stops ringing. The call registry (../registry/call-registry.ts) owns each
// session: it creates and starts it, hands it the endings meant for its call, and counts a started
// session that is not over as the call the user is in.
import { createListenerSet } from '../../../shared/events/listener-store.ts';
import type { EndReason } from '../api/call.ts';
import type { CallMedia } from '../media/call-media.ts';
import type { CallEnding } from '../registry/call-router.ts';

export const RING_TIMEOUT_MS = 60_000;
/**
 * While it rings, the call's status is also asked of the server this often. The registry keeps every
 * ending that reaches the app until the session is there, but an ending sent while this app's realtime
 * connection was still opening (a cold start on the call route, the caller's own connection not up yet)
 * or down never reaches the app at all: without asking, the screen would ring on until the 60 s are up.
 */
export const STATUS_CHECK_MS = 4_000;
/**
 * Once connected, the status is still asked this often (issue 32), so a call its starter ended ends here
 * within 20 s even when the ending event was lost (the realtime connection down at that moment). It
 * goes on in a hidden tab too: a call must end there as well. The only request an idle call makes
 * besides the long poll.
 */
export const IN_CALL_STATUS_CHECK_MS = 15_000;

export type CallRole = 'caller' | 'callee';

export type CallPhase =
  /** The user is being called. */
  | 'incoming'
  /** The user calls; nobody has answered yet. */
  | 'outgoing'
  /**
   * The user's own ringing call, opened without the tap that started it (a link, a new tab, another
   * device): nothing joins, and no camera goes out, until the user taps Join (issue 19).
   */
  | 'join-prompt'
  /** Camera or microphone refused: audio only, try again or hang up. */
  | 'media-blocked'
  /** Answered; the media is connecting. */
  | 'connecting'
  | 'in-call'
  | 'ended';

export type EndedBecause =
  /** The user declined, or hung up. */
  | 'declined'
  | 'hung-up'
  /** The other side ended it (caller, receiver or group caller). */
  | 'remote-ended'
  /** Nobody answered the user's call within 60 s. */
  | 'no-answer'
  /** The user did not answer within 60 s, or the caller gave up. */
  | 'missed'
  /** The server already had it as over when the screen opened. */
  | 'already-over'
  /** The screen left the call without ending it (the join prompt: the call runs where it was started). */
  | 'left';

export interface CallSessionState {
  callId: number;
  role: CallRole;
  phase: CallPhase;
  endedBecause: EndedBecause | undefined;
  /** When the first remote connected (the call timer counts from it). */
  connectedAt: number | undefined;
  /** Joining the meet room failed (no realtime connection, or the server refused the room). */
  joinFailed: boolean;
}

export interface CallSessionDeps {
  callId: number;
  role: CallRole;
  isGroup: boolean;
  meetRoomUuid: string;
  /** The call's chat room (its people name the tiles and the attendee list). */
  roomUuid: string | undefined;
  /** The call's status as the server had it ('ended', 'no_answer' = over already). */
  status: string | null | undefined;
  /**
   * This screen was reached by the tap that started the call, so it joins with the camera at once.
   * Otherwise a caller waits in 'join-prompt' for the user's tap, and a callee rings until Accept. A
   * callee reaches it so when the tap joined a group call already going on.
   */
  joinAtStart: boolean;
  /** False for a voice call: every join opens the microphone only (the camera is not even asked for) until the user turns it on. Default true. */
  video?: boolean;
  media: CallMedia;
  /** Tells the server the call ended for the user; the app's retries it until the server takes it (end-call-outbox.ts). */
  endCall(chatRoomCallId: number, reason: EndReason): Promise<unknown>;
  /** The user joins the call's media: an end of this call still waiting to reach the server is stale (a member who left joins again). */
  onJoin?(chatRoomCallId: number): void;
  /** The call's status now (GET /live-chat/chat-room-calls/{id}). */
  fetchStatus(chatRoomCallId: number): Promise<string | null | undefined>;
  now?: () => number;
}

export interface CallSession {
  getState(): CallSessionState;
  subscribe(listener: () => void): () => void;
  readonly media: CallMedia;
  readonly isGroup: boolean;
  readonly roomUuid: string | undefined;
  /** Starts ringing (callee) or calling (caller); once (later calls do nothing). */
  start(): void;
  accept(): Promise<void>;
  /** From 'join-prompt': joins the user's own call on this screen, camera on. */
  joinHere(): Promise<void>;
  decline(): Promise<void>;
  hangUp(): Promise<void>;
  /** After a refused camera: join with the microphone only, or ask again. */
  joinAudioOnly(): Promise<void>;
  retryMedia(): Promise<void>;
  /** After joinFailed: tries the meet room again. */
  rejoin(): Promise<void>;
  /** An ending of this call reached the app (SPEC §4's rejected_ids rule applied by the registry). */
  onEnding(ending: CallEnding): void;
  /** Ends it as hanging up would (a session replaced by another call). */
  dispose(): void;
  /** From 'join-prompt': stops watching the call without ending it (the screen was left; nothing is told to the server). */
  release(): void;
}

const OVER = new Set(['ended', 'no_answer', 'declined', 'missed']);

export function createCallSession(deps: CallSessionDeps): CallSession {
  const now = deps.now ?? Date.now;
  const { media, callId } = deps;
  const withCamera = deps.video ?? true;
  let state: CallSessionState = { callId, role: deps.role, phase: deps.role === 'caller' ? 'outgoing' : 'incoming', endedBecause: undefined, connectedAt: undefined, joinFailed: false };
  const listeners = createListenerSet();
  let ringTimer: ReturnType<typeof setTimeout> | undefined;
  let statusTimer: ReturnType<typeof setInterval> | undefined;
  let everConnected = false;
  let started = false;
  let checking = false;

  const set = (next: Partial<CallSessionState>) => {
    state = { ...state, ...next };
    listeners.emit();
  };
  const over = () => state.phase === 'ended';

  const finish = (endedBecause: EndedBecause) => {
    if (over()) return;
    clearTimeout(ringTimer);
    clearInterval(statusTimer);
    unsubscribeMedia();
    media.leave();
    set({ phase: 'ended', endedBecause });
  };

  const tell = (reason: EndReason) =>
    deps.endCall(callId, reason).catch((error: unknown) => {
      // The call is over on this side either way (the app's endCall retries, then gives up).
      console.warn('calls: end-call failed', error);
    });

  const onMedia = () => {
    if (over()) return;
    const { remotes } = media.getState();
    const connected = remotes.some((remote) => remote.state === 'connected');
    if (connected && !everConnected) {
      everConnected = true;
      clearTimeout(ringTimer);
      clearInterval(statusTimer);
      statusTimer = setInterval(checkStatus, IN_CALL_STATUS_CHECK_MS);
      set({ phase: 'in-call', connectedAt: now() });
      return;
    }
    // In a direct call the other person leaving ends it (their app told the server already).
    if (everConnected && !deps.isGroup && remotes.length === 0) finish('remote-ended');
  };
  let unsubscribeMedia: () => void = () => undefined;

  const join = async (video: boolean): Promise<boolean> => {
    try {
      await media.startLocal({ video });
    } catch {
      if (over()) return false;
      set({ phase: 'media-blocked' });
      return false;
    }
    if (over()) return false;
    unsubscribeMedia();
    unsubscribeMedia = media.subscribe(onMedia);
    deps.onJoin?.(callId);
    try {
      await media.join(deps.meetRoomUuid);
    } catch (error) {
      console.warn('calls: could not join the meet room', error);
      if (!over()) set({ joinFailed: true });
      return false;
    }
    if (state.joinFailed) set({ joinFailed: false });
    onMedia();
    return true;
  };

  const callerReason = (): EndReason => (deps.role === 'callee' ? 'end_call_from_receiver' : deps.isGroup ? 'end_call_from_caller_group' : 'end_call_from_caller');

  const checkStatus = () => {
    if (over()) return clearInterval(statusTimer);
    // One at a time: a slow answer is not asked for again on top of itself.
    if (checking) return;
    checking = true;
    deps.fetchStatus(callId).then(
      (status) => {
        checking = false;
        if (over() || !OVER.has(status ?? '')) return;
        if (status === 'no_answer') finish(deps.role === 'caller' ? 'no-answer' : 'missed');
        else finish(deps.role === 'callee' && state.phase === 'incoming' ? 'missed' : 'remote-ended');
      },
      // A failed check changes nothing: the events, the 60 s and the next check still end the call.
      () => {
        checking = false;
      },
    );
  };

  const onEnding = (ending: CallEnding) => {
    if (ending === 'no_answer') finish(deps.role === 'caller' ? 'no-answer' : 'missed');
    else finish(state.phase === 'incoming' && deps.role === 'callee' ? 'missed' : 'remote-ended');
  };

  return {
    media,
    isGroup: deps.isGroup,
    roomUuid: deps.roomUuid,
    getState: () => state,
    subscribe: listeners.subscribe,
    start() {
      if (started) return;
      started = true;
      if (OVER.has(deps.status ?? '')) {
        set({ phase: 'ended', endedBecause: 'already-over' });
        return;
      }
      ringTimer = setTimeout(() => {
        if (everConnected || over()) return;
        if (deps.role === 'caller') {
          // A screen that never joined tells the server nothing: the one that started the call does.
          if (state.phase !== 'join-prompt') void tell('no_answer');
          finish('no-answer');
        } else if (state.phase === 'incoming') {
          finish('missed');
        }
      }, RING_TIMEOUT_MS);
      if (deps.role === 'caller') {
        if (deps.joinAtStart) void join(withCamera);
        else set({ phase: 'join-prompt' });
      } else if (deps.joinAtStart) {
        // A member's tap on a group's call button while its call goes on: starting it answered that
        // call (x-inferred), so the member joins it instead of ringing everyone again.
        clearTimeout(ringTimer);
        set({ phase: 'connecting' });
        void join(withCamera);
      }
      statusTimer = setInterval(checkStatus, STATUS_CHECK_MS);
    },
    async accept() {
      if (state.phase !== 'incoming') return;
      clearTimeout(ringTimer);
      set({ phase: 'connecting' });
      await join(withCamera);
    },
    async joinHere() {
      if (state.phase !== 'join-prompt') return;
      set({ phase: 'outgoing' });
      await join(withCamera);
    },
    async decline() {
      if (over()) return;
      void tell('end_call_from_receiver');
      finish('declined');
    },
    async hangUp() {
      if (over()) return;
      void tell(callerReason());
      finish('hung-up');
    },
    async joinAudioOnly() {
      if (state.phase !== 'media-blocked') return;
      set({ phase: deps.role === 'caller' && !everConnected ? 'outgoing' : 'connecting' });
      await join(false);
    },
    async retryMedia() {
      if (state.phase !== 'media-blocked') return;
      set({ phase: deps.role === 'caller' && !everConnected ? 'outgoing' : 'connecting' });
      await join(withCamera);
    },
    async rejoin() {
      if (over() || !state.joinFailed) return;
      set({ joinFailed: false });
      try {
        await media.join(deps.meetRoomUuid);
      } catch (error) {
        console.warn('calls: could not join the meet room', error);
        if (!over()) set({ joinFailed: true });
        return;
      }
      onMedia();
    },
    onEnding,
    dispose() {
      if (over()) return;
      void tell(callerReason());
      finish('hung-up');
    },
    release() {
      if (state.phase === 'join-prompt') finish('left');
    },
  };
}
