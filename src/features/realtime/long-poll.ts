// Long polling (SPEC §4, §7, §9): GET /global-long-polling/new-events every 12.5 s while the session
// runs. The first poll goes out at start (events queued while the app was closed arrive at once). A
// failure stops the timer (SPEC §8); `retry` starts it again: a socket reconnecting or the browser coming
// back online does (realtime-connections.ts), and so does the "Live updates paused" notice's Retry.
import type { LongPollEvent } from './api/long-poll.ts';

/** SPEC §9: long-poll interval. */
export const LONG_POLL_INTERVAL_MS = 12_500;

export type LongPollState = 'stopped' | 'running' | 'paused';

export interface LongPollDeps {
  fetchEvents(): Promise<readonly LongPollEvent[]>;
  onEvents(events: readonly LongPollEvent[]): void;
  onState(state: LongPollState): void;
  intervalMs?: number;
}

export interface LongPoll {
  start(): void;
  stop(): void;
  /** After a failure: poll now and keep the timer going again. */
  retry(): void;
  readonly state: LongPollState;
}

export function createLongPoll(deps: LongPollDeps): LongPoll {
  const intervalMs = deps.intervalMs ?? LONG_POLL_INTERVAL_MS;
  let state: LongPollState = 'stopped';
  let timer: ReturnType<typeof setInterval> | undefined;
  // Each start begins a new run; an answer from an older run (stopped meanwhile) is ignored.
  let run = 0;
  let busyRun: number | undefined;

  const setState = (next: LongPollState) => {
    if (state === next) return;
    state = next;
    deps.onState(next);
  };

  const clearTimer = () => {
    clearInterval(timer);
    timer = undefined;
  };

  const poll = async (thisRun: number): Promise<void> => {
    if (busyRun === thisRun) return; // A slow answer: never two polls of one run at once.
    busyRun = thisRun;
    let events: readonly LongPollEvent[];
    try {
      events = await deps.fetchEvents();
    } catch (error) {
      if (thisRun !== run) return;
      console.warn('realtime: long polling stopped after a failure', error);
      clearTimer();
      setState('paused');
      return;
    } finally {
      if (busyRun === thisRun) busyRun = undefined;
    }
    if (thisRun === run && events.length > 0) deps.onEvents(events);
  };

  const start = () => {
    if (state === 'running') return;
    run += 1;
    const thisRun = run;
    setState('running');
    timer = setInterval(() => void poll(thisRun), intervalMs);
    void poll(thisRun);
  };

  return {
    start,
    stop() {
      run += 1;
      clearTimer();
      setState('stopped');
    },
    retry() {
      if (state === 'paused') start();
    },
    get state() {
      return state;
    },
  };
}
