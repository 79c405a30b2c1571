import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createPollingControl, type Poller, type PollingControl } from './polling-control.ts';

let polling: PollingControl;

beforeEach(() => {
  polling = createPollingControl();
});

const fakePoller = () => ({ start: vi.fn<() => void>(), stop: vi.fn<() => void>() }) satisfies Poller;

describe('polling control', () => {
  it('is not running until started', () => {
    expect(polling.isRunning()).toBe(false);
  });

  it('start and stop before any poller is registered record the wanted state (and do not throw)', () => {
    expect(() => polling.start()).not.toThrow();
    expect(polling.isRunning()).toBe(true);
    expect(() => polling.stop()).not.toThrow();
    expect(polling.isRunning()).toBe(false);
  });

  it('a poller registered while running is started', () => {
    polling.start();
    const poller = fakePoller();
    polling.register(poller);
    expect(poller.start).toHaveBeenCalledTimes(1);
    expect(poller.stop).not.toHaveBeenCalled();
  });

  it('a poller registered while stopped is not started', () => {
    polling.start();
    polling.stop();
    const poller = fakePoller();
    polling.register(poller);
    expect(poller.start).not.toHaveBeenCalled();
  });

  it('start and stop reach the registered poller', () => {
    const poller = fakePoller();
    polling.register(poller);
    polling.start();
    expect(poller.start).toHaveBeenCalledTimes(1);
    expect(polling.isRunning()).toBe(true);
    polling.stop();
    expect(poller.stop).toHaveBeenCalledTimes(1);
    expect(polling.isRunning()).toBe(false);
  });

  it('register replaces the previous poller and stops it; only the new one follows start/stop', () => {
    const first = fakePoller();
    const second = fakePoller();
    polling.register(first);
    polling.start();
    expect(first.start).toHaveBeenCalledTimes(1);

    polling.register(second);
    expect(first.stop).toHaveBeenCalledTimes(1);
    expect(second.start).toHaveBeenCalledTimes(1);

    polling.stop();
    polling.start();
    expect(first.start).toHaveBeenCalledTimes(1);
    expect(first.stop).toHaveBeenCalledTimes(1);
    expect(second.stop).toHaveBeenCalledTimes(1);
    expect(second.start).toHaveBeenCalledTimes(2);
  });

  it('the returned unregister stops the poller, which no longer follows start', () => {
    const poller = fakePoller();
    const unregister = polling.register(poller);
    polling.start();
    unregister();
    expect(poller.stop).toHaveBeenCalledTimes(1);

    polling.stop();
    polling.start();
    expect(poller.start).toHaveBeenCalledTimes(1);
    expect(poller.stop).toHaveBeenCalledTimes(1);
    // The wanted state is kept: a poller registered later starts.
    const next = fakePoller();
    polling.register(next);
    expect(next.start).toHaveBeenCalledTimes(1);
  });

  it('a stale unregister (its poller was already replaced) leaves the current poller alone', () => {
    const first = fakePoller();
    const second = fakePoller();
    const unregisterFirst = polling.register(first);
    polling.register(second);
    polling.start();
    unregisterFirst();
    expect(second.stop).not.toHaveBeenCalled();
    polling.stop();
    expect(second.stop).toHaveBeenCalledTimes(1);
  });
});
