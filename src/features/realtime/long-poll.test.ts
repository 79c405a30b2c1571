import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LongPollEvent } from './api/long-poll.ts';
import { createLongPoll, LONG_POLL_INTERVAL_MS, type LongPollState } from './long-poll.ts';

const event: LongPollEvent = { id: 1, name: 'announcement', data: {} };

let fetchEvents: ReturnType<typeof vi.fn<() => Promise<readonly LongPollEvent[]>>>;
let onEvents: ReturnType<typeof vi.fn<(events: readonly LongPollEvent[]) => void>>;
let states: LongPollState[];

const makePoll = () => createLongPoll({ fetchEvents, onEvents, onState: (state) => states.push(state) });

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  fetchEvents = vi.fn<() => Promise<readonly LongPollEvent[]>>().mockResolvedValue([]);
  onEvents = vi.fn();
  states = [];
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('long polling (SPEC §4, §9)', () => {
  it(`polls at start, then every ${LONG_POLL_INTERVAL_MS} ms`, async () => {
    const poll = makePoll();
    poll.start();
    expect(fetchEvents).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(LONG_POLL_INTERVAL_MS - 1);
    expect(fetchEvents).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchEvents).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(LONG_POLL_INTERVAL_MS * 3);
    expect(fetchEvents).toHaveBeenCalledTimes(5);
    expect(poll.state).toBe('running');
    poll.stop();
  });

  it('hands the events of each answer over (an empty answer is not passed on)', async () => {
    fetchEvents.mockResolvedValueOnce([event]).mockResolvedValueOnce([]);
    const poll = makePoll();
    poll.start();
    await vi.advanceTimersByTimeAsync(LONG_POLL_INTERVAL_MS);
    expect(onEvents).toHaveBeenCalledOnce();
    expect(onEvents).toHaveBeenCalledWith([event]);
    poll.stop();
  });

  it('a failure stops the timer (SPEC §8) and says paused', async () => {
    fetchEvents.mockResolvedValueOnce([]).mockRejectedValueOnce(new Error('HTTP 500'));
    const poll = makePoll();
    poll.start();
    await vi.advanceTimersByTimeAsync(LONG_POLL_INTERVAL_MS);
    expect(fetchEvents).toHaveBeenCalledTimes(2);
    expect(poll.state).toBe('paused');
    await vi.advanceTimersByTimeAsync(LONG_POLL_INTERVAL_MS * 10);
    expect(fetchEvents).toHaveBeenCalledTimes(2);
    expect(states).toEqual(['running', 'paused']);
  });

  it('retry after a failure polls at once and restarts the timer', async () => {
    fetchEvents.mockRejectedValueOnce(new Error('offline'));
    const poll = makePoll();
    poll.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(poll.state).toBe('paused');
    poll.retry();
    expect(fetchEvents).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(LONG_POLL_INTERVAL_MS);
    expect(fetchEvents).toHaveBeenCalledTimes(3);
    expect(states).toEqual(['running', 'paused', 'running']);
    poll.stop();
  });

  it('retry does nothing while running or stopped', () => {
    const poll = makePoll();
    poll.retry();
    expect(fetchEvents).not.toHaveBeenCalled();
    poll.start();
    poll.retry();
    expect(fetchEvents).toHaveBeenCalledOnce();
    poll.stop();
  });

  it('stop ends the timer, and an answer arriving after it is ignored', async () => {
    let answer!: (events: LongPollEvent[]) => void;
    fetchEvents.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const poll = makePoll();
    poll.start();
    poll.stop();
    answer([event]);
    await vi.advanceTimersByTimeAsync(LONG_POLL_INTERVAL_MS * 5);
    expect(onEvents).not.toHaveBeenCalled();
    expect(fetchEvents).toHaveBeenCalledOnce();
    expect(poll.state).toBe('stopped');
  });

  it('a failure arriving after stop does not pause', async () => {
    let fail!: (error: Error) => void;
    fetchEvents.mockImplementationOnce(() => new Promise((_resolve, reject) => (fail = reject)));
    const poll = makePoll();
    poll.start();
    poll.stop();
    fail(new Error('late'));
    await vi.advanceTimersByTimeAsync(0);
    expect(poll.state).toBe('stopped');
  });

  it('never has two polls of one run in flight (a slow answer skips a tick)', async () => {
    let answer!: (events: LongPollEvent[]) => void;
    fetchEvents.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const poll = makePoll();
    poll.start();
    await vi.advanceTimersByTimeAsync(LONG_POLL_INTERVAL_MS);
    expect(fetchEvents).toHaveBeenCalledTimes(1);
    answer([]);
    await vi.advanceTimersByTimeAsync(LONG_POLL_INTERVAL_MS);
    expect(fetchEvents).toHaveBeenCalledTimes(2);
    poll.stop();
  });
});
