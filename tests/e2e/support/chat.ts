// Steps for the chat browser tests, which run against the stateful chat sandbox (not the contract's
// examples): sign in as a named sandbox employee, open a room, send.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page, type Request } from '@playwright/test';
import { preferExample, storedKeys, withoutPreferences } from './app.ts';
import { APP_ORIGIN, REALTIME_MOCK, SESSIONS_DIR_ENV } from './stack.ts';

/** This worker's realtime mock (./stack.ts; read it inside a test). */
export { REALTIME_MOCK };
export const DIRECT_ROOM = 'b3f1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
export const GROUP_ROOM = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

/**
 * Signs in through the login screen as one of the sandbox's employees (any password works there), and
 * answers the token the app received. `timeout`: how long the app may take to show the sign-in screen
 * and then Home (the expect timeout by default).
 */
export async function signInThroughLoginScreen(page: Page, username: string, fullName: string, { timeout }: { timeout?: number } = {}): Promise<string> {
  await preferExample(page, '/popup/announcement', 'example=empty');
  const login = page.waitForResponse((answer) => new URL(answer.url()).pathname === '/api/auth/login' && answer.ok(), { timeout });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible({ timeout });
  await page.getByLabel('Employee number or username').fill(username);
  await page.getByLabel('Password').fill('sandbox-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: `Welcome, ${fullName}` })).toBeVisible({ timeout });
  return ((await (await login).json()) as { access_token: string }).access_token;
}

type StoredSession = Awaited<ReturnType<BrowserContext['storageState']>>;
interface KeptSession {
  state: StoredSession;
  /** The token in `state`, replaced by each test's own. */
  token: string;
}
const keptSessions = new Map<string, Promise<KeptSession>>();

/**
 * What the browser stored once `username` had signed in through the login screen against this worker's
 * stack: the first worker of the run on this stack to ask signs in and writes it to the run's folder
 * (global-setup.ts), where the workers that follow on the stack read it; each keeps it in memory.
 */
function keptSessionOf(browser: Browser, username: string, fullName: string): Promise<KeptSession> {
  const key = `${APP_ORIGIN} ${username}`;
  let kept = keptSessions.get(key);
  if (!kept) {
    kept = (async () => {
      const folder = process.env[SESSIONS_DIR_ENV];
      const file = folder && join(folder, `${createHash('sha256').update(key).digest('hex').slice(0, 16)}.json`);
      if (file && existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as KeptSession;
      const context = await browser.newContext({ baseURL: APP_ORIGIN, serviceWorkers: 'block' });
      try {
        const page = await context.newPage();
        const token = await signInThroughLoginScreen(page, username, fullName, { timeout: 20_000 });
        await expect.poll(() => page.evaluate(storedKeys)).toEqual(expect.arrayContaining(['access_token', 'user_data']));
        const session: KeptSession = { state: withoutPreferences(await context.storageState({ indexedDB: true })), token };
        if (file) {
          writeFileSync(`${file}.${process.pid}`, JSON.stringify(session));
          renameSync(`${file}.${process.pid}`, file);
        }
        return session;
      } finally {
        await context.close();
      }
    })();
    kept.catch(() => keptSessions.delete(key));
    keptSessions.set(key, kept);
  }
  return kept;
}

/**
 * Signs in as one of the sandbox's employees, for tests whose subject is not the sign-in (the login
 * screen has its own): the browser starts as a returning employee's does, with the session stored, and
 * opens Home. Each employee signs in through the login screen once per stack and run (keptSessionOf);
 * each call takes a token of its own from the sandbox (a test may log out) and puts it in that copy of
 * what the browser stored. Replaces what the context had stored. Answers the token. `home: false` when
 * the test opens a screen of its own next (a page load of the app fewer).
 */
export async function signInAs(page: Page, username: string, fullName: string, { timeout, home = true }: { timeout?: number; home?: boolean } = {}): Promise<string> {
  const browser = page.context().browser();
  if (!browser) return signInThroughLoginScreen(page, username, fullName, { timeout });
  const [{ state, token: storedToken }, login] = await Promise.all([
    keptSessionOf(browser, username, fullName),
    page.request.post(`${APP_ORIGIN}/api/auth/login`, { data: { username, password: 'sandbox-password' } }),
  ]);
  if (!login.ok()) throw new Error(`signInAs ${username}: the sandbox answered ${login.status()} to the login`);
  const token = ((await login.json()) as { access_token: string }).access_token;
  await page.context().setStorageState(JSON.parse(JSON.stringify(state).replaceAll(storedToken, token)) as StoredSession);
  await preferExample(page, '/popup/announcement', 'example=empty');
  if (home) {
    await page.goto('/home');
    await expect(page.getByRole('heading', { name: `Welcome, ${fullName}` })).toBeVisible({ timeout });
  }
  return token;
}

/**
 * Taps something inside the message list (a message's actions button, a reaction, a reply's quote) once
 * it shows. The list keeps its newest message in view while rows change height as live events arrive (a
 * reaction, a receipt, a quote), so a row can move between Playwright's check of where an element is and
 * its click at that point, which then lands on the list beside it: the click goes to the element itself.
 */
export async function tapInList(target: Locator): Promise<void> {
  await expect(target).toBeVisible();
  await target.dispatchEvent('click');
}

/**
 * Opens a message's actions (issue 37: no permanent "…" any more) as the keyboard does: Enter on the
 * focused message. A key press lands on the message whatever moves around it, where a pointer's aim can
 * miss a row that moved (see tapInList). The list's listeners come with their own code just after the
 * room's first content, so it is pressed again until the sheet shows. The hover toolbar, the right-click
 * and the long press have their own spec (message-actions.spec.ts).
 */
export async function openMessageActions(message: Locator): Promise<Locator> {
  const sheet = message.page().getByRole('dialog', { name: 'Message actions' });
  await expect(message).toBeVisible();
  await expect(async () => {
    if (!(await sheet.isVisible())) await message.press('Enter');
    await expect(sheet).toBeVisible({ timeout: 2000 });
  }).toPass();
  return sheet;
}

export async function openRoom(page: Page, roomUuid: string, family: 'chats' | 'live-chat' = 'chats'): Promise<void> {
  await page.goto(family === 'chats' ? `/chats/chat?uuid=${roomUuid}` : `/live-chat/chat-room?uuid=${roomUuid}`);
  await expect(page.getByTestId('message-list')).toBeVisible();
}

/** Waits until this many apps listen on the live-chat socket (what a person sees as "connected"). */
export async function liveChatListeners(request: APIRequestContext, atLeast: number): Promise<void> {
  await expect
    .poll(async () => ((await (await request.get(`${REALTIME_MOCK}/__mock/listeners`)).json()) as { socketIo: number }).socketIo, { timeout: 10_000 })
    .toBeGreaterThanOrEqual(atLeast);
}

export async function send(page: Page, text: string): Promise<void> {
  const field = page.getByRole('textbox', { name: 'Type a message' });
  await field.fill(text);
  await field.press('Enter');
}

/** The texts of the messages in the DOM, in order. */
export const shownTexts = (page: Page) => page.getByTestId('message').locator('span[class*="text"]').allInnerTexts();

interface ServerMessage {
  uuid: string;
  id: number;
  message_content?: string | null;
  client_message_id?: string | null;
}

/** Every message of a room as the server has stored it, oldest first (read through the v2 API as `username`). */
export async function serverMessages(request: APIRequestContext, username: string, roomUuid: string, upTo = 20): Promise<ServerMessage[]> {
  const token = await tokenOf(request, username);
  const all: ServerMessage[] = [];
  for (let page = 1; page <= upTo; page += 1) {
    const answer = await request.post(`/api/v2/live-chat/view-chat?page=${page}`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { chat_room_uuid: roomUuid },
    });
    const body = (await answer.json()) as { messages: { data: ServerMessage[]; last_page?: number } };
    all.push(...body.messages.data);
    if (page >= (body.messages.last_page ?? 1)) break;
  }
  return all.reverse();
}

/** A sandbox employee's access token (the API's own login). */
export async function tokenOf(request: APIRequestContext, username: string): Promise<string> {
  const answer = await request.post('/api/auth/login', { data: { username, password: 'sandbox-password' } });
  return ((await answer.json()) as { access_token: string }).access_token;
}

/**
 * Follows a page's chat home requests (GET …/live-chat/home, what the chat list and the Chat badge
 * read). `settledSince(time)`: waits until a chat home asked for after `time` (a `Date.now()`) has been
 * answered and none is still on its way, which is how a test waits out the refresh a live message
 * brings (SPEC §9, debounced 1000 ms) without a fixed sleep.
 */
export function watchChatHome(page: Page) {
  const requests = new Map<Request, { at: number; done: boolean }>();
  const isHome = (request: Request) => new URL(request.url()).pathname.endsWith('/live-chat/home');
  page.on('request', (request) => {
    if (isHome(request)) requests.set(request, { at: Date.now(), done: false });
  });
  const finish = (request: Request) => {
    const entry = requests.get(request);
    if (entry) entry.done = true;
  };
  page.on('requestfinished', finish);
  page.on('requestfailed', finish);
  return {
    async settledSince(time: number): Promise<void> {
      await expect
        .poll(() => {
          const all = [...requests.values()];
          return all.some((entry) => entry.at >= time && entry.done) && all.every((entry) => entry.done);
        }, { timeout: 15_000 })
        .toBe(true);
    },
  };
}

const opened: BrowserContext[] = [];

/**
 * A page in a browser context of its own (a second employee's window). A spec using it closes them
 * after each test (`test.afterEach(closeWindows)`), so no socket stays connected into the next test.
 */
export async function windowOf(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  opened.push(context);
  return context.newPage();
}

export async function closeWindows(): Promise<void> {
  await Promise.all(opened.splice(0).map((context) => context.close()));
}
