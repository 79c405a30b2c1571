// "Live updates paused · Retry" covers nothing (issue 37): shown while a chat room is open, the notice
// takes its own space at the top of the page, so the composer's field and buttons stay where a tap
// lands, at a phone's and a desktop's width. The notice shows as in realtime.spec.ts: the long poll
// fails (SPEC §8 stops its timer).
import { expect, test, type Page } from './support/test.ts';
import { closeWindows, DIRECT_ROOM, openRoom, signInAs } from './support/chat.ts';

test.afterEach(closeWindows);

const LONG_POLL_URL = '**/api/global-long-polling/new-events';
const PAUSED = 'Live updates paused';

/**
 * Whether the notice shows, and for each control, whether the element under its centre is the control
 * itself (or inside it) and whether the notice is drawn clear of it (a notice that lets taps through,
 * pointer-events: none, is not under the point, yet hides the control from sight).
 */
async function sample(page: Page, controls: Record<string, string>): Promise<{ notice: boolean; onTop: Record<string, boolean>; clear: Record<string, boolean> }> {
  return page.evaluate(
    ({ paused, controls }) => {
      const notice = [...document.querySelectorAll('[role="status"]')].find((element) => element.textContent?.includes(paused));
      const box = notice?.getBoundingClientRect();
      const onTop: Record<string, boolean> = {};
      const clear: Record<string, boolean> = {};
      for (const [name, selector] of Object.entries(controls)) {
        const control = document.querySelector(selector);
        const rect = control?.getBoundingClientRect();
        onTop[name] = !!control && !!rect && control.contains(document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2));
        clear[name] = !!rect && !!box && (rect.bottom <= box.top || rect.top >= box.bottom || rect.right <= box.left || rect.left >= box.right);
      }
      return { notice: !!box && box.height > 0, onTop, clear };
    },
    { paused: PAUSED, controls },
  );
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('while "Live updates paused" shows, the element under Send\'s centre is Send, and the field and Attach are not covered either', async ({ page }) => {
      await page.route(LONG_POLL_URL, (route) => route.fulfill({ status: 500, json: { error: true, status_code: 500, error_message: 'Server error' } }));
      await signInAs(page, 'ayu.lestari', 'Ayu Lestari', { home: false });
      await openRoom(page, DIRECT_ROOM);
      const notice = page.getByRole('status').filter({ hasText: PAUSED });
      await expect(notice).toBeVisible();
      await expect(notice.getByRole('button', { name: 'Retry' })).toBeVisible();

      const field = page.getByRole('textbox', { name: 'Type a message' });
      await field.fill('Still here');
      const send = page.getByRole('button', { name: 'Send', exact: true });
      await expect(send).toBeEnabled();
      const controls = {
        send: `[aria-label="Send"]`,
        field: `[aria-label="Type a message"]`,
        attach: `[aria-label="Attach a file"]`,
      };
      // One sample holds both: the notice showing and what is under each control's centre at that moment.
      await expect.poll(async () => (await sample(page, controls)).notice).toBe(true);
      const seen = await sample(page, controls);
      expect(seen.notice).toBe(true);
      expect(seen.onTop).toEqual({ send: true, field: true, attach: true });
      expect(seen.clear).toEqual({ send: true, field: true, attach: true });

      // The screen's headers are not covered either: the page starts below the notice.
      const noticeBox = (await notice.boundingBox())!;
      const headers = await page.locator('header').evaluateAll((found) => found.filter((header) => header.getBoundingClientRect().height > 0).map((header) => header.getBoundingClientRect().y));
      expect(headers.length).toBeGreaterThan(0);
      for (const top of headers) expect(top).toBeGreaterThanOrEqual(noticeBox.y + noticeBox.height - 0.5);
      // Nothing is pushed out at the bottom: the composer is still within the viewport.
      const sendBox = (await send.boundingBox())!;
      expect(sendBox.y + sendBox.height).toBeLessThanOrEqual(viewport.height);

      // And Send sends.
      await send.click({ timeout: 5_000 });
      await expect(page.getByTestId('message').filter({ hasText: 'Still here' })).toBeVisible();
    });
  });
}
