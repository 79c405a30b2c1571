// README's "Demo sign-ins" table is the list `npm start` prints (mocks/sandbox/demo-sign-ins.ts), row for
// row, and each of its user names signs in at the sandbox.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findByLogin } from '../../mocks/sandbox/chat/identity.ts';
import { demoSignInLines, demoSignIns, demoSignInTableRows } from '../../mocks/sandbox/demo-sign-ins.ts';

const README = readFileSync(resolve(import.meta.dirname, '../../README.md'), 'utf8');

/** The rows of the table under README's "## Demo sign-ins", header and rule left out. */
function readmeRows(): string[] {
  const section = README.split(/^## /m).find((part) => part.startsWith('Demo sign-ins'));
  if (!section) throw new Error('README has no "## Demo sign-ins" section');
  return section.split('\n').filter((line) => line.startsWith('| `'));
}

describe('the demo sign-ins', () => {
  it('README\'s table is the list npm start prints', () => {
    expect(readmeRows()).toEqual(demoSignInTableRows());
  });

  it('each signs in at the sandbox as the employee it names', () => {
    for (const row of demoSignIns()) expect(`${findByLogin(row.username)?.first_name} ${findByLogin(row.username)?.last_name}`).toBe(row.who.split(' (')[0]);
  });

  it('npm start prints each user name with who it is', () => {
    const lines = demoSignInLines();
    expect(lines[0]).toBe('Sign in with any non-empty password as:');
    expect(lines.some((line) => /^ {2}ayu\.lestari {2,}Ayu Lestari \(42\), Human Capital: /.test(line))).toBe(true);
    expect(lines.some((line) => line.includes('budi.santoso') && line.includes('Budi Santoso (43), Operations'))).toBe(true);
  });
});
