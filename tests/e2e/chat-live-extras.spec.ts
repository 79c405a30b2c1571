// Issue 24's chat extras between two windows, against the stateful chat sandbox and the realtime mock:
// "Budi is typing…" over the live-chat socket, search inside a room (a match on a page not loaded is
// opened, marked and stepped to, without the list jumping), and an urgent chat that re-notifies until read.
import { devices, expect, test, type APIRequestContext, type BrowserContext, type Page } from './support/test.ts';
import { closeWindows, DIRECT_ROOM, liveChatListeners, openRoom, send, signInAs, windowOf } from './support/chat.ts';
import { clickNotification, readyForPush, waitUntilShown } from './support/push.ts';
import { SANDBOX } from './support/stack.ts';
import { CHROMIUM_FLAGS, TEST_CHROMIUM_PATH } from '../support/chromium.ts';

test.afterEach(closeWindows);

async function tokenOf(request: APIRequestContext, username: string): Promise<string> {
  const login = await request.post('/api/auth/login', { data: { username, password: 'sandbox-password' } });
  return `Bearer ${((await login.json()) as { access_token: string }).access_token}`;
}

async function sendAs(request: APIRequestContext, bearer: string, roomUuid: string, message: string): Promise<string> {
  const answer = await request.post('/api/live-chat/send', { headers: { Authorization: bearer }, data: { chat_room_uuid: roomUuid, message } });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { message: { uuid: string } }).message.uuid;
}

const typingLine = (page: Page) => page.getByTestId('typing-indicator');
/** How long one typing signal keeps a name shown (TYPING_SHOWN_MS, src/features/chat/room/typing-indicator.tsx). */
const TYPING_SHOWN_MS = 6_000;

test('Ayu sees "Budi is typing…" while he types, never her own, and it goes when his message arrives or after 6 s', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const ayu = await windowOf(browser);
  const budi = await windowOf(browser);
  // Ayu's clock: the line's 6 s are run on it, not waited for (it runs as real time until then).
  await ayu.clock.install();
  await signInAs(ayu, 'ayu.lestari', 'Ayu Lestari', { home: false });
  await signInAs(budi, 'budi.santoso', 'Budi Santoso', { home: false });
  await openRoom(ayu, DIRECT_ROOM);
  await openRoom(budi, DIRECT_ROOM);
  await liveChatListeners(request, 2);

  const field = budi.getByRole('textbox', { name: 'Type a message' });
  await field.pressSequentially('Sebentar, saya cek', { delay: 20 });
  await expect(typingLine(ayu)).toHaveText('Budi is typing…');
  await expect(typingLine(budi)).toHaveText('');

  const text = `Sudah saya cek ${Date.now()}`;
  await field.fill(text);
  await field.press('Enter');
  await expect(ayu.getByTestId('message').filter({ hasText: text })).toBeVisible();
  await expect(typingLine(ayu)).toHaveText('');

  // Typing, then a pause without sending: the line goes by itself 6 s after his last signal. Ayu's clock
  // stands still from here, so those 6 s pass only as the test runs them; one change of his field is one signal.
  await ayu.clock.pauseAt((await ayu.evaluate(() => Date.now())) + 1_000);
  await field.fill('Satu lagi');
  await expect(typingLine(ayu)).toHaveText('Budi is typing…');
  await ayu.clock.runFor(TYPING_SHOWN_MS - 200);
  await expect(typingLine(ayu)).toHaveText('Budi is typing…');
  await ayu.clock.runFor(400);
  await expect(typingLine(ayu)).toHaveText('');
  await ayu.clock.resume();

  // Ayu typing back shows on Budi's side, not hers.
  await ayu.getByRole('textbox', { name: 'Type a message' }).pressSequentially('Oke', { delay: 20 });
  await expect(typingLine(budi)).toHaveText('Ayu is typing…');
  await expect(typingLine(ayu)).toHaveText('');
});

test('search in a room finds a match on an older page, opens it marked and in view, and steps between matches', async ({ page, request }) => {
  test.setTimeout(120_000);
  const ayu = await tokenOf(request, 'ayu.lestari');
  const budi = await tokenOf(request, 'budi.santoso');
  const word = `Kargo${Date.now().toString(36)}`;
  // The older match, then 45 messages (so it is two pages back), the newer match, and 3 more.
  const older = await sendAs(request, budi, DIRECT_ROOM, `Nomor resi ${word} untuk gudang Cikarang`);
  for (let n = 1; n <= 45; n += 1) await sendAs(request, n % 2 ? ayu : budi, DIRECT_ROOM, `Pesan pengisi ${n}`);
  const newer = await sendAs(request, ayu, DIRECT_ROOM, `Resi ${word.toLowerCase()} sudah dikirim`);
  for (let n = 1; n <= 3; n += 1) await sendAs(request, budi, DIRECT_ROOM, `Oke ${n}`);

  await signInAs(page, 'ayu.lestari', 'Ayu Lestari');
  const pagesOnTheWay = requestsOnTheWay(page, /\/live-chat\/view-chat/);
  await openRoom(page, DIRECT_ROOM);
  await expect(page.locator(`[data-message-uuid="${older}"]`)).toHaveCount(0); // not loaded

  await page.getByRole('button', { name: 'Search in this chat' }).click();
  const field = page.getByRole('searchbox', { name: 'Search in this chat' });
  await expect(field).toBeFocused();
  await field.fill(word.toUpperCase());
  const status = page.getByTestId('room-search-status');
  await expect(status).toHaveText('1 of 2');
  const newerBubble = page.locator(`[data-message-uuid="${newer}"]`);
  await expect(newerBubble).toBeInViewport();
  await expect(newerBubble.locator('mark')).toHaveText(word.toLowerCase());

  // Enter steps to the older match: its page is loaded and it is brought to the middle, marked and outlined.
  await field.press('Enter');
  await expect(status).toHaveText('2 of 2');
  const olderBubble = page.locator(`[data-message-uuid="${older}"]`);
  await expect(olderBubble).toBeInViewport();
  await expect(olderBubble.locator('mark')).toHaveText(word);
  await expect(olderBubble).toHaveClass(/highlighted/);
  // And it stays where it was brought: the list does not jump away once what the jump set off is over
  // (no page of messages on its way or being added, and the list drawn since).
  const settledAt = await olderBubble.boundingBox();
  await expect.poll(pagesOnTheWay).toBe(0);
  await expect(page.getByRole('status').filter({ hasText: 'Loading more...' })).toHaveCount(0);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const later = await olderBubble.boundingBox();
  expect(Math.abs((later?.y ?? 0) - (settledAt?.y ?? 0))).toBeLessThan(4);
  await expect(page.getByRole('button', { name: 'Back to latest' })).toBeVisible();

  // The arrows and Shift+Enter go the other way; the steps wrap.
  await page.getByRole('button', { name: 'Newer result' }).click();
  await expect(status).toHaveText('1 of 2');
  await expect(newerBubble).toBeInViewport();
  await field.press('Shift+Enter');
  await expect(status).toHaveText('2 of 2');

  await field.fill('tidak-ada-yang-menulis-ini');
  await expect(status).toHaveText('No results');
  await expect(page.locator('mark')).toHaveCount(0);

  await field.fill(word);
  await expect(status).toHaveText('1 of 2');
  await field.press('Escape');
  await expect(field).toHaveCount(0);
  await expect(page.locator('mark')).toHaveCount(0);
});

/** How many of the page's requests to `path` still wait for their answer. */
function requestsOnTheWay(page: Page, path: RegExp): () => number {
  const waiting = new Set<unknown>();
  page.on('request', (sent) => void (path.test(new URL(sent.url()).pathname) && waiting.add(sent)));
  page.on('requestfinished', (sent) => void waiting.delete(sent));
  page.on('requestfailed', (sent) => void waiting.delete(sent));
  return () => waiting.size;
}

interface SentPush {
  payload: { title: string; body: string; tag?: string; require_interaction?: boolean; renotify?: boolean; data: { target_page?: string; nav_params?: { uuid?: string } } };
}

test('a message in an urgent chat re-notifies Budi at each interval until he reads the room', async ({ playwright, baseURL, securityViolations, request }) => {
  test.setTimeout(90_000);
  let stopAfter = async () => undefined as void;
  // Short numbers for the test (the sandbox's default is 2 minutes, 10 times).
  await request.post(`${SANDBOX}/__sandbox/urgent-reminders`, { data: { interval_ms: 1500, max_reminders: 20 } });
  try {
    const ayuToken = await tokenOf(request, 'ayu.lestari');
    const created = await request.post('/api/live-chat/create-urgent-group-chat', { headers: { Authorization: ayuToken }, data: { name: `URGENT: Forklift rusak ${Date.now()}`, participants: [43] } });
    expect(created.status()).toBe(200);
    const room = ((await created.json()) as { chat_room: { uuid: string } }).chat_room.uuid;
    const tag = `urgent-${room}`;
    /** The sandbox's reminder series still running, as `roomUuid:userId`. */
    const pendingReminders = async () => ((await (await request.get(`${SANDBOX}/__sandbox/urgent-reminders`)).json()) as { pending: string[] }).pending;

    // Budi's window shows the notifications from its service worker: the full browser (the headless
    // shell the other tests run in shows none), launched for this test.
    const fullBrowser = await playwright.chromium.launch({ executablePath: TEST_CHROMIUM_PATH, args: CHROMIUM_FLAGS });
    stopAfter = () => fullBrowser.close();
    const budiContext = await fullBrowser.newContext({ ...devices['Pixel 7'], baseURL, serviceWorkers: 'allow' });
    await (securityViolations as unknown as { watch(context: BrowserContext): Promise<void> }).watch(budiContext);
    const budi = await budiContext.newPage();
    const { worker, push } = await readyForPush(budi, budi.context(), { username: 'budi.santoso', fullName: 'Budi Santoso' });
    const delivered: SentPush[] = [];
    // The push service: what the sandbox pushed to Budi, handed to his browser (headless Chromium has none).
    const deliverNew = async () => {
      const pushes = ((await (await request.get(`${SANDBOX}/__sandbox/pushes?user_id=43`)).json()) as { pushes: SentPush[] }).pushes.filter((sent) => sent.payload.tag === tag);
      for (const sent of pushes.slice(delivered.length)) {
        delivered.push(sent);
        await push(sent.payload);
      }
      return delivered.length;
    };

    await sendAs(request, ayuToken, room, 'Forklift 2 rusak di dock B, mohon segera dicek');
    await expect.poll(deliverNew).toBeGreaterThanOrEqual(1);
    expect(delivered[0]!.payload).toMatchObject({ require_interaction: true, data: { target_page: '/chats/chat', nav_params: { uuid: room } } });
    expect(delivered[0]!.payload.body).toBe('Ayu Lestari: Forklift 2 rusak di dock B, mohon segera dicek');
    // Reminders follow while he has not read it, each replacing the one before (one notification), urgent.
    await expect.poll(deliverNew, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    expect(delivered.slice(1).every((sent) => sent.payload.renotify === true)).toBe(true);
    await waitUntilShown(worker, tag);
    const shown = async () =>
      budi.evaluate(async (wanted) => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications({ tag: wanted })).map((notification) => ({ title: notification.title, requireInteraction: notification.requireInteraction }));
      }, tag);
    await expect.poll(async () => (await shown())[0]?.title ?? '').toContain('still unread');
    expect(await shown()).toHaveLength(1);
    expect((await shown())[0]!.requireInteraction).toBe(true);

    // He taps it: the room opens (through safe-path) and is read; the reminders stop.
    await clickNotification(worker, tag);
    await expect(budi).toHaveURL(new RegExp(`/chats/chat\\?uuid=${room}$`));
    await expect(budi.getByTestId('message').filter({ hasText: 'Forklift 2 rusak' })).toBeVisible();
    // His read mark reaches the sandbox, whose next reminder finds the room read: his series ends, and
    // nothing more is pushed to him.
    await expect.poll(pendingReminders, { timeout: 15_000 }).not.toContain(`${room}:43`);
    const afterReading = await deliverNew();
    expect(afterReading).toBeGreaterThanOrEqual(3);

    // His answer is urgent for Ayu in turn: she is pushed (she has not read it), he is not.
    await send(budi, 'Oke, saya ke dock B');
    await expect(budi.getByTestId('message').filter({ hasText: 'Oke, saya ke dock B' })).toHaveAttribute('data-delivery', 'sent');
    const toAyu = async () => ((await (await request.get(`${SANDBOX}/__sandbox/pushes?user_id=42`)).json()) as { pushes: SentPush[] }).pushes.filter((sent) => sent.payload.tag === tag);
    await expect.poll(async () => (await toAyu()).map((sent) => sent.payload.body)).toContain('Budi Santoso: Oke, saya ke dock B');
    // Ayu's series runs; none for him (his own message), and nothing new was pushed to him.
    expect(await pendingReminders()).toContain(`${room}:42`);
    expect(await pendingReminders()).not.toContain(`${room}:43`);
    expect(await deliverNew()).toBe(afterReading);
  } finally {
    await stopAfter();
    await request.post(`${SANDBOX}/__sandbox/urgent-reminders`, { data: { interval_ms: 120_000, max_reminders: 10 } });
  }
});
