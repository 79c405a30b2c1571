// The end of a call shows for 2 s (the call screen's ENDED_SCREEN_MS), then the screen closes by itself.
// On two cores full of browsers a check can come after that: each window records every end its screen
// shows (an init script watching the DOM, from before the app starts), and the tests read the record.
// A window that goes through several calls in one test sees each end once: expectCallEnded takes the end
// it found off the record, so the next check waits for the next call's end.
import { expect, type Page } from '@playwright/test';

declare global {
  interface Window {
    /** The text of each call end shown, in order (one entry per end element). */
    __callEndsShown?: string[];
    /** How many of those the test has taken. */
    __callEndsTaken?: number;
  }
}

/** From now on, `page` records the text of every call end it shows. Call before the page opens the app. */
export async function recordCallEnds(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shown: string[] = [];
    const seen = new WeakMap<Element, number>();
    window.__callEndsShown = shown;
    window.__callEndsTaken = 0;
    new MutationObserver(() => {
      for (const end of document.querySelectorAll('[data-testid="call-ended"]')) {
        const text = end.textContent ?? '';
        const index = seen.get(end);
        if (index === undefined) seen.set(end, shown.push(text) - 1);
        else shown[index] = text;
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

/**
 * The page's call screen has shown the end of a call (with `text` in it, when given) since the end this
 * check last took; takes it. A miss names the ends shown since then.
 */
export async function expectCallEnded(page: Page, text = '', { timeout }: { timeout?: number } = {}): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate((wanted) => {
          const shown = window.__callEndsShown ?? [];
          const taken = window.__callEndsTaken ?? 0;
          const notTaken = shown.slice(taken);
          const found = notTaken.findIndex((end) => end.includes(wanted));
          if (found >= 0) window.__callEndsTaken = taken + found + 1;
          return notTaken;
        }, text),
      { timeout, message: `the call screen showed its end${text ? ` with "${text}"` : ''}` },
    )
    .toContainEqual(expect.stringContaining(text));
}
