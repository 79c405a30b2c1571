// The v2 group creation screen (/chats/create) with a mass employee search of 2,000+ people, in
// Debian's Chromium at a phone's size and a phone's CPU (CDP CPU throttling 4×), against the served
// build and the sandbox mocks (bench.ts starts them). Ayu Lestari signs in through the login screen,
// opens /chats/create and presses Search with no filters; the sandbox answers everyone. If it answers
// fewer than 2,000 people (an older sandbox), the call is answered in the page with 2,000 generated
// employees in the contract's shape instead, and the figures say so. Measured:
//   - the search answer → the first rows painted (the resource entry's responseEnd → the frame after
//     the first row appears, on the page's clock);
//   - the most rows in the DOM while rendering, selecting all and scrolling to the end (≤ 60);
//   - the longest task from pressing Search through rendering, "Select all matching" and scrolling to
//     the last person (a PerformanceObserver for 'longtask'; budget 50 ms, a timing budget).
import { chromium, devices, type Page } from '@playwright/test';
import type { Employee, EmployeeSearchV2Response } from '../../generated/http/types.gen.ts';
import { zSearchMassEmployeesV2Response } from '../../generated/http/zod.gen.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../tests/support/chromium.ts';
import { recordFigure } from '../../tests/support/figures.ts';
import { CHAT_BUDGET, settleAfterOpening, watchLiveChatSocket, type ChatRenderOutcome } from './chat-render.ts';

const CPU_RATE = 4;
const PEOPLE = 2_000;
const SEARCH_PATH = '/api/v2/live-chat/search-mass-employees';
const ROW = '[data-testid=employee-row]';
const LIST = '[data-testid=employee-list]';
const LABEL = 'employee search 2,000 people';

interface SearchBenchWindow {
  __search: { longTasks: Array<{ start: number; duration: number }>; responseEnd: number; rowPainted: number };
}

/** Installed before the app's scripts: long tasks, the search's resource timing, the first row painted. */
function instrument({ searchPath, row }: { searchPath: string; row: string }): void {
  const bench: SearchBenchWindow['__search'] = { longTasks: [], responseEnd: Number.NaN, rowPainted: Number.NaN };
  (window as unknown as SearchBenchWindow).__search = bench;
  performance.setResourceTimingBufferSize(100_000);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceResourceTiming[]) if (entry.name.includes(searchPath)) bench.responseEnd = entry.responseEnd;
  }).observe({ type: 'resource', buffered: true });
  let seen = false;
  const observer = new MutationObserver(() => {
    if (seen || !document.querySelector(row)) return;
    seen = true;
    observer.disconnect();
    // The frame after the row appears: a message posted from requestAnimationFrame runs after its paint.
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => (bench.rowPainted = performance.now());
      channel.port2.postMessage(null);
    });
  });
  observer.observe(document, { childList: true, subtree: true });
}

const state = (page: Page) => page.evaluate(() => (window as unknown as SearchBenchWindow).__search);
const round = (value: number) => Math.round(value * 10) / 10;
const fullName = (employee: Employee) => [employee.first_name, employee.last_name].filter(Boolean).join(' ') || employee.employee_number || '';

/** 2,000 employees as the contract describes them (checked against its zod schema). */
function generatedAnswer(): EmployeeSearchV2Response {
  const firsts = ['Adi', 'Bayu', 'Citra', 'Dewi', 'Eka', 'Fajar', 'Gita', 'Hadi', 'Indah', 'Joko'];
  const lasts = ['Santoso', 'Rahayu', 'Wijaya', 'Gunawan', 'Lubis', 'Siregar', 'Nugraha', 'Permana', 'Utomo', 'Halim'];
  const users: Employee[] = Array.from({ length: PEOPLE }, (_, n) => ({
    id: 700_000 + n,
    first_name: firsts[n % firsts.length]!,
    last_name: `${lasts[Math.floor(n / firsts.length) % lasts.length]!} ${n}`,
    employee_number: `7${String(n).padStart(5, '0')}`,
    signed_profile_picture_url: null,
    ess_employee_profile: { full_job_title: `Staff Toko - Outlet ${n % 40}`, job_title: 'Staff Toko' },
    ess_company: { name: 'PT Sinar Nusantara Retail' },
  }));
  const answer: EmployeeSearchV2Response = { error: false, status_code: 200, total: users.length, users };
  const checked = zSearchMassEmployeesV2Response.safeParse(answer);
  if (!checked.success) throw new Error(`the generated employees do not match the contract: ${checked.error.message}`);
  return answer;
}

/** How many people the served sandbox answers a search with no filters (any bearer token is Ayu there). */
async function sandboxCount(base: string): Promise<number> {
  try {
    const response = await fetch(new URL(SEARCH_PATH, base), { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer bench-probe' }, body: '{}' });
    const body = (await response.json()) as { users?: unknown[] };
    return response.ok && Array.isArray(body.users) ? body.users.length : 0;
  } catch {
    return 0;
  }
}

async function signIn(page: Page, base: string): Promise<void> {
  // The announcement pop-up would cover Home: the contract's `empty` example (as the browser tests do).
  await page.route('**/api/popup/announcement*', (route) => route.continue({ headers: { ...route.request().headers(), prefer: 'example=empty' } }));
  await page.goto(new URL('/', base).href);
  await page.getByLabel('Employee number or username').fill('ayu.lestari');
  await page.getByLabel('Password').fill('bench-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Welcome, Ayu Lestari' }).waitFor({ timeout: 30_000 });
}

async function bench(page: Page, base: string, outcome: ChatRenderOutcome, source: 'sandbox' | 'generated'): Promise<void> {
  await signIn(page, base);
  await page.goto(new URL('/chats/create', base).href);
  const searchButton = page.getByRole('button', { name: 'Search Employees' });
  await searchButton.waitFor({ timeout: 30_000 });
  // The start's own work (after the first content, or its fallback) is done before the search is measured.
  await settleAfterOpening(page);

  const answered = page.waitForResponse((response) => response.url().includes(SEARCH_PATH));
  const start = await page.evaluate(() => performance.now());
  await searchButton.click();
  const users = ((await (await answered).json()) as { users: Employee[] }).users;
  await page.waitForFunction(() => !Number.isNaN((window as unknown as SearchBenchWindow).__search.rowPainted), undefined, { timeout: 30_000 });
  const painted = await state(page);
  const paintMs = round(painted.rowPainted - painted.responseEnd);
  const count = () => page.locator(ROW).count();
  let maxRows = await count();

  // Select everyone found; the count says so once React has rendered it.
  await page.getByRole('button', { name: /^Select all matching/ }).click();
  const selectedText = `${users.length.toLocaleString('en')} selected`;
  await page.getByTestId('selected-count').filter({ hasText: selectedText }).waitFor({ timeout: 30_000 });
  maxRows = Math.max(maxRows, await count());

  // Then to the last person, 2,000 px every 50 ms.
  const last = fullName(users.at(-1)!);
  const deadline = Date.now() + 120_000;
  let reachedEnd = false;
  while (!reachedEnd && Date.now() < deadline) {
    reachedEnd = await page.evaluate(({ list, lastName }) => {
      const scroller = document.querySelector(list);
      if (!scroller) return false;
      scroller.scrollTop += 2_000;
      return scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1 && [...scroller.querySelectorAll('input[type=checkbox]')].some((box) => box.getAttribute('aria-label') === lastName);
    }, { list: LIST, lastName: last });
    await page.waitForTimeout(50);
    maxRows = Math.max(maxRows, await count());
  }
  const unchecked = await page.evaluate((list) => [...document.querySelectorAll<HTMLInputElement>(`${list} input[type=checkbox]`)].filter((box) => !box.checked).length, LIST);
  const longest = Math.max(0, ...(await state(page)).longTasks.filter((task) => task.start >= start).map((task) => task.duration));

  console.log(`Employee search (${source === 'sandbox' ? 'the sandbox answered' : 'answered in the page with generated employees; the sandbox had fewer than 2,000'}): ${users.length} people found, all selected, scrolled to the last`);
  recordFigure(`${LABEL}: answer → rows painted (4× CPU)`, paintMs, 'ms');
  recordFigure(`${LABEL}: rows in DOM (max)`, maxRows, 'rows');
  recordFigure(`${LABEL}: longest task while rendering, selecting all and scrolling to the end (4× CPU)`, round(longest), 'ms');
  if (users.length < PEOPLE) outcome.failures.push(`${LABEL}: the search found ${users.length} people (wanted ${PEOPLE})`);
  if (!reachedEnd) outcome.failures.push(`${LABEL}: scrolling did not reach the last person (${last})`);
  if (unchecked > 0) outcome.failures.push(`${LABEL}: ${unchecked} rows in view were not checked after "Select all matching"`);
  if (maxRows > CHAT_BUDGET.maxElements) outcome.failures.push(`${LABEL}: ${maxRows} rows in the DOM > ${CHAT_BUDGET.maxElements}`);
  if (longest > CHAT_BUDGET.longTaskMs) outcome.timingMisses.push(`${LABEL}: a ${round(longest)} ms long task while rendering, selecting all and scrolling > ${CHAT_BUDGET.longTaskMs} ms (4× CPU)`);
}

/** The bench against `base` (the served build with the sandbox behind /api). */
export async function measureEmployeeSearch(base: string): Promise<ChatRenderOutcome> {
  const outcome: ChatRenderOutcome = { failures: [], timingMisses: [] };
  const source = (await sandboxCount(base)) >= PEOPLE ? 'sandbox' : 'generated';
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const { viewport, deviceScaleFactor, isMobile, hasTouch, userAgent } = devices['Pixel 7']!;
    // No service worker: every API call is the page's own (routable, with its resource timing).
    const context = await browser.newContext({ viewport, deviceScaleFactor, isMobile, hasTouch, userAgent, serviceWorkers: 'block' });
    const page = await context.newPage();
    watchLiveChatSocket(page);
    await page.addInitScript(instrument, { searchPath: SEARCH_PATH, row: ROW });
    if (source === 'generated') {
      const body = JSON.stringify(generatedAnswer());
      await page.route(`**${SEARCH_PATH}*`, (route) => route.fulfill({ status: 200, contentType: 'application/json', body }));
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
    try {
      await bench(page, base, outcome, source);
    } catch (error) {
      outcome.failures.push(`employee search bench failed: ${(error as Error).message.split('\n')[0]}`);
    } finally {
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return outcome;
}
