// Whether live updates are paused (the long poll stopped after a failure), for the notice; kept apart
// from the connections so the notice's chunk does not carry the socket libraries.
import { useSyncExternalStore } from 'react';
import type { LongPollState } from './long-poll.ts';

let state: LongPollState = 'stopped';
let retryHandler: (() => void) | undefined;
const listeners = new Set<() => void>();

export const longPollStatus = {
  set(next: LongPollState): void {
    state = next;
    listeners.forEach((listener) => listener());
  },
  get(): LongPollState {
    return state;
  },
  /** The running poll says how to retry it; undefined when none runs. */
  setRetry(handler: (() => void) | undefined): void {
    retryHandler = handler;
  },
  retry(): void {
    retryHandler?.();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useLongPollState(): LongPollState {
  return useSyncExternalStore(longPollStatus.subscribe, longPollStatus.get, longPollStatus.get);
}
