// Code that cannot be fetched (the network drops just as a screen appears, or a deploy removed an old
// chunk): deferred work that fails is skipped quietly, and a screen whose own code cannot load says so
// with Retry, which loads the page again (Chromium keeps a failed module for the page's life, so the
// in-page retries of src/shared/loading help only other browsers) — never a blank page (issue 21).
import { expect, test, type Page, type Route } from './support/test.ts';
import { collectErrors, signIn } from './support/app.ts';

const tabs = (page: Page) => page.getByRole('navigation', { name: 'ESS Workplace' });
const chatSearch = (page: Page) => page.getByRole('searchbox', { name: 'Search chats' });

/** The chunks loaded after Home's first content: realtime, the badge, push, the PWA chrome… */
const DEFERRED_CHUNKS = /\/assets\/(badge-setup|realtime-setup|broadcast-connection|live-chat-socket|long-poll-status|after-start|notification-open|pwa-chrome|live-updates-notice|push-permission-control|announcement-popup)-[\w-]+\.js$/;

async function signedInHome(page: Page): Promise<void> {
  await signIn(page);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('tab', { name: 'Company-wide', selected: true })).toBeVisible();
}

test('deferred code that cannot be fetched is skipped: Home stays on screen and usable', async ({ page }) => {
  const errors = collectErrors(page);
  // What the app says once a piece of deferred work has run out of retries (src/shared/loading/retry-import.ts).
  const skipped: string[] = [];
  page.on('console', (message) => {
    const what = /^Skipped (.+): its code could not be loaded/.exec(message.text())?.[1];
    if (what) skipped.push(what);
  });
  await signedInHome(page);
  const refused: string[] = [];
  await page.route(DEFERRED_CHUNKS, (route: Route) => {
    refused.push(new URL(route.request().url()).pathname);
    return route.abort('internetdisconnected');
  });
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Company-wide', selected: true })).toBeVisible();
  // The deferred work starts after the load event and an idle moment, and is tried three times over two
  // seconds: the badge, the live connections and opening notifications are each given up.
  await expect.poll(() => refused.length).toBeGreaterThan(0);
  await expect.poll(() => [...skipped].sort()).toEqual(['opening notifications', 'the badge', 'the live connections']);
  await expect(page.getByRole('tab', { name: 'Company-wide', selected: true })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  // Still usable: the Chat tab opens its screen.
  await page.unroute(DEFERRED_CHUNKS);
  await tabs(page).getByRole('link', { name: 'Chat' }).click();
  await expect(page).toHaveURL(/\/chats$/);
  await expect(chatSearch(page)).toBeVisible();
  expect(errors.filter((error) => !/Failed to fetch|ERR_INTERNET_DISCONNECTED|dynamically imported module|Importing a module script failed/i.test(error))).toEqual([]);
});

test('a screen whose code cannot load shows an error with Try again beside the tabs, and Try again opens it once the network is back', async ({ page }) => {
  await signedInHome(page);
  let blocked = true;
  await page.route(/\/assets\/chat-list-screen-[\w-]+\.js$/, (route: Route) => (blocked ? route.abort('internetdisconnected') : route.continue()));
  await tabs(page).getByRole('link', { name: 'Chat' }).click();
  await expect(page).toHaveURL(/\/chats$/);
  await expect(page.getByRole('alert')).toHaveText('Sorry, something went wrong. Please try again later.', { timeout: 15_000 });
  // The tab bar stays: the failure is the screen's, not the app's.
  await expect(tabs(page).getByRole('link', { name: 'Home', exact: true })).toBeVisible();
  blocked = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(chatSearch(page)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});
