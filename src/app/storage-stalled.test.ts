// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_STALLED_RETRY, STORAGE_STALLED_TEXT, showStorageStalled } from './storage-stalled.ts';

/** index.html's static start screen. */
function startScreen(): HTMLElement {
  document.body.innerHTML = '<div id="root"><div class="boot"><p class="boot-name">ESS Workplace</p><div class="boot-spinner" role="status" aria-label="Loading"></div></div></div>';
  return document.getElementById('root')!;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('showStorageStalled', () => {
  it('adds a message and Try again to the start screen, keeping its spinner; Try again reloads', () => {
    const root = startScreen();
    const reload = vi.fn();
    showStorageStalled(root, reload);

    const notice = root.querySelector('.boot [role="alert"]')!;
    expect(notice.textContent).toContain(STORAGE_STALLED_TEXT);
    expect(root.querySelector('[role="status"]')).not.toBeNull();
    const retry = notice.querySelector('button')!;
    expect(retry.textContent).toBe(STORAGE_STALLED_RETRY);
    retry.click();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('goes away when the storage answers after all', () => {
    const root = startScreen();
    const hide = showStorageStalled(root, vi.fn());
    hide();
    expect(root.querySelector('[role="alert"]')).toBeNull();
    expect(root.querySelector('.boot-spinner')).not.toBeNull();
  });
});
