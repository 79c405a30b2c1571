import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The module keeps whether the first content was shown: a fresh copy per test.
async function load() {
  vi.resetModules();
  return import('./after-first-content.ts');
}

describe('afterFirstContent', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => setTimeout(() => callback(0), 16));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits for the screen to say its content is shown, then runs after the next frame', async () => {
    const { afterFirstContent, markFirstContentShown } = await load();
    const task = vi.fn();
    afterFirstContent(task);
    await vi.advanceTimersByTimeAsync(1000);
    expect(task).not.toHaveBeenCalled();
    markFirstContentShown();
    await vi.advanceTimersByTimeAsync(20);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs anyway after the fallback when no screen says so', async () => {
    const { afterFirstContent, FIRST_CONTENT_FALLBACK_MS } = await load();
    const task = vi.fn();
    afterFirstContent(task);
    await vi.advanceTimersByTimeAsync(FIRST_CONTENT_FALLBACK_MS - 1);
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs at once once the content was shown, and a cancelled task never runs', async () => {
    const { afterFirstContent, markFirstContentShown } = await load();
    const cancelled = vi.fn();
    afterFirstContent(cancelled)();
    markFirstContentShown();
    await vi.advanceTimersByTimeAsync(20);
    expect(cancelled).not.toHaveBeenCalled();
    const later = vi.fn();
    afterFirstContent(later);
    expect(later).toHaveBeenCalledTimes(1);
  });
});
