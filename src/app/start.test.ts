// @vitest-environment happy-dom
// The start (./start.ts): the renderer's code is asked for while bootstrap() runs, the app renders once
// both are there, and code that still cannot load after its retries is said on the start screen with
// Try again, never a spinner for ever.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppContext } from './bootstrap.ts';
import { START_FAILED_TEXT, startApp } from './start.ts';
import { START_NOTICE_RETRY } from './start-notice.ts';

function startScreen(): HTMLElement {
  document.body.innerHTML = '<div id="root"><div class="boot"><p class="boot-name">ESS Workplace</p><div class="boot-spinner" role="status" aria-label="Loading"></div></div></div>';
  return document.getElementById('root')!;
}

const context = { queryClient: {}, session: {}, polling: {} } as unknown as AppContext;

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('startApp', () => {
  it('asks for the renderer before the start is done, and renders once both are there', async () => {
    const root = startScreen();
    const steps: string[] = [];
    let finishStart!: (value: AppContext) => void;
    const renderApp = vi.fn();
    const started = startApp(
      root,
      () => {
        steps.push('bootstrap');
        return new Promise((resolve) => (finishStart = resolve));
      },
      async () => {
        steps.push('renderer asked for');
        return { renderApp };
      },
    );
    expect(steps).toEqual(['renderer asked for', 'bootstrap']);
    await Promise.resolve();
    expect(renderApp).not.toHaveBeenCalled();
    finishStart(context);
    await started;
    expect(renderApp).toHaveBeenCalledExactlyOnceWith(root, context);
  });

  it('tries the renderer again, and when it still cannot load says so with Try again instead of the spinner', async () => {
    const root = startScreen();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi.fn().mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'));
    await startApp(root, async () => context, load, [0, 0]);
    expect(load).toHaveBeenCalledTimes(3);
    const notice = root.querySelector('[role="alert"]')!;
    expect(notice.textContent).toContain(START_FAILED_TEXT);
    expect(notice.querySelector('button')!.textContent).toBe(START_NOTICE_RETRY);
    expect(root.querySelector('[role="status"]')).toBeNull();
    expect(error).toHaveBeenCalledOnce();
  });

  it('renders when a retry brings the renderer', async () => {
    const root = startScreen();
    const renderApp = vi.fn();
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue({ renderApp });
    await startApp(root, async () => context, load, [0, 0]);
    expect(renderApp).toHaveBeenCalledOnce();
    expect(root.querySelector('[role="alert"]')).toBeNull();
  });
});
