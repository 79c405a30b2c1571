import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { recordFigure } from '../support/figures.ts';

const scratch = mkdtempSync(join(tmpdir(), 'ess-generated-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function files(root: string, dir = root): Map<string, string> {
  const found = new Map<string, string>();
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) for (const [name, text] of files(root, path)) found.set(name, text);
    else found.set(relative(root, path), readFileSync(path, 'utf8'));
  }
  return found;
}

it('generated/ is exactly what `npm run generate` produces from the contract', () => {
  const started = performance.now();
  execFileSync(process.execPath, ['scripts/generate.ts'], { env: { ...process.env, GENERATED_DIR: scratch }, stdio: 'pipe' });
  recordFigure('npm run generate', Math.round(performance.now() - started), 'ms');
  const fresh = files(scratch);
  const committed = files('generated');
  expect([...committed.keys()].sort()).toEqual([...fresh.keys()].sort());
  const stale = [...fresh].filter(([name, text]) => committed.get(name) !== text).map(([name]) => name);
  expect(stale, 'run `npm run generate` and commit generated/').toEqual([]);
});
