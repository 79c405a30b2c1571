// The mocks' control routes (mocks/control-routes.ts: resetting the sandbox, what it recorded, its urgent
// reminders, emitting realtime events, counting and dropping connections) answer on the mocks' own
// ports only: through the app's address, under `npm start` (Vite's proxy, vite.config.ts) and `npm run
// serve` (nginx, deploy/nginx/), they answer 404 or 403, while the pictures the app shows from the
// sandbox still come through. A proxy that forwarded them anyway (misconfigured) is refused by the mock
// itself, by the forwarding header every proxy adds. Prism is not needed, so it points at a closed port.
import { request as httpRequest } from 'node:http';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer as createViteServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cameThroughProxy, isRealtimeControlPath, isSandboxControlPath } from '../../mocks/control-routes.ts';
import { freePort } from '../../mocks/free-port.ts';
import { startRealtimeMock, type RealtimeMock } from '../../mocks/realtime/server.ts';
import { startSandbox, type RunningSandbox } from '../../mocks/sandbox/server.ts';
import { writeSecurityHeaders } from '../../scripts/lib/csp.ts';
import { startNginx, type RunningServer } from '../../scripts/lib/nginx-server.ts';

const NO_PRISM = 'http://127.0.0.1:9';
const INDEX = '<!doctype html><html><head><style>body{margin:0}</style><script>void 0</script></head><body><div id="root"></div></body></html>';

let sandbox: RunningSandbox;
let realtime: RealtimeMock;
let nginx: RunningServer;
let vite: ViteDevServer;
let viteUrl = '';
let root = '';

beforeAll(async () => {
  sandbox = await startSandbox({ prismUrl: NO_PRISM, port: 0 });
  realtime = await startRealtimeMock({ port: 0 });
  root = mkdtempSync(join(tmpdir(), 'ess-control-routes-'));
  chmodSync(root, 0o755);
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), INDEX);
  writeSecurityHeaders(root, INDEX, {});
  nginx = await startNginx({
    port: await freePort(),
    root,
    upstreams: { api: sandbox.url, apiRealtime: realtime.url, broadcast: realtime.url, socketIo: realtime.url, modules: realtime.url },
  });
  // `npm start`'s dev server with its own proxy, on a free port (vite.config.ts reads the mocks' addresses when it loads).
  process.env.MOCK_HTTP_URL = sandbox.url;
  process.env.MOCK_REALTIME_URL = realtime.url;
  const port = await freePort();
  vite = await createViteServer({ configFile: 'vite.config.ts', logLevel: 'silent', server: { host: '127.0.0.1', port, strictPort: true, hmr: false, watch: null } });
  await vite.listen();
  viteUrl = `http://127.0.0.1:${port}`;
}, 60_000);

afterAll(async () => {
  await vite?.close();
  await nginx?.stop();
  await realtime?.stop();
  await sandbox?.stop();
  delete process.env.MOCK_HTTP_URL;
  delete process.env.MOCK_REALTIME_URL;
  if (root) rmSync(root, { recursive: true, force: true });
});

/** Every control route, as [method, path on the mock, path through the app]. */
const CONTROL: Array<[method: string, mockPath: string, appPath: string]> = [
  ['GET', '/__sandbox', '/api/__sandbox'],
  ['POST', '/__sandbox/reset', '/api/__sandbox/reset'],
  ['DELETE', '/__sandbox/scratch/probe', '/api/__sandbox/scratch/probe'],
  ['GET', '/__sandbox/devices', '/api/__sandbox/devices'],
  ['GET', '/__sandbox/pushes?user_id=43', '/api/__sandbox/pushes?user_id=43'],
  ['GET', '/__sandbox/check-ins', '/api/__sandbox/check-ins'],
  ['GET', '/__sandbox/module-tokens', '/api/__sandbox/module-tokens'],
  ['POST', '/__sandbox/module-tokens/introspect', '/api/__sandbox/module-tokens/introspect'],
  ['GET', '/__sandbox/urgent-reminders', '/api/__sandbox/urgent-reminders'],
  ['POST', '/__sandbox/urgent-reminders', '/api/__sandbox/urgent-reminders'],
  // Dot segments do not walk around the guard.
  ['GET', '/__sandbox/avatars/../devices', '/api/__sandbox/avatars/../devices'],
  ['GET', '/__mock/examples', '/realtime/__mock/examples'],
  ['POST', '/__mock/emit', '/realtime/__mock/emit'],
  ['GET', '/__mock/listeners', '/realtime/__mock/listeners'],
  ['POST', '/__mock/disconnect', '/realtime/__mock/disconnect'],
  ['GET', '/__mock/health', '/realtime/__mock/health'],
];

const bodyFor = (method: string, path: string) =>
  method === 'GET' || method === 'DELETE' ? undefined : JSON.stringify(path.includes('emit') ? { example: 'no-such-example' } : path.includes('urgent') ? { interval_ms: 60_000, max_reminders: 1 } : { token: 'mt_0', module: 'faq' });

/** The request with its path sent as written (fetch would resolve the dot segments itself; the server must see them). */
function ask(base: string, method: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(base);
  const body = bodyFor(method, path);
  return new Promise((resolveAnswer, rejectAnswer) => {
    const request = httpRequest({ host: hostname, port, method, path, headers: { 'content-type': 'application/json', ...headers } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolveAnswer({ status: response.statusCode ?? 0, text }));
      response.on('error', rejectAnswer);
    });
    request.on('error', rejectAnswer);
    request.end(body);
  });
}

const mockBase = (mockPath: string) => (mockPath.startsWith('/__mock') ? realtime.url : sandbox.url);

describe("the mocks' control routes", () => {
  it('answer on the mock’s own port', async () => {
    for (const [method, mockPath] of CONTROL) {
      // Answered by the route itself (a scratch copy that is not there, an unknown example: 404 of their own).
      const { status, text } = await ask(mockBase(mockPath), method, mockPath);
      expect(status, `${method} ${mockPath}`).not.toBe(403);
      expect(status, `${method} ${mockPath}`).toBeLessThan(500);
      expect(text, `${method} ${mockPath}`).not.toContain('answer only on its own address');
    }
    expect((await ask(sandbox.url, 'GET', '/__sandbox/devices')).text).toContain('"devices"');
    expect((await ask(realtime.url, 'GET', '/__mock/listeners')).text).toContain('"pusher"');
  });

  it('answer 404 through the app’s address under `npm start` (Vite’s proxy does not forward them)', async () => {
    for (const [method, , appPath] of CONTROL) {
      const { status } = await ask(viteUrl, method, appPath);
      expect(status, `${method} ${appPath}`).toBe(404);
    }
  });

  it('answer 403 through the app’s address under `npm run serve` (nginx forwards them, and the mock refuses)', async () => {
    for (const [method, , appPath] of CONTROL) {
      const { status, text } = await ask(nginx.url, method, appPath);
      expect(status, `${method} ${appPath}`).toBe(403);
      expect(text).toContain('answer only on its own address');
    }
  });

  it('are refused by the mock when a proxy forwards them anyway (any forwarding header)', async () => {
    for (const header of ['X-Forwarded-For', 'X-Forwarded-Host', 'X-Forwarded-Prefix', 'Forwarded', 'Via']) {
      for (const [method, mockPath] of CONTROL) {
        const { status } = await ask(mockBase(mockPath), method, mockPath, { [header]: header === 'X-Forwarded-Prefix' ? '/api' : '127.0.0.1' });
        expect(status, `${method} ${mockPath} with ${header}`).toBe(403);
      }
    }
  });

  it('leave what the app loads through its address alone: the sandbox’s pictures, the channel authorisation, the web modules', async () => {
    for (const base of [viteUrl, nginx.url]) {
      const avatar = await fetch(`${base}/api/__sandbox/avatars/42.svg`);
      expect(avatar.status, base).toBe(200);
      expect(avatar.headers.get('content-type'), base).toMatch(/svg/);
      // Channel authorisation reaches the realtime mock (401 without a token: it answered, not the proxy).
      expect((await fetch(`${base}/api/broadcasting/auth`, { method: 'POST' })).status, base).toBe(401);
      expect((await fetch(`${base}/modules/faq?lang=en`)).status, base).toBe(200);
    }
  });

  it('are told apart by path and by the forwarding headers', () => {
    expect(isSandboxControlPath('/__sandbox')).toBe(true);
    expect(isSandboxControlPath('/__sandbox/reset')).toBe(true);
    expect(isSandboxControlPath('/__sandbox/module-tokens/introspect')).toBe(true);
    expect(isSandboxControlPath('/__sandbox/avatars/42.svg')).toBe(false);
    expect(isSandboxControlPath('/__sandbox/chat-files/u/a.pdf')).toBe(false);
    expect(isSandboxControlPath('/__sandboxes')).toBe(false);
    expect(isSandboxControlPath('/auth/login')).toBe(false);
    expect(isRealtimeControlPath('/__mock/emit')).toBe(true);
    expect(isRealtimeControlPath('/app/key')).toBe(false);
    expect(cameThroughProxy({ headers: {} })).toBe(false);
    expect(cameThroughProxy({ headers: { 'x-forwarded-for': '127.0.0.1' } })).toBe(true);
  });
});
