// The chat screens with a lot of data, in Debian's Chromium at a phone's size and a phone's CPU (CDP
// CPU throttling 4×), against the served build and the sandbox mocks (bench.ts starts them):
//   1. "Arsip Pengumuman", the sandbox room with 10,000 messages: the view-chat answer → the first
//      message painted (≤ 300 ms); at most 60 message elements in the DOM at any sample while scrolling
//      up through 30 older pages; no long task over 50 ms while scrolling and prepending; and the
//      message being read does not move when an older page is prepended (0 px, 1 px for rounding).
//   2. The chat list with 5,000 rooms (the chat home answered by a generated body that the contract's
//      zod schema accepts): the answer → the first row painted (≤ 300 ms), at most 60 rows in the DOM
//      while scrolling to the end, no long task over 50 ms while doing so.
// Timings are measured inside the page on one clock (performance.now()): the resource entry's
// responseEnd of the call, and the frame after the element first appears (a MutationObserver, then
// requestAnimationFrame, then a message posted from it, which runs after that frame's paint).
// Each screen is opened 3 times, each time in a new browser context (nothing cached): the opening
// figures are the median of the 3 (all three are printed), and the last opening goes on to scroll.
// BENCH_CHAT_PROFILE=<folder> also writes a Performance trace, a CPU profile and the bench's readings
// of each opening (<folder>/room-1.*, list-1.* …) and of the scrolling (room-scroll-1.*, list-scroll-1.*)
// (scripts/bench/page-profile.ts): profiled figures compare with each other, not with the budgets.
import { chromium, devices, type Page } from '@playwright/test';
import type { ChatHomeResponse, ChatRoom } from '../../generated/http/types.gen.ts';
import { zGetChatHomeResponse } from '../../generated/http/zod.gen.ts';
import { ARCHIVE_ROOM_UUID } from '../../mocks/sandbox/chat/seed.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../tests/support/chromium.ts';
import { recordFigure } from '../../tests/support/figures.ts';
import { pageProfiler } from './page-profile.ts';

export const CHAT_BUDGET = { dataToPaintMs: 300, maxElements: 60, longTaskMs: 50, jumpPx: 1 };
const CPU_RATE = 4;
const OLDER_PAGES = 30;
const MIN_PREPENDS = 5;
const LIST_ROOMS = 5_000;
/** Each screen is opened this many times; the opening figures are the median. */
const OPENINGS = 3;

export interface ChatRenderOutcome {
  /** Always fail the run: DOM counts, jumps, a bench that could not measure. */
  failures: string[];
  /** Timing budgets missed (they move with the machine's load; bench.ts fails on them as on the others). */
  timingMisses: string[];
}

interface BenchWindow {
  __bench: {
    longTasks: Array<{ start: number; duration: number }>;
    calls: Array<{ url: string; startTime: number; responseEnd: number }>;
    firstSeen: Record<string, { inserted: number; painted: number; heights: number[]; insertedCount: number }>;
  };
}

/** Installed before the app's scripts: long tasks, the API calls' resource timing, first appearances. */
function instrument({ selectors, detail }: { selectors: string[]; detail: boolean }): void {
  const bench: BenchWindow['__bench'] = { longTasks: [], calls: [], firstSeen: {} };
  (window as unknown as BenchWindow).__bench = bench;
  performance.setResourceTimingBufferSize(100_000);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceResourceTiming[]) {
      if (entry.name.includes('/api/')) bench.calls.push({ url: entry.name, startTime: entry.startTime, responseEnd: entry.responseEnd });
    }
  }).observe({ type: 'resource', buffered: true });
  const observer = new MutationObserver(() => {
    for (const selector of selectors) {
      if (bench.firstSeen[selector] || !document.querySelector(selector)) continue;
      const seen = { inserted: performance.now(), painted: Number.NaN, heights: [] as number[], insertedCount: detail ? document.querySelectorAll(selector).length : 0 };
      bench.firstSeen[selector] = seen;
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          seen.painted = performance.now();
          // For the profile (BENCH_CHAT_PROFILE): the elements there when the paint was noted.
          if (detail) seen.heights = [...document.querySelectorAll(selector)].map((element) => Math.round(element.getBoundingClientRect().height));
        };
        channel.port2.postMessage(null);
      });
    }
  });
  observer.observe(document, { childList: true, subtree: true });
}

/**
 * The scrolling is measured once the app's start has settled: the work it does after the first content
 * (the realtime connections, the badge's counters, the permission list) waits for the load and an idle
 * moment (src/shared/scheduling/after-first-content.ts), and its tasks are start-up work, not scrolling.
 * No request for 500 ms (at most 10 s), then a second.
 */
export async function settleAfterOpening(page: Page): Promise<void> {
  // The live-chat socket is the last of it: once connected, the screen catches up (the chat list fetches
  // its rooms again: 3 MB here, one long task to read), so it is waited for, then the network's quiet.
  const deadline = Date.now() + 10_000;
  while (!socketsOpened.has(page) && Date.now() < deadline) await page.waitForTimeout(50);
  await page.waitForTimeout(300);
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await page.waitForTimeout(1_000);
}

const socketsOpened = new WeakSet<Page>();

/** Notes when the page's live-chat socket (socket.io) opens; call it on a new page, before it loads. */
export function watchLiveChatSocket(page: Page): void {
  page.on('websocket', (socket) => {
    if (socket.url().includes('/socket.io/')) socketsOpened.add(page);
  });
}

const benchState = (page: Page) => page.evaluate(() => (window as unknown as BenchWindow).__bench);
const round = (value: number) => Math.round(value * 10) / 10;

/** The answer of the first call whose URL contains `path` → the first `selector` painted, in ms. */
async function dataToPaint(page: Page, path: string, selector: string): Promise<number> {
  await page.waitForFunction((key) => !Number.isNaN((window as unknown as BenchWindow).__bench.firstSeen[key]?.painted ?? Number.NaN), selector, { timeout: 30_000 });
  const state = await benchState(page);
  const call = state.calls.find((entry) => entry.url.includes(path));
  if (!call) throw new Error(`no resource timing for ${path}`);
  return state.firstSeen[selector]!.painted - call.responseEnd;
}

const longestTaskSince = async (page: Page, since: number) =>
  Math.max(0, ...(await benchState(page)).longTasks.filter((task) => task.start >= since).map((task) => task.duration));

const pageNow = (page: Page) => page.evaluate(() => performance.now());
const frames = (page: Page, count: number) =>
  page.evaluate((n) => new Promise<void>((done) => {
    const step = (left: number) => (left === 0 ? done() : requestAnimationFrame(() => step(left - 1)));
    step(n);
  }), count);

async function openPage(browser: import('@playwright/test').Browser, base: string, seed: (page: Page, url: string) => Promise<void>, selectors: string[]) {
  const { viewport, deviceScaleFactor, isMobile, hasTouch, userAgent } = devices['Pixel 7']!;
  // No service worker: every API call is the page's own (routable, with its resource timing).
  const context = await browser.newContext({ viewport, deviceScaleFactor, isMobile, hasTouch, userAgent, serviceWorkers: 'block' });
  const page = await context.newPage();
  watchLiveChatSocket(page);
  await seed(page, base);
  await page.addInitScript(instrument, { selectors, detail: profiler.enabled });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
  await profiler.start(cdp);
  return { context, page };
}

const profiler = pageProfiler(process.env.BENCH_CHAT_PROFILE);
const stopProfile = (name: string, page: Page) => profiler.stop(name, () => benchState(page));

/** Records the scrolling part too (BENCH_CHAT_PROFILE only), without CPU samples: they lengthen every task. */
async function profileScrolling(page: Page): Promise<void> {
  if (profiler.enabled) await profiler.start(await page.context().newCDPSession(page), false);
}

/** What one opening of a screen measured. */
interface Opening {
  /** The call's answer → the first row or message painted. */
  dataToPaintMs: number;
  /** The longest task from the page's start to that paint. */
  longestTaskMs: number;
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Opens the screen and measures its first paint (and ends the opening's profile, under BENCH_CHAT_PROFILE). */
async function open(page: Page, url: string, call: string, selector: string, profile: string): Promise<Opening> {
  await page.goto(url);
  const dataToPaintMs = round(await dataToPaint(page, call, selector));
  const longestTaskMs = round(await longestTaskSince(page, 0));
  if (profiler.enabled) await page.waitForTimeout(500).then(() => stopProfile(profile, page));
  return { dataToPaintMs, longestTaskMs };
}

// ─── The 10,000-message room ────────────────────────────────────────────────────────────────────

const MESSAGE = '[data-testid=message]';
const MESSAGE_LIST = '[data-testid=message-list]';

async function benchRoom(page: Page, base: string, outcome: ChatRenderOutcome, scroll: boolean): Promise<Opening> {
  let pagesAnswered = 0;
  let messagesLoaded = 0;
  let oldestReached = false;
  let inFlight = 0;
  page.on('request', (request) => {
    if (request.url().includes('/live-chat/view-chat')) inFlight += 1;
  });
  const settle = async (request: import('@playwright/test').Request) => {
    if (!request.url().includes('/live-chat/view-chat')) return;
    try {
      const body = (await (await request.response())?.json()) as { messages?: { data?: unknown[]; current_page?: number; last_page?: number } };
      pagesAnswered += 1;
      messagesLoaded += body.messages?.data?.length ?? 0;
      if (body.messages?.last_page !== undefined && body.messages.current_page !== undefined && body.messages.current_page >= body.messages.last_page) oldestReached = true;
    } finally {
      inFlight -= 1;
    }
  };
  page.on('requestfinished', (request) => void settle(request));
  page.on('requestfailed', (request) => {
    if (request.url().includes('/live-chat/view-chat')) inFlight -= 1;
  });

  const opening = await open(page, new URL(`/chats/chat?uuid=${ARCHIVE_ROOM_UUID}`, base).href, '/live-chat/view-chat', MESSAGE, 'room');
  if (!scroll) return opening;

  await settleAfterOpening(page);
  const count = () => page.locator(MESSAGE).count();
  let maxElements = await count();
  await profileScrolling(page);
  const scrollStart = await pageNow(page);

  // Scrolling up continuously, 2,000 px every 50 ms, until 30 older pages have come in.
  const deadline = Date.now() + 120_000;
  while (pagesAnswered < OLDER_PAGES + 1 && !oldestReached && Date.now() < deadline) {
    await page.evaluate((selector) => {
      const scroller = document.querySelector(selector);
      if (scroller) scroller.scrollTop -= 2_000;
    }, MESSAGE_LIST);
    await page.waitForTimeout(50);
    maxElements = Math.max(maxElements, await count());
  }
  const scrolledPages = pagesAnswered - 1;

  // Clean prepends: still, note a visible message's top right after moving near the top (the same
  // task, so before any page can come in), then follow it every frame until the new page has rendered.
  let maxJump = 0;
  let prepends = 0;
  const jumps: number[] = [];
  let beforePage = 0;
  let atPrepend = 0;
  for (let attempt = 0; attempt < MIN_PREPENDS + 3 && prepends < MIN_PREPENDS && !oldestReached; attempt += 1) {
    const quiet = Date.now() + 10_000;
    while (inFlight > 0 && Date.now() < quiet) await page.waitForTimeout(20);
    await frames(page, 3);
    const before = pagesAnswered;
    // At rest 300 px from the top (outside the 240 px that loads a page): a message in view, settled.
    await page.evaluate((list) => {
      document.querySelector(list)!.scrollTop = 300;
    }, MESSAGE_LIST);
    await frames(page, 10);
    // An older page asked for while the list was still measuring its rows (its corrections can take the
    // offset under 240 px for a moment) is not a clean prepend from 300 px: try again once it is in.
    if (pagesAnswered !== before || inFlight > 0) continue;
    // Then near the top (which asks for the older page), and from that same task on, every frame until
    // 600 ms after the page has come in: where the message in view is, and how many messages are in the
    // DOM. The first reading is taken before any older page can come in.
    const anchor = await page.evaluate(({ list, message }) => {
      const scroller = document.querySelector(list)!;
      // The virtual list's row around a message (scroller > container > row), for the trace.
      const rowOf = (element: Element | null) => {
        let row = element;
        while (row && row.parentElement?.parentElement !== scroller) row = row.parentElement;
        return row ? `${Math.round(row.getBoundingClientRect().height)}px` : '-';
      };
      const view = scroller.getBoundingClientRect();
      // The anchor is a message's top edge: in view, with room below it for the 200 px it moves down
      // when the list goes to 100 (a tall message may reach past the view; which messages sit there
      // depends on the day separators, which move with the time of day).
      const visible = [...document.querySelectorAll<HTMLElement>(message)].find((element) => {
        const box = element.getBoundingClientRect();
        return box.top >= view.top && box.top <= view.bottom - 300;
      });
      if (!visible) return null;
      const uuid = visible.dataset.messageUuid!;
      const firstUuid = document.querySelector<HTMLElement>(message)?.dataset.messageUuid ?? '';
      const restTop = visible.getBoundingClientRect().top;
      const restScrollTop = scroller.scrollTop;
      scroller.scrollTop = 100;
      const top = visible.getBoundingClientRect().top;
      // `beforePage`: the largest move before the older page shows (scrollTop still where it was set);
      // `atPrepend`: the largest move after that, from where the message was in the last frame before.
      const follow = { jump: 0, beforePage: 0, atPrepend: 0, lastBefore: 0, prepended: false, lostFrames: 0, frames: 0, maxCount: 0, stop: false, trace: [] as string[] };
      (window as unknown as { __follow: typeof follow }).__follow = follow;
      const sample = () => {
        const element = document.querySelector<HTMLElement>(`${message}[data-message-uuid="${uuid}"]`);
        const elements = document.querySelectorAll<HTMLElement>(message);
        follow.frames += 1;
        follow.prepended ||= Math.abs(scroller.scrollTop - 100) > 1;
        if (element) {
          const offset = element.getBoundingClientRect().top - top;
          follow.jump = Math.max(follow.jump, Math.abs(offset));
          if (follow.prepended) follow.atPrepend = Math.max(follow.atPrepend, Math.abs(offset - follow.lastBefore));
          else {
            follow.beforePage = Math.max(follow.beforePage, Math.abs(offset));
            follow.lastBefore = offset;
          }
        } else follow.lostFrames += 1;
        follow.maxCount = Math.max(follow.maxCount, elements.length);
        const entry = `${element ? Math.round(element.getBoundingClientRect().top - top) : 'gone'}@${Math.round(scroller.scrollTop)}/${elements.length}/${rowOf(document.querySelector(`${message}[data-message-uuid="${firstUuid}"]`))}`;
        if (follow.trace.at(-1) !== entry) follow.trace.push(entry);
        if (!follow.stop) requestAnimationFrame(sample);
      };
      const firstRow = rowOf(document.querySelector(`${message}[data-message-uuid="${firstUuid}"]`));
      requestAnimationFrame(sample);
      return { uuid, top, scrollTop: scroller.scrollTop, restTop, restScrollTop, firstRow };
    }, { list: MESSAGE_LIST, message: MESSAGE });
    if (!anchor) {
      outcome.failures.push('chat room: no visible message to anchor a prepend on');
      break;
    }
    if (Math.abs(anchor.top - anchor.restTop - (anchor.restScrollTop - anchor.scrollTop)) > CHAT_BUDGET.jumpPx) {
      outcome.failures.push(`chat room: scrolling by ${anchor.restScrollTop - anchor.scrollTop} px moved the message by ${round(anchor.top - anchor.restTop)} px`);
    }
    const answered = Date.now() + 10_000;
    while (pagesAnswered === before && Date.now() < answered) await page.waitForTimeout(10);
    await page.evaluate(() => new Promise((done) => setTimeout(done, 600)));
    const followed = await page.evaluate(() => {
      const follow = (window as unknown as { __follow: { jump: number; beforePage: number; atPrepend: number; lostFrames: number; frames: number; maxCount: number; stop: boolean; trace: string[] } }).__follow;
      follow.stop = true;
      return { ...follow, scrollTop: document.querySelector('[data-testid=message-list]')!.scrollTop };
    });
    if (pagesAnswered === before) continue;
    if (process.env.BENCH_CHAT_TRACE) {
      console.log(`  prepend ${prepends + 1}: message ${anchor.uuid.slice(-4)} at ${Math.round(anchor.top)} px, scrollTop ${anchor.scrollTop}, old first row ${anchor.firstRow}; frames (message offset@scrollTop/messages in DOM/old first row): ${followed.trace.join(' ')}`);
    }
    maxElements = Math.max(maxElements, followed.maxCount);
    if (followed.lostFrames > 0) {
      outcome.failures.push(`chat room: the message being read (${anchor.uuid}) was out of the DOM in ${followed.lostFrames} of ${followed.frames} frames around a prepend`);
    }
    if (followed.scrollTop <= anchor.scrollTop) outcome.failures.push(`chat room: the prepend did not move scrollTop (${anchor.scrollTop} → ${followed.scrollTop}); was the page shown?`);
    jumps.push(round(followed.jump));
    beforePage = Math.max(beforePage, followed.beforePage);
    atPrepend = Math.max(atPrepend, followed.atPrepend);
    maxJump = Math.max(maxJump, followed.jump);
    prepends += 1;
  }
  const scrollTask = await longestTaskSince(page, scrollStart);
  await stopProfile('room-scroll', page);

  console.log(
    `Chat room: ${messagesLoaded} messages loaded in ${pagesAnswered} pages (${scrolledPages} by scrolling, ${prepends} measured prepends${oldestReached ? ', the oldest message reached' : ''}); the message being read moved ${jumps.join(', ')} px (largest: ${round(beforePage)} px while the older page was loading, ${round(atPrepend)} px when it was prepended)`,
  );
  recordFigure('chat room: messages loaded while scrolling up', messagesLoaded, 'messages');
  recordFigure(`chat room: message elements in DOM (max; budget ${CHAT_BUDGET.maxElements})`, maxElements, 'elements');
  recordFigure(`chat room: longest task while scrolling/prepending (4× CPU; budget ${CHAT_BUDGET.longTaskMs} ms)`, round(scrollTask), 'ms');
  recordFigure(`chat room: jump on prepend (max; budget ${CHAT_BUDGET.jumpPx} px)`, round(maxJump), 'px');
  recordFigure('chat room: of which while the older page loads (max)', round(beforePage), 'px');
  if (maxElements > CHAT_BUDGET.maxElements) outcome.failures.push(`chat room: ${maxElements} message elements in the DOM > ${CHAT_BUDGET.maxElements}`);
  if (scrolledPages < OLDER_PAGES && !oldestReached) outcome.failures.push(`chat room: only ${scrolledPages} older pages came in while scrolling up (wanted ${OLDER_PAGES})`);
  if (prepends < MIN_PREPENDS && !oldestReached) outcome.failures.push(`chat room: only ${prepends} prepends could be measured (wanted ${MIN_PREPENDS})`);
  if (maxJump > CHAT_BUDGET.jumpPx) outcome.failures.push(`chat room: the message being read moved ${round(maxJump)} px around a prepend (budget 0 px): up to ${round(beforePage)} px while the older page was loading, ${round(atPrepend)} px when it was prepended`);
  if (scrollTask > CHAT_BUDGET.longTaskMs) outcome.timingMisses.push(`chat room: a ${round(scrollTask)} ms long task while scrolling/prepending > ${CHAT_BUDGET.longTaskMs} ms (4× CPU)`);
  return opening;
}

// ─── The 5,000-room chat list ───────────────────────────────────────────────────────────────────

const ROW = '[data-testid=chat-room-row]';
const ROOM_LIST = '[data-testid=chat-room-list]';

export function chatHome(rooms: number): ChatHomeResponse & { chat_rooms: ChatRoom[] } {
  const now = Date.parse('2025-06-02T09:00:00Z');
  const names = ['Budi Santoso', 'Siti Rahayu', 'Dewi Anggraini', 'Rudi Hartono', 'Putri Maharani', 'Agus Wijaya', 'Nur Aini', 'Hendra Gunawan'];
  const chatRooms: ChatRoom[] = Array.from({ length: rooms }, (_, n) => {
    const group = n % 3 === 0;
    const at = new Date(now - n * 7 * 60_000).toISOString();
    return {
      id: 900_000 + n,
      uuid: `b0c4e1a2-0000-4000-8000-${n.toString(16).padStart(12, '0')}`,
      type: group ? 'group' : 'individual',
      name: group ? `Tim Proyek ${n}` : null,
      individual_name: group ? null : names[n % names.length]!,
      to: group ? null : 1_000 + n,
      to_user_name: group ? null : names[n % names.length]!,
      from_user_name: 'Ayu Lestari',
      from_user_avatar: null,
      to_user_avatar: null,
      meta: { unread_messages: n % 5 === 0 ? n % 13 : 0 },
      is_muted: n % 11 === 0 ? 1 : 0,
      is_chat_with_hr: n % 97 === 0 ? 1 : 0,
      is_urgent_chat: 0,
      last_message: { message_content: `Pesan terakhir nomor ${n}: rapat dipindah ke jam ${8 + (n % 9)}.00`, created_at: at, is_owner: n % 2 },
      created_at: at,
      updated_at: at,
      deleted_at: null,
      pinned_at: null,
    };
  });
  return {
    error: false,
    status_code: 200,
    chat_home: { id: 1, user_id: 42, websocket_id: 'bench-socket', groupChatUuids: chatRooms.filter((room) => room.type === 'group').map((room) => room.uuid), is_chat_admin: 0 },
    chat_rooms: chatRooms,
  };
}

async function benchList(page: Page, base: string, outcome: ChatRenderOutcome, scroll: boolean): Promise<Opening> {
  const home = chatHome(LIST_ROOMS);
  const checked = zGetChatHomeResponse.safeParse(home);
  if (!checked.success) throw new Error(`the generated chat home does not match the contract: ${checked.error.message}`);
  const body = JSON.stringify(home);
  await page.route('**/api/live-chat/home*', (route) => route.fulfill({ status: 200, contentType: 'application/json', body }));

  const opening = await open(page, new URL('/chats', base).href, '/live-chat/home', ROW, 'list');
  if (!scroll) return opening;

  await settleAfterOpening(page);
  const lastUuid = home.chat_rooms.at(-1)!.uuid;
  const count = () => page.locator(ROW).count();
  let maxRows = await count();
  await profileScrolling(page);
  const scrollStart = await pageNow(page);
  const deadline = Date.now() + 120_000;
  let reachedEnd = false;
  while (!reachedEnd && Date.now() < deadline) {
    reachedEnd = await page.evaluate(({ list, row, last }) => {
      const scroller = document.querySelector(list);
      if (!scroller) return false;
      scroller.scrollTop += 2_000;
      return scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1 && document.querySelector(`${row}[data-room-uuid="${last}"]`) !== null;
    }, { list: ROOM_LIST, row: ROW, last: lastUuid });
    await page.waitForTimeout(50);
    maxRows = Math.max(maxRows, await count());
  }
  await frames(page, 3);
  const lastShown = await page.locator(`${ROW}[data-room-uuid="${lastUuid}"]`).count();
  const scrollTask = await longestTaskSince(page, scrollStart);
  await stopProfile('list-scroll', page);

  recordFigure(`chat list 5,000 rooms: row elements in DOM (max; budget ${CHAT_BUDGET.maxElements})`, maxRows, 'elements');
  recordFigure(`chat list 5,000 rooms: longest task while scrolling to the end (4× CPU; budget ${CHAT_BUDGET.longTaskMs} ms)`, round(scrollTask), 'ms');
  if (!reachedEnd || lastShown === 0) {
    const where = await page.evaluate((list) => `${location.pathname}, list ${document.querySelector(list) ? 'present' : 'absent'}: "${document.body.innerText.slice(0, 160).replaceAll('\n', ' | ')}"`, ROOM_LIST);
    outcome.failures.push(`chat list 5,000 rooms: scrolling did not reach the last room (${where})`);
  }
  if (maxRows > CHAT_BUDGET.maxElements) outcome.failures.push(`chat list 5,000 rooms: ${maxRows} rows in the DOM > ${CHAT_BUDGET.maxElements}`);
  if (scrollTask > CHAT_BUDGET.longTaskMs) outcome.timingMisses.push(`chat list 5,000 rooms: a ${round(scrollTask)} ms long task while scrolling > ${CHAT_BUDGET.longTaskMs} ms (4× CPU)`);
  return opening;
}

// ─── Run ────────────────────────────────────────────────────────────────────────────────────────

/** Both benches against `base` (the served build with the sandbox behind /api); `seed` stores user 42's session. */
export async function measureChatRender(base: string, seed: (page: Page, url: string) => Promise<void>): Promise<ChatRenderOutcome> {
  const outcome: ChatRenderOutcome = { failures: [], timingMisses: [] };
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    for (const [name, bench, selector, screen, what] of [
      ['chat room bench', benchRoom, MESSAGE, 'chat room 10,000 messages', 'message'],
      ['chat list bench', benchList, ROW, 'chat list 5,000 rooms', 'row'],
    ] as const) {
      const openings: Opening[] = [];
      for (let run = 1; run <= OPENINGS; run += 1) {
        const { context, page } = await openPage(browser, base, seed, [selector]);
        try {
          openings.push(await bench(page, base, outcome, run === OPENINGS));
        } catch (error) {
          outcome.failures.push(`${name} failed: ${(error as Error).message.split('\n')[0]}`);
          break;
        } finally {
          await context.close();
        }
      }
      if (openings.length === 0) continue;
      const paint = median(openings.map((opening) => opening.dataToPaintMs));
      const task = median(openings.map((opening) => opening.longestTaskMs));
      const of = `median of ${openings.length}: ${openings.map((opening) => opening.dataToPaintMs).join(', ')} ms`;
      recordFigure(`${screen}: data → first paint (4× CPU, ${of}; budget ${CHAT_BUDGET.dataToPaintMs} ms)`, paint, 'ms');
      recordFigure(`${screen}: longest task while opening (4× CPU, median of ${openings.length}: ${openings.map((opening) => opening.longestTaskMs).join(', ')} ms; goal ${CHAT_BUDGET.longTaskMs} ms)`, task, 'ms');
      if (paint > CHAT_BUDGET.dataToPaintMs) outcome.timingMisses.push(`${screen}: data → first ${what} painted ${paint} ms (${of}) > ${CHAT_BUDGET.dataToPaintMs} ms (4× CPU)`);
    }
  } finally {
    await browser.close();
  }
  return outcome;
}
