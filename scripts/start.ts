// `npm start`: the mocks and the app in development mode, one command, no backend needed.
// Everything starts at once: Vite's dev server (:5173) and Prism first, as processes of their own, then,
// while they start, the rest of the mocks load and start here (the sandbox on :4010 in front of Prism, the
// realtime mock on :6001). The start is ready, and says so with the app's address and the demo sign-ins
// (mocks/sandbox/demo-sign-ins.ts), as soon as the app and the mocks answer: nothing waits for Janus.
// Janus, the media server of group calls, starts beside them (installed first when missing, where it
// can be): until it answers, a group call uses the app's peer-to-peer mesh (up to 4 people; the sandbox
// logs it for each such call); every group call started once it is up gets a Janus room (a call started
// before stays on the mesh to its end), and one line says when Janus is ready, or why it cannot run here.
//
// `--free-ports`: the app, the sandbox and the realtime mock on free ports of 127.0.0.1 instead of the
// fixed ones (the dev-server smoke test, beside anyone's `npm start`), stopping when its standard input
// closes (the test runner ended) as well as on SIGTERM or SIGINT; `--no-janus`: no Janus at all.
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from '../mocks/free-port.ts';
import { startPrism } from '../mocks/prism.ts';
import { withAppVapidKey } from './lib/local-vapid.ts';

const started = performance.now();
const { values: options } = parseArgs({ options: { 'free-ports': { type: 'boolean', default: false }, 'no-janus': { type: 'boolean', default: false } } });
const HOST = '127.0.0.1';
const HTTP_PORT = options['free-ports'] ? await freePort() : 4010;
const REALTIME_PORT = options['free-ports'] ? await freePort() : 6001;
/** Vite's dev server's port (vite.config.ts `server`; strict: taken means it fails, never another port). */
const APP_PORT = options['free-ports'] ? await freePort() : 5173;
const JANUS_PORT = await freePort();

const vite = spawn(process.execPath, [resolve('node_modules/.bin/vite'), '--port', String(APP_PORT), '--strictPort'], {
  stdio: 'inherit',
  env: {
    ...withAppVapidKey(process.env),
    MOCK_HTTP_URL: `http://${HOST}:${HTTP_PORT}`,
    MOCK_REALTIME_URL: `http://${HOST}:${REALTIME_PORT}`,
    // The web modules load from the realtime mock's origin (src/api/config.ts iframeBase).
    VITE_IFRAME_BASE: process.env.VITE_IFRAME_BASE ?? `http://${HOST}:${REALTIME_PORT}/modules`,
    ...(options['no-janus'] ? {} : { MOCK_JANUS_URL: `ws://${HOST}:${JANUS_PORT}` }),
  },
});
const prism = startPrism({ port: 0 });
// Its failure is startMocks' to report, once the rest has loaded.
prism.catch(() => undefined);
// Known to the shutdown once started (the rest of the mocks; Janus).
const running: { stop(): Promise<void> }[] = [];
let stopping = false;
const shutdown = async (code = 0) => {
  if (stopping) return;
  stopping = true;
  vite.kill('SIGTERM');
  // Prism stops with the mocks; here too in case they never started (stopping twice is harmless).
  await Promise.allSettled([prism.then((server) => server.stop()), ...running.map((server) => server.stop())]);
  process.exit(code);
};
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
vite.once('exit', (code) => void shutdown(code ?? 0));
// On free ports it is a test's server: it stops with whoever started it, also when that one dies without
// a word (the pipe of its standard input closes).
if (options['free-ports'] && !process.stdin.isTTY) {
  process.stdin.once('end', () => void shutdown());
  process.stdin.resume();
}

// The rest loads while Vite and Prism start.
const [{ janusLine, startMocks }, { findJanus, JANUS_FALLBACK_LINE }, { startJanus }, { janusCallMedia }, { mediaServerWhenReady }, { demoSignInLines }] = await Promise.all([
  import('../mocks/start.ts'),
  import('../mocks/janus/install.ts'),
  import('../mocks/janus/server.ts'),
  import('../mocks/sandbox/chat/call-media.ts'),
  import('../mocks/janus/when-ready.ts'),
  import('../mocks/sandbox/demo-sign-ins.ts'),
]);
type RunningJanus = Awaited<ReturnType<typeof startJanus>>;

/** The janus binary: installed first (Debian's package, as root with apt-get) in a child process, so nothing waits on apt. */
async function janusBinary(): Promise<string | undefined> {
  const found = findJanus();
  if (found || process.getuid?.() !== 0) return found;
  const install = spawn(process.execPath, ['-e', "import('./mocks/janus/install.ts').then((m) => m.ensureJanus())"], { stdio: ['ignore', 'inherit', 'inherit'] });
  await new Promise((done) => install.once('close', done));
  return findJanus();
}

/** Whether something listens on `port` (a TCP connection is accepted). */
const listening = (port: number) =>
  new Promise<boolean>((answer) => {
    const socket = connect(port, HOST);
    socket.once('connect', () => {
      socket.destroy();
      answer(true);
    });
    socket.once('error', () => answer(false));
  });

// The sandbox's media server: Janus once it is up (group calls started before use the mesh).
const media = mediaServerWhenReady();
void (async () => {
  const withoutJanus = (why: string) => {
    media.unavailable(why);
    console.log(JANUS_FALLBACK_LINE(why));
  };
  if (options['no-janus']) return media.unavailable('--no-janus');
  const binary = await janusBinary();
  if (!binary) return withoutJanus(process.getuid?.() === 0 ? 'it could not be installed' : 'it is not installed');
  let janus: RunningJanus;
  try {
    janus = await startJanus({ binary, port: JANUS_PORT });
  } catch (error) {
    return withoutJanus((error as Error).message.split('\n')[0]!);
  }
  running.push(janus);
  if (stopping) return void (await janus.stop());
  media.use(janusCallMedia(janus));
  console.log(janusLine({ janusUrl: janus.url, janusStartupMs: janus.startupMs }));
})();

try {
  const mocks = await startMocks({ httpPort: HTTP_PORT, realtimePort: REALTIME_PORT, prism, callMedia: media.server });
  running.push(mocks);
  console.log(`Mocks: HTTP ${mocks.httpUrl} (sandbox in front of Prism ${mocks.prismUrl}), realtime and web modules ${mocks.realtimeUrl}`);
} catch (error) {
  console.error(`The mocks did not start: ${(error as Error).message}`);
  await shutdown(1);
}
while (!stopping && !(await listening(APP_PORT))) await new Promise((wake) => setTimeout(wake, 100));
if (!stopping) {
  console.log([`Ready in ${((performance.now() - started) / 1000).toFixed(1)} s: http://${HOST}:${APP_PORT}/`, ...demoSignInLines()].join('\n'));
}
