// A Performance trace and a CPU profile of a bench's page, for finding where its time goes: the chat
// bench records them when BENCH_CHAT_PROFILE names a folder. Open the .trace.json in Chrome's
// Performance panel and the .cpuprofile in its JavaScript profiler (or read them with a script). The
// sampling profiler slows the page several times over: profiled timings compare with each other only.
import { mkdirSync, writeFileSync } from 'node:fs';
import type { CDPSession } from '@playwright/test';

const CATEGORIES = 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,blink.user_timing,loading,toplevel';

export interface PageProfiler {
  readonly enabled: boolean;
  /** Starts recording the page (with CPU samples every 100 µs when `cpu`). */
  start(cdp: CDPSession, cpu?: boolean): Promise<void>;
  /** Ends the recording: <folder>/<name>-<n>.trace.json, .cpuprofile and .json (`readings`). */
  stop(name: string, readings: () => Promise<unknown>): Promise<void>;
}

export function pageProfiler(folder: string | undefined): PageProfiler {
  let recording: { cdp: CDPSession; events: unknown[] } | null = null;
  const runs = new Map<string, number>();
  return {
    enabled: Boolean(folder),
    async start(cdp, cpu = true) {
      if (!folder) return;
      const events: unknown[] = [];
      cdp.on('Tracing.dataCollected', (data) => events.push(...data.value));
      await cdp.send('Profiler.enable');
      // Without samples (one a second) the trace still shows every task and what it ran.
      await cdp.send('Profiler.setSamplingInterval', { interval: cpu ? 100 : 1_000_000 });
      await cdp.send('Profiler.start');
      await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
      recording = { cdp, events };
    },
    async stop(name, readings) {
      if (!folder || !recording) return;
      const { cdp, events } = recording;
      recording = null;
      const { profile } = await cdp.send('Profiler.stop');
      const done = new Promise((finished) => cdp.once('Tracing.tracingComplete', finished));
      await cdp.send('Tracing.end');
      await done;
      mkdirSync(folder, { recursive: true });
      const run = (runs.get(name) ?? 0) + 1;
      runs.set(name, run);
      writeFileSync(`${folder}/${name}-${run}.cpuprofile`, JSON.stringify(profile));
      writeFileSync(`${folder}/${name}-${run}.trace.json`, JSON.stringify({ traceEvents: events }));
      writeFileSync(`${folder}/${name}-${run}.json`, JSON.stringify(await readings()));
    },
  };
}
