// Run before every file of the contract project (vitest.config.ts setupFiles), whose files share a
// worker without per-file isolation: what one file leaves behind is undone after its own afterAll, so the
// next file starts as it would in a worker of its own. Its stubs, spies and fake timers go, and the
// project's own modules (mocks/**, scripts/**, src/**) load afresh: no module-level state, and no module
// evaluated against this file's vi.mock, reaches the next file (node_modules stay loaded). The servers a
// file starts are its own to stop (each file stops them in its afterAll).
import { afterAll, vi } from 'vitest';

afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  vi.resetModules();
});
