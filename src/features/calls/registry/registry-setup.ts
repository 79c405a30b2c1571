// The calls feature's part of the live connections, loaded by the app with them (src/app): from now on
// the call registry hears every call event realtime hands over (those that came first included), knows
// who the user is, and may open a call's screen; and the ends of calls an earlier page left unsent go out.
import { receiveCallEvents } from '../../../shared/calls/call-events.ts';
import { endCallOutbox } from '../session/end-call-outbox.ts';
import { callRegistry, type CallRegistryDeps } from './call-registry.ts';

/** Returns the teardown (the app's sign-out). */
export function setUpCallRegistry(deps: CallRegistryDeps): () => void {
  const disconnect = callRegistry.connect(deps);
  const stopReceiving = receiveCallEvents((event) => void callRegistry.receive(event));
  // A call's end that a closed or reloaded page could not get to the server goes out now (issue 32).
  endCallOutbox.resume(deps.currentUserId);
  return () => {
    stopReceiving();
    disconnect();
  };
}
