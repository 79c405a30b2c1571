// Group calls through Janus (issue 23): for 2, 6 and 12 participants on this machine, each a Chromium
// context with the fake camera and microphone running the app's own Janus client
// (tests/janus/harness-entry.ts: src/features/calls/media/janus, without the screens), in one room of a
// Janus started for the run (mocks/janus):
//   - join to first remote frame: from the page's join() to the first frame of any other member decoded
//     in a <video> (requestVideoFrameCallback), median over the participants;
//   - CPU while everyone is in: Janus's and the browser's (every Chromium process), as a share of ONE
//     core over 10 s of the call (this machine has `nproc` cores; 200% is both of two cores).
// Each member receives at most 6 videos (a phone's page of tiles) and every member's audio, as the app.
// Those figures depend on the machine and its load, so no budget fails on them; a member who decodes no
// other member's video within 30 s fails the bench.
// And a seventh joins a call of six: the six see each other, then each of the seven must decode the video
// of each of the six others within 60 s of the seventh's join, or the bench fails (naming who missed whom).
// The browser suite's group call (tests/e2e/calls-janus.spec.ts) has four members; this is the bigger room.
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
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

/** A room of `participants` members on `janus`, as a backend gives it: each member's place (a join token in the room's ACL, its own feed ids) and the roster. */
async function benchRoom(janus: RunningJanus, participants: number, description: string) {
  const members = Array.from({ length: participants }, (_, index) => ({ user: `member-${index + 1}`, joinToken: `bench-${index + 1}-${Math.random().toString(36).slice(2)}`, cameraFeedId: 2 * index + 1, screenFeedId: 2 * index + 2 }));
  const room = await janus.rooms.createRoom({ description, allowed: members.map((member) => member.joinToken) });
  const token = mintToken(janus.tokenSecret, { expiresAt: Date.now() + 3_600_000, plugins: [VIDEOROOM_PLUGIN] });
  const roster = members.flatMap((member) => [
    [member.cameraFeedId, { user: member.user, kind: 'camera' as const }] as [number, { user: string; kind: 'camera' | 'screen' }],
    [member.screenFeedId, { user: member.user, kind: 'screen' as const }] as [number, { user: string; kind: 'camera' | 'screen' }],
  ]);
  const serverFor = (index: number) => ({ url: janus.url, room: room.room, pin: room.pin, token, capacity: 100, joinToken: members[index]!.joinToken, cameraFeedId: members[index]!.cameraFeedId, screenFeedId: members[index]!.screenFeedId, roster });
  return { room, users: members.map((member) => member.user), serverFor };
}

/** Opens the harness in a new page of `context`, ready to join. */
async function harnessPage(context: BrowserContext, harnessUrl: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(harnessUrl);
  await page.waitForFunction(() => typeof window.joinCall === 'function');
  return page;
}

async function measureSize(janus: RunningJanus, browser: Browser, harnessUrl: string, participants: number): Promise<SfuSize> {
  const { room, serverFor } = await benchRoom(janus, participants, `bench ${participants}`);
  const contexts = await Promise.all(Array.from({ length: participants }, () => browser.newContext({ permissions: ['camera', 'microphone'] })));
  try {
    const pages: Page[] = [];
    for (const context of contexts) pages.push(await harnessPage(context, harnessUrl));
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

/** Frames a member counts per decoded video: past this, that member's video reaches this page. */
const SEEN_FRAMES = 5;
/** How long everyone may take to see everyone, after a join (two cores, seven cameras). */
const SEE_EVERYONE_MS = 60_000;

/** The members among `others` whose video `page` has not decoded past SEEN_FRAMES frames. */
async function unseen(page: Page, others: string[]): Promise<string[]> {
  const frames = await page.evaluate(() => window.framesFrom());
  return others.filter((user) => (frames[user] ?? 0) <= SEEN_FRAMES);
}

/** Waits until every page decodes every other member's video; what each still misses at the deadline (empty: everyone sees everyone). */
async function untilEveryoneSeesEveryone(pages: Page[], users: string[], deadline: number): Promise<string[]> {
  for (;;) {
    const missing: string[] = [];
    for (const [index, page] of pages.entries()) {
      const others = users.filter((_, other) => other !== index);
      const notSeen = await unseen(page, others);
      if (notSeen.length > 0) missing.push(`${users[index]} sees no video of ${notSeen.join(', ')}`);
    }
    if (missing.length === 0 || Date.now() > deadline) return missing;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export interface SeventhJoins {
  /** From the seventh's join() until all seven decode the six others' videos (NaN when they never did). */
  everyoneSeesEveryoneMs: number;
  /** Who did not see whom, at the first step that missed (empty when everyone saw everyone). */
  missing: string[];
}

/**
 * A seventh member joins a call of six: the six first see each other, then, after the seventh's
 * join, each of the seven decodes the video of each of the six others (a phone's page holds six).
 */
export async function seventhJoins(janus: RunningJanus, browser: Browser, harnessUrl: string): Promise<SeventhJoins> {
  const { room, users, serverFor } = await benchRoom(janus, 7, 'bench: a seventh joins six');
  const contexts = await Promise.all(users.map(() => browser.newContext({ permissions: ['camera', 'microphone'] })));
  try {
    const pages: Page[] = [];
    for (const context of contexts) pages.push(await harnessPage(context, harnessUrl));
    const join = (index: number) => pages[index]!.evaluate(([joinServer, id]) => window.joinCall(joinServer, id, true), [serverFor(index), users[index]!] as const);
    await Promise.all(users.slice(0, 6).map((_, index) => join(index)));
    const sixMissing = await untilEveryoneSeesEveryone(pages.slice(0, 6), users.slice(0, 6), Date.now() + SEE_EVERYONE_MS);
    if (sixMissing.length > 0) return { everyoneSeesEveryoneMs: Number.NaN, missing: sixMissing.map((miss) => `before the seventh joined: ${miss}`) };
    const joinedAt = Date.now();
    await join(6);
    const missing = await untilEveryoneSeesEveryone(pages, users, joinedAt + SEE_EVERYONE_MS);
    return { everyoneSeesEveryoneMs: missing.length === 0 ? Date.now() - joinedAt : Number.NaN, missing };
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
    const seventh = await seventhJoins(janus, browser, served.url);
    console.log(
      seventh.missing.length === 0
        ? `  a seventh joins a call of six: all seven decode the six others within ${seventh.everyoneSeesEveryoneMs} ms of its join`
        : `  a seventh joins a call of six: MISSED within ${SEE_EVERYONE_MS / 1000} s: ${seventh.missing.join('; ')}`,
    );
    if (seventh.missing.length === 0) recordFigure('group call: a seventh joins six, until all seven see everyone', seventh.everyoneSeesEveryoneMs, 'ms');
    else failures.push(`group call: a seventh joining a call of six: ${seventh.missing.join('; ')}`);
  } finally {
    await browser.close();
    served.server.close();
    await janus.stop();
    rmSync(folder, { recursive: true, force: true });
  }
  return { sizes: results, failures };
}
