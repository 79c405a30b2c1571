import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Two projects, run together by `vitest run` (npm test) and alone with `--project`:
//   unit      the unit and component tests beside the code (src/**): `npm run test:unit`.
//   contract  tests/: the contract, the mocks and realtime servers, the scripts (lint, docs, OTA, nginx…).
// As many workers at once as the machine has cores (Vitest's default leaves one core free, i.e. one file
// at a time on a 2-core machine). A contract file runs in a worker of its own. The unit files of one
// environment (node, jsdom) share a worker thread, one after the other (isolate: false): the environment and
// node_modules (React, jsdom, Testing Library) load once per worker instead of once per file, and
// src/shared/testing/vitest-setup.ts undoes what each file leaves behind (the project's modules, the DOM,
// stubs, timers, storage). Nothing shares state between files: every server a test starts listens on a
// free port (port 0) and every file it writes goes to a temporary folder, except the docs test, the only
// one that writes docs-dist/ (what the browser tests open).
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        // Worker threads, not child processes: measured faster here (less CPU in the kernel), and as green.
        test: { name: 'unit', include: ['src/**/*.test.{ts,tsx}'], setupFiles: ['src/shared/testing/vitest-setup.ts'], isolate: false, pool: 'threads' },
      },
      {
        extends: true,
        // Child processes (its tests change the working directory and spawn servers), shared by its files
        // without per-file isolation too; tests/support/vitest-contract-setup.ts undoes what each leaves.
        test: { name: 'contract', include: ['tests/{contract,realtime,unit}/**/*.test.ts'], setupFiles: ['tests/support/vitest-contract-setup.ts'], isolate: false },
      },
    ],
  },
});
