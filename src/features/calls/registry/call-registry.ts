// The one home of call state (ARCHITECTURE "Calls own the call state"; issue 21): keyed by call id, it
// receives every call event (realtime hands them to the calls port, ./calls-port.ts),
// decides what each means (SPEC §4, ./call-router.ts), owns each call's session, and answers which call
// the user is in and in what state. An event for a call whose session is not there yet (its screen
// still loading its code or the call) waits in the call's record and reaches the session as it
// starts. Kept small: the app loads it with the live connections, before any call screen.
import type { CallEvent } from '../../../api/models.ts';
import { createListenerSet } from '../../../shared/events/listener-store.ts';
import * as paths from '../../../shared/routes/paths.ts';
import { toSafePath } from '../../../shared/safe-path/safe-path.ts';
import { onLogout } from '../../../shared/domain/logout-cleanup.ts';
import type { LoadedCall } from '../api/call.ts';
import type { CallPhase, CallRole, CallSession } from '../session/call-session.ts';
import { routeCallEvent, type CallEnding, type CallOutcome } from './call-router.ts';

export interface CallRegistryDeps {
  /** The signed-in user's id (undefined before the user data is known). */
  currentUserId(): number | undefined;
  /** Opens an in-app path (an incoming call's screen; already checked by safe-path). */
  openPath(path: string): void;
}

/** The call the user is in: its session started and is not over (ringing, calling, asked to join, talking). */
export interface CurrentCall {
  callId: number;
  role: CallRole;
  phase: Exclude<CallPhase, 'ended'>;
}

export interface CallRegistrySnapshot {
  current: CurrentCall | undefined;
  /** Other calls that rang while the user was in the current one (shown as busy), oldest first. */
  waiting: readonly number[];
}

export interface CallRegistry {
  /** The app's part (src/app): who the user is and how to open a screen; returns the disconnection. */
  connect(deps: CallRegistryDeps): () => void;
  /** Every call event, as realtime parsed it. */
  receive(event: CallEvent): CallOutcome;
  /** For useSyncExternalStore. */
  subscribe(listener: () => void): () => void;
  getSnapshot(): CallRegistrySnapshot;
  /** The call's session while it is not over, else undefined. */
  liveSession(callId: number): CallSession | undefined;
  /** A call's screen is about to open (the start screen started the call): its endings from now on wait for its session. */
  open(callId: number): void;
  /**
   * A call screen shows this call; returns the screen leaving. A call no screen shows any more is let go
   * unless the user is in it (the attendee list, a screen left while talking): one only asked to join
   * is released (issue 21: it no longer holds the user busy), one not loaded yet is forgotten.
   */
  show(callId: number): () => void;
  /**
   * The call's session: the running one, or a new one from `create` (a call the user was in before is
   * hung up). `loaded` is what its screen loaded (the call and its room), kept while the session lives.
   */
  sessionFor(callId: number, create: () => CallSession, loaded?: LoadedCall): CallSession;
  /** What the screen of a live call loaded: a screen shown again (back from the attendee list) shows the call at once, without loading it again. */
  loadedCall(callId: number): LoadedCall | undefined;
  /** Starts the call's session (once), and ends it at once with an ending that came before it. */
  start(session: CallSession): void;
  /** A waiting call is no longer shown (the user declined it). */
  dropWaiting(callId: number): void;
  /** Hangs up the call the user is in and forgets every call (logout). */
  reset(): void;
  /**
   * When a call last ended for the user (ms, 0: none since the app started): an ending event for them,
   * or their session over. The Call tab's recent calls are out of date from then (issue 23).
   */
  lastCallOverAt(): number;
  /** Told whenever lastCallOverAt moves (for useSyncExternalStore). */
  subscribeCallOver(listener: () => void): () => void;
}

interface CallRecord {
  session: CallSession | undefined;
  started: boolean;
  stopWatching: () => void;
  /** Endings that came before the session started. */
  endings: CallEnding[];
  /** Call screens showing it now. */
  screens: number;
  /** What the call's screen loaded, for its live session. */
  loaded?: LoadedCall;
}

/** Calls remembered without a session or a screen (an incoming call whose screen never opened). */
const IDLE_RECORDS_KEPT = 20;

const callScreenPath = (chatRoomCallId: number) => toSafePath(paths.callScreen(chatRoomCallId));

const isLive = (session: CallSession | undefined): session is CallSession => session !== undefined && session.getState().phase !== 'ended';

export function createCallRegistry(): CallRegistry {
  let deps: CallRegistryDeps | undefined;
  const records = new Map<number, CallRecord>();
  const listeners = createListenerSet();
  const callOverListeners = createListenerSet();
  let callOverAt = 0;
  const callOver = () => {
    // Strictly later each time, so two endings in the same millisecond still count as a change.
    callOverAt = Math.max(Date.now(), callOverAt + 1);
    callOverListeners.emit();
  };
  let waiting: readonly number[] = [];
  let snapshot: CallRegistrySnapshot = { current: undefined, waiting };

  const currentCall = (): CurrentCall | undefined => {
    for (const [callId, record] of records) {
      if (!record.started || !isLive(record.session)) continue;
      const { role, phase } = record.session.getState();
      if (phase !== 'ended') return { callId, role, phase };
    }
    return undefined;
  };

  const changed = () => {
    const current = currentCall();
    // The busy calls belong to the call the user is in: they go with it.
    if (!current && waiting.length > 0) waiting = [];
    const before = snapshot;
    if (before.waiting !== waiting || before.current?.callId !== current?.callId || before.current?.phase !== current?.phase || before.current?.role !== current?.role) {
      snapshot = { current, waiting };
    }
    if (snapshot !== before) listeners.emit();
  };

  const forget = (callId: number) => {
    records.get(callId)?.stopWatching();
    records.delete(callId);
    changed();
  };

  const recordOf = (callId: number): CallRecord => {
    let record = records.get(callId);
    if (!record) {
      record = { session: undefined, started: false, stopWatching: () => undefined, endings: [], screens: 0 };
      records.set(callId, record);
      pruneIdle();
    }
    return record;
  };

  const pruneIdle = () => {
    const idle = [...records].filter(([, record]) => record.screens === 0 && !isLive(record.session));
    for (const [callId] of idle.slice(0, Math.max(0, idle.length - IDLE_RECORDS_KEPT))) forget(callId);
  };

  /** No screen shows the call any more: keep it only while the user is in it. */
  const settle = (callId: number, record: CallRecord) => {
    if (records.get(callId) !== record || record.screens > 0) return;
    const { session } = record;
    if (record.started && isLive(session)) {
      if (session.getState().phase !== 'join-prompt') return;
      session.release();
    }
    forget(callId);
  };

  const ring = (callId: number) => {
    // It rings (again): an ending of an earlier ring of the same id no longer counts.
    recordOf(callId).endings = [];
    const path = callScreenPath(callId);
    if (path) deps?.openPath(path);
  };

  const busy = (callId: number) => {
    if (waiting.includes(callId)) return;
    waiting = [...waiting, callId];
    changed();
  };

  const end = (callId: number | undefined, ending: CallEnding) => {
    if (callId === undefined) return;
    // The server has it over for the user (it sent the ending): whether or not a screen shows it.
    callOver();
    // A waiting call that ended elsewhere stops showing.
    if (waiting.includes(callId)) {
      waiting = waiting.filter((id) => id !== callId);
      changed();
    }
    const record = records.get(callId);
    if (!record) return; // No screen has this call, and none is opening: nothing to end.
    if (record.started && record.session) record.session.onEnding(ending);
    else record.endings.push(ending);
  };

  return {
    connect(next) {
      deps = next;
      return () => {
        if (deps === next) deps = undefined;
      };
    },
    receive(event) {
      return routeCallEvent(event, { userId: deps?.currentUserId(), currentCallId: snapshot.current?.callId, ring, busy, end });
    },
    subscribe: listeners.subscribe,
    getSnapshot: () => snapshot,
    liveSession(callId) {
      const session = records.get(callId)?.session;
      return isLive(session) ? session : undefined;
    },
    loadedCall(callId) {
      const record = records.get(callId);
      return isLive(record?.session) ? record.loaded : undefined;
    },
    open(callId) {
      recordOf(callId);
    },
    show(callId) {
      const record = recordOf(callId);
      record.screens += 1;
      let shown = true;
      return () => {
        if (!shown) return;
        shown = false;
        record.screens -= 1;
        // Not at once: React (StrictMode, a remount) may show the same call again in the same task.
        queueMicrotask(() => settle(callId, record));
      };
    },
    sessionFor(callId, create, loaded) {
      const record = recordOf(callId);
      if (loaded) record.loaded = loaded;
      if (isLive(record.session)) return record.session;
      // One call at a time: a new call hangs up the one before.
      for (const [otherId, other] of records) if (otherId !== callId) other.session?.dispose();
      // An ended session is not reused: the same call can ring again (the sandbox's demo call does).
      record.stopWatching();
      const session = create();
      record.session = session;
      record.started = false;
      let over = false;
      record.stopWatching = session.subscribe(() => {
        const ended = session.getState().phase === 'ended';
        if (ended && !over) {
          over = true;
          callOver();
        }
        if (ended && record.screens === 0 && records.get(callId) === record) forget(callId);
        else changed();
      });
      return session;
    },
    start(session) {
      const callId = session.getState().callId;
      const record = records.get(callId);
      if (!record || record.session !== session || record.started) return;
      record.started = true;
      session.start();
      // Ended while its screen was still opening (the event came before the session).
      const [ending] = record.endings;
      record.endings = [];
      if (ending) session.onEnding(ending);
      changed();
    },
    dropWaiting(callId) {
      if (!waiting.includes(callId)) return;
      waiting = waiting.filter((id) => id !== callId);
      changed();
    },
    reset() {
      const sessions = [...records.values()].map((record) => {
        record.stopWatching();
        return record.session;
      });
      records.clear();
      for (const session of sessions) session?.dispose();
      waiting = [];
      changed();
    },
    lastCallOverAt: () => callOverAt,
    subscribeCallOver: callOverListeners.subscribe,
  };
}

/** The app's call registry. */
export const callRegistry = createCallRegistry();

// A logout ends the call the person is in (issue 19): the server is told at once (while the session's
// token is still set, the logout flow runs this first), the camera and microphone are released, and the
// next person's call screens never pick the call up.
onLogout(() => callRegistry.reset());
