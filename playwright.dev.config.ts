// The dev-server smoke run (tests/smoke/): the app as `npm start` serves it (Vite's dev server with the
// mocks: development React, StrictMode's double mounts and effects), where the main browser suite
// (playwright.config.ts) tests the production build under nginx. One spec, one worker, one browser.
// Playwright starts `npm start`'s script itself, on free ports of 127.0.0.1 and without Janus (the call is a
// direct one, over the mesh), takes the address from its "Ready" line (SMOKE_URL) and stops it at the end
// (SIGTERM, then SIGKILL), so nothing is left running and a developer's own `npm start` is never in the way.
import { defineConfig, devices } from '@playwright/test';
import { HEADLESS_SHELL } from './tests/e2e/support/browsers.ts';

export default defineConfig({
  testDir: 'tests/smoke',
  // The dev server compiles each module on its first request, so each screen's first showing is slower
  // than the build's: the journey took 3.6 min on this 2-core machine at a load average of 20 (several
  // people's test runs at once; its first page alone over a minute), so the limits leave room for that.
  timeout: 240_000,
  expect: { timeout: 30_000 },
  retries: 0,
  workers: 1,
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON || '.tmp/playwright-dev-server.json' }]],
  webServer: {
    command: `${JSON.stringify(process.execPath)} scripts/start.ts --free-ports --no-janus`,
    // The start prints `Ready in 4.2 s: http://127.0.0.1:<port>/` once Vite and the mocks answer.
    wait: { stdout: /Ready in [\d.]+ s: (?<smoke_url>http:\/\/127\.0\.0\.1:\d+\/)/ },
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
  use: {
    ...devices['Pixel 7'],
    serviceWorkers: 'block',
    actionTimeout: 30_000,
    navigationTimeout: 60_000,
    permissions: ['camera', 'microphone'],
    launchOptions: HEADLESS_SHELL,
    trace: 'retain-on-failure',
  },
});
