// Whether live updates are paused (the long poll stopped after a failure), for the notice; kept apart
// from the connections so the notice's chunk does not carry the socket libraries.
import { useSyncExternalStore } from 'react';
import { createListenerStore } from '../../shared/events/listener-store.ts';
import type { LongPollState } from './long-poll.ts';

const state = createListenerStore<LongPollState>('stopped');
// Module state, on purpose: the notice (its own chunk, mounted by src/app) and the running poll (in the
// connections' chunk) meet only here, and there is one long poll per page.
let retryHandler: (() => void) | undefined;

export const longPollStatus = {
  set: state.set,
  get: state.getSnapshot,
  /** The running poll says how to retry it; undefined when none runs. */
  setRetry(handler: (() => void) | undefined): void {
    retryHandler = handler;
  },
  retry(): void {
    retryHandler?.();
  },
  subscribe: state.subscribe,
};

export function useLongPollState(): LongPollState {
  return useSyncExternalStore(longPollStatus.subscribe, longPollStatus.get, longPollStatus.get);
}
