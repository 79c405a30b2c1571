// Issue 33, item 4: one bad field never takes a screen down. Every answer of the API comes from Prism's
// dynamic mode — random data that the contract allows: a `string` date that is no date, numbers out
// of any expected range, addresses that are no addresses, empty strings, huge numbers — with a fixed
// seed per visit (Prism's `Prefer: dynamic=true, seed=…`: it seeds its generator afresh for each
// answer, so the same visit gets the same answers, whatever order the browser asks in). Thirty visits
// over every native screen, chat rooms of both families, and web modules: not one screen may fall to
// its error boundary, and nothing may throw uncaught. A screen that says the data could not be loaded
// (the app's validation of an answer refusing it) passes: that is a clear message, not a crash.
import type { Page } from '@playwright/test';
import { signIn } from './support/app.ts';
import { expect, test } from './support/test.ts';

const SEED = 'issue-33';
// A room of its own for each visit that opens one, so each loads its answers afresh (Prism answers any uuid).
const room = (visit: number) => `0d6a2f5e-8c1b-4f3a-9e7d-${String(visit).padStart(12, '0')}`;

// Thirty visits: each native screen once, rooms of both families (a room renders the most server
// fields: dates, sizes, counts, links, pictures, polls, calls), and web modules (one screen for any route).
const VISITS = [
  '/home',
  '/chats',
  '/live-chat',
  `/chats/chat?uuid=${room(3)}`,
  `/chats/chat?uuid=${room(4)}`,
  `/chats/chat?uuid=${room(5)}`,
  `/chats/chat?uuid=${room(6)}`,
  `/chats/chat?uuid=${room(7)}`,
  `/live-chat/chat-room?uuid=${room(8)}`,
  `/live-chat/chat-room?uuid=${room(9)}`,
  `/live-chat/chat-room?uuid=${room(10)}`,
  `/live-chat/chat-room?uuid=${room(11)}`,
  `/chats/detail?uuid=${room(12)}`,
  '/chats/create',
  `/chats/vote?uuid=${room(14)}`,
  '/live-chat/create-group-chat',
  '/messages/direct-chat?user_id=43',
  `/attachment-view?uuid=${room(17)}&message=${room(117)}&family=v2`,
  '/call',
  '/video-call/attendee?chat_room_call_id=77',
  '/video-call/direct-video-call?user_id=43',
  '/chat/chat-detail/video-call/77',
  '/notification',
  '/qr-location-checkin?location=HQ-LOBBY',
  '/employee-qr-scan',
  '/change-password',
  '/workspace',
  '/ess',
  '/online-meetings',
  '/bookings',
] as const;

// The session's own answers keep the contract's examples: the user data decides who is signed in and
// whether they must change their password or sign in again (an error envelope, SPEC §3), so a random one
// rightly ends the session or holds it on Change password; that is the server's word, not a bad field.
const SESSION = /^\/api\/auth\//;

interface Failure {
  visit: string;
  what: string;
}

/** In the page: the app has replaced the start's splash, and nothing on screen says it is loading. */
function screenLoaded(): boolean {
  if (document.querySelector('#root > .boot, [aria-busy="true"]')) return false;
  return ![...document.querySelectorAll('[role="status"]')].some((status) => /^Loading/.test(status.textContent ?? ''));
}

/** Until the screen has its answers: no request of the API under way and no loading state shown, twice running. */
async function settled(page: Page, pending: Set<unknown>): Promise<void> {
  let quiet = 0;
  await expect
    .poll(
      async () => {
        quiet = pending.size === 0 && (await page.evaluate(screenLoaded)) ? quiet + 1 : 0;
        return quiet >= 2;
      },
      { intervals: [50], timeout: 10_000 },
    )
    .toBe(true);
}

/** In the page: the router moves to `path` as a link of the app would (a history entry, then popstate). */
function visitInApp(path: string): void {
  history.pushState(null, '', path);
  dispatchEvent(new PopStateEvent('popstate'));
}

/** The screen's error boundary (src/app/screen-error-boundary.tsx): its "Error" heading over its alert. */
const errorBoundary = (page: Page) =>
  page.locator('main').filter({ has: page.getByRole('heading', { name: 'Error', level: 1 }) }).filter({ has: page.getByRole('alert') });

test('random contract-valid answers on thirty visits: no screen falls to its error boundary, nothing throws', async ({ page }) => {
  // 20-35 s on a loaded 2-core machine: each visit waits for its screen's answers.
  test.setTimeout(90_000);
  expect(VISITS).toHaveLength(30);
  await signIn(page);
  await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();

  let visit = 0;
  const failures: Failure[] = [];
  const fail = (what: string) => failures.push({ visit: `${visit} ${VISITS[visit]}`, what });
  page.on('pageerror', (error) => fail(`uncaught ${error.name}: ${error.message}`));
  page.on('console', (message) => {
    // What the screen's error boundary and the one around optional UI (deferred-boundary.tsx) log when they catch.
    if (/^(A screen failed|Left out )/.test(message.text())) fail(message.text().slice(0, 300));
  });
  const pending = new Set<unknown>();
  const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');
  page.on('request', (request) => void (isApi(request.url()) && pending.add(request)));
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  await page.route('**/api/**', (route) =>
    SESSION.test(new URL(route.request().url()).pathname)
      ? route.fallback()
      : route.continue({ headers: { ...route.request().headers(), prefer: `dynamic=true, seed=${SEED}-${visit}` } }),
  );

  for (const [index, path] of VISITS.entries()) {
    visit = index;
    if (index === 0) await page.goto(path);
    // Then from screen to screen as the app's links move (a page load each would mostly time the start).
    else await page.evaluate(visitInApp, path);
    // A screen left loading for ever is down too; it is counted, and the visits go on.
    await settled(page, pending).catch(() => fail('still loading after 10 s'));
    if ((await errorBoundary(page).count()) > 0) fail('the error boundary is shown');
    // Still the signed-in app: the session's answers are the examples, so no visit may end it.
    expect(new URL(page.url()).pathname, `visit ${index} ${path}`).not.toBe('/login');
  }
  expect(failures).toEqual([]);
});
