import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Two projects, run together by `vitest run` (npm test) and alone with `--project`:
//   unit      the unit and component tests beside the code (src/**): `npm run test:unit`.
//   contract  tests/: the contract, the mocks and realtime servers, the scripts (lint, docs, OTA, nginx…).
// Every file runs in a worker of its own, as many at once as the machine has cores (Vitest's default
// leaves one core free, i.e. one file at a time on a 2-core machine). Nothing shares state between files:
// every server a test starts listens on a free port (port 0) and every file it writes goes to a
// temporary folder, except the docs test, the only one that writes docs-dist/ (what the browser tests open).
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['src/**/*.test.{ts,tsx}'], setupFiles: ['src/shared/testing/vitest-setup.ts'], isolate: false },
      },
      { extends: true, test: { name: 'contract', include: ['tests/{contract,realtime,unit}/**/*.test.ts'] } },
    ],
  },
});
