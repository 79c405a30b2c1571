// A group call through Janus: four employees in one call of the sandbox's "All Hands" group, each in
// their own browser context with Chromium's fake camera and microphone, every stream through this
// worker's Janus (tests/e2e/support/stack.ts starts one beside the mocks; the sandbox creates the call's
// VideoRoom room and gives each member its token). Two answer the ring and every screen decodes the
// others it shows; one leaves (the call goes on) and joins again from the group's call button; a fourth,
// whose app was closed when it rang, joins mid-call, and everyone decodes everyone. A screen shared from
// the caller's desktop window reaches a phone as the large tile; one phone's app, tampered with to write
// another member's id in its display, still shows as itself (who is who comes from the call's roster, by
// the feed id the server gave); the caller's hang-up ends the call for all.
// A bigger room (a seventh joining a call of six, everyone seeing everyone) is `npm run bench -- --only sfu`
// (scripts/bench/sfu.ts), with the same client against a real Janus.
import type { BrowserContextOptions } from '@playwright/test';
import { expect, test, type APIRequestContext, type Browser, type Page } from './support/test.ts';
import { REALTIME_MOCK, signInAs } from './support/chat.ts';
import { expectCallEnded, recordCallEnds } from './support/call-ended.ts';

// Four sign-ins, four cameras and a media server on two cores, alone on its worker (npm test's own step):
// about a minute and a half there, more beside other work.
test.setTimeout(300_000);

const ALL_HANDS = 'a11a4d5e-6b7c-4d8e-9f0a-1b2c3d4e5f60';
const CALL_ROUTE = /\/chat\/chat-detail\/video-call\/(\d+)$/;

interface Person {
  username: string;
  name: string;
  id: number;
}
const person = (id: number, first: string, last: string): Person => ({ id, name: `${first} ${last}`, username: `${first}.${last}`.toLowerCase() });
const AYU = person(42, 'Ayu', 'Lestari');
const BUDI = person(43, 'Budi', 'Santoso');
const RIZKY = person(57, 'Rizky', 'Pratama');
// Not open when the call rings: joins it mid-call.
const SITI = person(61, 'Siti', 'Rahmawati');
/** A desktop window (a phone cannot share its screen). */
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false };

/**
 * A tampered app: every display its Janus requests carry (join, publish, configure) is replaced by
 * `forged` before it leaves the page, as a member who edits their own app could. Counts what it forged.
 */
function forgeJanusDisplay(forged: string) {
  const send = WebSocket.prototype.send;
  const counted = window as unknown as { forgedDisplays: number };
  counted.forgedDisplays = 0;
  WebSocket.prototype.send = function (this: WebSocket, data: string | ArrayBufferLike | Blob | ArrayBufferView) {
    if (typeof data === 'string' && this.protocol === 'janus-protocol') {
      try {
        const message = JSON.parse(data) as { body?: { display?: unknown } };
        if (typeof message.body?.display === 'string') {
          message.body.display = forged;
          counted.forgedDisplays += 1;
          return send.call(this, JSON.stringify(message));
        }
      } catch {
        // Not JSON: sent as it is.
      }
    }
    return send.call(this, data);
  };
}

async function employee(browser: Browser, request: APIRequestContext, who: Person, device: BrowserContextOptions = {}, forgedDisplay?: string): Promise<Page> {
  const context = await browser.newContext({ permissions: ['camera', 'microphone'], ...device });
  if (forgedDisplay) await context.addInitScript(forgeJanusDisplay, forgedDisplay);
  const page = await context.newPage();
  await recordCallEnds(page);
  // Four sign-ins and a media server on two cores: the app may take longer to start than a screen to change.
  await signInAs(page, who.username, who.name, { timeout: 30_000 });
  await expect
    .poll(async () => (((await (await request.get(`${REALTIME_MOCK}/__mock/listeners`)).json()) as { pusher: { channels: Record<string, number> } }).pusher.channels[`private-ess_user.${who.id}`] ?? 0), {
      timeout: 15_000,
    })
    .toBeGreaterThanOrEqual(1);
  return page;
}

const phaseOf = (page: Page) => page.getByTestId('call-screen');

/** For each remote tile on screen: the frames its video decoded (0 for a tile showing a picture instead). */
const framesOnScreen = (page: Page) =>
  page.getByTestId('remote-video').evaluateAll((tiles) =>
    tiles.map((tile) => {
      const video = tile.querySelector('video');
      if (!video || video.videoWidth === 0) return 0;
      return (video as HTMLVideoElement & { webkitDecodedFrameCount?: number }).webkitDecodedFrameCount ?? video.getVideoPlaybackQuality().totalVideoFrames;
    }),
  );

/** The members the tiles on screen show (each tile's data-participant), sorted. */
const participantsOnScreen = async (page: Page) => (await page.getByTestId('remote-video').evaluateAll((tiles) => tiles.map((tile) => tile.getAttribute('data-participant') ?? ''))).sort();

/** Every tile on screen shows a decoding video: at least `least` of them, each past 5 frames. */
async function seesOthers(page: Page, least: number): Promise<void> {
  await expect
    .poll(
      async () => {
        const frames = await framesOnScreen(page);
        return frames.length >= least && frames.every((count) => count > 5);
      },
      { timeout: 45_000, message: 'every remote tile on screen decodes frames' },
    )
    .toBe(true);
}

/** Who the attendee list shows in the call (connected), the user aside. */
async function inCall(page: Page): Promise<string[]> {
  await page.getByRole('link', { name: 'Attendees' }).click();
  // The list's code and the room's people load while four calls share two cores.
  await expect(page.getByTestId('attendee').first()).toBeVisible({ timeout: 60_000 });
  const names = await page.locator('[data-testid="attendee"][data-presence="connected"]').allInnerTexts();
  await page.getByRole('link', { name: 'Back to call' }).click();
  await expect(phaseOf(page)).toHaveAttribute('data-phase', 'in-call');
  return names;
}

async function waitInCall(page: Page, names: string[]): Promise<void> {
  await expect.poll(async () => {
    const shown = await inCall(page);
    return names.every((name) => shown.some((row) => row.includes(name)));
  }, { timeout: 45_000, intervals: [1000, 2000, 3000] }).toBe(true);
}

/** Opens the group and taps its call button: rings the group, or joins its call when one goes on. */
async function callButton(page: Page, room = ALL_HANDS): Promise<void> {
  await page.goto(`/chats/chat?uuid=${room}`);
  const answer = page.waitForResponse((response) => /\/live-chat\/chat-room-calls\/\d+$/.test(new URL(response.url()).pathname) && response.request().method() === 'GET');
  await page.getByTestId('room-video-call').click();
  // Seen once in a full run, for a member who had only just signed in: the start screen asked "Start a
  // video call with All Hands?" as if opened from a link (the tap's intent lost; see issue 23's note).
  // Confirming it is what that person would do, and joins the same call.
  const confirm = page.getByRole('region', { name: 'Direct video call' }).getByRole('button', { name: 'Call' });
  await expect(page.getByTestId('call-screen').or(confirm)).toBeVisible({ timeout: 45_000 });
  if (await confirm.isVisible()) await confirm.click();
  await expect(page).toHaveURL(CALL_ROUTE);
  const body = (await (await answer).json()) as { data?: { chat_room_call?: { media?: { kind?: string } } }; chat_room_call?: { media?: { kind?: string } } };
  const media = (body.data ?? body).chat_room_call?.media;
  expect(media?.kind, 'the sandbox gives group calls a Janus room: is Janus installed (apt-get install janus) and did the test stack start it?').toBe('janus');
}

test('four people meet in one group call through Janus: two answer its ring and all decode each other, one leaves and joins again, a fourth joins mid-call and everyone decodes everyone, a desktop shares its screen to a phone, a tampered app still shows as itself, and the caller ends it for all', async ({ browser, request }) => {
  // Ayu at a desktop window; the others on phones. Budi's app writes Rizky Pratama's id (57, a member who
  // is in the call too) in its display.
  const ayu = await employee(browser, request, AYU, DESKTOP);
  const budi = await employee(browser, request, BUDI, {}, JSON.stringify({ user: String(RIZKY.id), kind: 'camera', mic: true, cam: true }));
  const rizky = await employee(browser, request, RIZKY);
  // Siti signs in now and closes the app: it is not open when the call rings, and opening it later (from
  // the service worker's copy, signed in) does not compete with the others' calls for the cores.
  const siti = await employee(browser, request, SITI);
  await siti.goto('about:blank');

  await callButton(ayu);
  for (const page of [budi, rizky]) {
    await expect(page.getByTestId('incoming-call')).toContainText('All Hands', { timeout: 20_000 });
    await page.getByRole('button', { name: 'Accept' }).click();
  }
  for (const page of [ayu, budi, rizky]) await expect(phaseOf(page)).toHaveAttribute('data-phase', 'in-call', { timeout: 45_000 });
  // Every screen decodes both others (each member's video reaches each other member).
  for (const page of [ayu, budi, rizky]) await seesOthers(page, 2);
  await waitInCall(ayu, [BUDI.name, RIZKY.name]);

  // What Budi's app claims counts for nothing: Ayu's tiles are Budi's and Rizky's, by the ids the server gave, never Rizky twice.
  expect(await budi.evaluate(() => (window as unknown as { forgedDisplays: number }).forgedDisplays)).toBeGreaterThan(0);
  await expect.poll(() => participantsOnScreen(ayu)).toEqual([String(BUDI.id), String(RIZKY.id)]);

  // Budi leaves (the call goes on for the others), then joins again from the group's call button.
  await budi.getByRole('button', { name: 'Hang up' }).click();
  await expectCallEnded(budi);
  // Its screen closes by itself (2 s later): a navigation of the test's own before then would be cut short by it.
  await expect(budi).not.toHaveURL(CALL_ROUTE, { timeout: 20_000 });
  await expect.poll(async () => (await inCall(ayu)).some((row) => row.includes(BUDI.name)), { timeout: 30_000 }).toBe(false);
  await expect(phaseOf(ayu)).toHaveAttribute('data-phase', 'in-call');
  await expect(phaseOf(rizky)).toHaveAttribute('data-phase', 'in-call');
  await callButton(budi);
  await expect(phaseOf(budi)).toHaveAttribute('data-phase', 'in-call', { timeout: 45_000 });
  await seesOthers(budi, 2);
  await waitInCall(ayu, [BUDI.name]);

  // Siti, whose app was closed when it rang, opens the group and joins its call: she decodes the three
  // others, each of them decodes her, and the attendee lists of the caller and of the one who came back
  // show her in the call.
  await callButton(siti);
  await expect(phaseOf(siti)).toHaveAttribute('data-phase', 'in-call', { timeout: 45_000 });
  for (const page of [siti, ayu, budi, rizky]) await seesOthers(page, 3);
  await expect.poll(() => participantsOnScreen(ayu)).toEqual([String(BUDI.id), String(RIZKY.id), String(SITI.id)]);
  for (const page of [ayu, budi]) await waitInCall(page, [SITI.name]);

  // Phones cannot share (no screen capture there): Budi has no such control. Ayu's desktop can; Chromium's
  // fake picker answers at once with a stand-in screen. Her banner shows once the screen is published to
  // Janus, a second publisher joining the room (as long as a member's join while four calls share two cores).
  await expect(budi.getByRole('button', { name: 'Share screen' })).toHaveCount(0);
  await ayu.getByRole('button', { name: 'Share screen' }).click();
  await expect(ayu.getByTestId('sharing-banner')).toContainText('You are sharing your screen', { timeout: 45_000 });
  await expect(ayu.getByRole('button', { name: 'Stop sharing' }).first()).toBeVisible();
  // Budi's phone shows it large, decoding, whole (wider than a phone's own camera picture).
  const shared = budi.getByTestId('screen-share');
  await expect(shared).toContainText("Ayu Lestari's screen", { timeout: 30_000 });
  await expect
    .poll(() => shared.locator('video').evaluate((video: HTMLVideoElement) => (video.videoWidth > 0 ? video.getVideoPlaybackQuality().totalVideoFrames : 0)), { timeout: 30_000 })
    .toBeGreaterThan(5);
  expect(await shared.locator('video').evaluate((video: HTMLVideoElement) => video.videoWidth / video.videoHeight)).toBeCloseTo(16 / 9, 1);
  // When she stops, it goes.
  await ayu.getByTestId('sharing-banner').getByRole('button', { name: 'Stop sharing' }).click();
  await expect(ayu.getByTestId('sharing-banner')).toHaveCount(0);
  await expect(budi.getByTestId('screen-share')).toHaveCount(0, { timeout: 20_000 });
  await expect(phaseOf(budi)).toHaveAttribute('data-phase', 'in-call');

  // The caller hangs up: the call ends for everyone in it.
  await ayu.getByRole('button', { name: 'Hang up' }).click();
  for (const page of [budi, rizky, siti]) await expectCallEnded(page, '', { timeout: 20_000 });
});
