// `npm test`: everything CI checks, in order, each step timed. Every step runs even if an earlier one
// failed, so one run shows all that is wrong. Its end (at most 40 lines, all that CI shows of a long run)
// is the summary: each step's time, each failed test and each test that passed only on its retry by file
// and title, each budget missed, and the counts of every test runner.
// Nothing here depends on timing: the timed budgets (Lighthouse, the realtime dispatcher's speed, the chat,
// employee search and calls benches) are `npm run bench`'s, run on an idle machine.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { ensureJanus } from '../mocks/janus/install.ts';
import { CHROMIUM_PATH, HEADLESS_SHELL_PATH } from '../tests/support/chromium.ts';
import { withAppVapidKey } from './lib/local-vapid.ts';
import { FIGURES_FILE } from '../tests/support/figures.ts';
import { BUDGET_MISSED } from './budgets.ts';

const bin = (name: string) => resolve('node_modules/.bin', name);
const node = (script: string, ...args: string[]) => [process.execPath, script, ...args];

// Each check runs once. The OpenAPI lints (Redocly strict, Spectral's oas ruleset), the AsyncAPI
// validation and the API docs build run inside Vitest (tests/contract/lint.test.ts,
// tests/realtime/asyncapi.test.ts, tests/contract/docs.test.ts, which builds docs-dist/ for the browser
// test): each is a test there, stricter than the command alone, listing every finding when it fails.
interface Step {
  name: string;
  command: string[];
  env?: NodeJS.ProcessEnv;
  /** Runs at the same time as the step before it (its output is printed once all the steps running together are done). */
  besidePrevious?: boolean;
  /** The json report of its tests (counted, and named when failed or flaky, in the summary). */
  report?: { runner: 'vitest' | 'playwright'; file: string };
  /** The lines of its output starting with this are repeated in the summary when the step fails. */
  summaryLines?: string;
}

/** The Playwright projects of the main browser step (playwright.config.ts); 'group calls' runs alone after them. */
const MAIN_PROJECTS = ['long first', 'accessibility', 'full browser', 'the rest'];
/**
 * A browser test that fails is run once more before its step fails: a safety net, not a way to pass.
 * Every test that only passed on its second run is named in the summary as flaky (a bug to fix: it
 * waits on time instead of on state), and a test failing twice fails the step.
 */
const PLAYWRIGHT_RETRIES = ['--retries', '1'];
const VITEST_REPORT = '.tmp/vitest.json';
/** Each Playwright step's report (playwright.config.ts writes it to PLAYWRIGHT_JSON). */
const PLAYWRIGHT_REPORT = '.tmp/playwright.json';
const GROUP_CALLS_REPORT = '.tmp/playwright-group-calls.json';
const DEV_SERVER_REPORT = '.tmp/playwright-dev-server.json';

const steps: Step[] = [
  { name: 'ESLint', command: node(bin('eslint'), '.') },
  { name: 'TypeScript', command: node(bin('tsc'), '--noEmit', '-p', 'tsconfig.json'), besidePrevious: true },
  {
    // Both projects of vitest.config.ts (unit: src/, its files sharing a worker thread per core; contract: tests/, a file per core at a time).
    // Beside ESLint and TypeScript (one core each): the contract files' child processes and servers leave
    // part of both cores idle, which the two fill (the three together 222-238 s, against 237 s one after the other).
    name: 'Vitest (unit; contract: lints, docs, mocks, scripts)',
    command: node(bin('vitest'), 'run', '--reporter=default', '--reporter=json', `--outputFile=${VITEST_REPORT}`),
    report: { runner: 'vitest', file: VITEST_REPORT },
    besidePrevious: true,
  },
  // With the checkout's own VAPID public key (unless the environment gives one), so push can be turned on
  // in the tests. Beside the three before it: none of their tests reads dist/, and it fills part of the
  // cores the contract files leave idle.
  { name: 'Build', command: node(bin('vite'), 'build'), env: withAppVapidKey(process.env), besidePrevious: true },
  // The Android and iOS shells take the build (no SDK or Xcode needed for this step; see README).
  { name: 'Native shells (cap sync)', command: node(bin('cap'), 'sync') },
  // The size budgets of the build just made (scripts/budgets.ts): initial JavaScript and each start
  // route's JavaScript before its first content, from the build's chunk graph. No browser: the same build
  // always gives the same sizes, so any miss fails the step.
  { name: 'Budgets (initial JS, start routes’ JS)', command: node('scripts/budgets.ts'), besidePrevious: true, summaryLines: BUDGET_MISSED },
  // A worker per core, each with its own mocks and nginx (tests/e2e/support/stack.ts).
  {
    name: 'Playwright (built app in Chromium)',
    command: node(bin('playwright'), 'test', ...PLAYWRIGHT_RETRIES, ...MAIN_PROJECTS.flatMap((project) => ['--project', project])),
    env: { ...process.env, PLAYWRIGHT_JSON: PLAYWRIGHT_REPORT },
    report: { runner: 'playwright', file: PLAYWRIGHT_REPORT },
  },
  // Browsers with cameras in one call through Janus fill both cores: alone, on one worker, so neither
  // they nor the other tests starve (playwright.config.ts).
  {
    name: 'Playwright: group calls through Janus (alone)',
    // Its own output folder: the main step's traces and error contexts of a failure stay in test-results/.
    command: node(bin('playwright'), 'test', ...PLAYWRIGHT_RETRIES, '--project', 'group calls', '--workers', '1', '--output', 'test-results/group-calls'),
    env: { ...process.env, PLAYWRIGHT_JSON: GROUP_CALLS_REPORT },
    report: { runner: 'playwright', file: GROUP_CALLS_REPORT },
  },
  // The app as `npm start` serves it (Vite's dev server and the mocks, development React with StrictMode's
  // double mounts), which nothing above runs: one short journey (sign in, a room, a text, a file, a call),
  // one worker, on a server of its own that Playwright starts on free ports and stops
  // (playwright.dev.config.ts, tests/smoke/dev-server.spec.ts).
  {
    name: 'Playwright: smoke run against the dev server',
    command: node(bin('playwright'), 'test', ...PLAYWRIGHT_RETRIES, '--config', 'playwright.dev.config.ts', '--output', 'test-results/dev-server'),
    env: { ...process.env, PLAYWRIGHT_JSON: DEV_SERVER_REPORT },
    report: { runner: 'playwright', file: DEV_SERVER_REPORT },
  },
];

ensureChromium();
// Janus, for the group-call tests (tests/realtime/janus*.test.ts, the browser tests' group calls):
// installed like Chromium when missing; without it those tests say what is missing.
if (!ensureJanus()) console.error("Janus not found: install Debian's janus (apt-get install janus) or set JANUS_PATH.");
rmSync(FIGURES_FILE, { force: true });
for (const step of steps) if (step.report) rmSync(step.report.file, { force: true });

interface StepResult {
  step: Step;
  ok: boolean;
  ms: number;
  /** Its output, when the step has summaryLines (the others print straight to the terminal). */
  output?: string;
}
const results: StepResult[] = [];
for (let index = 0; index < steps.length; index += 1) {
  const step = steps[index]!;
  const together = [step];
  while (steps[index + 1]?.besidePrevious) together.push(steps[(index += 1)]!);
  if (together.length > 1) {
    results.push(...(await runTogether(together)));
    continue;
  }
  console.log(`\n▶ ${step.name}`);
  const started = performance.now();
  const [command, ...args] = step.command;
  if (step.summaryLines) {
    const run = spawnSync(command!, args, { encoding: 'utf8', env: step.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = `${run.stdout}${run.stderr}${run.error ? `${run.error.message}\n` : ''}`;
    process.stdout.write(output);
    results.push({ step, ok: run.status === 0, ms: Math.round(performance.now() - started), output });
    continue;
  }
  const run = spawnSync(command!, args, { stdio: 'inherit', env: step.env ?? process.env });
  results.push({ step, ok: run.status === 0, ms: Math.round(performance.now() - started) });
}

if (existsSync(FIGURES_FILE)) {
  // A figure recorded twice (a browser test run again) is printed once, with its last value.
  const figures = new Map<string, string>();
  for (const line of readFileSync(FIGURES_FILE, 'utf8').trim().split('\n')) {
    const figure = JSON.parse(line) as { name: string; value: number; unit: string };
    figures.set(figure.name, `${figure.value} ${figure.unit}`.trimEnd());
  }
  console.log('\nFigures');
  for (const [name, value] of figures) console.log(`  ${name}: ${value}`);
}

// The summary, last: what a long run's reader sees first (CI shows only its end). At most 40 lines: the
// step lines (with at most 4 budget misses), the two headings, the counts, and the lists, each cut to what fits.
const MAX_FAILED = 16;
const MAX_FLAKY = 6;
let passed = 0;
let failed = 0;
const failedTests: string[] = [];
const flakyTests: string[] = [];
console.log('\nSummary');
for (const result of results) {
  const { step } = result;
  let counts = '';
  if (step.report) {
    const tests = testsOf(step.report);
    if (tests) {
      passed += tests.passed;
      failed += tests.failed;
      failedTests.push(...tests.failedTests);
      flakyTests.push(...tests.flakyTests);
      counts = `: ${tests.passed} passed, ${tests.failed} failed${tests.flakyTests.length > 0 ? ` (${tests.flakyTests.length} flaky)` : ''}`;
    } else {
      counts = ': no test report (it stopped early: see its output above)';
    }
  }
  console.log(`  ${result.ok ? '✔' : '✘'} ${step.name} (${(result.ms / 1000).toFixed(1)} s)${counts}`);
  if (!result.ok && step.summaryLines && result.output) {
    for (const line of result.output.split('\n').filter((text) => text.startsWith(step.summaryLines!)).slice(0, 4)) console.log(`      ${line}`);
  }
}
printList(`Failed: ${failedTests.length} test(s):`, failedTests, MAX_FAILED);
printList(`Flaky: ${flakyTests.length} browser test(s) failed, then passed on their retry:`, flakyTests, MAX_FLAKY);
const failedSteps = results.filter((result) => !result.ok);
console.log(`${passed} passed, ${failed} failed${failedSteps.length > 0 ? `; ${failedSteps.length} step(s) failed` : ''}`);
process.exit(failedSteps.length > 0 ? 1 : 0);

/** A heading and at most `max` lines of `items` (the rest counted in one more line); nothing when empty. */
function printList(heading: string, items: readonly string[], max: number): void {
  if (items.length === 0) return;
  console.log(heading);
  const shown = items.length > max ? items.slice(0, max - 1) : items;
  for (const item of shown) console.log(`  ${item}`);
  if (shown.length < items.length) console.log(`  and ${items.length - shown.length} more (see the step's output above)`);
}

/** A test step's counts and named tests, from its json report; undefined when it wrote none. */
function testsOf(report: NonNullable<Step['report']>): { passed: number; failed: number; failedTests: string[]; flakyTests: string[] } | undefined {
  if (!existsSync(report.file)) return undefined;
  if (report.runner === 'vitest') {
    const vitest = JSON.parse(readFileSync(report.file, 'utf8')) as VitestReport;
    const failedTests = failedVitestTests(vitest);
    // A test file that did not load has no failed test of its own: it counts as one.
    return { passed: vitest.numPassedTests, failed: Math.max(vitest.numFailedTests, failedTests.length), failedTests, flakyTests: [] };
  }
  const playwright = JSON.parse(readFileSync(report.file, 'utf8')) as PlaywrightReport;
  return {
    passed: playwright.stats.expected + playwright.stats.flaky,
    failed: playwright.stats.unexpected,
    failedTests: playwrightTests(playwright.suites, 'unexpected'),
    flakyTests: playwrightTests(playwright.suites, 'flaky'),
  };
}

/** Steps at once, each timed on its own; their output is printed step by step once all are done. */
async function runTogether(together: Step[]): Promise<StepResult[]> {
  const runs = await Promise.all(
    together.map(
      (step) =>
        new Promise<StepResult & { output: string }>((resolveRun) => {
          const started = performance.now();
          const [command, ...args] = step.command;
          const chunks: Buffer[] = [];
          const child = spawn(command!, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...(step.env ?? process.env), FORCE_COLOR: process.stdout.isTTY ? '1' : '0' } });
          child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
          child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
          child.once('error', (error) => chunks.push(Buffer.from(`${error.message}\n`)));
          child.once('close', (code) => {
            resolveRun({ step, ok: code === 0, ms: Math.round(performance.now() - started), output: Buffer.concat(chunks).toString('utf8') });
          });
        }),
    ),
  );
  for (const run of runs) {
    console.log(`\n▶ ${run.step.name} (at the same time as ${runs.filter((other) => other !== run).map((other) => other.step.name).join(', ')})`);
    process.stdout.write(run.output);
  }
  return runs;
}

/**
 * Playwright drives Debian's browsers (its own download is unreachable here): chromium-headless-shell by
 * default, chromium for the specs with a camera, notifications or the PDF viewer. As root with apt, each
 * missing one is installed; otherwise the run says exactly what is missing.
 */
function ensureChromium(): void {
  const browsers = [
    { path: CHROMIUM_PATH, name: 'chromium', variable: 'CHROMIUM_PATH' },
    { path: HEADLESS_SHELL_PATH, name: 'chromium-headless-shell', variable: 'CHROMIUM_HEADLESS_SHELL_PATH' },
  ];
  const missing = browsers.filter((browser) => !existsSync(browser.path));
  if (missing.length > 0 && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log(`Installing Debian's ${missing.map((browser) => browser.name).join(' and ')} for the browser tests…`);
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    spawnSync('apt-get', ['install', '-y', '-qq', ...missing.map((browser) => browser.name)], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  }
  for (const browser of missing.filter((one) => !existsSync(one.path))) {
    console.error(`${browser.name} not found at ${browser.path}: install Debian's ${browser.name} or set ${browser.variable}.`);
  }
}

interface PlaywrightSuite {
  title: string;
  suites?: PlaywrightSuite[];
  specs?: Array<{ title: string; file: string; line: number; tests: Array<{ status: string }> }>;
}
interface PlaywrightReport {
  suites?: PlaywrightSuite[];
  stats: { expected: number; unexpected: number; flaky: number };
}

/**
 * "file:line › describe › title" of every test of a Playwright json report with this outcome
 * ('unexpected': failed, 'flaky': passed on its retry). The report's top suites are its files.
 */
function playwrightTests(suites: readonly PlaywrightSuite[] = [], status: 'unexpected' | 'flaky', titles: readonly string[] = [], top = true): string[] {
  return suites.flatMap((suite) => {
    const path = top ? titles : [...titles, suite.title];
    return [
      ...(suite.specs ?? []).filter((spec) => spec.tests.some((test) => test.status === status)).map((spec) => [`${spec.file}:${spec.line}`, ...path, spec.title].join(' › ')),
      ...playwrightTests(suite.suites, status, path, false),
    ];
  });
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults: Array<{ name: string; status: string; message?: string; assertionResults: Array<{ fullName: string; status: string }> }>;
}

/** "file › name" of every failed Vitest test, and each test file that failed with none (it did not load). */
function failedVitestTests(report: VitestReport): string[] {
  return report.testResults.flatMap((file) => {
    const path = relative(process.cwd(), file.name);
    const tests = file.assertionResults.filter((test) => test.status === 'failed').map((test) => `${path} › ${test.fullName}`);
    return tests.length > 0 || file.status !== 'failed' ? tests : [`${path}: ${file.message?.split('\n')[0] ?? 'failed'}`];
  });
}
