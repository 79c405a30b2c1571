import { expect, test, type Locator, type Page } from './support/test.ts';
import { signIn } from './support/app.ts';

// The offline banner takes its own space at the top: it never covers a screen's header, so Back can be
// tapped while offline (issue 21). At a small phone's viewport, where a covered header was first seen.
test.use({ viewport: { width: 390, height: 844 } });

const OFFLINE_BANNER = 'You are offline. Some content may be out of date.';

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found).not.toBeNull();
  return found!;
}

/** The element the browser would hit at the middle of `locator` is `locator` itself (or inside it). */
async function isTopmostAtCentre(page: Page, locator: Locator): Promise<boolean> {
  const { x, y, width, height } = await box(locator);
  const handle = await locator.elementHandle();
  return page.evaluate(([point, element]) => element!.contains(document.elementFromPoint(point.x, point.y)), [{ x: x + width / 2, y: y + height / 2 }, handle] as const);
}

test('offline, the banner sits above the screen header, and Back can be tapped and goes back', async ({ page, context }) => {
  await signIn(page);
  await expect(page).toHaveURL(/\/home$/);
  await page.getByRole('link', { name: 'Online meetings' }).click();
  const heading = page.getByRole('heading', { level: 1, name: 'Online meetings' });
  await expect(heading).toBeVisible();
  const header = page.locator('header').filter({ has: heading });
  const headerOnline = await box(header);

  await context.setOffline(true);
  const banner = page.getByRole('status').filter({ hasText: OFFLINE_BANNER });
  await expect(banner).toBeVisible();

  const back = header.getByRole('button', { name: 'Back' });
  expect(await isTopmostAtCentre(page, back)).toBe(true);

  // The banner and the header do not overlap: the header moved down below the banner.
  const bannerBox = await box(banner);
  const headerBox = await box(header);
  expect(bannerBox.y).toBe(0);
  expect(headerBox.y).toBeGreaterThanOrEqual(bannerBox.y + bannerBox.height - 0.5);
  expect(headerBox.height).toBe(headerOnline.height);
  // The page still fits the viewport: nothing is pushed out at the bottom.
  expect(await page.evaluate(() => document.scrollingElement!.scrollHeight)).toBeLessThanOrEqual(844);

  await back.click({ timeout: 5_000 });
  await expect(page).toHaveURL(/\/home$/);

  // Back online, the banner goes and the screens have the whole viewport again.
  await context.setOffline(false);
  await expect(page.getByText(OFFLINE_BANNER)).toBeHidden();
  await page.getByRole('link', { name: 'Online meetings' }).click();
  await expect(heading).toBeVisible();
  expect((await box(header)).y).toBe(headerOnline.y);
});
