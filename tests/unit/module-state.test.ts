// Module-level mutable state is rare and says why (ARCHITECTURE "One wiring point"): at most
// MAX_MODULE_LETS module-level `let`s in the app's code and its test kits (tests' own fixtures aside),
// each right under a comment that starts "Module state, on purpose". Anything else belongs to an
// instance (a store, a controller, a port) or to a lazy value (src/api/lazy-value.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const MAX_MODULE_LETS = 10;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Each module-level `let` with the comment right above it. */
function moduleLets(source: string): Array<{ line: string; comment: string }> {
  const lines = source.split('\n');
  return lines.flatMap((line, index) => {
    if (!/^(export )?let /.test(line)) return [];
    const comment: string[] = [];
    for (let above = index - 1; above >= 0 && /^\s*(\/\/|\/\*\*|\*)/.test(lines[above]!); above -= 1) comment.unshift(lines[above]!);
    return [{ line, comment: comment.join(' ') }];
  });
}

describe('module-level state', () => {
  const found = sourceFiles('src').flatMap((file) => moduleLets(readFileSync(file, 'utf8')).map((state) => ({ file, ...state })));

  it(`is at most ${MAX_MODULE_LETS} lets in all of src`, () => {
    expect(found.length, found.map(({ file, line }) => `${file}: ${line}`).join('\n')).toBeLessThanOrEqual(MAX_MODULE_LETS);
  });

  it('each says why it must be module state', () => {
    const unexplained = found.filter(({ comment }) => !/Module state, on purpose/.test(comment)).map(({ file, line }) => `${file}: ${line}`);
    expect(unexplained).toEqual([]);
  });

  it('the check finds a let without its reason, and one with it', () => {
    expect(moduleLets('const a = 1;\nlet counter = 0;\n')).toEqual([{ line: 'let counter = 0;', comment: '' }]);
    const explained = moduleLets('// Module state, on purpose: one per page.\nlet router: unknown;\n');
    expect(explained[0]?.comment).toMatch(/Module state, on purpose/);
  });
});
