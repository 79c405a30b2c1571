// Video calls between two employees (issue 12), against the stateful sandbox and the realtime mock:
// two browser contexts with Chromium's fake camera and microphone connect a real WebRTC call over
// loopback (no STUN server is needed on one machine), signalled through the mock's presence channel.
import { expect, test, type APIRequestContext, type Browser, type Page } from './support/test.ts';
import { CHROMIUM_FLAGS, TEST_CHROMIUM_PATH } from '../support/chromium.ts';
import { fakeMediaFlags } from '../support/fake-camera.ts';
import { preferExample } from './support/app.ts';
import { DIRECT_ROOM, GROUP_ROOM, REALTIME_MOCK, signInAs } from './support/chat.ts';
import { expectCallEnded, recordCallEnds } from './support/call-ended.ts';

test.use({ launchOptions: { executablePath: TEST_CHROMIUM_PATH, args: [...CHROMIUM_FLAGS, ...fakeMediaFlags()] } });
// Two sign-ins and a WebRTC connection per test: 25-35 s here beside another worker, over 60 s once on CI
// (Budi's ring not yet shown when the time ran out).
test.setTimeout(90_000);

const CALL_ROUTE = /\/chat\/chat-detail\/video-call\/(\d+)$/;

interface Listeners {
  pusher: { connections: number; channels: Record<string, number> };
}

/** A signed-in employee's window, with camera and microphone allowed (or refused, at the browser's boundary). */
async function employee(browser: Browser, request: APIRequestContext, who: { username: string; name: string; id: number }, options: { refuseCamera?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({ permissions: ['camera', 'microphone'] });
  const page = await context.newPage();
  await recordCallEnds(page);
  if (options.refuseCamera) {
    // What a person who taps "Block" on the camera prompt gets: the camera refused, the microphone alone allowed.
    await page.addInitScript(() => {
      const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
      navigator.mediaDevices.getUserMedia = (constraints) =>
        constraints?.video ? Promise.reject(new DOMException('Permission denied', 'NotAllowedError')) : original(constraints);
    });
  }
  trackWindow(context);
  await signInAs(page, who.username, who.name);
  await expect
    .poll(async () => (((await (await request.get(`${REALTIME_MOCK}/__mock/listeners`)).json()) as Listeners).pusher.channels[`private-ess_user.${who.id}`] ?? 0), { timeout: 10_000 })
    .toBeGreaterThanOrEqual(1);
  return page;
}

const windows: Array<{ close(): Promise<void> }> = [];
const trackWindow = (context: { close(): Promise<void> }) => windows.push(context);
test.afterEach(async () => {
  await Promise.all(windows.splice(0).map((context) => context.close()));
});
// The previous test's windows are gone from the mock too, so "listening" below means this test's window.
test.beforeEach(async ({ request }) => {
  await expect
    .poll(async () => ((await (await request.get(`${REALTIME_MOCK}/__mock/listeners`)).json()) as Listeners).pusher.connections, { timeout: 10_000 })
    .toBe(0);
});

const AYU = { username: 'ayu.lestari', name: 'Ayu Lestari', id: 42 };
const BUDI = { username: 'budi.santoso', name: 'Budi Santoso', id: 43 };

/** Frames the remote video tile has decoded (Chromium counts them per element). */
const decodedFrames = (page: Page) =>
  page.getByTestId('remote-video').first().locator('video').evaluate((video: HTMLVideoElement) => (video as HTMLVideoElement & { webkitDecodedFrameCount?: number }).webkitDecodedFrameCount ?? video.getVideoPlaybackQuality().totalVideoFrames);

const phaseOf = (page: Page) => page.getByTestId('call-screen');

async function callFromRoom(caller: Page, roomUuid: string): Promise<void> {
  await caller.goto(`/chats/chat?uuid=${roomUuid}`);
  await caller.getByTestId('room-video-call').click();
  await expect(caller).toHaveURL(CALL_ROUTE);
  await expect(phaseOf(caller)).toHaveAttribute('data-phase', 'outgoing');
}

test('Ayu calls Budi from their chat; Budi answers; both see each other; Ayu hangs up and Budi\'s call ends', async ({ browser, request }) => {
  const ayu = await employee(browser, request, AYU);
  const budi = await employee(browser, request, BUDI);
  await callFromRoom(ayu, DIRECT_ROOM);
  await expect(ayu.getByText('Calling Budi Santoso…')).toBeVisible();

  await expect(budi).toHaveURL(CALL_ROUTE);
  await expect(budi.getByTestId('incoming-call')).toContainText('Ayu Lestari');
  await expect(budi.getByTestId('incoming-call')).toContainText('Incoming video call');
  await budi.getByRole('button', { name: 'Accept' }).click();

  for (const page of [ayu, budi]) {
    await expect(phaseOf(page)).toHaveAttribute('data-phase', 'in-call', { timeout: 15_000 });
    await expect.poll(() => decodedFrames(page), { timeout: 15_000 }).toBeGreaterThan(10);
    await expect(page.getByTestId('call-timer')).toBeVisible();
  }

  await ayu.getByRole('button', { name: 'Mute' }).click();
  await expect(ayu.getByRole('button', { name: 'Unmute' })).toHaveAttribute('aria-pressed', 'true');

  await ayu.getByRole('button', { name: 'Hang up' }).click();
  await expectCallEnded(ayu, 'Call ended');
  await expectCallEnded(budi, 'Call ended');
  // The end stays on screen for a moment, then the screen closes by itself.
  await expect(budi).not.toHaveURL(CALL_ROUTE, { timeout: 5000 });
  await expect(ayu).toHaveURL(/\/chats\/chat\?uuid=/, { timeout: 5000 });
});

/** Records what each getUserMedia call of the page asks for, in this document and in those it loads later. */
async function recordMediaRequests(page: Page): Promise<void> {
  const record = () => {
    const seen = window as Window & { mediaRequests?: MediaStreamConstraints[] };
    if (seen.mediaRequests) return;
    const requests: MediaStreamConstraints[] = [];
    seen.mediaRequests = requests;
    const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = (constraints) => {
      requests.push({ audio: Boolean(constraints?.audio), video: Boolean(constraints?.video) });
      return original(constraints);
    };
  };
  await page.addInitScript(record);
  await page.evaluate(record);
}
const mediaRequests = (page: Page) => page.evaluate(() => (window as Window & { mediaRequests?: MediaStreamConstraints[] }).mediaRequests ?? []);

test("in a direct call, Budi muting and turning his camera off shows on Ayu's screen: the microphone-off mark, then his picture and name", async ({ browser, request }) => {
  const ayu = await employee(browser, request, AYU);
  const budi = await employee(browser, request, BUDI);
  await callFromRoom(ayu, DIRECT_ROOM);
  await budi.getByRole('button', { name: 'Accept' }).click();
  await expect(phaseOf(ayu)).toHaveAttribute('data-phase', 'in-call', { timeout: 15_000 });
  const budiOnAyu = ayu.getByTestId('remote-video');
  await expect.poll(() => decodedFrames(ayu), { timeout: 15_000 }).toBeGreaterThan(10);
  await expect(budiOnAyu).toHaveAttribute('data-microphone', 'on');
  await expect(budiOnAyu).toHaveAttribute('data-camera', 'on');

  // His microphone still sends silence and his camera black frames: only his word tells Ayu's screen.
  await budi.getByRole('button', { name: 'Mute' }).click();
  await expect(budiOnAyu.getByRole('img', { name: 'Microphone off' })).toBeVisible();
  await expect(budiOnAyu).toHaveAttribute('data-camera', 'on');
  await budi.getByRole('button', { name: 'Camera off' }).click();
  await expect(budiOnAyu).toHaveAttribute('data-camera', 'off');
  await expect(budiOnAyu.locator('img')).toHaveAttribute('src', /avatars/);
  await expect(budiOnAyu).toContainText('Budi Santoso');

  await budi.getByRole('button', { name: 'Unmute' }).click();
  await budi.getByRole('button', { name: 'Camera on' }).click();
  await expect(budiOnAyu).toHaveAttribute('data-microphone', 'on');
  await expect(budiOnAyu).toHaveAttribute('data-camera', 'on');
  await expect(budiOnAyu.getByRole('img', { name: 'Microphone off' })).toHaveCount(0);
  const frames = await decodedFrames(ayu);
  await expect.poll(() => decodedFrames(ayu), { timeout: 15_000 }).toBeGreaterThan(frames + 10);
  await ayu.getByRole('button', { name: 'Hang up' }).click();
  await expectCallEnded(budi);
});

test('a voice call from the direct room: no camera is asked for, Budi is rung for a voice call and answers without his; Ayu turning her camera on shows her video', async ({ browser, request }) => {
  const ayu = await employee(browser, request, AYU);
  const budi = await employee(browser, request, BUDI);
  for (const page of [ayu, budi]) await recordMediaRequests(page);
  await ayu.goto(`/chats/chat?uuid=${DIRECT_ROOM}`);
  await ayu.getByTestId('room-voice-call').click();
  await expect(ayu).toHaveURL(CALL_ROUTE);
  await expect(budi.getByTestId('incoming-call')).toContainText('Incoming voice call');
  await budi.getByRole('button', { name: 'Accept' }).click();

  for (const page of [ayu, budi]) await expect(phaseOf(page)).toHaveAttribute('data-phase', 'in-call', { timeout: 15_000 });
  const ayuOnBudi = budi.getByTestId('remote-video');
  await expect(ayuOnBudi).toHaveAttribute('data-camera', 'off');
  await expect(ayuOnBudi).toContainText('Ayu Lestari');
  await expect(ayu.getByTestId('remote-video')).toHaveAttribute('data-camera', 'off');
  await expect(ayu.getByTestId('local-video')).toContainText('Audio only');
  expect(await mediaRequests(ayu)).toEqual([{ audio: true, video: false }]);
  expect(await mediaRequests(budi)).toEqual([{ audio: true, video: false }]);

  await ayu.getByRole('button', { name: 'Camera on' }).click();
  await expect(ayu.getByRole('button', { name: 'Camera off' })).toBeVisible();
  expect(await mediaRequests(ayu)).toEqual([{ audio: true, video: false }, { audio: false, video: true }]);
  await expect(ayuOnBudi).toHaveAttribute('data-camera', 'on');
  await expect.poll(() => decodedFrames(budi), { timeout: 15_000 }).toBeGreaterThan(10);
  await budi.getByRole('button', { name: 'Hang up' }).click();
  await expectCallEnded(ayu);
});

test('a link never starts a call: typed, reloaded or followed after sign-in, it shows whom it would call and rings only after Call is tapped', async ({ browser, request }) => {
  const budi = await employee(browser, request, BUDI);
  const context = await browser.newContext({ permissions: ['camera', 'microphone'] });
  trackWindow(context);
  const ayu = await context.newPage();
  await recordCallEnds(ayu);
  const writes: string[] = [];
  ayu.on('request', (sent) => {
    if (sent.method() === 'POST' && /\/api\/live-chat\/(start-individual-chat|chat-room-calls)/.test(sent.url())) writes.push(new URL(sent.url()).pathname);
  });
  // A link opened before signing in comes back after it (redirect_to), still without starting anything.
  await preferExample(ayu, '**/api/popup/announcement', 'example=empty');
  await ayu.goto(`/video-call/direct-video-call?user_id=${BUDI.id}`);
  await ayu.getByLabel('Employee number or username').fill(AYU.username);
  await ayu.getByLabel('Password').fill('sandbox-password');
  await ayu.getByRole('button', { name: 'Sign in' }).click();

  const preview = ayu.getByTestId('call-preview');
  await expect(preview.getByRole('heading', { name: 'Budi Santoso' })).toBeVisible();
  await expect(preview).toContainText('Start a video call with Budi Santoso?');
  // Typed again, and reloaded: still only the question.
  await ayu.goto(`/video-call/direct-video-call?user_id=${BUDI.id}`);
  await expect(preview.getByRole('heading', { name: 'Budi Santoso' })).toBeVisible();
  await ayu.reload();
  await expect(preview.getByRole('button', { name: 'Call' })).toBeVisible();
  await ayu.waitForTimeout(3000);
  expect(writes).toEqual([]);
  await expect(budi.getByTestId('incoming-call')).toHaveCount(0);

  await preview.getByRole('button', { name: 'Call' }).click();
  await expect(ayu).toHaveURL(CALL_ROUTE);
  await expect(budi.getByTestId('incoming-call')).toContainText('Ayu Lestari');
  expect(writes).toEqual(['/api/live-chat/start-individual-chat', '/api/live-chat/chat-room-calls']);
  // Her own ringing call, opened by its address in another tab: it asks before it joins with the camera.
  const secondTab = await context.newPage();
  await secondTab.goto(ayu.url());
  await expect(secondTab.getByTestId('join-prompt')).toContainText('You started this call somewhere else. Join it here?');
  await expect(secondTab.getByRole('button', { name: 'Join' })).toBeVisible();
  expect(await secondTab.locator('video').count()).toBe(0);
  await secondTab.close();
  await budi.getByRole('button', { name: 'Decline' }).click();
  await expectCallEnded(ayu, 'Call ended');
});

test('Budi declines: the ringing stops and Ayu\'s call ends', async ({ browser, request }) => {
  const ayu = await employee(browser, request, AYU);
  const budi = await employee(browser, request, BUDI);
  // From the Call tab this time (it opens on the recent calls): search a person and call them.
  await ayu.goto('/call');
  await ayu.getByRole('tab', { name: 'People' }).click();
  await ayu.getByRole('textbox', { name: /name/i }).first().fill('Budi');
  await ayu.getByRole('button', { name: /search/i }).first().click();
  await ayu.getByTestId('call-result').filter({ hasText: 'Budi Santoso' }).getByRole('button', { name: 'Video call Budi Santoso' }).click();
  await expect(ayu).toHaveURL(CALL_ROUTE);

  await expect(budi.getByTestId('incoming-call')).toBeVisible();
  await budi.getByRole('button', { name: 'Decline' }).click();
  await expectCallEnded(budi, 'You declined the call');
  await expectCallEnded(ayu, 'Call ended');
});

test('Budi declines while Ayu\'s screen is still loading the call: her call ends all the same', async ({ browser, request }) => {
  const ayu = await employee(browser, request, AYU);
  const budi = await employee(browser, request, BUDI);
  // Ayu's screen reads the call while it still rings, but the answer reaches her only after Budi declined
  // and his end_call_from_receiver has reached her app: the event comes before her screen's session.
  let release: () => void = () => undefined;
  const declined = new Promise<void>((resolve) => (release = resolve));
  await ayu.route(/\/api\/live-chat\/chat-room-calls\/\d+$/, async (route) => {
    const ringing = await route.fetch();
    await declined;
    await route.fulfill({ response: ringing });
  });
  await ayu.goto(`/chats/chat?uuid=${DIRECT_ROOM}`);
  await ayu.getByTestId('room-video-call').click();
  await budi.getByRole('button', { name: 'Decline' }).click();
  await expectCallEnded(budi);
  await ayu.waitForTimeout(500);
  release();
  await expectCallEnded(ayu, 'Call ended');
});

test('nobody answers: after 60 s Ayu\'s call stops as "No answer" and Budi\'s phone stops ringing', async ({ browser, request }) => {
  const ayu = await employee(browser, request, AYU);
  const budi = await employee(browser, request, BUDI);
  await ayu.clock.install();
  await budi.clock.install();
  await callFromRoom(ayu, DIRECT_ROOM);
  // Ayu's clock runs on in real time once installed: what passes from here (seconds on a loaded machine)
  // counts towards her 60 s too, so the moves below leave room for it.
  const ringing = Date.now();
  await expect(budi.getByTestId('incoming-call')).toBeVisible();

  await ayu.clock.fastForward(Math.max(0, 57_000 - (Date.now() - ringing)));
  await expect(phaseOf(ayu)).toHaveAttribute('data-phase', 'outgoing');
  await ayu.clock.fastForward(3_000);
  await expectCallEnded(ayu, 'No answer');
  // The caller's no_answer reaches Budi through the server; his own 60 s would too.
  await expectCallEnded(budi, 'Missed call');
});

test('a call while in a call shows as busy instead of ringing', async ({ browser, request }) => {
  const ayu = await employee(browser, request, AYU);
  const budi = await employee(browser, request, BUDI);
  await callFromRoom(ayu, DIRECT_ROOM);
  await budi.getByRole('button', { name: 'Accept' }).click();
  await expect(phaseOf(budi)).toHaveAttribute('data-phase', 'in-call', { timeout: 15_000 });
  const inCall = budi.url();

  // A call from someone else (an id no sandbox call has), while Budi is in this one.
  const emitted = await request.post(`${REALTIME_MOCK}/__mock/emit`, { data: { example: 'incoming-call', data: { recipient_id: BUDI.id, chat_room_call_id: 99_101 } } });
  expect(emitted.ok()).toBe(true);
  await expect(budi.getByTestId('busy-call')).toContainText('Another call is coming in. You are already in a call.');
  expect(budi.url()).toBe(inCall);
  await expect(phaseOf(budi)).toHaveAttribute('data-phase', 'in-call');
  await budi.getByTestId('busy-call').getByRole('button', { name: 'Decline' }).click();
  await expect(budi.getByTestId('busy-call')).toHaveCount(0);
  await budi.getByRole('button', { name: 'Hang up' }).click();
  await expectCallEnded(ayu);
});

test('camera refused: a clear message, then audio only joins the call; the camera asked again is refused again without ending it', async ({ browser, request }) => {
  const ayu = await employee(browser, request, AYU);
  const budi = await employee(browser, request, BUDI, { refuseCamera: true });
  await callFromRoom(ayu, DIRECT_ROOM);
  await budi.getByRole('button', { name: 'Accept' }).click();
  await expect(budi.getByTestId('media-blocked')).toContainText('Camera or microphone access was refused');
  await budi.getByRole('button', { name: 'Join with audio only' }).click();
  await expect(phaseOf(budi)).toHaveAttribute('data-phase', 'in-call', { timeout: 15_000 });
  await expect(phaseOf(ayu)).toHaveAttribute('data-phase', 'in-call', { timeout: 15_000 });
  // Budi still sees Ayu's video; his own camera button stays off.
  await expect.poll(() => decodedFrames(budi), { timeout: 15_000 }).toBeGreaterThan(10);
  // Trying the camera again is refused again: it says so, and the call goes on with sound.
  await budi.getByRole('button', { name: 'Camera on' }).click();
  await expect(budi.getByTestId('camera-failed')).toContainText('The camera could not be turned on');
  await expect(phaseOf(budi)).toHaveAttribute('data-phase', 'in-call');
  await budi.getByRole('button', { name: 'Hang up' }).click();
  await expectCallEnded(ayu);
});

test('a group call rings the other member and lists its attendees; leaving the screen mid-call asks first', async ({ browser, request }) => {
  const ayu = await employee(browser, request, AYU);
  const budi = await employee(browser, request, BUDI);
  await callFromRoom(ayu, GROUP_ROOM);
  await expect(budi.getByTestId('incoming-call')).toContainText('Tim Operasional Jakarta');
  await budi.getByRole('button', { name: 'Accept' }).click();
  await expect(phaseOf(budi)).toHaveAttribute('data-phase', 'in-call', { timeout: 15_000 });
  await expect(budi.getByTestId('remote-video')).toContainText('Ayu Lestari');

  // Who is in the call; the call goes on behind the list and is there again on return.
  await ayu.getByRole('link', { name: 'Attendees' }).click();
  await expect(ayu.getByTestId('attendee').filter({ hasText: 'Budi Santoso' })).toHaveAttribute('data-presence', 'connected');
  await expect(ayu.getByTestId('attendee').filter({ hasText: 'Ayu Lestari' })).toHaveAttribute('data-presence', 'you');
  await ayu.getByRole('link', { name: 'Back to call' }).click();
  await expect(phaseOf(ayu)).toHaveAttribute('data-phase', 'in-call');
  await expect.poll(() => decodedFrames(ayu), { timeout: 15_000 }).toBeGreaterThan(10);

  await budi.goBack();
  await expect(budi.getByRole('alertdialog')).toContainText('Leave the call?');
  await budi.getByRole('button', { name: 'Stay' }).click();
  await expect(phaseOf(budi)).toHaveAttribute('data-phase', 'in-call');
  await budi.goBack();
  await budi.getByRole('button', { name: 'Leave' }).click();
  await expect(budi).not.toHaveURL(CALL_ROUTE);
  // A member leaving a group call does not end it for the caller.
  await expect(phaseOf(ayu)).toHaveAttribute('data-phase', 'in-call');
  await ayu.getByRole('button', { name: 'Hang up' }).click();
  await expectCallEnded(ayu);
});
