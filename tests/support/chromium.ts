// Debian's Chromium and the flags every browser run here uses (Playwright's own download is unreachable;
// these keep it quiet and stable in containers): one list for the browser tests and the bench.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * Debian's chromium-headless-shell: the same Chromium version without the full browser's UI layers,
 * about a third less CPU per browser test (feed.spec.ts alone: 25 s of CPU where the full browser takes
 * 36 s). The browser tests' default; a spec that needs a camera and microphone, notifications or the PDF
 * viewer asks for the full browser (TEST_CHROMIUM_PATH).
 */
export const HEADLESS_SHELL_PATH = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * The browser tests' Chromium: Debian's, started at a lower CPU priority (nice 10) than everything the
 * tests start beside it. On two cores, several Chromiums (a six-person call: seven, each encoding and
 * decoding video) otherwise starve the sandbox, Prism, nginx and Janus, which stand in for the company's
 * servers (in production on machines of their own): an answer the sandbox computes in a millisecond
 * then took 20 s, and the app's screens waited on it. Lower priority still leaves the browsers every
 * cycle the servers do not use. A tiny launcher script in the temporary directory (`nice` runs Chromium
 * in its own place, so Playwright's process is Chromium's).
 */
export const TEST_CHROMIUM_PATH = niceLauncher(CHROMIUM_PATH, 'chromium');
/** The headless shell, started the same way. */
export const TEST_HEADLESS_SHELL_PATH = niceLauncher(HEADLESS_SHELL_PATH, 'chromium-headless-shell');

function niceLauncher(browser: string, name: string): string {
  const script = `#!/bin/sh\nexec nice -n 10 '${browser.replaceAll("'", "'\\''")}' "$@"\n`;
  const folder = join(tmpdir(), `ess-test-chromium-${process.getuid?.() ?? 'user'}`);
  const launcher = join(folder, name);
  if (existsSync(launcher) && readFileSync(launcher, 'utf8') === script) return launcher;
  mkdirSync(folder, { recursive: true });
  // Written beside and renamed: workers starting at once never run half a script.
  const draft = join(folder, `${name}.${process.pid}`);
  writeFileSync(draft, script, { mode: 0o755 });
  renameSync(draft, launcher);
  return launcher;
}
