// The production server's runner (scripts/lib/nginx-server.ts, `npm run serve`) on a small built
// directory of its own: the rendered configuration nginx accepts, the upstreams it proxies to, HSTS
// only over TLS, and nginx gone once stopped.
import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { writeSecurityHeaders } from '../../scripts/lib/csp.ts';
import { ensureNginx, renderNginxConfig, startNginx } from '../../scripts/lib/nginx-server.ts';
import { freePort } from '../../mocks/free-port.ts';

const INDEX = '<!doctype html><html><head><style>body{margin:0}</style><script>void 0</script></head><body><div id="root"></div></body></html>';

let root: string;
let api: Server;
let apiUrl: string;
const seen: Array<{ url: string; headers: Record<string, unknown> }> = [];


beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'ess-serve-test-'));
  // Readable by nginx's workers (nobody, when the tests run as root), as a checkout is.
  chmodSync(root, 0o755);
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), INDEX);
  writeFileSync(join(root, 'assets', 'app-abc123.js'), 'export {};\n');
  writeSecurityHeaders(root, INDEX, {});
  // A stand-in API that says what it was asked.
  api = createServer((request, response) => {
    seen.push({ url: request.url ?? '', headers: request.headers });
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ path: request.url }));
  });
  await new Promise<void>((resolveListen) => api.listen(0, '127.0.0.1', resolveListen));
  apiUrl = `http://127.0.0.1:${(api.address() as { port: number }).port}`;
});

afterAll(async () => {
  await new Promise((resolveClose) => api.close(resolveClose));
  rmSync(root, { recursive: true, force: true });
});

describe('npm run serve', () => {
  it('renders a configuration nginx accepts, with and without TLS', () => {
    const temp = mkdtempSync(join(tmpdir(), 'ess-serve-conf-'));
    try {
      for (const tls of [undefined, { cert: '/etc/ssl/cert.pem', key: '/etc/ssl/key.pem' }]) {
        const conf = renderNginxConfig({ port: 8443, root, upstreams: { api: 'https://localhost:8444/ess' }, tls }, temp);
        expect(conf).not.toMatch(/\{\{/);
        expect(conf).toContain('proxy_pass https://localhost:8444/ess/;');
        expect(conf).toContain(tls ? 'listen 127.0.0.1:8443 ssl http2;' : 'listen 127.0.0.1:8443;');
        if (!tls) {
          writeFileSync(join(temp, 'nginx.conf'), conf);
          const check = spawnSync(ensureNginx(), ['-t', '-q', '-p', temp, '-e', 'stderr', '-c', join(temp, 'nginx.conf')], { encoding: 'utf8' });
          expect(check.stderr).toBe('');
          expect(check.status).toBe(0);
        }
      }
      expect(() => renderNginxConfig({ port: 1, root, upstreams: { api: 'ftp://backend.example' } }, temp)).toThrow(/must be http/);
      expect(() => renderNginxConfig({ port: 1, root, upstreams: { api: 'http://backend.example/a;b' } }, temp)).toThrow(/plain origin/);
    } finally {
      rmSync(temp, { recursive: true, force: true });
    }
  });

  it('proxies /api to the configured upstream (prefix stripped, public host and prefix forwarded), and stops', async () => {
    const port = await freePort();
    const server = await startNginx({ port, root, upstreams: { api: `${apiUrl}/base` } });
    try {
      const answer = await fetch(`${server.url}/api/feed?page=2`);
      expect(await answer.json()).toEqual({ path: '/base/feed?page=2' });
      const asked = seen.at(-1)!;
      expect(asked.headers['x-forwarded-host']).toBe(`127.0.0.1:${port}`);
      expect(asked.headers['x-forwarded-prefix']).toBe('/api');
      expect(asked.headers['x-forwarded-proto']).toBe('http');
      const page = await fetch(`${server.url}/home`);
      expect(page.status).toBe(200);
      expect(page.headers.get('strict-transport-security')).toBeNull();
      expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    } finally {
      await server.stop();
    }
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
    expect(server.process.exitCode ?? server.process.signalCode).not.toBeNull();
  });

  it("proxies /janus to Janus's websocket with its subprotocol (janus-protocol), /janus stripped; without Janus /janus is a 404", async () => {
    // A stand-in Janus: it takes only the janus-protocol subprotocol, as Janus's websocket transport does.
    const asked: Array<{ url: string; protocols: string[] }> = [];
    const janus = new WebSocketServer({
      host: '127.0.0.1',
      port: 0,
      handleProtocols: (protocols, request) => {
        asked.push({ url: request.url ?? '', protocols: [...protocols] });
        return protocols.has('janus-protocol') ? 'janus-protocol' : false;
      },
    });
    janus.on('connection', (socket) => socket.on('message', (data) => socket.send(`echo ${data.toString()}`)));
    await new Promise((resolveListen) => janus.once('listening', resolveListen));
    const janusUrl = `ws://127.0.0.1:${(janus.address() as { port: number }).port}`;
    const server = await startNginx({ port: await freePort(), root, upstreams: { api: apiUrl, janus: janusUrl } });
    try {
      const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}/janus`, 'janus-protocol');
      const reply = await new Promise<string>((resolveReply, rejectReply) => {
        socket.once('open', () => socket.send('{"janus":"info"}'));
        socket.once('message', (data) => resolveReply(data.toString()));
        socket.once('error', rejectReply);
      });
      expect(socket.protocol).toBe('janus-protocol');
      expect(reply).toBe('echo {"janus":"info"}');
      expect(asked).toEqual([{ url: '/', protocols: ['janus-protocol'] }]);
      socket.close();
    } finally {
      await server.stop();
      await new Promise((resolveClose) => janus.close(resolveClose));
    }
    const without = await startNginx({ port: await freePort(), root, upstreams: { api: apiUrl } });
    try {
      expect((await fetch(`${without.url}/janus`)).status).toBe(404);
      expect((await fetch(`${without.url}/home`)).status).toBe(200);
    } finally {
      await without.stop();
    }
  });

  it("gives nginx's own error answers the app's headers: malformed requests, an over-long URI, TRACE, a bad Host, a missing upstream", async () => {
    const port = await freePort();
    // An API upstream nobody listens on (port 9: no server of the suite, which all take free ephemeral
    // ports, can be listening there meanwhile): nginx answers 502 itself.
    const server = await startNginx({ port, root, upstreams: { api: 'http://127.0.0.1:9' } });
    /** Sends the bytes as written and returns the answer's status and headers (lower-case names). */
    const raw = (request: string) =>
      new Promise<{ status: number; headers: Map<string, string> }>((resolveRaw, rejectRaw) => {
        // Written without closing our side: nginx gives up a proxied request whose client has gone (499, no
        // answer). Every case below is one nginx ends itself (an error, or Connection: close).
        const socket = connect(port, '127.0.0.1', () => socket.write(request));
        socket.setTimeout(15_000, () => socket.destroy(new Error('no answer within 15 s')));
        let text = '';
        socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
        socket.on('error', rejectRaw);
        socket.on('close', () => {
          const [statusLine = '', ...lines] = text.split('\r\n\r\n')[0]!.split('\r\n');
          const headers = new Map(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()] as [string, string]));
          resolveRaw({ status: Number(statusLine.split(' ')[1]), headers });
        });
      });
    try {
      const page = await fetch(`${server.url}/home`);
      const csp = page.headers.get('content-security-policy');
      const permissions = page.headers.get('permissions-policy');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(permissions).toContain('camera=');

      const cases: Array<[what: string, request: string, status: number]> = [
        ['a malformed request line', 'GARBAGE\r\n\r\n', 400],
        ['an unknown HTTP version', 'GET / HTTP/9.9\r\nHost: x\r\n\r\n', 505],
        ['an over-long URI', `GET /${'a'.repeat(10_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 414],
        ['an over-long header', `GET / HTTP/1.1\r\nHost: x\r\nX-Long: ${'a'.repeat(10_000)}\r\n\r\n`, 400],
        ['TRACE', 'TRACE / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 405],
        ['TRACE on a proxied path', 'TRACE /api/feed HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 405],
        ['a bad Host', 'GET / HTTP/1.1\r\nHost: bad/host\r\nConnection: close\r\n\r\n', 400],
        ['no Host in HTTP/1.1', 'GET / HTTP/1.1\r\nConnection: close\r\n\r\n', 400],
        ['two Hosts', 'GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\nConnection: close\r\n\r\n', 400],
        ['a body over the limit', 'POST /api/upload HTTP/1.1\r\nHost: x\r\nContent-Length: 999999999999\r\nConnection: close\r\n\r\n', 413],
        ['an upstream that does not answer', 'GET /api/feed HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 502],
        ['/janus without Janus', 'GET /janus HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 404],
      ];
      for (const [what, request, status] of cases) {
        const answer = await raw(request);
        expect(answer.status, what).toBe(status);
        expect(answer.headers.get('content-security-policy'), what).toBe(csp);
        expect(answer.headers.get('permissions-policy'), what).toBe(permissions);
        expect(answer.headers.get('x-frame-options'), what).toBe('DENY');
        expect(answer.headers.get('x-content-type-options'), what).toBe('nosniff');
        expect(answer.headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
        expect(answer.headers.get('cross-origin-opener-policy'), what).toBe('same-origin');
      }
      // The internal error location is not a page of its own.
      expect((await fetch(`${server.url}/__ess_error`)).status).toBe(404);
    } finally {
      await server.stop();
    }
  });

  it('over TLS adds Strict-Transport-Security', async () => {
    const cert = join(root, 'cert.pem');
    const key = join(root, 'key.pem');
    const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-keyout', key, '-out', cert], { encoding: 'utf8' });
    expect(made.status).toBe(0);
    const port = await freePort();
    const server = await startNginx({ port, root, upstreams: { api: apiUrl }, tls: { cert, key } });
    try {
      expect(server.url).toBe(`https://127.0.0.1:${port}`);
      const headers = await new Promise<Record<string, unknown>>((resolveHeaders, rejectHeaders) => {
        httpsRequest(`${server.url}/`, { rejectUnauthorized: false }, (response) => {
          response.resume();
          resolveHeaders(response.headers);
        })
          .on('error', rejectHeaders)
          .end();
      });
      expect(headers['strict-transport-security']).toBe('max-age=31536000');
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    } finally {
      await server.stop();
    }
  });

  it('refuses to start without the build’s header snippet', async () => {
    const bare = mkdtempSync(join(tmpdir(), 'ess-serve-bare-'));
    chmodSync(bare, 0o755);
    try {
      writeFileSync(join(bare, 'index.html'), INDEX);
      await expect(startNginx({ port: await freePort(), root: bare })).rejects.toThrow(/security-headers\.conf is missing/);
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });
});
