// The end of a call shows for 2 s (the call screen's ENDED_SCREEN_MS), then the screen closes by itself.
// On two cores full of browsers a check can come after that: each window records every end its screen
// shows (an init script watching the DOM, from before the app starts), and the tests read the record.
import { expect, type Page } from '@playwright/test';

declare global {
  interface Window {
    __callEndsShown?: string[];
  }
}

/** From now on, `page` records the text of every call end it shows. Call before the page opens the app. */
export async function recordCallEnds(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shown: string[] = [];
    window.__callEndsShown = shown;
    new MutationObserver(() => {
      for (const end of document.querySelectorAll('[data-testid="call-ended"]')) {
        const text = end.textContent ?? '';
        if (!shown.includes(text)) shown.push(text);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

/** The page's call screen has shown the end of a call (with `text` in it, when given). */
export async function expectCallEnded(page: Page, text = '', { timeout }: { timeout?: number } = {}): Promise<void> {
  await expect
    .poll(async () => (await page.evaluate(() => window.__callEndsShown ?? [])).some((shown) => shown.includes(text)), {
      timeout,
      message: `the call screen showed its end${text ? ` with "${text}"` : ''}`,
    })
    .toBe(true);
}
