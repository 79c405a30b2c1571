// Code that cannot be fetched (the network drops just as a screen appears, or a deploy removed an old
// chunk): deferred work that fails is skipped quietly, and a screen whose own code cannot load says so
// with Retry, which loads the page again (Chromium keeps a failed module for the page's life, so the
// in-page retries of src/shared/loading help only other browsers) — never a blank page (issue 21).
import { expect, test, type Page, type Route } from './support/test.ts';
import { collectErrors, signIn } from './support/app.ts';
import { DIRECT_ROOM, send, serverMessages, signInAs } from './support/chat.ts';
import { START_FAILED_TEXT } from '../../src/app/start.ts';

const tabs = (page: Page) => page.getByRole('navigation', { name: 'ESS Workplace' });
const chatSearch = (page: Page) => page.getByRole('searchbox', { name: 'Search chats' });

/** The chunks loaded after Home's first content: realtime, the badge, push, the PWA chrome… */
const DEFERRED_CHUNKS = /\/assets\/(badge-setup|realtime-setup|broadcast-connection|live-chat-socket|long-poll-status|session-sync|notification-open|pwa-chrome|live-updates-notice|push-permission-control|announcement-popup)-[\w-]+\.js$/;

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

test.describe('a room opened from its address, then offline (issue 35)', () => {
  // A fresh tab (the browser tests keep service workers out): no service worker has stored the app's
  // code, so what was not fetched before the network went cannot be fetched until it returns.
  test('stays on screen with a working composer: a part whose code cannot load is left out and comes back online, and a message typed offline is sent once', async ({ page, context, request }) => {
    test.setTimeout(60_000);
    const errors = collectErrors(page);
    const leftOut: string[] = [];
    page.on('console', (message) => {
      const what = /^Left out (.+): it could not be loaded/.exec(message.text())?.[1];
      if (what) leftOut.push(what);
    });
    await signInAs(page, 'ayu.lestari', 'Ayu Lestari', { home: false });
    // The network goes as the room's first page shows: what the app asks for from then on fails, and
    // so, whenever the app asks, does the code it loads after its first content (its search button,
    // menu and sheets, who is typing, the offline banner).
    let cut = false;
    let online = false;
    const afterFirstContent = /\/assets\/(room-search-button|menu|room-sheets|typing-indicator|pwa-chrome)-[\w-]+\.js$/;
    await page.route(/\/assets\/.+\.(js|css)$/, (route: Route) => (cut || (afterFirstContent.test(route.request().url()) && !online) ? route.abort('internetdisconnected') : route.continue()));
    await page.goto(`/chats/chat?uuid=${DIRECT_ROOM}`);
    await expect(page.getByTestId('message').first()).toBeVisible();
    cut = true;
    await context.setOffline(true);
    // The parts that load after the room's first content (its search button, menu and dialogs, who is
    // typing, the offline banner…) cannot: each is left out, after its retries.
    await expect.poll(() => leftOut, { timeout: 15_000 }).toContain('the room search button');
    await expect(page.getByRole('alert').filter({ hasText: 'Sorry, something went wrong' })).toHaveCount(0);
    await expect(page.getByTestId('room-title')).toHaveText('Budi Santoso');

    // The sends that reached the server (one tried while offline fails before it leaves the browser).
    const sends: string[] = [];
    page.on('requestfinished', (sent) => {
      if (sent.method() === 'POST' && /\/api\/(v2\/)?live-chat\/send$/.test(new URL(sent.url()).pathname)) sends.push(sent.postData() ?? '');
    });
    const text = `typed offline ${Date.now()}`;
    await send(page, text);
    const bubble = page.getByTestId('message').filter({ hasText: text });
    await expect(bubble).toHaveAttribute('data-delivery', 'waiting');

    cut = false;
    online = true;
    await context.setOffline(false);
    await expect(bubble).toHaveAttribute('data-delivery', 'sent', { timeout: 20_000 });
    // The search button's code comes once the browser is online again.
    await expect(page.getByRole('button', { name: 'Search in this chat' })).toBeVisible({ timeout: 15_000 });
    expect(sends.filter((body) => body.includes(text))).toHaveLength(1);
    expect((await serverMessages(request, 'ayu.lestari', DIRECT_ROOM)).filter((message) => message.message_content === text)).toHaveLength(1);
    expect(errors.filter((error) => !/Failed to fetch|ERR_INTERNET_DISCONNECTED|dynamically imported module|Importing a module script failed|Failed to load resource/i.test(error))).toEqual([]);
  });
});

test('when the renderer’s code cannot load at the start, the start screen says so with Try again, which starts the app once the network is back', async ({ page }) => {
  await signedInHome(page);
  let blocked = true;
  await page.route(/\/assets\/render-[\w-]+\.js$/, (route: Route) => (blocked ? route.abort('internetdisconnected') : route.continue()));
  await page.reload();
  const notice = page.getByRole('alert');
  await expect(notice).toContainText(START_FAILED_TEXT);
  // Not a spinner for ever: the start has given up, and says what to do.
  await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
  blocked = false;
  await notice.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('tab', { name: 'Company-wide', selected: true })).toBeVisible();
});
