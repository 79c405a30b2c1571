// The sandbox's media server: Debian's Janus with a configuration of its own (config.ts) in a
// temporary folder, its websocket API on 127.0.0.1, ready when it answers an `info` request, gone
// when stop() resolves or this process ends (it never outlives the mocks).
//
// It stops with this process however it ends: spawned through util-linux's `setpriv --pdeathsig
// KILL`, the kernel kills Janus when the process that started it dies (a SIGKILL, a crash); an
// orderly exit kills it too (the `exit` listener) in case setpriv is missing.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JanusConnection } from './client.ts';
import { writeJanusConfig } from './config.ts';
import { listenForJanusEvents, type JanusEvents } from './events.ts';
import { startJanusGate, type JanusGate } from './gate.ts';
import { findJanus, findJanusLibraries, mediaAddress } from './install.ts';
import { VideoRoomBackend } from './videoroom.ts';
import { freePort } from '../free-port.ts';

export interface JanusOptions {
  /** The port members reach the websocket API on (127.0.0.1, through the gate: gate.ts); 0 (the default) picks a free one. Janus itself listens on a free port. */
  port?: number;
  /** Where to say what happens (the log's tail when it fails to start); silent by default. */
  log?: (line: string) => void;
  /** The janus binary (default: findJanus()). */
  binary?: string;
  /** How long to wait for its first answer (default 15 s). */
  readyTimeoutMs?: number;
  /** Seconds a silent session lasts (default 60; the tests of keepalives shorten it). */
  sessionTimeout?: number;
  /** How often the backend's session sends a keepalive (default 25 s). */
  keepaliveMs?: number;
}

export interface RunningJanus {
  /** The Janus API over websockets as members reach it, through the gate (gate.ts), e.g. ws://127.0.0.1:41234. */
  url: string;
  port: number;
  /** Janus's own address, the backend's only (`rooms` talks to it directly). */
  apiUrl: string;
  /** Signs the tokens Janus accepts (token.ts). */
  tokenSecret: string;
  /** Needed to create rooms (the VideoRoom's admin_key): the backend's only. */
  adminKey: string;
  /** The address Janus offers for media (ICE). */
  mediaAddress: string;
  /** The backend side: creates and destroys rooms (one kept-alive session, opened when first used). */
  rooms: VideoRoomBackend;
  /** The VideoRoom's events as Janus's HTTP event handler reports them (who joined which room, with which ACL token). */
  events: JanusEvents;
  /** Janus's output (warnings and errors), in the temporary folder. */
  logFile: string;
  /** How long it took to answer, in ms. */
  startupMs: number;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Janus cannot start here (not installed, no interface for media): the caller falls back. */
export class JanusUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JanusUnavailable';
  }
}

const READY_TIMEOUT_MS = 15_000;
const SETPRIV = '/usr/bin/setpriv';
const running = new Set<ChildProcess>();
let exitHookInstalled = false;

function killAllOnExit(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const child of running) child.kill('SIGKILL');
  });
}

export async function startJanus(options: JanusOptions = {}): Promise<RunningJanus> {
  const { port = 0, log = () => undefined, binary = findJanus() } = options;
  if (!binary) throw new JanusUnavailable('Janus is not installed (apt-get install janus, or set JANUS_PATH)');
  const libraries = findJanusLibraries();
  if (!libraries) throw new JanusUnavailable(`Janus's plugins were not found (libjanus_videoroom.so under /usr/lib/<arch>/janus/plugins; set JANUS_LIB_DIR)`);
  const address = mediaAddress();
  if (!address) {
    throw new JanusUnavailable('this machine has no network interface besides loopback, and Janus never offers loopback addresses for media (ICE), so no browser could reach it');
  }
  // A port found free a moment before may be taken by the time Janus binds it: Janus then exits, and
  // another port is tried.
  let janus: Omit<RunningJanus, 'url' | 'port' | 'apiUrl'> & { url: string; port: number };
  for (let attempt = 0; ; attempt += 1) {
    try {
      janus = await startOnce(binary, libraries, address, await freePort(), options);
      break;
    } catch (error) {
      if (!(error instanceof StartFailed)) throw error;
      if (error.portTaken && attempt < 3) continue;
      log(`Janus did not start (${error.message}); the end of its log:\n${error.logTail}`);
      throw new Error(`Janus did not start: ${error.message}\n${error.logTail}`, { cause: error });
    }
  }
  let gate: JanusGate;
  try {
    gate = await startJanusGate({ upstream: janus.url, port, secretOf: (room) => janus.rooms.secretOf(room) });
  } catch (error) {
    await janus.stop();
    const taken = (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
    throw new Error(`Janus's gate did not start: ${taken ? `127.0.0.1:${port} is taken` : (error as Error).message}`, { cause: error });
  }
  return {
    ...janus,
    url: gate.url,
    port: gate.port,
    apiUrl: janus.url,
    stop: async () => {
      await gate.close();
      await janus.stop();
    },
  };
}

class StartFailed extends Error {
  readonly portTaken: boolean;
  readonly logTail: string;
  constructor(message: string, portTaken: boolean, logTail: string) {
    super(message);
    this.portTaken = portTaken;
    this.logTail = logTail;
  }
}

async function startOnce(
  binary: string,
  libraries: NonNullable<ReturnType<typeof findJanusLibraries>>,
  address: string,
  port: number,
  { readyTimeoutMs = READY_TIMEOUT_MS, sessionTimeout, keepaliveMs }: JanusOptions,
): Promise<Omit<RunningJanus, 'apiUrl'>> {
  const started = performance.now();
  const folder = mkdtempSync(join(tmpdir(), 'ess-janus-'));
  const tokenSecret = randomBytes(24).toString('base64url');
  const adminKey = randomBytes(24).toString('base64url');
  const serverName = `ess-sandbox-${randomBytes(6).toString('hex')}`;
  const events = await listenForJanusEvents();
  writeJanusConfig({ folder, port, tokenSecret, adminKey, adminSecret: randomBytes(24).toString('base64url'), libraries, serverName, sessionTimeout, eventsBackend: events.url });
  const logFile = join(folder, 'janus.log');
  const output = openSync(logFile, 'a');
  // -F: our folder only; -o: no colours in the log.
  const args = ['-F', folder, '-o'];
  const [command, commandArgs] = existsSync(SETPRIV) ? [SETPRIV, ['--pdeathsig', 'KILL', '--', binary, ...args]] : [binary, args];
  const child = spawn(command, commandArgs, { stdio: ['ignore', output, output] });
  closeSync(output);
  running.add(child);
  killAllOnExit();
  const exited = new Promise<void>((resolveExit) => {
    child.once('exit', () => {
      running.delete(child);
      resolveExit();
    });
  });
  const removeFolder = () => rmSync(folder, { recursive: true, force: true });
  const stopProcess = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const kill = setTimeout(() => child.kill('SIGKILL'), 3_000);
      await exited;
      clearTimeout(kill);
    }
  };
  const tail = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8').trim().split('\n').slice(-25).join('\n') : '(no log)');
  const url = `ws://127.0.0.1:${port}`;

  try {
    await waitUntilAnswering(url, child, serverName, readyTimeoutMs);
  } catch (error) {
    const text = tail();
    await stopProcess();
    removeFolder();
    await events.close();
    // Janus exits when its websocket server cannot listen (the port was taken).
    const taken = /Error creating vhost for Websockets server/.test(text);
    throw new StartFailed(taken ? `127.0.0.1:${port} is taken` : (error as Error).message, taken, text);
  }

  const rooms = new VideoRoomBackend({ url, tokenSecret, adminKey, ...(keepaliveMs ? { keepaliveMs } : {}) });
  const startupMs = Math.round(performance.now() - started);
  return {
    url,
    port,
    tokenSecret,
    adminKey,
    mediaAddress: address,
    rooms,
    events,
    logFile,
    startupMs,
    process: child,
    stop: async () => {
      await rooms.close().catch(() => undefined);
      await stopProcess();
      await events.close();
      removeFolder();
    },
  };
}

/** Until this run's Janus answers `info` on the port (its own server name: another server there does not count). */
async function waitUntilAnswering(url: string, child: ChildProcess, serverName: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError = 'no answer';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`janus exited (${child.exitCode ?? child.signalCode})`);
    try {
      const connection = await JanusConnection.open(url, 1_000);
      try {
        const info = await connection.request({ janus: 'info' }, { timeoutMs: 1_000 });
        if (info.janus === 'server_info' && info['server-name'] === serverName) return;
        lastError = info.janus === 'server_info' ? `another Janus (${String(info['server-name'])}) answers there` : `info answered ${String(info.janus)}`;
      } finally {
        connection.close();
      }
    } catch (error) {
      lastError = (error as Error).message;
    }
    await new Promise((wake) => setTimeout(wake, 50));
  }
  throw new Error(`janus did not answer on ${url} within ${timeoutMs} ms (${lastError})`);
}

