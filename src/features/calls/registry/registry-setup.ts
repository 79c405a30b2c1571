// The calls feature's part of the live connections, loaded by the app with them (src/app): from now on
// the call registry hears every call event realtime hands over (those that came first included), knows
// who the user is, and may open a call's screen.
import { receiveCallEvents } from '../../../shared/calls/call-events.ts';
import { callRegistry, type CallRegistryDeps } from './call-registry.ts';

/** Returns the teardown (the app's sign-out). */
export function setUpCallRegistry(deps: CallRegistryDeps): () => void {
  const disconnect = callRegistry.connect(deps);
  const stopReceiving = receiveCallEvents((event) => void callRegistry.receive(event));
  return () => {
    stopReceiving();
    disconnect();
  };
}
