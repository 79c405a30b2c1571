// Where a page's main-thread time goes, function by function: serves dist/ as the bench does (nginx and
// the mocks), opens a page as a returning user at Lighthouse's 4× CPU slowdown, records a CPU profile and
// a trace for `--seconds`, and prints each long task with what the browser did in it (style, layout,
// paint, script) and the functions that ran most in it (self time, named through the build's source
// maps), then the same for the whole recording.
//   node scripts/bench/start-profile.ts [--path /home] [--seconds 8] [--dist dist] [--cpu 4]
//   node scripts/bench/start-profile.ts --from .tmp/chat/room-1   (a recording BENCH_CHAT_PROFILE wrote)
//   node scripts/bench/start-profile.ts --save .tmp/home   (also writes the recording, for --from or DevTools)
// Profiled timings are slower than unprofiled ones, and vary from run to run: compare several runs.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { SourceMapConsumer } from 'source-map-js';
import { startMocks } from '../../mocks/start.ts';
import { freePort } from '../../mocks/free-port.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../tests/support/chromium.ts';
import { startNginx } from '../lib/nginx-server.ts';
import { seedReturningUser } from './seed.ts';

const { values: args } = parseArgs({
  options: {
    from: { type: 'string' },
    save: { type: 'string' },
    path: { type: 'string', default: '/home' },
    seconds: { type: 'string', default: '8' },
    // 1: no slowdown, as Lighthouse records before simulating a 4× slower CPU; a long task is then one over 12.5 ms.
    cpu: { type: 'string', default: '4' },
    dist: { type: 'string', default: 'dist' },
  },
});

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}
interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: { name?: string; data?: { documentLoaderURL?: string } };
}

/** Records `path` as a returning user at 4× CPU: the CPU profile, the trace and the page's element count. */
async function record(): Promise<{ profile: CpuProfile; events: TraceEvent[]; note: string }> {
  const mocks = await startMocks({ httpPort: 0, realtimePort: 0 });
  const server = await startNginx({
    port: await freePort(),
    root: args.dist!,
    upstreams: { api: mocks.httpUrl, apiRealtime: mocks.realtimeUrl, broadcast: mocks.realtimeUrl, socketIo: mocks.realtimeUrl, modules: mocks.realtimeUrl },
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 }, isMobile: true });
    await seedReturningUser(page, server.url);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(args.cpu) });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (data) => events.push(...(data.value as unknown as TraceEvent[])));
    await cdp.send('Tracing.start', { categories: 'toplevel,devtools.timeline,blink.user_timing', transferMode: 'ReportEvents' });
    await cdp.send('Profiler.start');
    await page.goto(new URL(args.path!, server.url).href);
    await page.waitForTimeout(Number(args.seconds) * 1000);
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
    const elements = await page.evaluate(() => document.querySelectorAll('*').length);
    const done = new Promise((finished) => cdp.once('Tracing.tracingComplete', finished));
    await cdp.send('Tracing.end');
    await done;
    return { profile, events, note: `${args.path}: ${elements} elements, ${args.seconds} s at ${args.cpu}× CPU` };
  } finally {
    await browser.close();
    await server.stop();
    await mocks.stop();
  }
}

function analyse(profile: CpuProfile, events: TraceEvent[], note: string): void {
  // The page's main thread: the renderer main thread that ran the most; its navigation (or the
  // recording's start) is time 0, in the profile's clock (µs), which the trace shares.
  const threadOf = (event: { pid: number; tid: number }) => `${event.pid}:${event.tid}`;
  const rendererMains = new Set(events.filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain').map(threadOf));
  const busy = new Map<string, number>();
  const isTask = (event: TraceEvent) => event.name === 'ThreadControllerImpl::RunTask' && event.ph === 'X';
  for (const event of events) if (isTask(event) && rendererMains.has(threadOf(event))) busy.set(threadOf(event), (busy.get(threadOf(event)) ?? 0) + (event.dur ?? 0));
  // The last navigation's thread and start when the recording has one (the page's clock, as its
  // PerformanceObserver reports long tasks), else the busiest renderer main thread from the recording's start.
  const navigation = events.filter((event) => event.name === 'navigationStart' && event.args?.data?.documentLoaderURL && rendererMains.has(threadOf(event))).at(-1);
  const mainThread = navigation ? threadOf(navigation) : [...busy].sort((a, b) => b[1] - a[1])[0]?.[0];
  const origin = navigation?.ts ?? profile.startTime;
  const at = (ts: number) => (ts - origin) / 1000;
  // A long task at a phone's speed: 50 ms at 4× CPU, or what becomes one when Lighthouse multiplies it by 4.
  const LONG_TASK_US = (50_000 * Number(args.cpu)) / 4;
  const longTasks = events.filter((event) => isTask(event) && (event.dur ?? 0) > LONG_TASK_US && threadOf(event) === mainThread && event.ts >= origin).map((event) => ({ start: at(event.ts), duration: event.dur! / 1000 }));

  // What the browser did, by the trace's timeline events.
  const KINDS = ['UpdateLayoutTree', 'Layout', 'ParseHTML', 'ParseAuthorStyleSheet', 'EvaluateScript', 'v8.compile', 'FunctionCall', 'TimerFire', 'FireAnimationFrame', 'Paint', 'PrePaint', 'Layerize', 'MajorGC', 'MinorGC'];
  const timeline = events.filter((event) => event.ph === 'X' && threadOf(event) === mainThread && KINDS.includes(event.name));
  const browserWork = (from: number, to: number) => {
    const totals = new Map<string, { ms: number; count: number }>();
    for (const event of timeline) {
      if (at(event.ts) < from || at(event.ts) >= to) continue;
      const total = totals.get(event.name) ?? { ms: 0, count: 0 };
      totals.set(event.name, { ms: total.ms + (event.dur ?? 0) / 1000, count: total.count + 1 });
    }
    return [...totals].sort((a, b) => b[1].ms - a[1].ms).map(([name, { ms, count }]) => `${name} ${Math.round(ms)} (${count})`).join(', ');
  };

  // Functions, named through the build's source maps.
  const maps = new Map<string, SourceMapConsumer | null>();
  const mapOf = (file: string) => {
    if (!maps.has(file)) {
      const path = join(args.dist!, 'assets', `${file}.map`);
      maps.set(file, existsSync(path) ? new SourceMapConsumer(JSON.parse(readFileSync(path, 'utf8'))) : null);
    }
    return maps.get(file);
  };
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const label = (node: ProfileNode) => {
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    if (!url) return functionName || '(native)';
    const file = url.replace(/^.*\/assets\//, '').replace(/^https?:\/\/[^/]+/, '');
    const original = file.endsWith('.js') ? mapOf(file)?.originalPositionFor({ line: lineNumber + 1, column: columnNumber }) : undefined;
    if (original?.source) return `${original.name ?? (functionName || '(anonymous)')} ${original.source.replace(/^.*?(node_modules|src|generated)\//, '$1/')}:${original.line}`;
    return `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}:${columnNumber + 1}`;
  };
  let clock = profile.startTime;
  const samples = profile.samples.map((id, index) => {
    clock += profile.timeDeltas[index]!;
    return { id, at: at(clock), ms: (profile.timeDeltas[index + 1] ?? 0) / 1000 };
  });
  const top = (from: number, to: number, count: number) => {
    const self = new Map<string, number>();
    for (const sample of samples) {
      if (sample.at < from || sample.at >= to) continue;
      const name = label(byId.get(sample.id)!);
      self.set(name, (self.get(name) ?? 0) + sample.ms);
    }
    return [...self].sort((a, b) => b[1] - a[1]).slice(0, count);
  };

  const over = longTasks.reduce((sum, task) => sum + task.duration - LONG_TASK_US / 1000, 0);
  console.log(`${note}; ${longTasks.length} long tasks, ${Math.round(over)} ms over ${LONG_TASK_US / 1000} ms in all`);
  for (const task of longTasks) {
    console.log(`\nlong task at ${Math.round(task.start)} ms, ${Math.round(task.duration)} ms: ${browserWork(task.start, task.start + task.duration)}`);
    for (const [name, ms] of top(task.start, task.start + task.duration, 10)) console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${name}`);
  }
  console.log(`\nthe whole recording, by what the browser did (ms, count): ${browserWork(-Infinity, Infinity)}`);
  console.log('the whole recording, by function (self):');
  for (const [name, ms] of top(-Infinity, Infinity, 40)) console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${name}`);
}

if (args.from) {
  const profile = JSON.parse(readFileSync(`${args.from}.cpuprofile`, 'utf8')) as CpuProfile;
  const trace = JSON.parse(readFileSync(`${args.from}.trace.json`, 'utf8')) as { traceEvents: TraceEvent[] };
  analyse(profile, trace.traceEvents, args.from);
} else {
  const { profile, events, note } = await record();
  if (args.save) {
    writeFileSync(`${args.save}.cpuprofile`, JSON.stringify(profile));
    writeFileSync(`${args.save}.trace.json`, JSON.stringify({ traceEvents: events }));
  }
  analyse(profile, events, note);
}
