// Issue 37, items 1 and 4: the account sheet one tap away on every tab screen (the avatar in the
// header; a bottom sheet on a phone, a panel under the avatar on a desktop; Escape gives focus back to
// the avatar; Log out from it signs out), the rail on every signed-in screen of a desktop, and a
// dialog's actions inside the window at both widths, a phone's keyboard open included.
import type { Locator, Page } from '@playwright/test';
import { openSignedIn } from './support/app.ts';
import { DIRECT_ROOM, openMessageActions, openRoom, signInAs } from './support/chat.ts';
import { expect, signedInTest, test } from './support/test.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const tabs = (page: Page) => page.getByRole('navigation', { name: 'ESS Workplace' });
const avatarOf = (page: Page) => page.getByRole('button', { name: 'Account and settings, Ayu Lestari' });

/**
 * Wholly inside the window (Playwright's box against the viewport), and really shown there: what the
 * page has at the box's centre is the element itself, not a scrolling body that clips it.
 */
async function expectInsideViewport(page: Page, locator: Locator): Promise<void> {
  // Once the dialog has finished sliding in.
  await locator.evaluate((element) => Promise.all((element.closest('dialog')?.getAnimations() ?? []).map((animation) => animation.finished)));
  const box = (await locator.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  expect(await locator.evaluate((element, { x, y }) => element.contains(document.elementFromPoint(x, y)), centre)).toBe(true);
}

for (const viewport of [PHONE, DESKTOP]) {
  signedInTest(`${viewport.width}x${viewport.height}: the avatar on each tab screen opens the account sheet, Escape closes it, and Log out from it signs out`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(viewport);
    await openSignedIn(page);
    const wide = viewport.width >= 1024;
    const screens = [
      { tab: 'Home', heading: 'Welcome, Ayu Lestari' },
      { tab: 'Chat', heading: 'Chats' },
      { tab: 'Call', heading: 'Calls' },
    ];
    for (const { tab, heading } of screens) {
      await tabs(page).getByRole('link', { name: new RegExp(`^${tab}\\b`) }).click();
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      const avatar = avatarOf(page);
      await avatar.click();
      const sheet = page.getByRole('dialog', { name: 'Account' });
      await expect(sheet.getByTestId('account-name')).toHaveText('Ayu Lestari');
      await expect(sheet.getByRole('button', { name: 'My QR' })).toBeVisible();
      await expect(sheet.getByRole('combobox', { name: 'Language' })).toBeVisible();
      await expectInsideViewport(page, sheet.getByRole('button', { name: 'Log out' }));
      const panel = (await sheet.boundingBox())!;
      const anchor = (await avatar.boundingBox())!;
      if (wide) {
        // A panel hanging under the avatar, its end edge under the avatar's.
        expect(panel.y).toBeGreaterThanOrEqual(anchor.y + anchor.height);
        expect(Math.abs(panel.x + panel.width - (anchor.x + anchor.width))).toBeLessThan(24);
        expect(panel.width).toBeLessThan(420);
      } else {
        // A bottom sheet across the width.
        expect(Math.round(panel.y + panel.height)).toBe(viewport.height);
        expect(Math.round(panel.width)).toBe(viewport.width);
      }
      await page.keyboard.press('Escape');
      await expect(sheet).toHaveCount(0);
      await expect(avatar).toBeFocused();
    }

    // The tab bar's other screen of SPEC §2 with a screen of its own (a web module): the same avatar.
    await page.goto('/calendar');
    await avatarOf(page).click();
    await expect(page.getByRole('dialog', { name: 'Account' }).getByTestId('account-name')).toHaveText('Ayu Lestari');
    await page.keyboard.press('Escape');
    await expect(avatarOf(page)).toBeFocused();

    // A tap outside closes it too; then Log out from it ends the session.
    await avatarOf(page).click();
    await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible();
    await page.mouse.click(wide ? 200 : 20, wide ? 700 : 40);
    await expect(page.getByRole('dialog', { name: 'Account' })).toHaveCount(0);
    await avatarOf(page).click();
    const logout = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/auth/logout'));
    await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Log out' }).click();
    await logout;
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => Object.keys(localStorage).filter((key) => /access_token|user_data/.test(key)))).toEqual([]);
  });
}

signedInTest('1280x800: the rail stays on Notifications, a web module and both QR screens; at 390 those keep the phone layout without tabs', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize(DESKTOP);
  for (const path of ['/notification', '/ess', '/employee-qr-scan', '/qr-location-checkin']) {
    await openSignedIn(page, path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    const rail = (await tabs(page).boundingBox())!;
    expect(rail.x, path).toBe(0);
    expect(rail.height, path).toBeGreaterThan(700);
    await expect(tabs(page).getByRole('link'), path).toHaveText(['Home', /^Chat\b/, 'Call']);
    // The screen beside the rail, not under it.
    const heading = (await page.getByRole('heading', { level: 1 }).first().boundingBox())!;
    expect(heading.x, path).toBeGreaterThanOrEqual(rail.width);
  }
  // The rail leads home from there.
  await tabs(page).getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Ayu Lestari' })).toBeVisible();

  await page.setViewportSize(PHONE);
  await openSignedIn(page, '/notification');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(tabs(page)).toBeHidden();
  await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
});

test("the forward dialog's Forward button is shown inside the window at 1280x800 (and a 1280x800 screen's browser page), at 390x844, and with a phone's keyboard open", async ({ page }) => {
  test.setTimeout(60_000);
  await signInAs(page, 'ayu.lestari', 'Ayu Lestari', { home: false });
  const message = page.getByTestId('message').filter({ hasText: 'Rekap daftar hadir tim gudang bulan ini.' });
  const sheet = page.getByRole('dialog', { name: 'Forward to' });
  const forward = sheet.getByRole('button', { name: /^Forward/ });
  const openForward = async (viewport: { width: number; height: number }) => {
    // A room of its own at each width (the wide one beside the list): opened at that width.
    await page.setViewportSize(viewport);
    await openRoom(page, DIRECT_ROOM);
    await (await openMessageActions(message)).getByRole('button', { name: 'Forward', exact: true }).click();
    await expect(forward).toBeVisible();
    await expectInsideViewport(page, forward);
    await sheet.getByTestId('forward-room').first().click();
    await expect(forward).toHaveText('Forward to 1 chat');
    await expectInsideViewport(page, forward);
  };

  await openForward(DESKTOP);
  // A 1280x800 screen leaves a browser's page about 660 px of height under its tabs and address bar.
  await page.setViewportSize({ width: 1280, height: 660 });
  await expectInsideViewport(page, forward);
  await openForward(PHONE);
  // The on-screen keyboard: the search field focused, the window what a keyboard leaves of 844 px.
  const search = sheet.getByRole('searchbox', { name: 'Search chats' });
  await search.focus();
  await page.setViewportSize({ width: 390, height: 480 });
  await expectInsideViewport(page, forward);
  await expectInsideViewport(page, search);
  await expect(forward).toBeEnabled();
});
