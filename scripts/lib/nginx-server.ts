// The built app behind Debian's nginx (deploy/nginx/nginx.conf.template): renders the template for a
// port, a dist/ directory and the upstreams, and runs nginx in the foreground with its pid file and
// temporary files in a directory of its own, so it runs as root or as any user. Used by `npm run serve`
// (scripts/serve.ts), the browser tests (playwright.config.ts) and the bench (scripts/bench.ts).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { accessSync, chmodSync, constants, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SECURITY_HEADERS_FILE } from './csp.ts';

export const TEMPLATE = resolve('deploy/nginx/nginx.conf.template');

/** Where each proxied path goes. Each is an origin, optionally with a path the proxied path is appended to. */
export interface Upstreams {
  /** /api/* without /api (the backend's API; locally the mock sandbox). */
  api: string;
  /** /api/broadcasting/* and /api/global-long-polling/* without /api (locally the realtime mock; in production usually the API). */
  apiRealtime: string;
  /** /realtime/* without /realtime: the Pusher-protocol broadcast server. */
  broadcast: string;
  /** /socket.io/*: the live-chat socket.io server. */
  socketIo: string;
  /** /modules/*: web modules served from the app's own origin. */
  modules: string;
  /**
   * /janus (websockets, /janus stripped): Janus's WebSocket API, the media server of group calls
   * (locally mocks/janus/); ws(s):// or http(s)://. None: /janus answers 404.
   */
  janus?: string;
}

export interface ServeOptions {
  port: number;
  /** The built app (dist/). */
  root?: string;
  upstreams?: Partial<Upstreams>;
  /** nginx's client_max_body_size (uploads through /api). */
  maxBody?: string;
  tls?: { cert: string; key: string };
  accessLog?: boolean;
}

const LOCAL_SANDBOX = 'http://127.0.0.1:4010';
const LOCAL_REALTIME = 'http://127.0.0.1:6001';

/**
 * The upstreams from the environment, as vite.config.ts's preview proxy reads it: ESS_*_UPSTREAM per
 * path, ESS_REALTIME_UPSTREAM for the four realtime paths at once, MOCK_HTTP_URL/MOCK_REALTIME_URL
 * (the mocks' addresses, as for `vite preview`), then the mocks' default ports. Janus only when
 * ESS_JANUS_UPSTREAM or MOCK_JANUS_URL names it.
 */
export function upstreamsFromEnv(env: NodeJS.ProcessEnv = process.env): Upstreams {
  const realtime = env.ESS_REALTIME_UPSTREAM ?? env.MOCK_REALTIME_URL ?? LOCAL_REALTIME;
  const janus = env.ESS_JANUS_UPSTREAM ?? env.MOCK_JANUS_URL;
  return {
    api: env.ESS_API_UPSTREAM ?? env.MOCK_HTTP_URL ?? LOCAL_SANDBOX,
    apiRealtime: env.ESS_API_REALTIME_UPSTREAM ?? realtime,
    broadcast: env.ESS_BROADCAST_UPSTREAM ?? realtime,
    socketIo: env.ESS_SOCKET_IO_UPSTREAM ?? realtime,
    modules: env.ESS_MODULES_UPSTREAM ?? realtime,
    ...(janus ? { janus } : {}),
  };
}

/** An upstream as nginx's proxy_pass wants it: http(s) (a websocket server's ws(s) becomes that), no trailing slash (the template adds the path). */
function upstreamUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value.replace(/^ws(s?):\/\//i, 'http$1://'));
  } catch {
    throw new Error(`The ${name} upstream is not a URL: ${value}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`The ${name} upstream must be http(s): ${value}`);
  if (url.search || url.hash || /[\s;{}"'$]/.test(url.href)) throw new Error(`The ${name} upstream must be a plain origin or path: ${value}`);
  return url.href.replace(/\/+$/, '');
}

const quotable = (name: string, path: string) => {
  if (/["$\n]/.test(path)) throw new Error(`The ${name} path cannot hold " $ or a line break: ${path}`);
  return path;
};

/** The nginx configuration for these options, with its temporary files under `temp`. */
export function renderNginxConfig(options: ServeOptions, temp: string, template = readFileSync(TEMPLATE, 'utf8')): string {
  const root = resolve(options.root ?? 'dist');
  const upstreams = { ...upstreamsFromEnv(), ...options.upstreams };
  const asRoot = process.getuid?.() === 0;
  const values: Record<string, string> = {
    // As root the workers drop to nobody (nginx creates its temporary directories for them).
    USER: asRoot ? 'user nobody nogroup;' : '',
    TEMP: quotable('temporary', temp),
    ACCESS_LOG: options.accessLog ? 'access_log /dev/stdout;' : 'access_log off;',
    MAX_BODY: options.maxBody ?? '50m',
    ADDRESS: '127.0.0.1',
    PORT: String(options.port),
    ROOT: quotable('dist', root),
    TLS_CERT: options.tls ? quotable('certificate', resolve(options.tls.cert)) : '',
    TLS_KEY: options.tls ? quotable('key', resolve(options.tls.key)) : '',
    API_UPSTREAM: upstreamUrl('API', upstreams.api),
    API_REALTIME_UPSTREAM: upstreamUrl('API realtime', upstreams.apiRealtime),
    BROADCAST_UPSTREAM: upstreamUrl('broadcast', upstreams.broadcast),
    SOCKET_IO_UPSTREAM: upstreamUrl('socket.io', upstreams.socketIo),
    MODULES_UPSTREAM: upstreamUrl('modules', upstreams.modules),
    JANUS_UPSTREAM: upstreams.janus ? upstreamUrl('Janus', upstreams.janus) : '',
  };
  const section = (text: string, name: string, keep: boolean) =>
    text.replace(new RegExp(`^\\{\\{#${name}\\}\\}\\n([\\s\\S]*?)^\\{\\{/${name}\\}\\}\\n`, 'gm'), (_whole, body: string) => (keep ? body : ''));
  const kept: Array<[name: string, keep: boolean]> = [
    ['tls', Boolean(options.tls)],
    ['plain', !options.tls],
    ['janus', Boolean(upstreams.janus)],
    ['nojanus', !upstreams.janus],
  ];
  const sections = kept.reduce((text, [name, keep]) => section(text, name, keep), template);
  return sections.replace(/\{\{([A-Z_]+)\}\}/g, (_whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`deploy/nginx template: unknown placeholder {{${name}}}`);
    return value;
  });
}

/** Debian's nginx; as root with apt, installs nginx-light when it is missing (as scripts/test.ts installs chromium). */
export function ensureNginx(): string {
  const found = findNginx();
  if (found) return found;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log("Installing Debian's nginx-light to serve the built app…");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', 'nginx-light'], { stdio: 'inherit', env });
  }
  const installed = findNginx();
  if (!installed) throw new Error("nginx not found: install Debian's nginx-light (apt-get install nginx-light) or set NGINX_PATH.");
  return installed;
}

function findNginx(): string | undefined {
  const candidates = [process.env.NGINX_PATH, '/usr/sbin/nginx', ...(process.env.PATH ?? '').split(':').map((dir) => join(dir, 'nginx'))];
  return candidates.find((path): path is string => {
    if (!path) return false;
    try {
      accessSync(path, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

export interface RunningServer {
  url: string;
  process: ChildProcess;
  /** Resolves once nginx has exited (its exit code). */
  exited: Promise<number>;
  stop(): Promise<void>;
}

/** Renders the configuration and starts nginx; resolves once it accepts connections. */
export async function startNginx(options: ServeOptions): Promise<RunningServer> {
  const root = resolve(options.root ?? 'dist');
  if (!existsSync(join(root, 'index.html'))) throw new Error(`${root}/index.html is missing: build the app first (npx vite build).`);
  if (!existsSync(join(root, SECURITY_HEADERS_FILE))) {
    throw new Error(`${root}/${SECURITY_HEADERS_FILE} is missing: it is written by \`vite build\` (scripts/lib/csp.ts); build the app again.`);
  }
  // As root the workers run as nobody: they must be able to read the build.
  if (process.getuid?.() === 0 && (statSync(root).mode & 0o005) !== 0o005) {
    throw new Error(`nginx's workers (user nobody) cannot read ${root}: make it readable by others (chmod o+rx).`);
  }
  if (await accepts(options.port)) throw new Error(`127.0.0.1:${options.port} is already in use`);
  const nginx = ensureNginx();
  const temp = mkdtempSync(join(tmpdir(), 'ess-nginx-'));
  // The workers (nobody, when started as root) only need to reach the temporary directories nginx makes for them.
  chmodSync(temp, 0o755);
  const conf = join(temp, 'nginx.conf');
  try {
    writeFileSync(conf, renderNginxConfig(options, temp));
    const check = spawnSync(nginx, ['-t', '-q', '-p', temp, '-e', 'stderr', '-c', conf], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`nginx refused the configuration:\n${check.stderr}`);
  } catch (error) {
    rmSync(temp, { recursive: true, force: true });
    throw error;
  }
  const child = spawn(nginx, ['-p', temp, '-e', 'stderr', '-c', conf], { stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise<number>((resolveExit) => {
    child.once('exit', (code, signal) => {
      rmSync(temp, { recursive: true, force: true });
      resolveExit(code ?? (signal ? 1 : 0));
    });
  });
  let running = true;
  void exited.then(() => (running = false));
  const stop = async () => {
    // TERM is nginx's fast shutdown (QUIT would wait for every open websocket to close).
    if (running) child.kill('SIGTERM');
    await exited;
  };
  const scheme = options.tls ? 'https' : 'http';
  const deadline = Date.now() + 15_000;
  while (!(await accepts(options.port))) {
    if (!running) throw new Error(`nginx exited before it listened on 127.0.0.1:${options.port}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not listen on 127.0.0.1:${options.port} within 15 s`);
    }
    await new Promise((wake) => setTimeout(wake, 50));
  }
  return { url: `${scheme}://127.0.0.1:${options.port}`, process: child, exited, stop };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolveConnect) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolveConnect(true);
    });
    socket.once('error', () => resolveConnect(false));
  });
}
