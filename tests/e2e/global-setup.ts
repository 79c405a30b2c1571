import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { startRealtimeMock } from '../../mocks/realtime/server.ts';
import { startStackPool } from './support/stack-pool.ts';
import { SESSIONS_DIR_ENV } from './support/stack.ts';

// Each worker slot gets its own mocks and nginx, started here for the whole run (support/stack.ts). One address is baked into the build: the
// web modules' origin, http://127.0.0.1:6001/modules (src/api/config.ts iframeBase, the only origin the
// CSP lets the app frame). Their stand-ins are static pages (mocks/modules/web-modules.ts) that talk
// only to the app framing them, so one realtime mock on that port serves them to every worker's app.
// A second Playwright run on the same machine (a developer running one spec beside another) finds the
// port taken by the first run's stand-ins, which keep no state: it uses those rather than failing.
export default async function globalSetup(config: FullConfig) {
  // Where the workers keep what the browser stored after each employee's first sign-in (support/chat.ts signInAs).
  const sessions = mkdtempSync(join(tmpdir(), 'ess-e2e-sessions-'));
  process.env[SESSIONS_DIR_ENV] = sessions;
  const dropSessions = () => rmSync(sessions, { recursive: true, force: true });
  const stopModules = await startModuleStandIns().catch((error: unknown) => {
    dropSessions();
    throw error;
  });
  try {
    const stopStacks = await startStackPool(config.workers);
    return async () => {
      await stopStacks();
      await stopModules();
      dropSessions();
    };
  } catch (error) {
    await stopModules();
    dropSessions();
    throw error;
  }
}

async function startModuleStandIns(): Promise<() => Promise<void>> {
  try {
    const modules = await startRealtimeMock({ port: 6001 });
    return () => modules.stop();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    const answer = await fetch('http://127.0.0.1:6001/modules/online-meetings').catch(() => undefined);
    if (!answer?.ok) throw error;
    console.warn('Port 6001 is taken by another run\'s web module stand-ins: this run uses them.');
    return async () => undefined;
  }
}
