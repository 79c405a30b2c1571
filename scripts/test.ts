// `npm test`: everything CI checks, in order, each step timed. Every step runs even if an earlier one
// failed, so one run shows all that is wrong; the last line counts the tests of every runner.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

const bin = (name: string) => resolve('node_modules/.bin', name);
const node = (script: string, ...args: string[]) => [process.execPath, script, ...args];

const steps: Array<{ name: string; command: string[] }> = [
  { name: 'OpenAPI lint (strict)', command: node(bin('redocly'), 'lint', 'openapi/openapi.yaml') },
  { name: 'AsyncAPI validation', command: node('scripts/lint-asyncapi.ts') },
  { name: 'ESLint', command: node(bin('eslint'), '.') },
  { name: 'TypeScript', command: node(bin('tsc'), '--noEmit', '-p', 'tsconfig.json') },
  {
    name: 'Vitest (contract, realtime, unit)',
    command: node(bin('vitest'), 'run', '--reporter=default', '--reporter=json', '--outputFile=.tmp/vitest.json'),
  },
  { name: 'Build', command: node(bin('vite'), 'build') },
  { name: 'Playwright (built app in Chromium)', command: node(bin('playwright'), 'test') },
];

rmSync('.tmp/vitest.json', { force: true });
rmSync('.tmp/playwright.json', { force: true });
const results: Array<{ name: string; ok: boolean; ms: number }> = [];
for (const step of steps) {
  console.log(`\n▶ ${step.name}`);
  const started = performance.now();
  const [command, ...args] = step.command;
  const run = spawnSync(command!, args, { stdio: 'inherit' });
  results.push({ name: step.name, ok: run.status === 0, ms: Math.round(performance.now() - started) });
}

let passed = 0;
let failed = 0;
if (existsSync('.tmp/vitest.json')) {
  const vitest = JSON.parse(readFileSync('.tmp/vitest.json', 'utf8')) as { numPassedTests: number; numFailedTests: number };
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
}
if (existsSync('.tmp/playwright.json')) {
  const playwright = JSON.parse(readFileSync('.tmp/playwright.json', 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number } };
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected;
}

console.log('\nSummary');
for (const result of results) console.log(`  ${result.ok ? '✔' : '✘'} ${result.name} (${(result.ms / 1000).toFixed(1)} s)`);
const failedSteps = results.filter((result) => !result.ok).length;
if (failedSteps > 0 && failed === 0) failed = failedSteps;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failedSteps > 0 ? 1 : 0);
