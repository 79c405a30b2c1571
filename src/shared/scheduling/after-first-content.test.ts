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
    await vi.advanceTimersByTimeAsync(5);
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

  it('runs the released tasks one per task, yielding to the browser in between', async () => {
    const { afterFirstContent, markFirstContentShown } = await load();
    const order: string[] = [];
    afterFirstContent(() => {
      order.push('first');
      // Queued by the first task: it runs before the second task when the work yields in between.
      setTimeout(() => order.push('browser'), 0);
    });
    afterFirstContent(() => order.push('second'));
    markFirstContentShown();
    await vi.advanceTimersByTimeAsync(50);
    expect(order).toEqual(['first', 'browser', 'second']);
  });

  it("waits for the page's load event (at most LOAD_WAIT_MAX_MS) before running anything", async () => {
    const page = new EventTarget();
    vi.stubGlobal('window', page);
    vi.stubGlobal('document', { readyState: 'loading' });
    const { afterFirstContent, markFirstContentShown } = await load();
    const task = vi.fn();
    afterFirstContent(task);
    markFirstContentShown();
    await vi.advanceTimersByTimeAsync(500);
    expect(task).not.toHaveBeenCalled();
    page.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(5);
    expect(task).toHaveBeenCalledTimes(1);

    const again = await load();
    const late = vi.fn();
    again.afterFirstContent(late);
    again.markFirstContentShown();
    await vi.advanceTimersByTimeAsync(again.LOAD_WAIT_MAX_MS - 100);
    expect(late).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(150);
    expect(late).toHaveBeenCalledTimes(1);
  });
});
