// Calls between two employees, against the stateful sandbox and the realtime mock: two browser contexts
// with Chromium's fake camera and microphone connect a real WebRTC call over loopback (no STUN server is
// needed on one machine), signalled through the mock's presence channel. Each test is a journey of
// several calls between the same two signed-in windows (the sign-ins are most of a test's cost); the
// screens' wording and the timers' arithmetic are proved beside their code (src/features/calls/**).
import { expect, test, type APIRequestContext, type Browser, type Page } from './support/test.ts';
import { preferExample } from './support/app.ts';
import { DIRECT_ROOM, GROUP_ROOM, REALTIME_MOCK, liveChatListeners, openRoom, signInAs } from './support/chat.ts';
import { expectCallEnded, recordCallEnds } from './support/call-ended.ts';

// Two sign-ins and three to five calls per test, each a WebRTC connection: a minute or so beside another
// worker on two cores.
test.setTimeout(180_000);

const CALL_ROUTE = /\/chat\/chat-detail\/video-call\/(\d+)$/;

interface Listeners {
  pusher: { connections: number; channels: Record<string, number> };
}

/** A signed-in employee's window, with camera and microphone allowed. */
async function employee(browser: Browser, request: APIRequestContext, who: { username: string; name: string; id: number }): Promise<Page> {
  const context = await browser.newContext({ permissions: ['camera', 'microphone'] });
  const page = await context.newPage();
  await recordCallEnds(page);
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

/**
 * From now on the page's camera is refused at the browser's boundary (in this document and those it loads
 * later), as for a person who taps "Block" on the camera prompt: the microphone alone is still allowed.
 */
async function refuseCamera(page: Page): Promise<void> {
  const refuse = () => {
    const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = (constraints) => (constraints?.video ? Promise.reject(new DOMException('Permission denied', 'NotAllowedError')) : original(constraints));
  };
  await page.addInitScript(refuse);
  await page.evaluate(refuse);
}

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

/** What the test waits for that Playwright does not time out on its own: it fails after `ms`, naming it. */
function within<T>(what: string, promise: Promise<T>, ms = 20_000): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: not within ${ms / 1000} s`)), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** The lines of calls in the open room. */
const callLines = (page: Page) => page.locator('[data-testid="message"][data-kind="call"]');

test("video and voice calls in the direct room: Ayu calls, Budi answers, both see each other; Budi's mute and camera-off show on Ayu's screen; Ayu hangs up and Budi's call ends; a voice call asks for no camera until Ayu turns hers on; a call from someone else meanwhile shows as busy", async ({ browser, request }) => {
  const ayu = await employee(browser, request, AYU);
  const budi = await employee(browser, request, BUDI);
  for (const page of [ayu, budi]) await recordMediaRequests(page);

  // A video call from their chat.
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

  // Budi's microphone still sends silence and his camera black frames: only his word tells Ayu's screen.
  const budiOnAyu = ayu.getByTestId('remote-video');
  await expect(budiOnAyu).toHaveAttribute('data-microphone', 'on');
  await expect(budiOnAyu).toHaveAttribute('data-camera', 'on');
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

  // Ayu hangs up: both calls end; the end stays on screen for a moment, then the screen closes by itself.
  await ayu.getByRole('button', { name: 'Hang up' }).click();
  await expectCallEnded(ayu, 'Call ended');
  await expectCallEnded(budi, 'Call ended');
  await expect(budi).not.toHaveURL(CALL_ROUTE, { timeout: 5000 });
  await expect(ayu).toHaveURL(/\/chats\/chat\?uuid=/, { timeout: 5000 });

  // A voice call from the same room: no camera is asked for, and Budi is rung for a voice call. The record
  // of requests is per document: Ayu's page loads again here, so her count is taken after it has.
  await ayu.goto(`/chats/chat?uuid=${DIRECT_ROOM}`);
  const asked = { ayu: (await mediaRequests(ayu)).length, budi: (await mediaRequests(budi)).length };
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
  expect((await mediaRequests(ayu)).slice(asked.ayu)).toEqual([{ audio: true, video: false }]);
  expect((await mediaRequests(budi)).slice(asked.budi)).toEqual([{ audio: true, video: false }]);

  // A call from someone else (an id no sandbox call has) while Budi is in this one: busy, not a ring.
  const inCall = budi.url();
  const emitted = await request.post(`${REALTIME_MOCK}/__mock/emit`, { data: { example: 'incoming-call', data: { recipient_id: BUDI.id, chat_room_call_id: 99_101 } } });
  expect(emitted.ok()).toBe(true);
  await expect(budi.getByTestId('busy-call')).toContainText('Another call is coming in. You are already in a call.');
  expect(budi.url()).toBe(inCall);
  await expect(phaseOf(budi)).toHaveAttribute('data-phase', 'in-call');
  await budi.getByTestId('busy-call').getByRole('button', { name: 'Decline' }).click();
  await expect(budi.getByTestId('busy-call')).toHaveCount(0);
  await expect(phaseOf(budi)).toHaveAttribute('data-phase', 'in-call');

  // Ayu turns her camera on: only now is a camera asked for, and Budi decodes her video.
  await ayu.getByRole('button', { name: 'Camera on' }).click();
  await expect(ayu.getByRole('button', { name: 'Camera off' })).toBeVisible();
  expect((await mediaRequests(ayu)).slice(asked.ayu)).toEqual([{ audio: true, video: false }, { audio: false, video: true }]);
  await expect(ayuOnBudi).toHaveAttribute('data-camera', 'on');
  await expect.poll(() => decodedFrames(budi), { timeout: 15_000 }).toBeGreaterThan(10);
  await budi.getByRole('button', { name: 'Hang up' }).click();
  await expectCallEnded(ayu);
});

test("declined and unanswered calls: a declined call's line comes into the room for both and shows in both Call tabs; a decline that reaches Ayu before her call screen has loaded ends her call; a call from the Call tab's search, declined; a call back from the recent calls that nobody answers stops after 60 s as \"No answer\" and stops the ringing", async ({ browser, request }) => {
  const ayu = await employee(browser, request, AYU);
  const budi = await employee(browser, request, BUDI);
  await openRoom(budi, DIRECT_ROOM);
  await openRoom(ayu, DIRECT_ROOM);
  await liveChatListeners(request, 2);
  const before = await callLines(ayu).count();
  expect(await callLines(budi).count()).toBe(before);

  // Ayu calls from the room; Budi declines. Her screen has read the call as ringing first (a screen that
  // reads a call already declined says "This call has already ended", proved beside the call screen).
  await ayu.getByTestId('room-video-call').click();
  await expect(ayu).toHaveURL(CALL_ROUTE);
  await expect(phaseOf(ayu)).toHaveAttribute('data-phase', 'outgoing');
  await expect(budi.getByTestId('incoming-call')).toContainText('Ayu Lestari');
  await budi.getByRole('button', { name: 'Decline' }).click();
  await expectCallEnded(budi, 'You declined the call');
  await expectCallEnded(ayu, 'Call ended');

  // Both are back in the room, where the call's line has come in live: "Video call · Declined", a centred
  // line with a phone icon and no message menu.
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
  await expect(budi.getByTestId('recent-call').first()).toContainText('Ayu Lestari');
  await expect(budi.getByTestId('recent-call').first()).toContainText('Declined');

  // Ayu's screen reads the call while it still rings (Budi declines only once the server has answered
  // her), but the answer reaches her only after Budi declined and his end_call_from_receiver has reached
  // her app: the event comes before her screen's session.
  const ringingCall = /\/api\/live-chat\/chat-room-calls\/\d+$/;
  let release: () => void = () => undefined;
  const declined = new Promise<void>((resolve) => (release = resolve));
  let answered: (status: string) => void = () => undefined;
  const statusReadByAyu = new Promise<string>((resolve) => (answered = resolve));
  await ayu.route(ringingCall, async (route) => {
    const ringing = await route.fetch();
    answered(((await ringing.json()) as { chat_room_call: { status: string } }).chat_room_call.status);
    await declined;
    await route.fulfill({ response: ringing });
  });
  const framesOfAyu = (wanted: (payload: string) => boolean) =>
    new Promise<void>((resolve) => ayu.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => wanted(String(payload)) && resolve())));
  // Her reloaded app's own socket on her private channel, where Budi's decline goes: until it has
  // subscribed, the mock can only hand the decline to her next long poll, which no socket frame shows.
  const listeningAgain = framesOfAyu((payload) => payload.includes('subscription_succeeded') && payload.includes(`private-ess_user.${AYU.id}`));
  const declineReachedAyu = framesOfAyu((payload) => payload.includes('end_call_from_receiver'));
  await ayu.goto(`/chats/chat?uuid=${DIRECT_ROOM}`);
  await within("Ayu's reloaded app subscribing to her private channel", listeningAgain);
  await ayu.getByTestId('room-video-call').click();
  expect(await within("Ayu's call screen reading her ringing call", statusReadByAyu)).toBe('ringing');
  await budi.getByRole('button', { name: 'Decline' }).click();
  await expectCallEnded(budi);
  await within("Budi's decline reaching Ayu's app over its socket", declineReachedAyu);
  release();
  await expectCallEnded(ayu, 'Call ended');
  await ayu.unroute(ringingCall);

  // From the Call tab: search a person and call them; Budi declines.
  await ayu.goto('/call');
  await ayu.getByRole('tab', { name: 'People' }).click();
  await ayu.getByRole('textbox', { name: /name/i }).first().fill('Budi');
  await ayu.getByRole('button', { name: /search/i }).first().click();
  await ayu.getByTestId('call-result').filter({ hasText: 'Budi Santoso' }).getByRole('button', { name: 'Video call Budi Santoso' }).click();
  await expect(ayu).toHaveURL(CALL_ROUTE);
  await expect(phaseOf(ayu)).toHaveAttribute('data-phase', 'outgoing');
  await expect(budi.getByTestId('incoming-call')).toBeVisible();
  await budi.getByRole('button', { name: 'Decline' }).click();
  await expectCallEnded(budi, 'You declined the call');
  await expectCallEnded(ayu, 'Call ended');
  // Ayu's end has closed by itself before the next call rings her.
  await expect(ayu).not.toHaveURL(CALL_ROUTE, { timeout: 10_000 });

  // Budi calls back from his recent calls: a new call, ringing Ayu, which nobody answers. Both clocks are
  // Playwright's from here; Budi's runs on in real time once installed, so what passes before the jump
  // (seconds on a loaded machine) counts towards his 60 s too, and the moves below leave room for it.
  await ayu.clock.install();
  await budi.clock.install();
  await budi.goto('/call');
  await budi.getByTestId('recent-call').first().getByRole('button', { name: 'Call back Ayu Lestari' }).click();
  await expect(budi).toHaveURL(CALL_ROUTE);
  await expect(phaseOf(budi)).toHaveAttribute('data-phase', 'outgoing');
  const ringing = Date.now();
  const callBack = CALL_ROUTE.exec(budi.url())![1];
  await expect(ayu).toHaveURL(new RegExp(`/video-call/${callBack}$`));
  await expect(ayu.getByTestId('incoming-call')).toContainText('Budi Santoso');
  await budi.clock.fastForward(Math.max(0, 57_000 - (Date.now() - ringing)));
  await expect(phaseOf(budi)).toHaveAttribute('data-phase', 'outgoing');
  await budi.clock.fastForward(3_000);
  await expectCallEnded(budi, 'No answer');
  // The caller's no_answer reaches Ayu through the server; her own 60 s would too.
  await expectCallEnded(ayu, 'Missed call');
});

test("a link never starts a call, and Budi declines the one it starts; a group call rings, lists its attendees, and leaving it asks first; a refused camera: a clear message, then audio only joins, and the camera asked again is refused again without ending the call", async ({ browser, request }) => {
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
  await preferExample(ayu, '/popup/announcement', 'example=empty');
  await ayu.goto(`/video-call/direct-video-call?user_id=${BUDI.id}`);
  await ayu.getByLabel('Employee number or username').fill(AYU.username);
  await ayu.getByLabel('Password').fill('sandbox-password');
  await ayu.getByRole('button', { name: 'Sign in' }).click();

  const preview = ayu.getByTestId('call-preview');
  await expect(preview.getByRole('heading', { name: 'Budi Santoso' })).toBeVisible();
  await expect(preview).toContainText('Start a video call with Budi Santoso?');
  // Typed again, and reloaded: still only the question, and nothing written once the page has settled.
  await ayu.goto(`/video-call/direct-video-call?user_id=${BUDI.id}`);
  await expect(preview.getByRole('heading', { name: 'Budi Santoso' })).toBeVisible();
  await ayu.reload();
  await expect(preview.getByRole('button', { name: 'Call' })).toBeVisible();
  await ayu.waitForLoadState('networkidle');
  expect(writes).toEqual([]);
  await expect(budi.getByTestId('incoming-call')).toHaveCount(0);

  await preview.getByRole('button', { name: 'Call' }).click();
  await expect(ayu).toHaveURL(CALL_ROUTE);
  await expect(phaseOf(ayu)).toHaveAttribute('data-phase', 'outgoing');
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
  await expect(ayu).not.toHaveURL(CALL_ROUTE, { timeout: 10_000 });
  await expect(budi).not.toHaveURL(CALL_ROUTE, { timeout: 10_000 });

  // A group call rings the other member, who answers.
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
  // Leaving the screen mid-call asks first.
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
  await expect(ayu).not.toHaveURL(CALL_ROUTE, { timeout: 10_000 });

  // Budi's camera is refused from now on: a clear message, then audio only joins the call.
  await refuseCamera(budi);
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
