// A call ends for everyone, even when its end is lost on the way. Ayu calls the group "Tim Operasional
// Jakarta" and Budi answers (through this worker's Janus when it runs, else the mesh: the end is the same
// session logic either way); her end-call requests are dropped in her window (`route.abort()`, what a
// loaded machine or a dropped network does to them). A group call goes on for those still in it when the
// caller's media leaves, so only the end reaching the server ends Budi's. One journey of two calls
// between the same two signed-in windows; the retry's delays and the 15 s status check's interval are
// proved with fake timers beside their code (src/features/calls/session/), Budi's clock here is
// Playwright's.
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page, type Request } from './support/test.ts';
import { GROUP_ROOM, REALTIME_MOCK, signInAs } from './support/chat.ts';
import { expectCallEnded, recordCallEnds } from './support/call-ended.ts';

// Two sign-ins, two calls, their ends retried, the app closed and opened again.
test.setTimeout(150_000);

const CALL_ROUTE = /\/chat\/chat-detail\/video-call\/(\d+)$/;
const END_CALL = '**/api/live-chat/chat-room-calls/end-call';
const AYU = { username: 'ayu.lestari', name: 'Ayu Lestari', id: 42 };
const BUDI = { username: 'budi.santoso', name: 'Budi Santoso', id: 43 };

interface Listeners {
  pusher: { connections: number; channels: Record<string, number> };
}

const windows: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(windows.splice(0).map((context) => context.close()));
});
// The previous test's windows are gone from the mock too, so "listening" below means this test's window.
test.beforeEach(async ({ request }) => {
  await expect.poll(async () => ((await (await request.get(`${REALTIME_MOCK}/__mock/listeners`)).json()) as Listeners).pusher.connections, { timeout: 10_000 }).toBe(0);
});

/** A signed-in employee's window (camera and microphone allowed), listening on their private channel; `before` runs before the app opens. */
async function employee(browser: Browser, request: APIRequestContext, who: typeof AYU, before?: (page: Page) => Promise<void>): Promise<Page> {
  const context = await browser.newContext({ permissions: ['camera', 'microphone'] });
  windows.push(context);
  const page = await context.newPage();
  await recordCallEnds(page);
  await before?.(page);
  await signInAs(page, who.username, who.name, { timeout: 20_000 });
  await expect
    .poll(async () => ((await (await request.get(`${REALTIME_MOCK}/__mock/listeners`)).json()) as Listeners).pusher.channels[`private-ess_user.${who.id}`] ?? 0, { timeout: 15_000 })
    .toBeGreaterThanOrEqual(1);
  return page;
}

const phaseOf = (page: Page) => page.getByTestId('call-screen');

/** Ayu calls the group, Budi answers, both are in the call; returns the call's id. */
async function groupCall(ayu: Page, budi: Page): Promise<number> {
  await ayu.goto(`/chats/chat?uuid=${GROUP_ROOM}`);
  await ayu.getByTestId('room-video-call').click();
  await expect(ayu).toHaveURL(CALL_ROUTE, { timeout: 20_000 });
  await expect(budi.getByTestId('incoming-call')).toContainText('Tim Operasional Jakarta', { timeout: 20_000 });
  await budi.getByRole('button', { name: 'Accept' }).click();
  for (const page of [ayu, budi]) await expect(phaseOf(page)).toHaveAttribute('data-phase', 'in-call', { timeout: 45_000 });
  return Number(CALL_ROUTE.exec(ayu.url())![1]);
}

/** The call's status as the server has it (read as Rizky, another member of the group, who never joined). */
async function serverStatus(request: APIRequestContext, callId: number): Promise<string> {
  const login = await request.post('/api/auth/login', { data: { username: 'rizky.pratama', password: 'sandbox-password' } });
  const token = ((await login.json()) as { access_token: string }).access_token;
  const answer = await request.get(`/api/live-chat/chat-room-calls/${callId}`, { headers: { Authorization: `Bearer ${token}` } });
  return ((await answer.json()) as { chat_room_call: { status: string } }).chat_room_call.status;
}

test("Ayu's hang-up is lost twice: her app sends it again until the server takes it, and Budi's call ends; in the next call it never gets out before she closes the app, goes out as she opens it again, and Budi, whose end event is lost too, finds the call ended by his 15 s status check", async ({ browser, request }) => {
  const ayu = await employee(browser, request, AYU);
  // Budi's realtime connection loses every call ending sent to him (the global event on his private
  // channel) once `loseEnds` is set.
  let loseEnds = false;
  const lostEvents: string[] = [];
  const budi = await employee(browser, request, BUDI, (page) =>
    page.routeWebSocket(/\/realtime\//, (socket) => {
      const server = socket.connectToServer();
      socket.onMessage((message) => server.send(message));
      server.onMessage((message) => {
        if (loseEnds && typeof message === 'string' && message.includes('end_call_')) lostEvents.push(message);
        else socket.send(message);
      });
    }),
  );

  // The first call: Ayu's end is dropped twice.
  const tries: Array<'dropped' | 'sent'> = [];
  await ayu.route(END_CALL, async (route) => {
    if (tries.filter((attempt) => attempt === 'dropped').length < 2) {
      tries.push('dropped');
      await route.abort('connectionreset');
    } else {
      tries.push('sent');
      await route.continue();
    }
  });
  const firstCall = await groupCall(ayu, budi);
  await ayu.getByRole('button', { name: 'Hang up' }).click();
  await expectCallEnded(ayu, 'Call ended');
  // Sent again after 1 s and 2 s: the third reaches the server, whose end_call_from_caller_group reaches Budi.
  await expectCallEnded(budi, 'Call ended', { timeout: 20_000 });
  expect(tries).toEqual(['dropped', 'dropped', 'sent']);
  expect(await serverStatus(request, firstCall)).toBe('ended');
  // Taken: nothing more is sent, and nothing is left stored for the next start (once the server's
  // answer reaches Ayu's app: its end event may reach Budi first).
  await expect.poll(() => ayu.evaluate(() => localStorage.getItem('ess-calls:pending-end-calls'))).toBeNull();
  for (const page of [ayu, budi]) await expect(page).not.toHaveURL(CALL_ROUTE, { timeout: 10_000 });

  // The second call: every end Ayu's app sends is dropped, and every end sent to Budi is lost. Budi's
  // clock is Playwright's from here (it runs on in real time until moved).
  await ayu.unroute(END_CALL);
  let dropped = 0;
  await ayu.route(END_CALL, async (route) => {
    dropped += 1;
    await route.abort('connectionreset');
  });
  loseEnds = true;
  await budi.clock.install();
  const callId = await groupCall(ayu, budi);
  await ayu.getByRole('button', { name: 'Hang up' }).click();
  await expectCallEnded(ayu, 'Call ended');
  // Tried again (after 1 s), and kept for the next start.
  await expect.poll(() => dropped, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
  expect(await ayu.evaluate(() => JSON.parse(localStorage.getItem('ess-calls:pending-end-calls') ?? '[]'))).toEqual([expect.objectContaining({ callId, userId: AYU.id })]);
  expect(await serverStatus(request, callId)).toBe('ringing');
  await expect(phaseOf(budi)).toHaveAttribute('data-phase', 'in-call');

  // She closes the app and opens it again (the same browser profile): the stored end goes out from the new window.
  const context = ayu.context();
  await ayu.close();
  const again = await context.newPage();
  const resent = again.waitForRequest((sent: Request) => sent.url().endsWith('/api/live-chat/chat-room-calls/end-call'), { timeout: 30_000 });
  await again.goto('/home');
  expect((await resent).postDataJSON()).toEqual({ chat_room_call_id: callId, event_type: 'end_call_from_caller_group' });
  const answered = await (await resent).response();
  expect(answered?.status()).toBe(200);
  expect(await serverStatus(request, callId)).toBe('ended');

  // Its end event is lost on the way to Budi; 15 s on his clock, his status check asks the server and ends his call.
  await expect.poll(() => lostEvents.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
  await budi.clock.fastForward(15_000);
  await expectCallEnded(budi, 'Call ended', { timeout: 15_000 });
  await expect.poll(() => again.evaluate(() => localStorage.getItem('ess-calls:pending-end-calls'))).toBeNull();
});
