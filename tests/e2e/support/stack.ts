// What a browser test talks to, one copy per Playwright worker, so workers run side by side without
// sharing state: the mocks (the sandbox in front of Prism, and the realtime mock with its Pusher,
// socket.io and long-poll servers; Janus for group calls, when it can run here; mocks/start.ts) and
// the production server (nginx with its headers, scripts/lib/nginx-server.ts, as `npm run serve`)
// proxying to them, each on a free port. The sandbox
// keeps chats, groups, calls and module tokens in memory and the realtime mock counts its listeners
// and sends its events to everyone connected: shared by two workers, one test's writes and emits would
// land in another's screens.
//
// The global setup starts one copy per worker slot (startStackPool: as many as the run has workers) and
// stops them when the run ends. A worker takes its slot's copy (stackOfSlot, the `stack` fixture of
// ./test.ts, which also makes it the tests' baseURL): Playwright runs one worker per slot at a time,
// and a worker that replaces another (a spec with other browser options, a failed test) takes over
// its copy instead of starting one (Prism, the realtime mock, Janus and nginx cost seconds of CPU each
// time). Before each test the sandbox goes back to its seed (POST /__sandbox/reset, the `freshSandbox`
// fixture), so what a worker before it wrote is gone. APP_ORIGIN, REALTIME_MOCK and SANDBOX are live
// bindings set then: read them inside a test (or a step it calls), never at a module's top level.
import { startMocks, type RunningMocks } from '../../../mocks/start.ts';
import { startNginx, type RunningServer } from '../../../scripts/lib/nginx-server.ts';
import { freePort } from '../../../mocks/free-port.ts';

const NOT_STARTED = 'http://stack-not-started.invalid';

/** This worker's app, served by its nginx, e.g. http://127.0.0.1:41234 (no trailing slash). */
export let APP_ORIGIN = NOT_STARTED;
/** This worker's realtime mock (its /__mock/* control routes: emit, listeners, disconnect). */
export let REALTIME_MOCK = NOT_STARTED;
/**
 * This worker's sandbox on its own port: its /__sandbox control routes (devices, pushes, module tokens,
 * urgent reminders, reset) answer only there, never through the app's address (mocks/control-routes.ts).
 */
export let SANDBOX = NOT_STARTED;

export interface WorkerStack {
  appOrigin: string;
  realtimeMock: string;
  /** The sandbox, the HTTP mock behind nginx's /api. */
  sandbox: string;
  /** This worker's Janus (ws://127.0.0.1:port), behind nginx's /janus; undefined when it cannot run here. */
  janus: string | undefined;
  stop(): Promise<void>;
}


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
  APP_ORIGIN = server.url;
  REALTIME_MOCK = mocks.realtimeUrl;
  SANDBOX = mocks.httpUrl;
  return {
    appOrigin: server.url,
    realtimeMock: mocks.realtimeUrl,
    sandbox: mocks.httpUrl,
    janus: mocks.janusUrl,
    stop: async () => {
      APP_ORIGIN = NOT_STARTED;
      REALTIME_MOCK = NOT_STARTED;
      SANDBOX = NOT_STARTED;
      await server.stop();
      await mocks.stop();
    },
  };
}

/** Where the global setup hands each slot's stack to the workers (workers inherit its environment). */
const STACKS_ENV = 'E2E_STACKS';
/** The run's folder for what the browser stored after each employee's first sign-in (global-setup.ts; support/chat.ts). */
export const SESSIONS_DIR_ENV = 'E2E_SESSIONS_DIR';
type StackAddresses = Omit<WorkerStack, 'stop'>;

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
  process.env[STACKS_ENV] = JSON.stringify(stacks.map((stack): StackAddresses => ({ appOrigin: stack.appOrigin, realtimeMock: stack.realtimeMock, sandbox: stack.sandbox, janus: stack.janus })));
  return stopAll;
}

/** This worker slot's stack, started by the global setup (startStackPool); the run stops it, not the worker. */
export function stackOfSlot(slot: number): WorkerStack {
  const stacks = JSON.parse(process.env[STACKS_ENV] ?? '[]') as StackAddresses[];
  const stack = stacks[slot];
  if (!stack) throw new Error(`No stack for worker slot ${slot} (${stacks.length} started by the global setup, tests/e2e/global-setup.ts).`);
  APP_ORIGIN = stack.appOrigin;
  REALTIME_MOCK = stack.realtimeMock;
  SANDBOX = stack.sandbox;
  return { ...stack, stop: async () => undefined };
}
