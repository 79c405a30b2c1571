import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './tests/support/chromium.ts';

// The built app as production serves it (nginx with its headers: `npm run serve`, deploy/nginx/) against
// the Prism and realtime mocks, in Debian's Chromium at a phone viewport. Every spec imports `test` from
// tests/e2e/support/test.ts, which fails a test on any CSP or Trusted Types violation.
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  retries: 0,
  workers: 1,
  reporter: [['list'], ['json', { outputFile: '.tmp/playwright.json' }]],
  globalSetup: './tests/e2e/global-setup.ts',
  use: {
    baseURL: 'http://127.0.0.1:4173',
    ...devices['Pixel 7'],
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
  webServer: {
    command: 'npm run serve -- --port 4173',
    url: 'http://127.0.0.1:4173',
    reuseExistingServer: false,
    timeout: 30_000,
    // nginx stops at once on TERM (scripts/serve.ts passes it on); the group is killed after 5 s anyway.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
  },
});
