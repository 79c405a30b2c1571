// Starting the browser tests' stacks (./stack.ts says what one is): a copy per worker slot for the
// whole run (the global setup), or one for a script (npm run screenshots). Apart from ./stack.ts, which
// every worker loads: the mocks and nginx modules take a second of CPU to load, and only these start them.
import { startMocks, type RunningMocks } from '../../../mocks/start.ts';
import { startNginx, type RunningServer } from '../../../scripts/lib/nginx-server.ts';
import { freePort } from '../../../mocks/free-port.ts';
import { STACKS_ENV, useStack, type StackAddresses, type WorkerStack } from './stack.ts';

/** nginx on a free port: asked of the system, then given to nginx, so another process may take it in between; try again then. */
async function startServer(mocks: RunningMocks): Promise<RunningServer> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      return await startNginx({
        port: await freePort(),
        // E2E_DIST: another build to test (a developer's second checkout of dist), dist/ by default.
        root: process.env.E2E_DIST || undefined,
        upstreams: {
          api: mocks.httpUrl,
          apiRealtime: mocks.realtimeUrl,
          broadcast: mocks.realtimeUrl,
          socketIo: mocks.realtimeUrl,
          modules: mocks.realtimeUrl,
          // Janus's websocket API at /janus, as the sandbox's group calls name it in their `media`.
          ...(mocks.janusUrl ? { janus: mocks.janusUrl } : {}),
        },
      });
    } catch (error) {
      lastError = error;
      if (!/in use|did not listen|exited before/.test((error as Error).message)) throw error;
    }
  }
  throw lastError;
}

/** Prism too is given a port found free a moment before (mocks/prism.ts): a start that fails is tried once more. */
async function startMocksOnFreePorts(): Promise<RunningMocks> {
  try {
    return await startMocks({ httpPort: 0, realtimePort: 0, janus: 'auto' });
  } catch (error) {
    console.warn(`The worker's mocks did not start (${(error as Error).message.split('\n')[0]}); trying once more.`);
    return startMocks({ httpPort: 0, realtimePort: 0, janus: 'auto' });
  }
}

export async function startWorkerStack(): Promise<WorkerStack> {
  const mocks = await startMocksOnFreePorts();
  let server: RunningServer;
  try {
    server = await startServer(mocks);
  } catch (error) {
    await mocks.stop();
    throw error;
  }
  const addresses: StackAddresses = { appOrigin: server.url, realtimeMock: mocks.realtimeUrl, sandbox: mocks.httpUrl, janus: mocks.janusUrl };
  useStack(addresses);
  return {
    ...addresses,
    stop: async () => {
      useStack(undefined);
      await server.stop();
      await mocks.stop();
    },
  };
}

/** Starts a stack per worker slot, for the whole run; the answer stops them all. */
export async function startStackPool(slots: number): Promise<() => Promise<void>> {
  const started = await Promise.allSettled(Array.from({ length: slots }, () => startWorkerStack()));
  const stacks = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stopAll = async () => void (await Promise.allSettled(stacks.map((stack) => stack.stop())));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await stopAll();
    throw (failed as PromiseRejectedResult).reason;
  }
  // JSON leaves `stop` (a function) out: the workers get the addresses.
  process.env[STACKS_ENV] = JSON.stringify(stacks satisfies StackAddresses[]);
  return stopAll;
}
