// What evaluating the generated HTTP layer costs (generated/http: the zod schemas, the SDK, the query
// options: the bulk of the start's `start-common` chunk), and what checking answers costs after it.
// Builds generated/http with Vite as a library (zod and TanStack Query left outside: their own cost
// is the same whatever is generated), then in fresh Node processes, with zod's JIT off as in the app
// (its CSP allows no eval): loads zod and TanStack Query, times importing the build, then times the
// first check of getFeed's example answer, then 10 checks of the chat bench's 5,000-room chat home
// (the first, which builds the schemas it needs when they are built on first use, and the best).
// Prints each run and the medians. `--against <commit>` measures that commit's generated/ too, in
// turns with the working tree's (e.g. `--against main` to compare a change to the generator with what
// it replaces).
//   node scripts/bench/generated-eval.ts [--runs 11] [--against <commit>]
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'vite';
import { deref, readJson } from '../lib/contract-examples.ts';
import { chatHome } from './chat-render.ts';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '11' }, against: { type: 'string' } } });
const runs = Number(args.runs);
const LIBRARIES = ['zod/mini', '@tanstack/react-query'];

interface Sample {
  evaluateMs: number;
  feedCheckMs: number;
  firstChatHomeCheckMs: number;
  bestChatHomeCheckMs: number;
}

const scratch = mkdtempSync(join(tmpdir(), 'ess-generated-eval-'));
try {
  const answersPath = join(scratch, 'answers.json');
  writeFileSync(answersPath, JSON.stringify({ feed: feedExample(), chatHome: chatHome(5_000) }));
  const builds = [{ name: 'working tree', outDir: await buildGenerated('generated', join(scratch, 'working-tree')) }];
  if (args.against) {
    // The other commit's generated/ (the same contract, generated as that commit did), measured in
    // turns with the working tree's so that both see the same load.
    const copy = join(scratch, 'against');
    mkdirSync(copy);
    execFileSync('tar', ['-x', '-C', copy], { input: execFileSync('git', ['archive', args.against, 'generated'], { maxBuffer: 1 << 30 }) });
    builds.push({ name: args.against, outDir: await buildGenerated(join(copy, 'generated'), join(scratch, 'against-build')) });
  }
  const samples = new Map<string, Sample[]>(builds.map(({ name }) => [name, []]));
  for (let run = 0; run < runs; run++) {
    for (const { name, outDir } of run % 2 ? [...builds].reverse() : builds) {
      const sample = measure(outDir, answersPath);
      samples.get(name)!.push(sample);
      console.log(`run ${run + 1}, ${name}: ${describe(sample)}`);
    }
  }
  for (const { name, outDir } of builds) {
    const taken = samples.get(name)!;
    const sizes = readdirSync(outDir).map((file) => `${file} ${readFileSync(join(outDir, file)).length} B`);
    const medianOf = (key: keyof Sample) => median(taken.map((sample) => sample[key]));
    console.log(`${name} (${sizes.join(', ')}), medians of ${runs}: ${describe({
      evaluateMs: medianOf('evaluateMs'),
      feedCheckMs: medianOf('feedCheckMs'),
      firstChatHomeCheckMs: medianOf('firstChatHomeCheckMs'),
      bestChatHomeCheckMs: medianOf('bestChatHomeCheckMs'),
    })}`);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

/** generated/http built with the app's Vite into outDir: query.js (the query options, the SDK, the schemas) and zod.js. */
async function buildGenerated(generated: string, outDir: string): Promise<string> {
  await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    build: {
      outDir,
      emptyOutDir: true,
      minify: true,
      lib: { entry: { query: join(generated, 'http/@tanstack/react-query.gen.ts'), zod: join(generated, 'http/zod.gen.ts') }, formats: ['es'] },
      rollupOptions: { external: (id) => LIBRARIES.some((name) => id === name || id.startsWith(`${name}/`)) },
    },
  });
  // The build is outside the repository, so its imports of the libraries name their files.
  for (const file of readdirSync(outDir)) {
    const path = join(outDir, file);
    writeFileSync(path, readFileSync(path, 'utf8').replace(/(["'])(zod\/mini|@tanstack\/react-query)\1/g, (_match, quote: string, name: string) => `${quote}${import.meta.resolve(name)}${quote}`));
  }
  return outDir;
}

/** One fresh Node process: evaluate the build, then check the answers. */
function measure(outDir: string, answersPath: string): Sample {
  const child = `
    const [libraries, queryUrl, zodUrl, answersPath] = JSON.parse(process.argv[1]);
    const [zod] = await Promise.all(libraries.map((url) => import(url)));
    zod.config({ jitless: true });
    const answers = JSON.parse((await import('node:fs')).readFileSync(answersPath, 'utf8'));
    // Node loads its fetch (undici) when a fetch global is first touched, as the client does: not a
    // browser's cost, so it is paid before the clock starts; so is the garbage of the loading so far.
    void [fetch, new Request('http://localhost/'), new Response(''), new Headers(), new FormData(), new Blob([]), new AbortController()];
    globalThis.gc();
    const started = performance.now();
    await import(queryUrl);
    const evaluated = performance.now();
    const { zGetFeedResponse, zGetChatHomeResponse } = await import(zodUrl);
    const checkStarted = performance.now();
    zGetFeedResponse.parse(answers.feed);
    const checked = performance.now();
    const chatHome = [];
    for (let round = 0; round < 10; round++) {
      const roundStarted = performance.now();
      zGetChatHomeResponse.parse(answers.chatHome);
      chatHome.push(performance.now() - roundStarted);
    }
    const sample = { evaluateMs: evaluated - started, feedCheckMs: checked - checkStarted, firstChatHomeCheckMs: chatHome[0], bestChatHomeCheckMs: Math.min(...chatHome) };
    console.log(JSON.stringify(sample));
  `;
  const input = JSON.stringify([LIBRARIES.map((name) => import.meta.resolve(name)), pathToFileURL(join(outDir, 'query.js')).href, pathToFileURL(join(outDir, 'zod.js')).href, answersPath]);
  return JSON.parse(execFileSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', child, input], { encoding: 'utf8' })) as Sample;
}

function describe(sample: Sample): string {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  return `evaluate ${ms(sample.evaluateMs)}, first getFeed check ${ms(sample.feedCheckMs)}, 5,000-room chat home check first ${ms(sample.firstChatHomeCheckMs)}, best of 10 ${ms(sample.bestChatHomeCheckMs)}`;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** getFeed's first example answer in the contract (a page of announcements). */
function feedExample(): unknown {
  const contract = readJson('generated/openapi.bundled.json');
  const paths = contract.paths as Record<string, Record<string, unknown>>;
  const operation = deref<{ responses: Record<string, unknown> }>(contract, paths['/ess/feed']!.get);
  const response = deref<{ content: Record<string, { examples: Record<string, unknown> }> }>(contract, operation.responses['200']);
  const [first] = Object.values(response.content['application/json']!.examples);
  return deref<{ value: unknown }>(contract, first).value;
}
