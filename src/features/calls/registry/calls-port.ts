// The calls feature's port for the live connections (ARCHITECTURE "Calls own the call state"), loaded
// once the first screen has shown, while signed in: src/app connects it to realtime, which calls
// `receive` with each call event it parsed; the registry decides what each means (SPEC §4: ring, busy,
// end, or nothing). An incoming call opens its screen from here (through
// src/shared/routes/navigation.tsx), without going back through src/app. And the ends of calls an
// earlier page left unsent go out now.
import type { CallEvent } from '../../../api/models.ts';
import { navigateTo } from '../../../shared/routes/navigation.tsx';
import { endCallOutbox } from '../session/end-call-outbox.ts';
import { callRegistry, type CallRegistryDeps } from './call-registry.ts';

export interface CallsPort {
  /** One parsed, deduplicated call event from realtime. */
  receive(event: CallEvent): void;
  /** The sign-out: the registry lets go of the session's calls. */
  stop(): void;
}

/** `openPath`: an incoming call pushes its screen (back returns to where the user was); tests pass their own. */
export function startCalls({ currentUserId, openPath = (path) => navigateTo(path, { replace: false }) }: Pick<CallRegistryDeps, 'currentUserId'> & Partial<CallRegistryDeps>): CallsPort {
  const disconnect = callRegistry.connect({ currentUserId, openPath });
  // A call's end that a closed or reloaded page could not get to the server goes out now (issue 32).
  endCallOutbox.resume(currentUserId);
  return { receive: (event) => void callRegistry.receive(event), stop: disconnect };
}
