// What a browser test talks to, one copy per Playwright worker, so workers run side by side without
// sharing state: the mocks (the sandbox in front of Prism, and the realtime mock with its Pusher,
// socket.io and long-poll servers; Janus for group calls, when it can run here; mocks/start.ts) and
// the production server (nginx with its headers, scripts/lib/nginx-server.ts, as `npm run serve`)
// proxying to them, each on a free port. The sandbox keeps chats, groups, calls and module tokens in
// memory and the realtime mock counts its listeners and sends its events to everyone connected: shared
// by two workers, one test's writes and emits would land in another's screens.
//
// The global setup starts one copy per worker slot (startStackPool, ./stack-pool.ts: as many as the run
// has workers) and stops them when the run ends. A worker takes its slot's copy (stackOfSlot, the
// `stack` fixture of ./test.ts, which also makes it the tests' baseURL): Playwright runs one worker per slot at a time,
// and a worker that replaces another (a spec with other browser options, a failed test) takes over
// its copy instead of starting one (Prism, the realtime mock, Janus and nginx cost seconds of CPU each
// time). Before each test the sandbox goes back to its seed (POST /__sandbox/reset, the `freshSandbox`
// fixture), so what a worker before it wrote is gone. APP_ORIGIN, REALTIME_MOCK and SANDBOX are live
// bindings set then: read them inside a test (or a step it calls), never at a module's top level.
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

/**
 * Makes `stack` the one APP_ORIGIN, REALTIME_MOCK and SANDBOX name (undefined: none, after it stopped).
 * This module imports none of the servers: every worker loads it, and only the global setup starts them.
 */
export function useStack(stack: StackAddresses | undefined): void {
  APP_ORIGIN = stack?.appOrigin ?? NOT_STARTED;
  REALTIME_MOCK = stack?.realtimeMock ?? NOT_STARTED;
  SANDBOX = stack?.sandbox ?? NOT_STARTED;
}

/** Where the global setup hands each slot's stack to the workers (workers inherit its environment). */
export const STACKS_ENV = 'E2E_STACKS';
/** The run's folder for what the browser stored after each employee's first sign-in (global-setup.ts; support/chat.ts). */
export const SESSIONS_DIR_ENV = 'E2E_SESSIONS_DIR';
export type StackAddresses = Omit<WorkerStack, 'stop'>;

/** This worker slot's stack, started by the global setup (startStackPool); the run stops it, not the worker. */
export function stackOfSlot(slot: number): WorkerStack {
  const stacks = JSON.parse(process.env[STACKS_ENV] ?? '[]') as StackAddresses[];
  const stack = stacks[slot];
  if (!stack) throw new Error(`No stack for worker slot ${slot} (${stacks.length} started by the global setup, tests/e2e/global-setup.ts).`);
  useStack(stack);
  return { ...stack, stop: async () => undefined };
}
