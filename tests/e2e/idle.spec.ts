// What each main screen costs while nobody touches it. A signed-in employee opens a screen, waits until
// it has settled with its realtime connections up, and leaves it: first 15 s of real time (a loop driven
// by the server's answers and events, a read mark answered by its own echo, shows within it), then a
// minute of the page's clock run at once (every timer the screen set fires as it would in that minute),
// and then the page is left until it is quiet again in real time, so what those timers started, and
// anything the answers and events set off in turn, is counted with them. A loop never gets quiet: its
// requests pile up against the allowance.
// Counted: the HTTP requests the page makes. Allowed: the long poll (SPEC §9: one every 12.5 s) and what
// a visible timer must fetch (a call in progress checks the call's status every 15 s); nothing else. The
// counts are printed, and recorded as figures for `npm test`'s summary.
import { recordFigure } from '../support/figures.ts';
import { DIRECT_ROOM, GROUP_ROOM, REALTIME_MOCK, signInAs } from './support/chat.ts';
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from './support/test.ts';

// A sign-in, a screen settling, 15 s, a minute of the page's clock and settling again; two windows and a call for the call.
test.setTimeout(105_000);

const LONG_POLL = 'GET /api/global-long-polling/new-events';
const LONG_POLL_MS = 12_500;
const CLOCK_IDLE_MS = 60_000;
/** Real time left idle before the clock is run: what the server's events set going shows within it. */
const REAL_IDLE_MS = 15_000;
/** The screen has settled once no request (but the long poll) has gone for this long. */
const SETTLED_AFTER_MS = 2_500;
/** How long settling may take before the counts are checked anyway (a loop never settles; its requests are then counted). */
const SETTLING_AT_MOST_MS = 20_000;

interface Sent {
  at: number;
  /** "METHOD /path", without the query. */
  call: string;
}

/** Every fetch and XMLHttpRequest the page sends from now on. */
function recordRequests(page: Page): Sent[] {
  const sent: Sent[] = [];
  page.on('request', (request) => {
    if (request.resourceType() !== 'fetch' && request.resourceType() !== 'xhr') return;
    sent.push({ at: Date.now(), call: `${request.method()} ${new URL(request.url()).pathname}` });
  });
  return sent;
}

/**
 * Waits until no request but the long poll has gone for SETTLED_AFTER_MS, counted from now at the
 * earliest: what loading the screen, or what just happened, started is over. A page that never gets
 * quiet (a loop) is left after SETTLING_AT_MOST_MS: the counts that follow then show what it sent.
 */
async function settled(sent: Sent[]): Promise<void> {
  const since = Date.now();
  const quietFor = () => Date.now() - Math.max(since, sent.filter((request) => request.call !== LONG_POLL).at(-1)?.at ?? 0);
  await expect
    .poll(() => quietFor() > SETTLED_AFTER_MS || Date.now() - since > SETTLING_AT_MOST_MS, { timeout: SETTLING_AT_MOST_MS + 5_000, intervals: [250] })
    .toBe(true);
}

/**
 * Waits until the realtime connections of `apps` apps are up: their live-chat sockets and the user's
 * broadcast channel (`apps`: how many of the user's apps are open, this one the last).
 */
async function realtimeUp(request: APIRequestContext, userId: number, apps = 1): Promise<void> {
  await expect
    .poll(
      async () => {
        const listeners = (await (await request.get(`${REALTIME_MOCK}/__mock/listeners`)).json()) as { socketIo: number; pusher: { channels: Record<string, number> } };
        return listeners.socketIo >= apps && (listeners.pusher.channels[`private-ess_user.${userId}`] ?? 0) >= apps;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}

/** Requests by call, e.g. { 'GET /api/global-long-polling/new-events': 2 }. */
const countByCall = (sent: readonly Sent[]) => sent.reduce<Record<string, number>>((counts, { call }) => ({ ...counts, [call]: (counts[call] ?? 0) + 1 }), {});

/** What an idle screen may send in `ms`: the long poll, and what its visible timers must fetch. */
function allowance(ms: number, timers: ReadonlyArray<{ call: RegExp; everyMs: number }>) {
  const within = (everyMs: number) => Math.ceil(ms / everyMs) + 1;
  return (call: string) => (call === LONG_POLL ? within(LONG_POLL_MS) : timers.filter((timer) => timer.call.test(call)).reduce((sum, timer) => sum + within(timer.everyMs), 0));
}

/**
 * Leaves the page idle (a minute of its clock, then until it is quiet) and checks its requests in that
 * time against what is allowed: the long poll, and what its visible `timers` must fetch.
 */
async function expectIdle(page: Page, sent: Sent[], screen: string, timers: ReadonlyArray<{ call: RegExp; everyMs: number }> = []): Promise<void> {
  await settled(sent);
  const from = sent.length;
  // The measure itself, not a wait for something: 15 s in which nobody touches the page.
  await new Promise((resolve) => setTimeout(resolve, REAL_IDLE_MS));
  const realCounts = countByCall(sent.slice(from));
  await page.clock.runFor(CLOCK_IDLE_MS);
  await settled(sent);
  const counts = countByCall(sent.slice(from));
  const allowed = allowance(REAL_IDLE_MS + CLOCK_IDLE_MS, timers);
  const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
  console.log(`idle ${screen}: 15 s of real time ${JSON.stringify(realCounts)}; with a minute of clock after it: ${total} request(s) ${JSON.stringify(counts)}`);
  for (const [call, count] of Object.entries(counts)) expect.soft(count, `${screen}, 15 s and a minute of clock: ${call}`).toBeLessThanOrEqual(allowed(call));
  recordFigure(`idle requests: ${screen} (15 s, then a minute of clock)`, total, 'requests');
  expect(test.info().errors).toEqual([]);
}

const AYU = { username: 'ayu.lestari', name: 'Ayu Lestari', id: 42 };
const BUDI = { username: 'budi.santoso', name: 'Budi Santoso', id: 43 };

/**
 * Ayu, signed in, with her page's clock installed (it runs as real time until a test runs it on).
 * `apps`: how many of her apps are open with this one.
 */
async function ayuAt(page: Page, request: APIRequestContext, path: string, apps = 1): Promise<Sent[]> {
  await page.clock.install();
  const sent = recordRequests(page);
  await signInAs(page, AYU.username, AYU.name, { home: path === '/home' });
  if (path !== '/home') await page.goto(path);
  await realtimeUp(request, AYU.id, apps);
  return sent;
}

const SCREENS: Array<{ screen: string; path: string; shown: (page: Page) => Promise<void> }> = [
  { screen: 'Home', path: '/home', shown: (page) => expect(page.getByRole('heading', { name: `Welcome, ${AYU.name}` })).toBeVisible() },
  { screen: 'the chat list', path: '/chats', shown: (page) => expect(page.getByRole('link', { name: /Budi Santoso/ }).first()).toBeVisible() },
  { screen: 'a direct room', path: `/chats/chat?uuid=${DIRECT_ROOM}`, shown: (page) => expect(page.getByTestId('message').first()).toBeVisible() },
  { screen: 'a group room', path: `/chats/chat?uuid=${GROUP_ROOM}`, shown: (page) => expect(page.getByTestId('message').first()).toBeVisible() },
  { screen: 'the Call tab', path: '/call', shown: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible() },
  { screen: 'notifications', path: '/notification', shown: (page) => expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible() },
];

// Each screen in a window of its own (a browser context: its own storage, connections and clock), all
// left idle at the same time: their waits for quiet overlap instead of following one another. All are
// open before any is left idle, and each waits for quiet before its minute is counted, so what opening
// one set off in another (a room read on the server, then in Ayu's other apps) is over by then.
test(`${SCREENS.map(({ screen }) => screen).join(', ')}: each left idle sends nothing but the long poll`, async ({ browser, request }) => {
  test.setTimeout(165_000); // Six sign-ins one after another, then 15 s, a minute of each clock and the waits for quiet.
  const contexts: BrowserContext[] = [];
  try {
    const windows: Array<{ screen: string; page: Page; sent: Sent[] }> = [];
    for (const { screen, path, shown } of SCREENS) {
      const context = await browser.newContext();
      contexts.push(context);
      const page = await context.newPage();
      const sent = await ayuAt(page, request, path, windows.length + 1);
      await shown(page);
      windows.push({ screen, page, sent });
    }
    await Promise.all(windows.map(({ page, sent, screen }) => expectIdle(page, sent, screen)));
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
});

test('an open room: a live message from Budi is marked read once, and the chat home is fetched at most once for it', async ({ page, request }) => {
  const sent = await ayuAt(page, request, `/chats/chat?uuid=${DIRECT_ROOM}`);
  await expect(page.getByTestId('message').first()).toBeVisible();
  await settled(sent);
  const from = sent.length;
  await sendAs(request, BUDI.username, DIRECT_ROOM, 'Sudah di ruang rapat?');
  await expect(page.getByTestId('message').filter({ hasText: 'Sudah di ruang rapat?' })).toBeVisible();
  // The read mark's 1 s debounce and the chat home's 1 s debounce, then quiet.
  await settled(sent);
  const counts = countByCall(sent.slice(from));
  console.log(`a live message into the open room: ${JSON.stringify(counts)}`);
  expect(counts['POST /api/v2/live-chat/read-message']).toBe(1);
  expect(counts['GET /api/live-chat/home'] ?? 0).toBeLessThanOrEqual(1);
  expect(counts['POST /api/v2/live-chat/pin-message-list'] ?? 0).toBe(0);
  expect(counts['POST /api/v2/live-chat/view-chat'] ?? 0).toBe(0);
});

test('a hidden tab keeps only the long poll (which keeps incoming calls working): an open room sends nothing else', async ({ page, request }) => {
  const sent = await ayuAt(page, request, `/chats/chat?uuid=${DIRECT_ROOM}`);
  await expect(page.getByTestId('message').first()).toBeVisible();
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expectIdle(page, sent, 'a direct room in a hidden tab');
});

test('a call in progress checks only the call\'s status (every 15 s) beside the long poll', async ({ browser, request }) => {
  // Two windows with the camera and microphone allowed (the browser's fake devices).
  const windows: BrowserContext[] = [];
  try {
    const window = async () => {
      const context = await browser.newContext({ permissions: ['camera', 'microphone'] });
      windows.push(context);
      return context.newPage();
    };
    const page = await window();
    const sent = await ayuAt(page, request, `/chats/chat?uuid=${DIRECT_ROOM}`);
    const budi = await budiWindow(await window(), request);
    await page.getByTestId('room-video-call').click();
    await expect(budi.getByTestId('incoming-call')).toBeVisible({ timeout: 15_000 });
    await budi.getByRole('button', { name: 'Accept' }).click();
    await expect(page.getByTestId('call-screen')).toHaveAttribute('data-phase', 'in-call', { timeout: 15_000 });
    await expectIdle(page, sent, 'a call in progress', [{ call: /^GET \/api\/live-chat\/chat-room-calls\/\d+$/, everyMs: 15_000 }]);
  } finally {
    await Promise.all(windows.map((context) => context.close()));
  }
});

async function budiWindow(budi: Page, request: APIRequestContext): Promise<Page> {
  await signInAs(budi, BUDI.username, BUDI.name);
  await expect
    .poll(async () => (((await (await request.get(`${REALTIME_MOCK}/__mock/listeners`)).json()) as { pusher: { channels: Record<string, number> } }).pusher.channels[`private-ess_user.${BUDI.id}`] ?? 0), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(1);
  return budi;
}

/** Sends a message into a room as another employee, through the API (as their app would). */
async function sendAs(request: APIRequestContext, username: string, roomUuid: string, text: string): Promise<void> {
  const login = await request.post('/api/auth/login', { data: { username, password: 'sandbox-password' } });
  const token = ((await login.json()) as { access_token: string }).access_token;
  const answer = await request.post('/api/v2/live-chat/send', { headers: { Authorization: `Bearer ${token}` }, data: { chat_room_uuid: roomUuid, message: text } });
  expect(answer.ok()).toBe(true);
}

test('opening the chat list from Home fetches the chat home at most once (the badge fetched it moments ago)', async ({ page, request }) => {
  const sent = await ayuAt(page, request, '/home');
  await expect(page.getByRole('heading', { name: `Welcome, ${AYU.name}` })).toBeVisible();
  await settled(sent);
  const from = sent.length;
  // From Home's tab bar, as an employee opens the list (the app is running, its realtime connected).
  await page.getByRole('navigation', { name: 'ESS Workplace' }).getByRole('link', { name: /^Chat\b/ }).click();
  await expect(page.getByRole('link', { name: /Budi Santoso/ }).first()).toBeVisible();
  await settled(sent);
  const counts = countByCall(sent.slice(from));
  console.log(`opening the chat list: ${JSON.stringify(counts)}`);
  expect(counts['GET /api/live-chat/home'] ?? 0).toBeLessThanOrEqual(1);
});

test('a start on the chat list fetches the chat home once: the list, the badge and the live-chat socket share that answer', async ({ page, request }) => {
  const sent = await ayuAt(page, request, '/chats');
  await expect(page.getByRole('link', { name: /Budi Santoso/ }).first()).toBeVisible();
  await settled(sent);
  const counts = countByCall(sent);
  console.log(`a start on the chat list: ${JSON.stringify(counts)}`);
  expect(counts['GET /api/live-chat/home']).toBe(1);
});
