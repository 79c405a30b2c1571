// The home feed (SPEC §2, §4, §8) as journeys through the built app, nginx and the contract's mock: the
// feed's call and what it paints, a comment's likes modal changing the feed's count, and a returning
// user's Home painted from the last visit while the server is asked again. The modal's texts and states
// ("0 like" and "No likes", loading, every error and 401 in the body), the Forum segment and the feed's
// error and empty states are component tests: src/features/feed/comment-likes-modal.test.tsx,
// src/features/forum/forum-comment-likes-modal.test.tsx and src/app/home/home-feed.test.tsx.
import { expect, signedInTest as test, type Page } from './support/test.ts';
import { collectErrors, openSignedIn } from './support/app.ts';

const townHall = (page: Page) => page.getByRole('article', { name: 'Town hall on Friday' });
/** A comment's likes button (SPEC §2's modal), not its like toggle ("Like this comment"). */
const LIKES = /^[\d,]+ likes?$/;
const streamedComment = (page: Page) => townHall(page).getByRole('listitem').filter({ hasText: 'Will it be streamed?' });

test('the feed shows the announcements with their comments and like counts; a comment’s likes modal lists them and the feed takes its count', async ({ page }) => {
  const errors = collectErrors(page);
  const feedCall = page.waitForRequest((request) => request.url().includes('/api/ess/feed?'));
  await openSignedIn(page);
  const url = new URL((await feedCall).url());
  expect(url.searchParams.get('group_type')).toBe('company_wide');
  expect(url.searchParams.get('page')).toBe('1');

  await expect(page.getByRole('tab', { name: 'Company-wide', selected: true })).toBeVisible();
  await expect(townHall(page)).toBeVisible();
  await expect(townHall(page)).toContainText('Dewi Kartika');
  await expect(townHall(page).locator('strong')).toHaveText('town hall');
  await expect(townHall(page).getByRole('listitem').filter({ hasText: 'See you there!' }).getByRole('button', { name: LIKES })).toHaveText('2 likes');
  await expect(page.getByText('You are all caught up.')).toBeVisible();

  await streamedComment(page).getByRole('button', { name: '1,234 likes' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading')).toHaveText('2 likes');
  const rows = dialog.getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Ayu Lestari');
  await expect(rows.nth(1)).toContainText('Rizky Pratama');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(streamedComment(page).getByRole('button', { name: LIKES })).toHaveText('2 likes');
  expect(errors.filter((error) => !error.includes('cdn.company.example'))).toEqual([]);
});

test('a returning user’s Home shows the last visit’s posts at once, while the server is asked again', async ({ page }) => {
  // The stored session holds the first feed page of its last visit; the server holds its answer meanwhile.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const asked: string[] = [];
  await page.route('**/api/ess/feed?*', async (route) => {
    asked.push(route.request().url());
    await held;
    await route.continue();
  });
  await openSignedIn(page);
  await expect(townHall(page)).toBeVisible();
  await expect(streamedComment(page).getByRole('button', { name: LIKES })).toHaveText('1,234 likes');
  await expect.poll(() => asked.length).toBeGreaterThan(0);
  await expect(page.getByText('Refreshing...')).toBeVisible();
  release();
  await expect(page.getByText('Refreshing...')).toBeHidden();
  await expect(townHall(page)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('Home’s Services below the feed are drawn only as they near the screen, and a full-page screenshot shows every tile', async ({ page }) => {
  // A feed of four times the mock's posts, as a company's first page is: the Services are far below it.
  await page.route(/\/api\/ess\/feed\?/, async (route) => {
    const response = await route.fetch();
    const feed = (await response.json()) as { data: { id: number }[] };
    await route.fulfill({ response, json: { ...feed, data: [0, 1, 2, 3].flatMap((copy) => feed.data.map((post) => ({ ...post, id: post.id + copy * 10_000 }))) } });
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await openSignedIn(page);
  const grid = page.getByRole('region', { name: 'Services' }).getByRole('list');
  const tile = grid.getByRole('link', { name: 'Online meetings' });
  await expect(tile).toBeAttached();
  // Far below the feed: in the page (found by search and assistive technology) but not styled, laid out or painted.
  const drawn = () => tile.evaluate((element) => element.checkVisibility({ contentVisibilityAuto: true }));
  await expect.poll(drawn).toBe(false);

  // A full-page picture draws it: the grid's area holds the tiles' icons and labels, not an empty space.
  const box = (await grid.boundingBox())!;
  const picture = (await page.screenshot({ fullPage: true })).toString('base64');
  // The picture is read in the page (a canvas), counting the colours inside the grid's box.
  const colours = await page.evaluate(async ({ picture, box }) => {
    const image = await createImageBitmap(new Blob([Uint8Array.from(atob(picture), (character) => character.charCodeAt(0))], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(image.width, image.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(Math.round(box.x), Math.round(box.y), Math.round(box.width), Math.round(Math.min(box.height, image.height - box.y))).data;
    const seen = new Set<number>();
    for (let index = 0; index < pixels.length; index += 4) seen.add((pixels[index]! << 16) | (pixels[index + 1]! << 8) | pixels[index + 2]!);
    return seen.size;
  }, { picture, box });
  expect(colours).toBeGreaterThan(50);

  await tile.scrollIntoViewIfNeeded();
  await expect(tile).toBeVisible();
  await expect.poll(drawn).toBe(true);
});
