// Starts Stoplight Prism (mock or validating proxy) as a child process under the same Node binary,
// so tests, the mock script and the contract check all get the same lifecycle: ready when it answers,
// gone when stop() resolves.
import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { resolve } from 'node:path';
import { freePort } from './free-port.ts';

export interface RunningPrism {
  url: string;
  stop(): Promise<void>;
}

export interface PrismMockOptions {
  spec?: string;
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  dynamic?: boolean;
}

export interface PrismProxyOptions {
  spec?: string;
  upstream: string;
  port?: number;
  host?: string;
}

const DEFAULT_SPEC = 'generated/openapi.bundled.json';
const READY_TIMEOUT_MS = 30_000;

export async function startPrism({
  spec = DEFAULT_SPEC,
  port = 4010,
  host = '127.0.0.1',
  dynamic = false,
}: PrismMockOptions = {}): Promise<RunningPrism> {
  const args = ['mock', spec, ...(dynamic ? ['-d'] : [])];
  return startPrismProcess(args, host, port);
}

/**
 * A validating proxy: requests and upstream answers pass through unchanged (no --errors), and every
 * contract violation is reported in the `sl-violations` response header as JSON.
 */
export async function startPrismProxy({
  spec = DEFAULT_SPEC,
  upstream,
  port = 0,
  host = '127.0.0.1',
}: PrismProxyOptions): Promise<RunningPrism> {
  return startPrismProcess(['proxy', spec, upstream], host, port);
}

async function startPrismProcess(args: string[], host: string, requestedPort: number): Promise<RunningPrism> {
  const port = requestedPort === 0 ? await freePort(host) : requestedPort;
  const child = spawn(
    process.execPath,
    [resolve('node_modules/.bin/prism'), ...args, '--host', host, '--port', String(port)],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0' } },
  );
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));

  const url = `http://${host}:${port}`;
  const stop = () => stopChild(child, exited);
  try {
    await waitUntilAnswering(host, port, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}

async function waitUntilAnswering(
  host: string,
  port: number,
  child: ChildProcess,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`prism exited (${child.exitCode ?? child.signalCode}) before answering:\n${output()}`);
    }
    // Prism only listens once the document is loaded, so an accepted connection means ready. A TCP
    // probe rather than a request, because the proxy would forward a request to the real backend.
    if (await accepts(host, port)) return;
    await new Promise((wake) => setTimeout(wake, 100));
  }
  throw new Error(`prism did not listen on ${host}:${port} within ${READY_TIMEOUT_MS} ms:\n${output()}`);
}

async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const killTimer = setTimeout(() => child.kill('SIGKILL'), 3_000);
  await exited;
  clearTimeout(killTimer);
}

function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolveProbe) => {
    const socket = connect({ host, port });
    const done = (accepted: boolean) => {
      socket.destroy();
      resolveProbe(accepted);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.setTimeout(1_000, () => done(false));
  });
}

