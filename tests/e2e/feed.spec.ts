// The home feed, the forum and their comment likes modals (SPEC §2, §4, §8) against the contract's
// mock: the announcements and likes are the contract's named examples.
import { expect, test, type Locator, type Page } from './support/test.ts';
import { collectErrors, preferExample, signIn } from './support/app.ts';

const COMPANY_WIDE_LIKES = '**/api/ess/feed/company-wide/1201/comments/89/likes';
const FORUM_LIKES = '**/api/ess/Forum/comment-likes/301';

async function signedIn(page: Page): Promise<void> {
  // The announcement pop-up would cover the feed: the mock answers "nothing to pop up".
  await preferExample(page, '**/api/popup/announcement', 'example=empty');
  await signIn(page);
  await expect(page).toHaveURL(/\/home$/);
}

const townHall = (page: Page) => page.getByRole('article', { name: 'Town hall on Friday' });
const streamedComment = (page: Page) => townHall(page).getByRole('listitem').filter({ hasText: 'Will it be streamed?' });

async function openStreamedLikes(page: Page): Promise<Locator> {
  await streamedComment(page).getByRole('button', { name: '1,234 likes' }).click();
  return page.getByRole('dialog');
}

async function expectAlert(page: Page, message: string): Promise<void> {
  const alert = page.getByRole('alertdialog');
  await expect(alert.getByRole('heading')).toHaveText('Error');
  await expect(alert.getByText(message, { exact: true })).toBeVisible();
  await alert.getByRole('button', { name: 'Ok' }).click();
  await expect(alert).toBeHidden();
}

test('the feed shows the announcements with their comments and like counts', async ({ page }) => {
  const errors = collectErrors(page);
  const feedCall = page.waitForRequest((request) => request.url().includes('/api/ess/feed?'));
  await signedIn(page);
  const url = new URL((await feedCall).url());
  expect(url.searchParams.get('group_type')).toBe('company_wide');
  expect(url.searchParams.get('page')).toBe('1');

  await expect(page.getByRole('tab', { name: 'Company-wide', selected: true })).toBeVisible();
  await expect(townHall(page)).toBeVisible();
  await expect(townHall(page)).toContainText('Dewi Kartika');
  await expect(townHall(page).locator('strong')).toHaveText('town hall');
  await expect(townHall(page).getByRole('listitem').filter({ hasText: 'See you there!' }).getByRole('button')).toHaveText('2 likes');
  await expect(streamedComment(page).getByRole('button')).toHaveText('1,234 likes');
  await expect(page.getByText('You are all caught up.')).toBeVisible();
  expect(errors.filter((error) => !error.includes('cdn.company.example'))).toEqual([]);
});

test('a returning user’s Home shows the last visit’s posts at once, while the server is asked again', async ({ page }) => {
  await signedIn(page);
  await expect(townHall(page)).toBeVisible();
  // The next start: the server holds its answer; the posts stored at this visit are painted meanwhile.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const asked: string[] = [];
  await page.route('**/api/ess/feed?*', async (route) => {
    asked.push(route.request().url());
    await held;
    await route.continue();
  });
  await page.reload();
  await expect(townHall(page)).toBeVisible();
  await expect(streamedComment(page).getByRole('button')).toHaveText('1,234 likes');
  await expect.poll(() => asked.length).toBeGreaterThan(0);
  await expect(page.getByText('Refreshing...')).toBeVisible();
  release();
  await expect(page.getByText('Refreshing...')).toBeHidden();
  await expect(townHall(page)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a comment’s likes: title, rows and Close; the feed then shows the list length', async ({ page }) => {
  await signedIn(page);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(COMPANY_WIDE_LIKES, async (route) => {
    await held;
    await route.continue();
  });
  const dialog = await openStreamedLikes(page);
  await expect(dialog.getByRole('heading')).toHaveText('1,234 likes');
  await expect(dialog.getByRole('status')).toHaveText('Loading...');
  release();

  await expect(dialog.getByRole('heading')).toHaveText('2 likes');
  const rows = dialog.getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Ayu Lestari');
  await expect(rows.nth(0)).toContainText('100234');
  await expect(rows.nth(0).getByRole('img', { name: 'Ayu Lestari' })).toBeVisible();
  await expect(rows.nth(1)).toContainText('Rizky Pratama');
  await expect(rows.nth(1)).toContainText('100871');
  await expect(rows.nth(1).getByRole('img', { name: 'Rizky Pratama' })).toHaveText('RP');

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(streamedComment(page).getByRole('button')).toHaveText('2 likes');
});

test('no likes: "0 like" and "No likes"', async ({ page }) => {
  await signedIn(page);
  await preferExample(page, COMPANY_WIDE_LIKES, 'example=empty');
  const dialog = await openStreamedLikes(page);
  await expect(dialog.getByText('No likes', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('heading')).toHaveText('0 like');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(streamedComment(page).getByRole('button')).toHaveText('0 like');
});

test('CHANGE_PASS: "Please change your password to continue." then /change-password', async ({ page }) => {
  await signedIn(page);
  await preferExample(page, COMPANY_WIDE_LIKES, 'example=changePass');
  await openStreamedLikes(page);
  await expectAlert(page, 'Please change your password to continue.');
  await expect(page).toHaveURL(/\/change-password$/);
});

for (const example of ['unauthorizedNumber', 'unauthorizedString']) {
  test(`401 in the body (${example}): "Please log in again." then /login`, async ({ page }) => {
    await signedIn(page);
    await preferExample(page, COMPANY_WIDE_LIKES, `example=${example}`);
    await openStreamedLikes(page);
    await expectAlert(page, 'Sorry, something went wrong. Please log in again.');
    await expect(page).toHaveURL(/\/login$/);
    await page.unrouteAll();
    await page.goto('/home');
    await expect(page).toHaveURL(/\/login/);
  });
}

test('an HTTP 401 on the likes ends the session', async ({ page }) => {
  await signedIn(page);
  await preferExample(page, COMPANY_WIDE_LIKES, 'code=401');
  await openStreamedLikes(page);
  await expect(page).toHaveURL(/\/login$/);
});

test('another error: "Error" with the server message, then the modal closes', async ({ page }) => {
  await signedIn(page);
  await preferExample(page, COMPANY_WIDE_LIKES, 'example=otherError');
  const dialog = await openStreamedLikes(page);
  await expectAlert(page, 'This comment has been removed.');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/home$/);
  await expect(streamedComment(page).getByRole('button')).toHaveText('1,234 likes');
});

test('a network failure: the modal closes and the default message shows', async ({ page }) => {
  await signedIn(page);
  await page.route(COMPANY_WIDE_LIKES, (route) => route.abort('internetdisconnected'));
  const dialog = await openStreamedLikes(page);
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expectAlert(page, 'Sorry, something went wrong. Please try again later.');
  await expect(page).toHaveURL(/\/home$/);
});

test('the Forum segment: a thread, its comment likes modal', async ({ page }) => {
  await signedIn(page);
  const forumCall = page.waitForRequest((request) => request.url().includes('/api/ess/Forum/threads'));
  await page.getByRole('tab', { name: 'Forum' }).click();
  await forumCall;
  const thread = page.getByRole('article', { name: 'Car-pooling to the Cikarang site' });
  await expect(thread).toContainText('Who drives from Bekasi on weekdays?');
  await expect(thread).toContainText('I do, leaving at 06:30.');
  await thread.getByRole('button', { name: '1 like' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('listitem')).toHaveCount(1);
  await expect(dialog.getByRole('heading')).toHaveText('1 like');
  await expect(dialog.getByRole('listitem')).toContainText('Rizky Pratama');
  await expect(dialog.getByRole('listitem')).toContainText('100871');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('forum likes errors follow the same rules (other error closes the modal)', async ({ page }) => {
  await signedIn(page);
  await preferExample(page, FORUM_LIKES, 'example=otherError');
  await page.getByRole('tab', { name: 'Forum' }).click();
  await page.getByRole('article', { name: 'Car-pooling to the Cikarang site' }).getByRole('button', { name: '1 like' }).click();
  await expectAlert(page, 'This comment has been removed.');
  await expect(page.getByRole('dialog')).toBeHidden();
});

test('the feed’s error state offers a retry; the empty state says so', async ({ page }) => {
  await preferExample(page, '**/api/ess/feed?*', 'code=500');
  await signedIn(page);
  const alert = page.getByRole('alert').filter({ hasText: 'The feed could not be loaded.' });
  await expect(alert).toContainText('The service is temporarily unavailable.');
  await page.unrouteAll();
  await preferExample(page, '**/api/popup/announcement', 'example=empty');
  await preferExample(page, '**/api/ess/feed?*', 'example=empty');
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('No announcements yet.')).toBeVisible();
});
