// What the call screens read of the call registry and of the sessions it owns, as React state.
import { useSyncExternalStore } from 'react';
import type { CallMediaState } from '../media/call-media.ts';
import type { CallSession, CallSessionState } from '../session/call-session.ts';
import { callRegistry } from './call-registry.ts';

/** The call the user is in, and the calls waiting meanwhile (busy). */
export const useCallRegistry = () => useSyncExternalStore(callRegistry.subscribe, callRegistry.getSnapshot);

/** The call's session while it is not over (the attendee list of the call the user is in). */
export const useLiveSession = (callId: number | undefined): CallSession | undefined =>
  useSyncExternalStore(callRegistry.subscribe, () => (callId === undefined ? undefined : callRegistry.liveSession(callId)));

const noSession = () => () => undefined;

export function useCallSessionState(session: CallSession | undefined): CallSessionState | undefined {
  return useSyncExternalStore(session ? session.subscribe : noSession, () => session?.getState());
}

export function useCallMediaState(session: CallSession | undefined): CallMediaState | undefined {
  return useSyncExternalStore(session ? session.media.subscribe : noSession, () => session?.media.getState());
}
