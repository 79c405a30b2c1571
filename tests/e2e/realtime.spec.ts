// The realtime backbone in the built app against the real mocks: events emitted through the realtime
// mock (as `npm run mock:emit` does) reach the app over each transport, the Pusher socket id goes on
// later API requests, logout closes every connection, a failed long poll shows "Live updates paused"
// with a Retry, and after an outage the app reconnects and the notice goes by itself.
import { expect, signedInTest as test, type APIRequestContext, type Page } from './support/test.ts';
import { openSignedIn } from './support/app.ts';
// This worker's realtime mock (support/stack.ts).
import { REALTIME_MOCK as MOCK } from './support/stack.ts';

const LONG_POLL_INTERVAL_MS = 12_500;
const CALL_ROUTE = /\/chat\/chat-detail\/video-call\/9001$/;
const LONG_POLL_URL = '**/api/global-long-polling/new-events';

interface Listeners {
  pusher: { connections: number; channels: Record<string, number> };
  socketIo: number;
  longPoll: number;
}

const listeners = async (request: APIRequestContext): Promise<Listeners> => (await (await request.get(`${MOCK}/__mock/listeners`)).json()) as Listeners;

async function emit(request: APIRequestContext, example: string): Promise<{ delivered: number }> {
  const response = await request.post(`${MOCK}/__mock/emit`, { data: { example } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as { delivered: number };
}

/** Opens Home with the stored session and waits until the app listens on the broadcast channels (and, optionally, the live-chat socket). */
async function signInAndConnect(page: Page, request: APIRequestContext, { liveChat = false } = {}): Promise<void> {
  await openSignedIn(page);
  await expect
    .poll(async () => {
      const now = await listeners(request);
      return (now.pusher.channels.ess_global_event ?? 0) >= 1 && (now.pusher.channels['private-ess_user.42'] ?? 0) >= 1 && (!liveChat || now.socketIo >= 1);
    })
    .toBe(true);
}

/** Every address the page was at from now on, same-document navigations (the app's router) included. */
function addressesOf(page: Page): string[] {
  const addresses: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) addresses.push(new URL(frame.url()).pathname);
  });
  return addresses;
}

/**
 * An incoming call for this user on another call (its own id, so it is no repeat of an earlier one),
 * emitted after the events a test checks on the same channel: once it rings, the app has handled the
 * events before it, in order.
 */
const MARKER_CALL_ID = 9042;
const MARKER_CALL_ROUTE = new RegExp(`/chat/chat-detail/video-call/${MARKER_CALL_ID}$`);
async function emitMarkerCall(request: APIRequestContext): Promise<void> {
  const response = await request.post(`${MOCK}/__mock/emit`, { data: { example: 'incoming-call', data: { chat_room_call_id: MARKER_CALL_ID } } });
  expect(response.ok()).toBe(true);
  expect(((await response.json()) as { delivered: number }).delivered).toBe(1);
}

/** Counts the live-chat socket's frames the page received, by what they contain. */
function liveChatFrames(page: Page): (containing: string) => number {
  const frames: string[] = [];
  page.on('websocket', (socket) => {
    if (new URL(socket.url()).pathname.startsWith('/socket.io')) socket.on('framereceived', ({ payload }) => void frames.push(String(payload)));
  });
  return (containing) => frames.filter((frame) => frame.includes(containing)).length;
}

test.beforeEach(async ({ request }) => {
  // Connections of the previous test's page close with its context; start from a quiet mock.
  await expect.poll(async () => (await listeners(request)).pusher.connections, { timeout: 10_000 }).toBe(0);
});

test('an incoming call over the broadcast socket rings the call screen; back asks, declines and returns to Home', async ({ page, request }) => {
  await signInAndConnect(page, request);
  const emitted = await emit(request, 'incoming-call');
  expect(emitted.delivered).toBe(1);
  await expect(page).toHaveURL(CALL_ROUTE);
  await expect(page.getByTestId('incoming-call')).toContainText('Rizky Pratama');
  await page.goBack();
  await expect(page.getByRole('alertdialog')).toContainText('Leave the call?');
  await page.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test("an incoming call for another user does not ring this user's app", async ({ page, request }) => {
  await signInAndConnect(page, request);
  const addresses = addressesOf(page);
  expect((await emit(request, 'incoming-call-for-another-user')).delivered).toBe(1);
  // The same channel's next event, a call for this user, rings: the one before it was handled, and never rang.
  await emitMarkerCall(request);
  await expect(page).toHaveURL(MARKER_CALL_ROUTE);
  expect(addresses.filter((path) => path.includes('/video-call/') && !MARKER_CALL_ROUTE.test(path))).toEqual([]);
});

test('polls every 12.5 s with the Pusher socket id on the request; a long-poll event reaches the app, and the same event by the socket is not handled again', async ({ page, request }) => {
  await page.clock.install();
  const firstPoll = page.waitForRequest((r) => r.url().endsWith('/api/global-long-polling/new-events'));
  await signInAndConnect(page, request);
  await firstPoll;
  expect((await listeners(request)).longPoll).toBeGreaterThanOrEqual(1);
  expect((await emit(request, 'long-poll-incoming-call')).delivered).toBeGreaterThanOrEqual(1);

  const nextPoll = page.waitForResponse((r) => r.url().endsWith('/api/global-long-polling/new-events'));
  await page.clock.fastForward(LONG_POLL_INTERVAL_MS);
  const answer = await nextPoll;
  // The broadcast socket connected before this poll: its id goes on the request (Laravel's toOthers()).
  expect(answer.request().headers()['x-socket-id']).toMatch(/^\d+\.\d+$/);
  expect(((await answer.json()) as { events: unknown[] }).events).toHaveLength(1);
  await expect(page).toHaveURL(CALL_ROUTE);
  await page.goBack();
  await expect(page).toHaveURL(/\/home$/);

  // The broadcast socket delivers the same incoming call (as the backend sends both): handled once. The
  // channel's next event, another call, rings without the repeat having rung before it.
  const addresses = addressesOf(page);
  expect((await emit(request, 'incoming-call')).delivered).toBe(1);
  await emitMarkerCall(request);
  await expect(page).toHaveURL(MARKER_CALL_ROUTE);
  expect(addresses.filter((path) => CALL_ROUTE.test(path))).toEqual([]);
});

test('a new_chat_room on the live-chat socket adds one unread message to the Chat badge, but not for the user\'s own message', async ({ page, request }) => {
  const framesOf = liveChatFrames(page);
  await signInAndConnect(page, request, { liveChat: true });
  const badge = page.getByTestId('chat-badge');
  await expect(badge).toHaveText('15'); // contract examples: 5 + 2 messages, 5 notifications, 3 approvals
  expect((await emit(request, 'new-chat-room')).delivered).toBe(1);
  await expect(badge).toHaveText('16');
  // The user's own message in a new room is not unread; someone else's in another one, right after it
  // on the same socket, is. Once the page has both and has run the tasks they queued, the badge has one more.
  expect((await emit(request, 'new-chat-room-own')).delivered).toBe(1);
  expect((await emit(request, 'new-chat-room')).delivered).toBe(1);
  await expect.poll(() => framesOf('new_chat_room')).toBe(3);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
  await expect(badge).toHaveText('17');
});

test('logout closes every connection: nobody left for the mock to deliver to', async ({ page, request }) => {
  await signInAndConnect(page, request, { liveChat: true });
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(async () => listeners(request)).toMatchObject({ pusher: { connections: 0 }, socketIo: 0 });
  expect((await emit(request, 'incoming-call')).delivered).toBe(0);
  expect((await emit(request, 'new-chat-room')).delivered).toBe(0);
});

test('a failed long poll stops the timer and shows "Live updates paused"; Retry polls again and hides it', async ({ page, request }) => {
  await page.clock.install();
  // The polls fail, but only once both sockets are up: a socket connecting after a failure polls again
  // (a sign the server is back), and here the timer alone is what is watched.
  let socketsUp: () => void = () => undefined;
  const connected = new Promise<void>((resolve) => (socketsUp = resolve));
  let failing = true;
  let polls = 0;
  await page.route(LONG_POLL_URL, async (route) => {
    polls += 1;
    if (!failing) return route.continue();
    await connected;
    return route.fulfill({ status: 500, json: { error: true, status_code: 500, error_message: 'Server error' } });
  });
  await signInAndConnect(page, request, { liveChat: true });
  socketsUp();
  const notice = page.getByRole('status').filter({ hasText: 'Live updates paused' });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('button', { name: 'Retry' })).toBeVisible();
  expect(polls).toBe(1);
  await page.clock.fastForward(LONG_POLL_INTERVAL_MS * 4); // SPEC §8: no timer any more
  await expect(notice).toBeVisible();

  // Retry polls once more (now answered by the server): the only poll after the first, so none came from a timer.
  failing = false;
  const retried = page.waitForResponse((r) => r.url().endsWith('/api/global-long-polling/new-events') && r.ok());
  await notice.getByRole('button', { name: 'Retry' }).click();
  await retried;
  await expect(page.getByText('Live updates paused')).toHaveCount(0);
  expect(polls).toBe(2);
  await signInAndConnectDone(request);
});

test('after an outage the app reconnects within 5 s, "Live updates paused" goes by itself and events arrive again', async ({ page, request }) => {
  await page.clock.install();
  await signInAndConnect(page, request, { liveChat: true });
  // The outage: the API stops answering (the next poll fails: the timer stops, SPEC §8) ...
  await page.route(LONG_POLL_URL, (route) => route.abort('connectionrefused'));
  const failed = page.waitForEvent('requestfailed', (r) => r.url().endsWith('/api/global-long-polling/new-events'));
  await page.clock.fastForward(LONG_POLL_INTERVAL_MS);
  await failed;
  const notice = page.getByRole('status').filter({ hasText: 'Live updates paused' });
  await expect(notice).toBeVisible();
  // ... and the realtime server drops every connection. Then everything comes back.
  const dropped = await request.post(`${MOCK}/__mock/disconnect`);
  expect(dropped.ok()).toBe(true);
  await page.unroute(LONG_POLL_URL);
  const started = Date.now();
  const resumed = page.waitForResponse((r) => r.url().endsWith('/api/global-long-polling/new-events') && r.ok());
  await expect
    .poll(async () => {
      const now = await listeners(request);
      return (now.pusher.channels.ess_global_event ?? 0) === 1 && now.socketIo === 1;
    }, { timeout: 5000 })
    .toBe(true);
  expect(Date.now() - started).toBeLessThan(5000);
  // Nobody taps Retry: the reconnection restarts the poll and the notice goes.
  await resumed;
  await expect(page.getByText('Live updates paused')).toHaveCount(0);
  await emit(request, 'incoming-call');
  await expect(page).toHaveURL(CALL_ROUTE);
});

test('a phone that loses its network: the failed poll pauses live updates, and they resume when it is back online', async ({ page, context, request }) => {
  await page.clock.install();
  await signInAndConnect(page, request);
  await context.setOffline(true);
  await page.clock.fastForward(LONG_POLL_INTERVAL_MS);
  const notice = page.getByRole('status').filter({ hasText: 'Live updates paused' });
  await expect(notice).toBeVisible();
  const resumed = page.waitForResponse((r) => r.url().endsWith('/api/global-long-polling/new-events') && r.ok());
  await context.setOffline(false);
  await resumed;
  await expect(page.getByText('Live updates paused')).toHaveCount(0);
});

/** The paused test's page still ends up connected (the notice is about the poll only). */
async function signInAndConnectDone(request: APIRequestContext): Promise<void> {
  await expect.poll(async () => (await listeners(request)).pusher.channels.ess_global_event ?? 0).toBeGreaterThanOrEqual(1);
}
