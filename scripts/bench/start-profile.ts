// Where a start's main-thread time goes, function by function: serves dist/ as the bench does (nginx and
// the mocks), opens a page as a returning user at Lighthouse's 4× CPU slowdown, records a CPU profile
// and the long tasks for `--seconds`, and prints each long task with the functions that ran most in it
// (self time), then the top functions overall. `node scripts/bench/start-profile.ts [--path /home]
// [--seconds 8] [--out .tmp/start.cpuprofile]`. Profiled timings are slower than unprofiled ones:
// compare them with each other only.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { SourceMapConsumer } from 'source-map-js';
import { chromium } from '@playwright/test';
import { startMocks } from '../../mocks/start.ts';
import { freePort } from '../../mocks/free-port.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../tests/support/chromium.ts';
import { startNginx } from '../lib/nginx-server.ts';
import { seedReturningUser } from './seed.ts';

const { values: args } = parseArgs({
  options: { path: { type: 'string', default: '/home' }, seconds: { type: 'string', default: '8' }, out: { type: 'string' }, dist: { type: 'string', default: 'dist' }, session: { type: 'boolean', default: true } },
});

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const mocks = await startMocks({ httpPort: 0, realtimePort: 0 });
const server = await startNginx({
  port: await freePort(),
  root: args.dist!,
  upstreams: { api: mocks.httpUrl, apiRealtime: mocks.realtimeUrl, broadcast: mocks.realtimeUrl, socketIo: mocks.realtimeUrl, modules: mocks.realtimeUrl },
});
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
try {
  const page = await browser.newPage({ viewport: { width: 412, height: 823 }, isMobile: true });
  if (args.session) await seedReturningUser(page, server.url);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await page.goto('about:blank');
  await page.evaluate(() => undefined);
  const events: Array<{ name: string; ph: string; ts: number; dur?: number; tid: number; pid: number; args?: { name?: string } }> = [];
  cdp.on('Tracing.dataCollected', (data) => events.push(...(data.value as unknown as typeof events)));
  await cdp.send('Tracing.start', { categories: 'toplevel,devtools.timeline,blink.user_timing', transferMode: 'ReportEvents' });
  await cdp.send('Profiler.start');
  const started = Date.now();
  await page.goto(new URL(args.path!, server.url).href);
  await page.waitForTimeout(Number(args.seconds) * 1000);
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
  const elements = await page.evaluate(() => document.querySelectorAll('*').length);
  const done = new Promise((finished) => cdp.once('Tracing.tracingComplete', finished));
  await cdp.send('Tracing.end');
  await done;
  // The page's main thread: the renderer main thread that ran the most; its top-level tasks over 50 ms
  // (µs, the profile's clock), from the page's navigation on.
  const threadOf = (event: { pid: number; tid: number }) => `${event.pid}:${event.tid}`;
  const rendererMains = new Set(events.filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain').map(threadOf));
  const busy = new Map<string, number>();
  for (const event of events) if (event.name === 'ThreadControllerImpl::RunTask' && rendererMains.has(threadOf(event))) busy.set(threadOf(event), (busy.get(threadOf(event)) ?? 0) + (event.dur ?? 0));
  const mainThread = [...busy].sort((a, b) => b[1] - a[1])[0]?.[0];
  const navigationStart = events.filter((event) => event.name === 'navigationStart' && threadOf(event) === mainThread).at(-1)?.ts ?? profile.startTime;
  const longTasks = events
    .filter((event) => event.name === 'ThreadControllerImpl::RunTask' && event.ph === 'X' && (event.dur ?? 0) > 50_000 && threadOf(event) === mainThread && event.ts >= navigationStart)
    .map((event) => ({ start: (event.ts - navigationStart) / 1000, duration: event.dur! / 1000 }));
  const timeOrigin = navigationStart / 1000;
  if (args.out) writeFileSync(args.out, JSON.stringify(profile));
  console.log(`${args.path}: ${elements} elements; recorded ${Math.round((Date.now() - started) / 1000)} s at 4× CPU; ${longTasks.length} long tasks, ${Math.round(longTasks.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0))} ms over 50 ms in all`);

  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  // Built frames named by the build's (hidden) source maps: source file, line and the original name.
  const maps = new Map<string, SourceMapConsumer | null>();
  const mapOf = (file: string) => {
    if (!maps.has(file)) {
      const path = join(args.dist!, 'assets', `${file}.map`);
      maps.set(file, existsSync(path) ? new SourceMapConsumer(JSON.parse(readFileSync(path, 'utf8'))) : null);
    }
    return maps.get(file);
  };
  const label = (node: ProfileNode) => {
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    const file = url.replace(/^.*\/assets\//, '').replace(/^https?:\/\/[^/]+/, '');
    const original = file.endsWith('.js') ? mapOf(file)?.originalPositionFor({ line: lineNumber + 1, column: columnNumber }) : undefined;
    if (original?.source) return `${original.name ?? functionName ?? '(anonymous)'} ${original.source.replace(/^.*?(node_modules|src|generated)\//, '$1/')}:${original.line}`;
    return `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}:${columnNumber + 1}`;
  };
  // Sample times in ms since the navigation started (the profile and the trace share one clock).
  const profileStartMs = profile.startTime / 1000 - timeOrigin;
  let at = profileStartMs;
  const samples = profile.samples.map((id, index) => {
    at += profile.timeDeltas[index]! / 1000;
    return { id, at, ms: (profile.timeDeltas[index + 1] ?? 0) / 1000 };
  });
  const top = (from: number, to: number, count: number) => {
    const self = new Map<string, number>();
    for (const sample of samples) {
      if (sample.at < from || sample.at >= to) continue;
      const node = byId.get(sample.id)!;
      if (['(idle)', '(program)', '(garbage collector)'].includes(node.callFrame.functionName) && node.callFrame.url === '') {
        self.set(node.callFrame.functionName, (self.get(node.callFrame.functionName) ?? 0) + sample.ms);
        continue;
      }
      self.set(label(node), (self.get(label(node)) ?? 0) + sample.ms);
    }
    return [...self].sort((a, b) => b[1] - a[1]).slice(0, count);
  };
  // What the browser did inside a task (style, layout, parsing, script…): the trace's timeline events, by name.
  const timeline = events.filter((event) => event.ph === 'X' && threadOf(event) === mainThread && ['UpdateLayoutTree', 'Layout', 'ParseHTML', 'ParseAuthorStyleSheet', 'EvaluateScript', 'v8.compile', 'FunctionCall', 'EventDispatch', 'TimerFire', 'FireAnimationFrame', 'Paint', 'PrePaint', 'Layerize', 'MajorGC', 'MinorGC', 'RunMicrotasks', 'HitTest', 'ScheduleStyleRecalculation', 'InvalidateLayout'].includes(event.name));
  const inside = (from: number, to: number) => {
    const totals = new Map<string, number>();
    for (const event of timeline) {
      const start = (event.ts - navigationStart) / 1000;
      if (start >= from && start < to) totals.set(event.name, (totals.get(event.name) ?? 0) + (event.dur ?? 0) / 1000);
    }
    return [...totals].sort((a, b) => b[1] - a[1]).map(([name, ms]) => `${name} ${Math.round(ms)}`).join(', ');
  };
  for (const task of longTasks) {
    console.log(`\nlong task at ${Math.round(task.start)} ms, ${Math.round(task.duration)} ms: ${inside(task.start, task.start + task.duration)}`);
    for (const [name, ms] of top(task.start, task.start + task.duration, 8)) console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${name}`);
  }
  console.log('\nall recorded time, by function (self):');
  for (const [name, ms] of top(-Infinity, Infinity, 40)) console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${name}`);
} finally {
  await browser.close();
  await server.stop();
  await mocks.stop();
}
