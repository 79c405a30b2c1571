// Video calls (issue 12), against the served build, the chat sandbox and the realtime mock, in Debian's
// Chromium with its fake camera and microphone. Budi Santoso and Ayu Lestari sign in in two contexts.
//   - Ringing: Ayu starts 20 calls to Budi through the sandbox (POST /live-chat/chat-room-calls), one at
//     a time; measured from the send to the frame after Budi's ringing screen appears (goal ≤ 1 s), and
//     from the send to the call route (the router, goal ≤ 50 ms), both on the wall clock the page and
//     this script share. Each call is then ended by Ayu and Budi closes the screen.
//   - Accept → first remote frame: Ayu calls from their chat room's header (her app running, in the
//     call room before Budi answers), Budi taps Accept; measured on Budi's page from the tap to the
//     first frame of Ayu's video shown (requestVideoFrameCallback), median of 5 calls.
import { chromium, devices, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../tests/support/chromium.ts';
import { recordFigure } from '../../tests/support/figures.ts';
import type { ChatRenderOutcome } from './chat-render.ts';

const DIRECT_ROOM = 'b3f1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const RINGS = 20;
const ACCEPTS = 5;
const GOAL = { ringingMs: 1000, routerMs: 50 };
const MEDIA_FLAGS = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', '--autoplay-policy=no-user-gesture-required'];

interface CallBenchWindow {
  __calls: { routed: number[]; ringing: number[] };
}

/** Installed before the app: when the call route is entered, and the frame after the ringing screen appears. */
function instrument(): void {
  const bench: CallBenchWindow['__calls'] = { routed: [], ringing: [] };
  (window as unknown as CallBenchWindow).__calls = bench;
  const wall = () => performance.timeOrigin + performance.now();
  let ringingShown = false;
  const observer = new MutationObserver(() => {
    const shown = document.querySelector('[data-testid="incoming-call"]') !== null;
    if (shown && !ringingShown) {
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => bench.ringing.push(wall());
        channel.port2.postMessage(null);
      });
    }
    ringingShown = shown;
  });
  addEventListener('DOMContentLoaded', () => observer.observe(document.body, { childList: true, subtree: true }));
  // Entering the route only: the call screen's own history entry (same URL, the leave guard) is not one.
  let previousPath = location.pathname;
  (window as unknown as { navigation: EventTarget }).navigation.addEventListener('navigatesuccess', () => {
    if (location.pathname !== previousPath && location.pathname.startsWith('/chat/chat-detail/video-call/')) bench.routed.push(wall());
    previousPath = location.pathname;
  });
}

async function signIn(context: BrowserContext, base: string, username: string, name: string): Promise<Page> {
  const page = await context.newPage();
  await page.route('**/api/popup/announcement*', (route) => route.continue({ headers: { ...route.request().headers(), prefer: 'example=empty' } }));
  await page.goto(new URL('/', base).href);
  await page.getByLabel('Employee number or username').fill(username);
  await page.getByLabel('Password').fill('bench-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: `Welcome, ${name}` }).waitFor({ timeout: 30_000 });
  return page;
}

async function tokenOf(base: string, username: string): Promise<string> {
  const answer = await fetch(new URL('/api/auth/login', base), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: 'bench-password' }) });
  return ((await answer.json()) as { access_token: string }).access_token;
}

async function api<T>(base: string, token: string, path: string, body: unknown): Promise<T> {
  const answer = await fetch(new URL(`/api${path}`, base), { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  if (!answer.ok) throw new Error(`${path}: HTTP ${answer.status}`);
  return (await answer.json()) as T;
}

async function waitForListener(realtimeUrl: string, channel: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const listeners = (await (await fetch(`${realtimeUrl}/__mock/listeners`)).json()) as { pusher: { channels: Record<string, number> } };
    if ((listeners.pusher.channels[channel] ?? 0) > 0) return;
    await new Promise((wake) => setTimeout(wake, 200));
  }
  throw new Error(`nobody listens on ${channel}`);
}

const percentile = (sorted: number[], share: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!);
const wallNow = () => performance.timeOrigin + performance.now();

async function measureRinging(base: string, budi: Page, ayuToken: string, outcome: ChatRenderOutcome): Promise<void> {
  const ringing: number[] = [];
  const routed: number[] = [];
  for (let index = 0; index < RINGS; index += 1) {
    const sent = wallNow();
    const { chat_room_call: call } = await api<{ chat_room_call: { id: number } }>(base, ayuToken, '/live-chat/chat-room-calls', { chat_room_uuid: DIRECT_ROOM });
    await budi.waitForFunction((count) => (window as unknown as CallBenchWindow).__calls.ringing.length >= count, index + 1, { timeout: 10_000 });
    const stamps = await budi.evaluate(() => (window as unknown as CallBenchWindow).__calls);
    ringing.push(stamps.ringing[index]! - sent);
    routed.push(stamps.routed[index]! - sent);
    await api(base, ayuToken, '/live-chat/chat-room-calls/end-call', { chat_room_call_id: call.id });
    await budi.getByTestId('call-ended').getByRole('button', { name: 'Close' }).click();
    await budi.waitForURL('**/home');
  }
  ringing.sort((a, b) => a - b);
  routed.sort((a, b) => a - b);
  const figures = { ringingMedian: percentile(ringing, 0.5), ringingP95: percentile(ringing, 0.95), routedMedian: percentile(routed, 0.5), routedP95: percentile(routed, 0.95) };
  console.log(
    `Calls: incoming call → ringing screen painted, over ${RINGS} calls: median ${figures.ringingMedian} ms, p95 ${figures.ringingP95} ms (goal ≤ ${GOAL.ringingMs} ms); ` +
      `→ call route (the router): median ${figures.routedMedian} ms, p95 ${figures.routedP95} ms (goal ≤ ${GOAL.routerMs} ms)`,
  );
  recordFigure('incoming call → ringing screen painted (median)', figures.ringingMedian, 'ms');
  recordFigure('incoming call → ringing screen painted (p95)', figures.ringingP95, 'ms');
  recordFigure('incoming call → call route (median)', figures.routedMedian, 'ms');
  if (figures.ringingP95 > GOAL.ringingMs) outcome.timingMisses.push(`incoming call → ringing screen p95 ${figures.ringingP95} ms > ${GOAL.ringingMs} ms`);
  if (figures.routedMedian > GOAL.routerMs) outcome.timingMisses.push(`incoming call → call route median ${figures.routedMedian} ms > ${GOAL.routerMs} ms`);
}

/** Waits until someone is in a call room (the caller's app has joined its presence channel). */
async function waitForCallRoom(realtimeUrl: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const listeners = (await (await fetch(`${realtimeUrl}/__mock/listeners`)).json()) as { pusher: { channels: Record<string, number> } };
    if (Object.entries(listeners.pusher.channels).some(([name, count]) => name.startsWith('presence-') && count > 0)) return;
    await new Promise((wake) => setTimeout(wake, 20));
  }
  throw new Error('the caller never joined the call room');
}

async function measureAccept(base: string, realtimeUrl: string, ayu: Page, budi: Page): Promise<void> {
  const firstFrames: number[] = [];
  // Calls start from the room's header, in the running app, as a person would.
  await ayu.goto(new URL(`/chats/chat?uuid=${DIRECT_ROOM}`, base).href);
  for (let index = 0; index < ACCEPTS; index += 1) {
    await ayu.getByTestId('room-video-call').click();
    await budi.getByTestId('incoming-call').waitFor({ timeout: 10_000 });
    await waitForCallRoom(realtimeUrl);
    const elapsed = await budi.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const started = performance.now();
          const timeout = setTimeout(() => reject(new Error('no remote frame within 15 s')), 15_000);
          const watch = () => {
            const video = document.querySelector<HTMLVideoElement>('[data-testid="remote-video"] video');
            if (!video) return void requestAnimationFrame(watch);
            video.requestVideoFrameCallback(() => {
              clearTimeout(timeout);
              resolve(performance.now() - started);
            });
          };
          [...document.querySelectorAll('button')].find((button) => button.textContent === 'Accept')?.click();
          watch();
        }),
    );
    firstFrames.push(elapsed);
    await ayu.getByRole('button', { name: 'Hang up' }).click();
    await budi.getByTestId('call-ended').getByRole('button', { name: 'Close' }).click();
    await ayu.getByTestId('call-ended').getByRole('button', { name: 'Close' }).click();
    await budi.waitForURL('**/home');
    await ayu.waitForURL('**/chats/chat?uuid=*');
  }
  firstFrames.sort((a, b) => a - b);
  const median = percentile(firstFrames, 0.5);
  console.log(`Calls: Accept tapped → first remote video frame shown, median of ${ACCEPTS}: ${median} ms (fake camera over loopback; no STUN/TURN)`);
  recordFigure('call accept → first remote frame (median)', median, 'ms');
}

export async function measureCalls(base: string, realtimeUrl: string): Promise<ChatRenderOutcome> {
  const outcome: ChatRenderOutcome = { failures: [], timingMisses: [] };
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS, ...MEDIA_FLAGS] });
  try {
    const options = { ...devices['Pixel 7'], permissions: ['camera', 'microphone'] };
    const budiContext = await browser.newContext(options);
    const ayuContext = await browser.newContext(options);
    await budiContext.addInitScript(instrument);
    const budi = await signIn(budiContext, base, 'budi.santoso', 'Budi Santoso');
    const ayu = await signIn(ayuContext, base, 'ayu.lestari', 'Ayu Lestari');
    await waitForListener(realtimeUrl, 'private-ess_user.43');
    await measureRinging(base, budi, await tokenOf(base, 'ayu.lestari'), outcome);
    await measureAccept(base, realtimeUrl, ayu, budi);
  } catch (error) {
    outcome.failures.push(`calls bench failed: ${(error as Error).message}`);
  } finally {
    await browser.close();
  }
  return outcome;
}
