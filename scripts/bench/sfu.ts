// Group calls through Janus (issue 23): for 2, 6 and 12 participants on this machine, each a Chromium
// context with the fake camera and microphone running the app's own Janus client
// (tests/janus/harness-entry.ts: src/features/calls/media/janus, without the screens), in one room of a
// Janus started for the run (mocks/janus):
//   - join → first remote frame: from the page's join() to the first frame of any other member decoded
//     in a <video> (requestVideoFrameCallback), median over the participants;
//   - CPU while everyone is in: Janus's and the browser's (every Chromium process), as a share of ONE
//     core over 10 s of the call (this machine has `nproc` cores; 200% is both of two cores).
// Each member receives at most 6 videos (a phone's page of tiles) and every member's audio, as the app.
// Figures only: they depend on the machine and its load, so no budget fails on them.
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { build } from 'vite';
import { JanusUnavailable, startJanus, type RunningJanus } from '../../mocks/janus/server.ts';
import { mintToken, VIDEOROOM_PLUGIN } from '../../mocks/janus/token.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../tests/support/chromium.ts';
import { recordFigure } from '../../tests/support/figures.ts';

export const SFU_SIZES = [2, 6, 12] as const;
const CPU_WINDOW_MS = 10_000;
const MEDIA_FLAGS = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', '--autoplay-policy=no-user-gesture-required'];
const TICKS_PER_SECOND = 100; // Linux's USER_HZ

export interface SfuSize {
  participants: number;
  firstFrameMedianMs: number;
  /** Members that saw no remote frame within the wait. */
  noFrames: number;
  browserCpuPercent: number;
  janusCpuPercent: number;
}

/** The harness page and its bundle (built with the app's own Vite, so the client is compiled as the app's). */
export async function buildHarness(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'ess-janus-harness-'));
  await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      outDir,
      emptyOutDir: true,
      lib: { entry: 'tests/janus/harness-entry.ts', formats: ['es'], fileName: () => 'harness.js' },
      minify: false,
    },
  });
  return outDir;
}

/** Serves the harness on 127.0.0.1 (a secure context for the camera): `/` is the page. */
export async function serveHarness(folder: string): Promise<{ url: string; server: Server }> {
  const page = '<!doctype html><meta charset="utf-8"><title>Janus member</title><script type="module" src="/harness.js"></script>';
  const server = createServer((request, response) => {
    if (request.url === '/') {
      response.setHeader('content-type', 'text/html');
      response.end(page);
      return;
    }
    if (request.url === '/harness.js') {
      response.setHeader('content-type', 'text/javascript');
      response.end(readFileSync(join(folder, 'harness.js')));
      return;
    }
    response.statusCode = 404;
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`, server };
}

/** CPU ticks (user + system) used so far by a process and all its descendants (only those whose name matches, if given). */
function treeTicks(rootPid: number, name?: RegExp): number {
  const parents = new Map<number, number>();
  const ticks = new Map<number, number>();
  const names = new Map<number, string>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name is in parentheses and may hold spaces: the fields start after its closing one.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(entry), Number(fields[1]));
      names.set(Number(entry), stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')));
      ticks.set(Number(entry), Number(fields[11]) + Number(fields[12]));
    } catch {
      // Gone meanwhile.
    }
  }
  let total = 0;
  for (const [pid, used] of ticks) {
    if (name && !name.test(names.get(pid) ?? '')) continue;
    let current: number | undefined = pid;
    while (current !== undefined && current > 1 && current !== rootPid) current = parents.get(current);
    if (current === rootPid) total += used;
  }
  return total;
}

/** Janus's CPU and the browser's (every Chromium process this script started), as a share of one core. */
async function cpuOver(janusPid: number, ms: number): Promise<{ browser: number; janus: number }> {
  const read = () => ({ browser: treeTicks(process.pid, /chrom/i), janus: treeTicks(janusPid) });
  const before = read();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = read();
  const percent = (start: number, end: number) => Math.round(((end - start) / TICKS_PER_SECOND / (ms / 1000)) * 100);
  return { browser: percent(before.browser, after.browser), janus: percent(before.janus, after.janus) };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function measureSize(janus: RunningJanus, browser: Browser, harnessUrl: string, participants: number): Promise<SfuSize> {
  // Each member's place, as a backend gives it (issue 33): a join token in the room's ACL, its own feed ids, the roster.
  const members = Array.from({ length: participants }, (_, index) => ({ user: `member-${index + 1}`, joinToken: `bench-${index + 1}-${Math.random().toString(36).slice(2)}`, cameraFeedId: 2 * index + 1, screenFeedId: 2 * index + 2 }));
  const room = await janus.rooms.createRoom({ description: `bench ${participants}`, allowed: members.map((member) => member.joinToken) });
  const token = mintToken(janus.tokenSecret, { expiresAt: Date.now() + 3_600_000, plugins: [VIDEOROOM_PLUGIN] });
  const roster = members.flatMap((member) => [
    [member.cameraFeedId, { user: member.user, kind: 'camera' as const }] as [number, { user: string; kind: 'camera' | 'screen' }],
    [member.screenFeedId, { user: member.user, kind: 'screen' as const }] as [number, { user: string; kind: 'camera' | 'screen' }],
  ]);
  const serverFor = (index: number) => ({ url: janus.url, room: room.room, pin: room.pin, token, capacity: 100, joinToken: members[index]!.joinToken, cameraFeedId: members[index]!.cameraFeedId, screenFeedId: members[index]!.screenFeedId, roster });
  const contexts = await Promise.all(Array.from({ length: participants }, () => browser.newContext({ permissions: ['camera', 'microphone'] })));
  try {
    const pages: Page[] = [];
    for (const context of contexts) {
      const page = await context.newPage();
      await page.goto(harnessUrl);
      await page.waitForFunction(() => typeof window.joinCall === 'function');
      pages.push(page);
    }
    // Everyone joins at once, as a team does when the meeting starts.
    await Promise.all(pages.map((page, index) => page.evaluate(([joinServer, id]) => window.joinCall(joinServer, id, true), [serverFor(index), `member-${index + 1}`] as const)));
    const firstFrames = await Promise.all(
      pages.map((page) =>
        page
          .waitForFunction(() => window.firstRemoteFrameAt !== undefined, undefined, { timeout: 30_000 })
          .then(() => page.evaluate(() => window.firstRemoteFrameAt! - window.joinStartedAt!))
          .catch(() => undefined),
      ),
    );
    const measured = firstFrames.filter((value): value is number => value !== undefined);
    const cpu = await cpuOver(janus.process.pid ?? 0, CPU_WINDOW_MS);
    return {
      participants,
      firstFrameMedianMs: measured.length > 0 ? Math.round(median(measured)) : Number.NaN,
      noFrames: participants - measured.length,
      browserCpuPercent: cpu.browser,
      janusCpuPercent: cpu.janus,
    };
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
    await janus.rooms.destroyRoom(room).catch(() => undefined);
  }
}

export interface SfuOutcome {
  sizes: SfuSize[];
  failures: string[];
}

export async function measureSfu(sizes: readonly number[] = SFU_SIZES): Promise<SfuOutcome> {
  let janus: RunningJanus;
  try {
    janus = await startJanus();
  } catch (error) {
    if (error instanceof JanusUnavailable) {
      console.log(`Group calls (Janus): skipped, ${error.message}`);
      return { sizes: [], failures: [] };
    }
    throw error;
  }
  const folder = await buildHarness();
  const served = await serveHarness(folder);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS, ...MEDIA_FLAGS] });
  const results: SfuSize[] = [];
  const failures: string[] = [];
  try {
    console.log('\nGroup calls through Janus (the app\'s client, fake camera and microphone, one Chromium):');
    for (const participants of sizes) {
      const size = await measureSize(janus, browser, served.url, participants);
      results.push(size);
      console.log(
        `  ${participants} participants: join → first remote frame ${size.firstFrameMedianMs} ms (median)${size.noFrames ? `, ${size.noFrames} saw no frame` : ''}; CPU over 10 s: browser ${size.browserCpuPercent}%, Janus ${size.janusCpuPercent}% (of one core)`,
      );
      recordFigure(`group call ${participants} participants: join → first remote frame (median)`, size.firstFrameMedianMs, 'ms');
      recordFigure(`group call ${participants} participants: browser CPU (one core = 100%)`, size.browserCpuPercent, '%');
      recordFigure(`group call ${participants} participants: Janus CPU (one core = 100%)`, size.janusCpuPercent, '%');
      if (size.noFrames > 0) failures.push(`group call of ${participants}: ${size.noFrames} participants decoded no frame of the others within 30 s`);
    }
  } finally {
    await browser.close();
    served.server.close();
    await janus.stop();
    rmSync(folder, { recursive: true, force: true });
  }
  return { sizes: results, failures };
}
