// Group calls through Janus (issue 23): six employees in one call of the sandbox's "All Hands" group,
// each in their own browser context with Chromium's fake camera and microphone, every stream through this
// worker's Janus (tests/e2e/support/stack.ts starts one beside the mocks; the sandbox creates the call's
// VideoRoom room and gives each member its token). Each must decode frames from the others its screen
// shows; one leaves and joins again from the group's call button; a sixth joins mid-call and everyone
// sees them. And a screen shared from a desktop window reaches a phone as the large tile; the phone's app,
// tampered with to write another member's id in its display, still shows as itself (issue 33: who is
// who comes from the call's roster, by the feed id the server gave).
import type { BrowserContextOptions } from '@playwright/test';
import { expect, test, type APIRequestContext, type Browser, type Page } from './support/test.ts';
import { CHROMIUM_FLAGS, TEST_CHROMIUM_PATH } from '../support/chromium.ts';
import { fakeMediaFlags } from '../support/fake-camera.ts';
import { GROUP_ROOM, REALTIME_MOCK, signInAs } from './support/chat.ts';
import { expectCallEnded, recordCallEnds } from './support/call-ended.ts';

test.use({
  launchOptions: {
    executablePath: TEST_CHROMIUM_PATH,
    // Real addresses in the ICE candidates (not mDNS names), which Janus can reach.
    args: [...CHROMIUM_FLAGS, ...fakeMediaFlags(), '--disable-audio-output', '--disable-features=WebRtcHideLocalIpsWithMdns'],
  },
});
// Six sign-ins, six cameras and a media server on two cores: about 5 minutes there with Chromium
// 156.0.8078.108 (it was 2 with the Chromium before), alone on its worker (npm test's own step).
test.setTimeout(600_000);

const ALL_HANDS = 'a11a4d5e-6b7c-4d8e-9f0a-1b2c3d4e5f60';
const TEAM_ROOM = GROUP_ROOM;
const CALL_ROUTE = /\/chat\/chat-detail\/video-call\/(\d+)$/;

interface Person {
  username: string;
  name: string;
  id: number;
}
const person = (id: number, first: string, last: string): Person => ({ id, name: `${first} ${last}`, username: `${first}.${last}`.toLowerCase() });
const AYU = { username: 'ayu.lestari', name: 'Ayu Lestari', id: 42 };
const BUDI = { username: 'budi.santoso', name: 'Budi Santoso', id: 43 };
// Five answer the ring; a sixth joins mid-call. (Seven at once, as until Chromium 156.0.8078.108, no
// longer fit two cores: its browsers then starved each other and the servers for minutes.)
const TEAM: Person[] = [AYU, BUDI, person(57, 'Rizky', 'Pratama'), person(61, 'Siti', 'Rahmawati'), person(7, 'Dewi', 'Kartika')];
const SIXTH = person(12, 'Putri', 'Maharani');

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
  // Six sign-ins on two cores: the app may take longer to start than a screen to change.
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
  // The list's code and the room's people load while six calls share two cores.
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

test('six people meet in one group call through Janus: five answer its ring, one leaves and joins again, a sixth joins mid-call, sees the others and is listed in the call', async ({ browser, request }) => {
  const pages: Page[] = [];
  for (const member of TEAM) pages.push(await employee(browser, request, member));
  const [ayu, budi] = pages as [Page, Page];
  // A sixth member signs in now and closes the app: it is not open when the call rings, and opening it
  // later (from the service worker's copy, signed in) does not compete with five calls for the cores.
  const putri = await employee(browser, request, SIXTH);
  await putri.goto('about:blank');

  await callButton(ayu);
  for (const page of pages.slice(1)) {
    await expect(page.getByTestId('incoming-call')).toContainText('All Hands', { timeout: 20_000 });
    await page.getByRole('button', { name: 'Accept' }).click();
  }
  for (const page of pages) {
    await expect(phaseOf(page)).toHaveAttribute('data-phase', 'in-call', { timeout: 45_000 });
  }
  // Every screen decodes the others it shows (at a phone's size: the speaker and a page of tiles).
  for (const page of pages) await seesOthers(page, 2);
  await waitInCall(ayu, TEAM.slice(1).map((member) => member.name));

  // Budi leaves (the call goes on for the others), then joins again from the group's call button.
  await budi.getByRole('button', { name: 'Hang up' }).click();
  await expectCallEnded(budi);
  // Its screen closes by itself (2 s later): a navigation of the test's own before then would be cut short by it.
  await expect(budi).not.toHaveURL(CALL_ROUTE, { timeout: 20_000 });
  await expect.poll(async () => (await inCall(ayu)).some((row) => row.includes(BUDI.name)), { timeout: 30_000 }).toBe(false);
  await expect(phaseOf(ayu)).toHaveAttribute('data-phase', 'in-call');
  await callButton(budi);
  await expect(phaseOf(budi)).toHaveAttribute('data-phase', 'in-call', { timeout: 45_000 });
  await seesOthers(budi, 2);
  await waitInCall(ayu, [BUDI.name]);

  // The sixth member, whose app was closed when it rang, opens the group and joins its call.
  await callButton(putri);
  await expect(phaseOf(putri)).toHaveAttribute('data-phase', 'in-call', { timeout: 45_000 });
  await seesOthers(putri, 2);
  // She decodes the others; the attendee lists of the caller and of the one who came back show her in
  // the call (each list a screen of its own to load, on cores six calls share).
  for (const page of [ayu, budi]) await waitInCall(page, [SIXTH.name]);

  await ayu.getByRole('button', { name: 'Hang up' }).click();
  for (const page of [...pages.slice(1), putri]) await expectCallEnded(page, '', { timeout: 20_000 });
});

test('Ayu shares her screen from a desktop window; Budi on his phone sees it large, and it goes when she stops; Budi’s tampered app, claiming to be Rizky, shows as Budi', async ({ browser, request }) => {
  const ayu = await employee(browser, request, AYU, { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });
  // Budi's app writes Rizky Pratama's id (57, a member of the group, not in the call) in its display.
  const budi = await employee(browser, request, BUDI, {}, JSON.stringify({ user: '57', kind: 'camera', mic: true, cam: true }));
  await callButton(ayu, TEAM_ROOM);
  await expect(budi.getByTestId('incoming-call')).toContainText('Tim Operasional Jakarta', { timeout: 20_000 });
  await budi.getByRole('button', { name: 'Accept' }).click();
  for (const page of [ayu, budi]) await expect(phaseOf(page)).toHaveAttribute('data-phase', 'in-call', { timeout: 45_000 });

  // What Budi's app claims counts for nothing: Ayu sees one tile, his (the id the server gave him), never Rizky's.
  expect(await budi.evaluate(() => (window as unknown as { forgedDisplays: number }).forgedDisplays)).toBeGreaterThan(0);
  const tiles = ayu.getByTestId('remote-video');
  await expect(tiles).toHaveCount(1);
  await expect(tiles).toHaveAttribute('data-participant', String(BUDI.id));
  await seesOthers(ayu, 1);

  // Phones cannot share (no screen capture there): Budi has no such control.
  await expect(budi.getByRole('button', { name: 'Share screen' })).toHaveCount(0);
  // Chromium's fake picker answers at once with a stand-in screen.
  await ayu.getByRole('button', { name: 'Share screen' }).click();
  await expect(ayu.getByTestId('sharing-banner')).toContainText('You are sharing your screen');
  await expect(ayu.getByRole('button', { name: 'Stop sharing' }).first()).toBeVisible();

  const shared = budi.getByTestId('screen-share');
  await expect(shared).toContainText("Ayu Lestari's screen", { timeout: 30_000 });
  await expect
    .poll(() => shared.locator('video').evaluate((video: HTMLVideoElement) => (video.videoWidth > 0 ? video.getVideoPlaybackQuality().totalVideoFrames : 0)), { timeout: 30_000 })
    .toBeGreaterThan(5);
  // A screen is shown whole, wider than the phone's own camera picture.
  expect(await shared.locator('video').evaluate((video: HTMLVideoElement) => video.videoWidth / video.videoHeight)).toBeCloseTo(16 / 9, 1);

  await ayu.getByTestId('sharing-banner').getByRole('button', { name: 'Stop sharing' }).click();
  await expect(ayu.getByTestId('sharing-banner')).toHaveCount(0);
  await expect(budi.getByTestId('screen-share')).toHaveCount(0, { timeout: 20_000 });
  await expect(phaseOf(budi)).toHaveAttribute('data-phase', 'in-call');
  await ayu.getByRole('button', { name: 'Hang up' }).click();
  await expectCallEnded(budi, '', { timeout: 20_000 });
});
