// Call history between two employees (issue 23, item 4), against the stateful sandbox and the realtime
// mock: Ayu calls Budi in their direct room and Budi declines; the call's line comes into the room live
// for both ("Video call · Declined", a centred line with a phone icon and no message menu), Budi's chat
// list previews it, both find the call in the Call tab's recent calls (Ayu's outgoing, Budi's incoming),
// and Budi's call back from that list rings Ayu.
import { expect, test, type APIRequestContext, type Browser, type Page } from './support/test.ts';
import { CHROMIUM_FLAGS, TEST_CHROMIUM_PATH } from '../support/chromium.ts';
import { fakeMediaFlags } from '../support/fake-camera.ts';
import { DIRECT_ROOM, REALTIME_MOCK, liveChatListeners, openRoom, signInAs } from './support/chat.ts';
import { expectCallEnded, recordCallEnds } from './support/call-ended.ts';

test.use({ launchOptions: { executablePath: TEST_CHROMIUM_PATH, args: [...CHROMIUM_FLAGS, ...fakeMediaFlags()] } });
// Two sign-ins, two calls.
test.setTimeout(60_000);

const CALL_ROUTE = /\/chat\/chat-detail\/video-call\/(\d+)$/;
const AYU = { username: 'ayu.lestari', name: 'Ayu Lestari', id: 42 };
const BUDI = { username: 'budi.santoso', name: 'Budi Santoso', id: 43 };

interface Listeners {
  pusher: { connections: number; channels: Record<string, number> };
}
const listeners = async (request: APIRequestContext) => (await (await request.get(`${REALTIME_MOCK}/__mock/listeners`)).json()) as Listeners;

const windows: Array<{ close(): Promise<void> }> = [];
test.afterEach(async () => {
  await Promise.all(windows.splice(0).map((context) => context.close()));
});
// The previous test's windows are gone from the mock too, so "listening" below means this test's windows.
test.beforeEach(async ({ request }) => {
  await expect.poll(async () => (await listeners(request)).pusher.connections, { timeout: 10_000 }).toBe(0);
});

/** A signed-in employee's window with camera and microphone allowed, listening for calls. */
async function employee(browser: Browser, request: APIRequestContext, who: typeof AYU): Promise<Page> {
  const context = await browser.newContext({ permissions: ['camera', 'microphone'] });
  windows.push(context);
  const page = await context.newPage();
  await recordCallEnds(page);
  await signInAs(page, who.username, who.name);
  await expect.poll(async () => (await listeners(request)).pusher.channels[`private-ess_user.${who.id}`] ?? 0, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
  return page;
}

const callLines = (page: Page) => page.locator('[data-testid="message"][data-kind="call"]');

test('a declined call leaves its line in the room for both, shows in both Call tabs, and a call back from the list rings again', async ({ browser, request }) => {
  const ayu = await employee(browser, request, AYU);
  const budi = await employee(browser, request, BUDI);
  await openRoom(budi, DIRECT_ROOM);
  await openRoom(ayu, DIRECT_ROOM);
  await liveChatListeners(request, 2);
  const before = await callLines(ayu).count();
  expect(await callLines(budi).count()).toBe(before);

  await ayu.getByTestId('room-video-call').click();
  await expect(ayu).toHaveURL(CALL_ROUTE);
  await expect(budi.getByTestId('incoming-call')).toContainText('Ayu Lestari');
  await budi.getByRole('button', { name: 'Decline' }).click();
  await expectCallEnded(budi, 'You declined the call');
  await expectCallEnded(ayu, 'Call ended');

  // Both are back in the room, where the line has come in live.
  for (const page of [ayu, budi]) {
    await expect(page).toHaveURL(/\/chats\/chat\?uuid=/, { timeout: 10_000 });
    await expect(callLines(page)).toHaveCount(before + 1);
    const line = callLines(page).last();
    await expect(line).toContainText('Video call · Declined');
    await expect(line.locator('svg.lucide-phone')).toHaveCount(1);
    await expect(line.getByRole('button')).toHaveCount(0);
  }

  // Budi's chat list previews it.
  await budi.goto('/chats');
  await expect(budi.locator(`[data-testid="chat-room-row"][data-room-uuid="${DIRECT_ROOM}"]`)).toContainText('Video call · Declined');

  // The Call tab opens on the recent calls: Ayu's outgoing call, Budi's declined incoming one.
  await ayu.goto('/call');
  await expect(ayu.getByRole('tab', { name: 'Recent' })).toHaveAttribute('aria-selected', 'true');
  const ayusCall = ayu.getByTestId('recent-call').first();
  await expect(ayusCall).toContainText('Budi Santoso');
  await expect(ayusCall).toContainText('Outgoing · Declined');
  await budi.goto('/call');
  const budisCall = budi.getByTestId('recent-call').first();
  await expect(budisCall).toContainText('Ayu Lestari');
  await expect(budisCall).toContainText('Declined');

  // Budi calls back from the list: a new call, ringing Ayu.
  await budisCall.getByRole('button', { name: 'Call back Ayu Lestari' }).click();
  await expect(budi).toHaveURL(CALL_ROUTE);
  await expect(ayu).toHaveURL(CALL_ROUTE);
  await expect(ayu.getByTestId('incoming-call')).toContainText('Budi Santoso');
  await budi.getByRole('button', { name: 'Hang up' }).click();
  await expectCallEnded(ayu);
});
