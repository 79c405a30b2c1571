import { availableParallelism } from 'node:os';
import { defineConfig, devices } from '@playwright/test';
import { HEADLESS_SHELL } from './tests/e2e/support/browsers.ts';

// The built app as production serves it (nginx with its headers, deploy/nginx/) against the Prism and
// realtime mocks, in Debian's Chromium at a phone viewport. Every spec imports `test` from
// tests/e2e/support/test.ts, which fails a test on any CSP or Trusted Types violation, and gives each
// worker its own mocks and nginx on free ports (support/stack.ts: the sandbox and the realtime mock keep
// state), whose address is the tests' baseURL. So the workers share nothing but the machine.
const LONG_FIRST = /\/(calls|call-end|chat-outbox|fuzz-answers|popup|shell)\.spec\.ts$/;
// The specs in the full browser (notifications, the PDF viewer, the QR camera's own video): a project of
// their own, so they follow one another on the same workers rather than restarting one between the others.
const FULL_BROWSER_SPECS = /\/(attachment-pdf|notifications|push|qr)\.spec\.ts$/;
// Group calls through Janus: six browsers with cameras and a media server fill both cores by themselves.
// `npm test` runs them in a step of their own, on one worker, after the rest (scripts/test.ts).
const GROUP_CALLS = /\/calls-janus\.spec\.ts$/;
const ACCESSIBILITY = /\/a11y\.spec\.ts$/;

export default defineConfig({
  testDir: 'tests/e2e',
  // 60 s: since Chromium 156.0.8078.108 a browser test on these 2 cores takes up to twice what it did (a
  // two-window chat test 25-35 s under a full run's load, where 30 s was the limit).
  timeout: 60_000,
  // What a screen must come to show, it may take up to 10 s to show on the 2-core machines npm test runs on,
  // with three Chromiums, axe and WebRTC at once (a logout took over 5 s there, the default): a wait, not a
  // weaker assertion.
  expect: { timeout: 10_000 },
  // None when a spec is run by hand; `npm test` runs a failed test once more and names it as flaky (scripts/test.ts).
  retries: 0,
  // Tests, not files, are spread over the workers (no spec shares state between its tests): one worker
  // per core. (It was one more, since a browser test spends part of its time waiting; since Chromium
  // 156.0.8078.108 three workers filled two cores so that a third of the tests ran out of time, and each
  // failure restarts a worker's stack, which is more load.)
  fullyParallel: true,
  workers: availableParallelism(),
  // PLAYWRIGHT_JSON: where the counts go (npm test's two Playwright steps each write their own).
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON || '.tmp/playwright.json' }]],
  globalSetup: './tests/e2e/global-setup.ts',
  // Workers take tests in the order of the projects, then of the files: the specs holding the longest tests
  // (25-60 s each: the calls, the XSS corpus, every route from a link, 100 sends, 30 visits on random
  // answers; 20-100 s: axe on each group of gallery screens) go first, so no long test is left running
  // alone at the end while the other worker idles. A worker serves one project, with one browser.
  projects: [
    { name: 'long first', testMatch: LONG_FIRST },
    // axe on every gallery screen right after: running beside the calls' first tests, its load made a
    // call's timers and WebRTC start miss their marks.
    { name: 'accessibility', testMatch: ACCESSIBILITY },
    { name: 'full browser', testMatch: FULL_BROWSER_SPECS },
    { name: 'the rest', testIgnore: [LONG_FIRST, ACCESSIBILITY, FULL_BROWSER_SPECS, GROUP_CALLS] },
    { name: 'group calls', testMatch: GROUP_CALLS },
  ],
  use: {
    ...devices['Pixel 7'],
    // No service worker unless a spec is about it (pwa, push, notifications, the chat outbox's offline
    // reloads: `test.use({ serviceWorkers: 'allow' })`). A test's first page is never controlled by the
    // worker anyway; registering it only downloads the whole precache (209 files, 1.4 MB) into each new
    // browser context, which was about a quarter of the browser suite's test time (1,071 s to 770 s for the same tests).
    serviceWorkers: 'block',
    // A click, a fill or a page load that cannot happen fails as itself, naming its step, instead of
    // waiting until the test's own time is out.
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    // Debian's chromium-headless-shell, calls included (tests/e2e/support/browsers.ts); the specs with
    // notifications or the PDF viewer ask for FULL_BROWSER in their own test.use.
    launchOptions: HEADLESS_SHELL,
  },
});
