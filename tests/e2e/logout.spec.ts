// Logout leaves nothing behind (issue 19): Ayu leaves a draft and a message the network never took in
// her chat with Budi, logs out, and Budi signs in on the same browser. The server is told of the
// logout with Ayu's token; nothing of Ayu's is on the device any more (the chat's database, per-user
// caches), and Budi sees none of it: not her draft, not her pending message shown or sent as his, not
// her rooms.
import { expect, test, type Page } from './support/test.ts';
import { preferExample } from './support/app.ts';
import { DIRECT_ROOM, serverMessages, signInAs } from './support/chat.ts';

/** Only Ayu is in this room (the sandbox's HR chat); Budi is not. */
const AYUS_OWN_ROOM = 'Chat with HR - Ayu Lestari';

const tabs = (page: Page) => page.getByRole('navigation', { name: 'ESS Workplace' });

/** The keys of the app's storage (IndexedDB `_ionicstorage`, store `_ionickv`). */
const storedKeys = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('_ionicstorage');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const keys = db.transaction('_ionickv').objectStore('_ionickv').getAllKeys();
          keys.onsuccess = () => {
            db.close();
            resolve(keys.result.map(String));
          };
          keys.onerror = () => reject(keys.error);
        };
      }),
  );

const databaseNames = (page: Page) => page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name ?? ''));

/** The texts in one store of the chat's database, read without creating the database. */
function chatStoreTexts(page: Page, store: 'outbox' | 'drafts'): Promise<string[]> {
  return page.evaluate(
    (name) =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('ess-chat');
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction(name).objectStore(name).getAll();
          all.onsuccess = () => {
            db.close();
            resolve((all.result as Array<{ text: string }>).map((entry) => entry.text));
          };
          all.onerror = () => reject(all.error);
        };
      }),
    store,
  );
}

test('after logout the next person on the device finds nothing of the first', async ({ page, request }) => {
  test.setTimeout(60_000);
  const run = `logout-${Date.now()}`;
  const unsent = `${run} never reached the server`;
  const draft = `${run} half-typed draft`;
  // The page's timers run on a clock the test can move on (the outbox's retries), so "nothing is sent"
  // is checked over a minute of the app's time without waiting for it.
  await page.clock.install();

  // Every send after the logout, whoever makes it.
  const sendsAfterLogout: string[] = [];
  let loggedOut = false;
  page.on('request', (sent) => {
    if (loggedOut && /\/api\/(v2\/)?live-chat\/send$/.test(new URL(sent.url()).pathname)) sendsAfterLogout.push(sent.postData() ?? '');
  });

  const ayuToken = await signInAs(page, 'ayu.lestari', 'Ayu Lestari');

  // Ayu's sends get no answer from the network: the message waits in her outbox.
  await page.route('**/api/v2/live-chat/send', (route) => route.abort('internetdisconnected'));
  await tabs(page).getByRole('link', { name: /^Chat\b/ }).click();
  await page.locator(`[data-testid="chat-room-row"][data-room-uuid="${DIRECT_ROOM}"]`).click();
  await expect(page.getByTestId('message-list')).toBeVisible();
  const field = page.getByRole('textbox', { name: 'Type a message' });
  await field.fill(unsent);
  await field.press('Enter');
  await expect(page.getByTestId('message').filter({ hasText: unsent })).toHaveAttribute('data-delivery', 'waiting');
  await field.fill(draft);
  await expect.poll(() => chatStoreTexts(page, 'drafts')).toEqual([draft]);
  expect(await chatStoreTexts(page, 'outbox')).toEqual([unsent]);
  // A per-user runtime cache, as a later service-worker configuration could keep (API answers, pictures).
  await page.evaluate(async () => {
    const cache = await caches.open('ess-api-answers');
    await cache.put('/api/live-chat/home', new Response(JSON.stringify({ rooms: ['Chat with HR - Ayu Lestari'] })));
  });

  // Back to Home (in the app, the chat's database still open) and Log out.
  await page.getByRole('button', { name: 'Back' }).click();
  await tabs(page).getByRole('link', { name: 'Home', exact: true }).click();
  // Home keeps its first feed page for the next start (issue 20): Ayu's, until she leaves.
  await expect.poll(() => storedKeys(page)).toContain('home_feed');
  const logoutCall = page.waitForRequest((sent) => sent.method() === 'POST' && new URL(sent.url()).pathname === '/api/auth/logout');
  await page.getByRole('button', { name: 'Log out' }).click();
  loggedOut = true;
  await expect(page).toHaveURL(/\/login$/);
  expect((await logoutCall).headers()['authorization']).toBe(`Bearer ${ayuToken}`);

  // Nothing of Ayu's stays on the device.
  await expect.poll(() => databaseNames(page)).not.toContain('ess-chat');
  await expect.poll(async () => (await storedKeys(page)).filter((key) => ['access_token', 'user_data', 'home_feed'].includes(key))).toEqual([]);
  await expect.poll(() => page.evaluate(async () => (await caches.keys()).filter((name) => !name.startsWith('workbox-precache')))).toEqual([]);

  // Budi signs in on the same browser; the network works again.
  await page.unroute('**/api/v2/live-chat/send');
  await page.getByLabel('Employee number or username').fill('budi.santoso');
  await page.getByLabel('Password').fill('sandbox-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Budi Santoso' })).toBeVisible();

  // His chat list is his own.
  await tabs(page).getByRole('link', { name: /^Chat\b/ }).click();
  const rows = page.getByTestId('chat-room-row');
  await expect(rows.first()).toBeVisible();
  await expect(rows.filter({ hasText: AYUS_OWN_ROOM })).toHaveCount(0);

  // Their shared room shows neither Ayu's pending message (as his) nor her draft.
  await page.locator(`[data-testid="chat-room-row"][data-room-uuid="${DIRECT_ROOM}"]`).click();
  await expect(page.getByTestId('message-list')).toBeVisible();
  await expect(page.getByTestId('message').first()).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Type a message' })).toHaveValue('');
  await expect(page.getByTestId('message').filter({ hasText: run })).toHaveCount(0);

  // A minute of the app's time, past the outbox's retries (1 to 15 s): nothing of Ayu's is sent under Budi's name.
  await page.clock.runFor(60_000);
  const stored = await serverMessages(request, 'budi.santoso', DIRECT_ROOM, 2);
  expect(stored.filter((message) => message.message_content?.includes(run))).toEqual([]);
  expect(sendsAfterLogout.filter((body) => body.includes(run))).toEqual([]);
  await expect(page.getByTestId('message').filter({ hasText: run })).toHaveCount(0);
  expect(await chatStoreTexts(page, 'outbox')).toEqual([]);
  expect(await chatStoreTexts(page, 'drafts')).toEqual([]);
});

// Logout ends every tab (issue 33): Ayu has the app open in two tabs, in her chat with Budi in tab B,
// where a message waits for the network and she is typing. She logs out in tab A. Tab B shows the
// sign-in screen at once, and from then on sends nothing with her token (its outbox's retries, its live
// connections) and stores nothing (the chat's database stays deleted, no session key comes back). When
// Budi then signs in in tab A, tab B starts on his session: it never goes on acting as Ayu.
test('a logout in one tab ends the session in every tab: the other shows the sign-in screen, then sends and stores nothing', async ({ page, context, request }) => {
  test.setTimeout(90_000);
  const run = `tabs-${Date.now()}`;
  const unsent = `${run} waiting in tab B`;
  const typing = `${run} typed in tab B as Ayu left`;
  // Both tabs' timers run on a clock the test can move on (the outbox's retries, the long poll), so
  // "nothing more is sent" is checked over a minute of the app's time without waiting for it.
  await context.clock.install();

  const ayuToken = await signInAs(page, 'ayu.lestari', 'Ayu Lestari');

  // Tab B, on the same session: the chat room, where sends get no answer from the network.
  const tabB = await context.newPage();
  await preferExample(tabB, '/popup/announcement', 'example=empty');
  await tabB.route('**/api/v2/live-chat/send', (route) => route.abort('internetdisconnected'));
  await tabB.goto(`/chats/chat?uuid=${DIRECT_ROOM}`);
  await expect(tabB.getByTestId('message-list')).toBeVisible();
  const field = tabB.getByRole('textbox', { name: 'Type a message' });
  await field.fill(unsent);
  await field.press('Enter');
  await expect(tabB.getByTestId('message').filter({ hasText: unsent })).toHaveAttribute('data-delivery', 'waiting');
  expect(await chatStoreTexts(tabB, 'outbox')).toEqual([unsent]);

  // From the logout on, what tab B sends with Ayu's token, and the connections it opens.
  let loggedOut = false;
  const sentWithAyusToken: string[] = [];
  const socketsOpened: string[] = [];
  tabB.on('request', (sent) => {
    if (loggedOut && sent.headers()['authorization'] === `Bearer ${ayuToken}`) sentWithAyusToken.push(`${sent.method()} ${sent.url()}`);
  });
  tabB.on('websocket', (socket) => {
    if (loggedOut) socketsOpened.push(socket.url());
  });

  // Ayu goes on typing in tab B (its draft is saved 300 ms after the last key) and logs out in tab A.
  await field.fill(typing);
  await page.getByRole('button', { name: 'Log out' }).click();
  loggedOut = true;
  await expect(page).toHaveURL(/\/login$/);

  // Tab B shows the sign-in screen; nothing of the chat room is left to type into.
  await expect(tabB.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(tabB).toHaveURL(/\/login$/);
  await expect(tabB.getByRole('textbox', { name: 'Type a message' })).toHaveCount(0);

  // The chat's database is deleted (tab B gave its connection up) and nothing of the session is stored.
  await expect.poll(() => databaseNames(tabB)).not.toContain('ess-chat');
  // A minute of both tabs' time: the outbox's retries (1 to 15 s), the long poll (12.5 s), reconnections.
  await context.clock.runFor(60_000);
  await expect(tabB.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect(sentWithAyusToken).toEqual([]);
  expect(socketsOpened).toEqual([]);
  expect(await databaseNames(tabB)).not.toContain('ess-chat');
  expect((await storedKeys(tabB)).filter((key) => ['access_token', 'user_data', 'home_feed', 'opened_chat_room_uuid'].includes(key))).toEqual([]);
  expect(await tabB.evaluate(() => Object.keys(localStorage).filter((key) => /access_token|user_data|ess-calls/.test(key)))).toEqual([]);
  // Budi never got the message, nor anything sent as Ayu after she left.
  const stored = await serverMessages(request, 'budi.santoso', DIRECT_ROOM, 2);
  expect(stored.filter((message) => message.message_content?.includes(run))).toEqual([]);

  // Budi signs in in tab A: tab B starts again on his session.
  await page.getByLabel('Employee number or username').fill('budi.santoso');
  await page.getByLabel('Password').fill('sandbox-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Budi Santoso' })).toBeVisible();
  await expect(tabB.getByRole('heading', { name: 'Welcome, Budi Santoso' })).toBeVisible();
  expect(sentWithAyusToken).toEqual([]);
});
