// The call the user is in, kept while its screen is away (the attendee list) or remounts: a call
// screen for the same id picks the running session up instead of starting the call again.
import { useSyncExternalStore } from 'react';
import { onLogout } from '../../../shared/session/logout-cleanup.ts';
import type { CallMediaState } from '../media/call-media.ts';
import type { CallSession, CallSessionState } from './call-session.ts';

let current: CallSession | undefined;

/**
 * The session for this call: the running one, or a new one from `create` (a previous call is ended).
 * An ended session is not reused: the same call can ring again (the sandbox's demo call does).
 */
export function sessionFor(callId: number, create: () => CallSession): CallSession {
  const running = current;
  if (running && running.getState().callId === callId && running.getState().phase !== 'ended') return running;
  running?.dispose();
  current = create();
  return current;
}

export function currentCallSession(): CallSession | undefined {
  return current;
}

// A logout ends the call the person is in (the server is told, with the session's token still set) and
// forgets it, so the next person's Call screens never pick it up.
onLogout(() => {
  current?.dispose();
  current = undefined;
});

const noSession = () => () => undefined;

export function useCallSessionState(session: CallSession | undefined): CallSessionState | undefined {
  return useSyncExternalStore(session ? session.subscribe : noSession, () => session?.getState());
}

export function useCallMediaState(session: CallSession | undefined): CallMediaState | undefined {
  return useSyncExternalStore(session ? session.media.subscribe : noSession, () => session?.media.getState());
}
