// What Chromium really requests before a route's first content, for checking the route budgets' sets
// (scripts/lib/route-budgets.ts) against reality: the page is opened as a returning user (a stored session,
// no service worker), every script's resource timing is collected from the start, and the first content's
// paint is timed on the same clock (a MutationObserver sees the element; the frame after that paints it).
//   node scripts/bench/route-scripts.ts [--dist dist] [--cpu 4]
// serves the build as the bench does (nginx and the mocks on free ports) and prints, for Home and the
// busiest chat room, the scripts requested before the first content that the budget does not count, and
// those it counts that were not requested. Not part of `npm test`: which deferred work lands before the
// paint is a race (see the report of issue 20).
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import { ARCHIVE_ROOM_UUID } from '../../mocks/sandbox/chat/seed.ts';
import { startMocks } from '../../mocks/start.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../tests/support/chromium.ts';
import { startNginx } from '../lib/nginx-server.ts';
import { gzipBytes, kb, readChunkGraph, ROUTE_BUDGETS, routeScripts } from '../lib/route-budgets.ts';
import { seedReturningUser } from './seed.ts';
import { freePort } from '../../mocks/free-port.ts';

/** The element that is each route's first content: a feed post on Home, a message in a chat room. */
export const FIRST_CONTENT = { home: 'article', chatRoom: '[data-testid=message]' } as const;

interface RouteWindow {
  __routeScripts: { frame: number; painted: number };
}

/** Installed before the app's scripts: the time the first `selector` is painted. */
function watchFirstContent(selector: string): void {
  const state: RouteWindow['__routeScripts'] = { frame: Number.NaN, painted: Number.NaN };
  (window as unknown as RouteWindow).__routeScripts = state;
  performance.setResourceTimingBufferSize(10_000);
  const observer = new MutationObserver(() => {
    if (!document.querySelector(selector)) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      // The frame that paints it: what is requested after this point is requested after the paint.
      state.frame = performance.now();
      const channel = new MessageChannel();
      channel.port1.onmessage = () => (state.painted = performance.now());
      channel.port2.postMessage(null);
    });
  });
  observer.observe(document, { childList: true, subtree: true });
}

export interface RouteScripts {
  /** Paths (e.g. /assets/index-abc.js) of the scripts requested before the first content was painted. */
  before: string[];
  /** Those requested after it, within `settleMs`. */
  after: string[];
  paintedMs: number;
  /** When each script was requested, in ms since navigation. */
  startMs: Record<string, number>;
}

/** Opens `url` and sorts the scripts it requests into before and after the first `selector` is painted. */
export async function scriptsBeforeFirstContent(page: Page, url: string, selector: string, settleMs = 2_000): Promise<RouteScripts> {
  await page.addInitScript(watchFirstContent, selector);
  await page.goto(url);
  await page.waitForFunction(() => !Number.isNaN((window as unknown as RouteWindow).__routeScripts.painted), undefined, { timeout: 20_000 });
  await page.waitForTimeout(settleMs);
  const { frame: painted, scripts } = await page.evaluate(() => ({
    frame: (window as unknown as RouteWindow).__routeScripts.frame,
    scripts: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => new URL(entry.name).origin === location.origin && new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime })),
  }));
  // The entry script itself is in the resource timeline too; a document's scripts have no other source.
  const unique = (paths: string[]) => [...new Set(paths)];
  return {
    before: unique(scripts.filter((script) => script.start < painted).map((script) => script.path)),
    after: unique(scripts.filter((script) => script.start >= painted).map((script) => script.path)),
    paintedMs: Math.round(painted),
    startMs: Object.fromEntries(scripts.map((script) => [script.path, Math.round(script.start)])),
  };
}

// ─── The comparison ─────────────────────────────────────────────────────────────────────────────

const PAGES: Record<string, { url: string; selector: string }> = {
  Home: { url: '/home', selector: FIRST_CONTENT.home },
  'chat room': { url: `/chats/chat?uuid=${ARCHIVE_ROOM_UUID}`, selector: FIRST_CONTENT.chatRoom },
};


/** The user data stored after a login: the contract's getUserData `success` example (as the bench seeds it). */

async function compare(dist: string, cpu: number): Promise<void> {
  const graph = readChunkGraph(dist);
  const mocks = await startMocks({ httpPort: 0, realtimePort: 0 });
  const realtime = mocks.realtimeUrl;
  const server = await startNginx({
    port: await freePort(),
    root: dist,
    upstreams: { api: mocks.httpUrl, apiRealtime: realtime, broadcast: realtime, socketIo: realtime, modules: realtime },
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    for (const budget of ROUTE_BUDGETS) {
      const target = PAGES[budget.name];
      if (!target) throw new Error(`no page to open for the route budget "${budget.name}"`);
      const context = await browser.newContext({ viewport: { width: 412, height: 915 }, serviceWorkers: 'block' });
      const page = await context.newPage();
      await seedReturningUser(page, server.url);
      if (cpu > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: cpu });
      const seen = await scriptsBeforeFirstContent(page, new URL(target.url, server.url).href, target.selector);
      await context.close();
      const counted = routeScripts(graph, budget.screens).map((file) => `/${file}`);
      const size = (paths: string[]) => kb(paths.reduce((total, path) => total + gzipBytes(resolve(dist, `.${path}`)), 0));
      const uncounted = seen.before.filter((path) => !counted.includes(path));
      const unrequested = counted.filter((path) => !seen.before.includes(path));
      console.log(`${budget.name} (${target.url}), CPU ${cpu}×: first content painted at ${seen.paintedMs} ms`);
      console.log(`  counted by the budget: ${counted.length} files, ${size(counted)} KB; requested before the paint: ${seen.before.length} files`);
      console.log(`  requested before the paint, not counted: ${uncounted.length} files, ${size(uncounted)} KB`);
      for (const path of uncounted) console.log(`    ${path} (at ${seen.startMs[path]} ms)`);
      console.log(`  counted, not requested before the paint: ${unrequested.length} files${unrequested.length ? `: ${unrequested.join(', ')}` : ''}`);
    }
  } finally {
    await browser.close();
    await server.stop();
    await mocks.stop();
  }
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { dist: { type: 'string', default: 'dist' }, cpu: { type: 'string', default: '1' } } });
  await compare(resolve(values.dist ?? 'dist'), Math.max(1, Number(values.cpu) || 1));
}
