// The production server (nginx, deploy/nginx/, started for each worker by support/stack.ts as `npm run serve` does):
// what a browser and an attacker see of it. Its headers, caching, compression and proxies; the app
// cannot be framed by another site; and the violation guard every spec uses (support/test.ts) really
// fails a test whose screen breaks the Content-Security-Policy or Trusted Types.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';
import { inlineCode } from '../../scripts/lib/csp.ts';
// This worker's nginx (support/stack.ts).
import { APP_ORIGIN as APP, REALTIME_MOCK, SANDBOX } from './support/stack.ts';
import { expect, test } from './support/test.ts';

// The build the stack serves (support/stack.ts: E2E_DIST, dist/ by default).
const DIST = process.env.E2E_DIST || 'dist';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A raw GET (no decompression, no cache), as curl would see it. */
function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolveAnswer, rejectAnswer) => {
    const outgoing = httpRequest(new URL(path, APP), { headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => resolveAnswer({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks) }));
      incoming.on('error', rejectAnswer);
    });
    outgoing.on('error', rejectAnswer);
    outgoing.end();
  });
}

const builtIndex = () => readFileSync(join(DIST, 'index.html'), 'utf8');
// The entry is fetched by a modulepreload and run after the first paint (scripts/lib/first-paint.ts).
const entryScript = () => /<link rel="modulepreload" crossorigin href="([^"]+)"/.exec(builtIndex())![1]!;
const csp = (answer: Answer) => String(answer.headers['content-security-policy'] ?? '');
const directive = (policy: string, name: string) => policy.split(';').map((part) => part.trim()).find((part) => part.split(' ')[0] === name);
const sha256 = async (text: string) => `'sha256-${Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))).toString('base64')}'`;

test.describe('the production server', () => {
  test('answers the app with its security headers, the policy carrying this build’s inline hashes', async () => {
    const answer = await get('/');
    expect(answer.status).toBe(200);
    const policy = csp(answer);
    const { scripts, styles } = inlineCode(builtIndex());
    expect(scripts.length).toBeGreaterThan(0);
    expect(styles.length).toBeGreaterThan(0);
    for (const script of scripts) expect(directive(policy, 'script-src')).toContain(await sha256(script));
    for (const style of styles) expect(directive(policy, 'style-src')).toContain(await sha256(style));
    // No inline script but the hashed ones, no eval() (only WebAssembly's compilation, for the QR reader), no wildcard.
    expect(directive(policy, 'script-src')).not.toMatch(/unsafe-inline|'unsafe-eval'|\*/);
    expect(directive(policy, 'script-src')).toContain("'wasm-unsafe-eval'");
    expect(directive(policy, 'default-src')).toBe("default-src 'self'");
    expect(directive(policy, 'object-src')).toBe("object-src 'none'");
    expect(directive(policy, 'base-uri')).toBe("base-uri 'none'");
    expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(policy, 'require-trusted-types-for')).toBe("require-trusted-types-for 'script'");
    expect(directive(policy, 'trusted-types')).toBe('trusted-types dompurify ess-app');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(answer.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(answer.headers['permissions-policy']).toMatch(/^camera=\(self[^)]*\), microphone=\(self[^)]*\), display-capture=\(self\), geolocation=\([^)]*\)$/);
    // Plain HTTP: no HSTS (it is only sent over TLS).
    expect(answer.headers['strict-transport-security']).toBeUndefined();
    expect(answer.headers['cache-control']).toBe('no-cache');
  });

  test("nginx's own error answers carry the same headers: a malformed request, an over-long URI, TRACE, a bad Host", async () => {
    const page = await get('/home');
    const { port } = new URL(APP);
    /** The status and headers of an answer to these bytes, sent as written. */
    const raw = (request: string) =>
      new Promise<{ status: number; headers: Map<string, string> }>((resolveRaw, rejectRaw) => {
        const socket = connect(Number(port), '127.0.0.1', () => socket.end(request));
        let text = '';
        socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
        socket.on('error', rejectRaw);
        socket.on('close', () => {
          const [statusLine = '', ...lines] = text.split('\r\n\r\n')[0]!.split('\r\n');
          resolveRaw({
            status: Number(statusLine.split(' ')[1]),
            headers: new Map(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()] as [string, string])),
          });
        });
      });
    const cases: Array<[what: string, request: string, status: number]> = [
      ['a malformed request', 'GARBAGE\r\n\r\n', 400],
      ['an over-long URI', `GET /${'a'.repeat(10_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 414],
      ['TRACE', 'TRACE /home HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 405],
      ['a bad Host', 'GET /home HTTP/1.1\r\nHost: bad/host\r\nConnection: close\r\n\r\n', 400],
    ];
    for (const [what, request, status] of cases) {
      const answer = await raw(request);
      expect(answer.status, what).toBe(status);
      expect(answer.headers.get('content-security-policy'), what).toBe(page.headers['content-security-policy']);
      expect(answer.headers.get('permissions-policy'), what).toBe(page.headers['permissions-policy']);
      expect(answer.headers.get('x-frame-options'), what).toBe('DENY');
      expect(answer.headers.get('x-content-type-options'), what).toBe('nosniff');
    }
  });

  test('a route of the app answers index.html (200, not cached), with the same headers', async () => {
    const home = await get('/home');
    expect(home.status).toBe(200);
    expect(home.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(home.body.toString('utf8')).toBe(builtIndex());
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(csp(home)).toBe(csp(await get('/')));
    const deep = await get('/chats/chat?uuid=b3f1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d');
    expect(deep.status).toBe(200);
    expect(deep.body.toString('utf8')).toBe(builtIndex());
    expect((await get('/index.html')).headers['cache-control']).toBe('no-cache');
  });

  test('hashed assets are immutable; the worker, the manifest and the texts are revalidated', async () => {
    const entry = await get(entryScript());
    expect(entry.status).toBe(200);
    expect(entry.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(entry.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const path of ['/sw.js', '/push-sw.js', '/manifest.webmanifest', '/assets/i18n/en.json', '/assets/i18n/id.json']) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers['cache-control'], path).toBe('no-cache');
    }
    // A hashed file that does not exist is a 404 (never the app's page), and not cached for good.
    const missing = await get('/assets/missing-0000.js');
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-cache');
  });

  test('the service worker gets the policy without Trusted Types (its importScripts) or WebAssembly, everything else the same', async () => {
    const worker = csp(await get('/sw.js'));
    const page = csp(await get('/'));
    expect(worker).not.toContain('trusted-types');
    expect(worker).not.toContain('wasm-unsafe-eval');
    expect(worker).toContain("script-src 'self'");
    const parts = (policy: string) => policy.split(';').map((part) => part.trim()).filter(Boolean);
    const pageWithoutPageOnly = parts(page.replace(" 'wasm-unsafe-eval'", '')).filter((part) => !/^(require-)?trusted-types/.test(part));
    expect(parts(worker)).toEqual(pageWithoutPageOnly);
  });

  test('source maps and the build’s header snippet are never served', async () => {
    const entry = entryScript();
    // The build keeps its maps (hidden: the code does not link them)…
    expect(existsSync(join(DIST, `${entry}.map`))).toBe(true);
    expect((await get(entry)).body.toString('utf8')).not.toContain('sourceMappingURL');
    // …and the server refuses them.
    expect((await get(`${entry}.map`)).status).toBe(404);
    expect((await get('/sw.js.map')).status).toBe(404);
    expect((await get('/security-headers.conf')).status).toBe(404);
  });

  test('text is compressed when the browser asks for it', async () => {
    const entry = entryScript();
    const plain = await get(entry);
    const zipped = await get(entry, { 'Accept-Encoding': 'gzip' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('Accept-Encoding');
    expect(zipped.body.length).toBeLessThan(plain.body.length / 2);
    expect((await get('/home', { 'Accept-Encoding': 'gzip' })).headers['content-encoding']).toBe('gzip');
  });

  test("does not reach the mocks' control routes: 403 through the app's address, answered on the mocks' own ports", async () => {
    for (const path of ['/api/__sandbox', '/api/__sandbox/devices', '/api/__sandbox/module-tokens', '/api/__sandbox/pushes?user_id=43', '/realtime/__mock/listeners']) {
      expect((await get(path)).status, path).toBe(403);
    }
    for (const [path, init] of [
      ['/api/__sandbox/reset', { method: 'POST' }],
      ['/api/__sandbox/module-tokens/introspect', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"token":"mt_0","module":"faq"}' }],
      ['/realtime/__mock/emit', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"example":"incoming-call"}' }],
      ['/realtime/__mock/disconnect', { method: 'POST' }],
    ] as const) {
      expect((await fetch(`${APP}${path}`, init)).status, path).toBe(403);
    }
    expect((await fetch(`${SANDBOX}/__sandbox/devices`)).status).toBe(200);
    expect((await fetch(`${REALTIME_MOCK}/__mock/listeners`)).status).toBe(200);
  });

  test('proxies /api to the API (prefix stripped, public host forwarded) and the realtime paths to their servers', async () => {
    const unsigned = await get('/api/auth/user-data');
    expect(unsigned.status).toBe(401);
    expect(unsigned.headers['x-mock-source']).toBe('sandbox');
    expect(JSON.parse(unsigned.body.toString('utf8'))).toMatchObject({ error: true, status_code: 401 });
    // The API's answers are its own: no app policy or caching added, nosniff and the referrer policy kept.
    expect(unsigned.headers['content-security-policy']).toBeUndefined();
    expect(unsigned.headers['x-content-type-options']).toBe('nosniff');
    // The pictures the sandbox names come through too.
    expect((await get('/api/__sandbox/avatars/42.svg')).status).toBe(200);

    // The sandbox names pictures by the address the browser reached it by (X-Forwarded-Host and -Prefix).
    const login = await fetch(`${APP}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'ayu.lestari', password: 'x' }) });
    expect(login.status).toBe(200);
    const token = ((await login.json()) as { access_token: string }).access_token;
    const userData = await fetch(`${APP}/api/auth/user-data`, { headers: { authorization: `Bearer ${token}` } });
    expect(JSON.stringify(await userData.json())).toContain(`${APP}/api/__sandbox/avatars/`);

    // Channel authorisation goes to the realtime server (the mock signs it).
    const auth = await fetch(`${APP}/api/broadcasting/auth`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'socket_id=1.2&channel_name=ess_global_event',
    });
    expect(auth.status).not.toBe(404);
    expect(auth.status).toBeLessThan(500);

    // socket.io through /socket.io (its polling handshake) and the Pusher protocol through /realtime (a websocket).
    const polling = await get('/socket.io/?EIO=4&transport=polling');
    expect(polling.status).toBe(200);
    expect(polling.body.toString('utf8')).toMatch(/^0\{"sid":/);
    const established = await new Promise<string>((resolveMessage, rejectMessage) => {
      const socket = new WebSocket(`${APP.replace('http', 'ws')}/realtime/app/ess-mock-key?protocol=7&client=js&version=8.6.0`);
      socket.once('message', (data) => {
        socket.close();
        resolveMessage(String(data));
      });
      socket.once('error', rejectMessage);
    });
    expect(JSON.parse(established)).toMatchObject({ event: 'pusher:connection_established' });
  });

  test('another site cannot frame the app: the frame stays without the app', async ({ page, securityViolations }) => {
    const framing = (target: string) => `<!doctype html><title>Not the app</title><iframe src="${target}" width="400" height="700"></iframe>`;
    await page.route('http://attacker.test/', (route) => route.fulfill({ contentType: 'text/html', body: framing(`${APP}/login`) }));
    await page.goto('http://attacker.test/');
    const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
    expect(frame).toBeDefined();
    // The framing page's load event waits for its frame's: the frame holds what the browser let in, its
    // error page for a refused frame (the control below shows the app's page when the server allows framing).
    await frame!.waitForLoadState('load');
    expect(frame!.url()).toMatch(/^chrome-error:/);
    const shown = await frame!.locator('body').innerText().catch(() => '');
    expect(shown).not.toContain('ESS Workplace');
    expect(shown).not.toContain('Sign in');
    expect(await frame!.getByText('ESS Workplace').count().catch(() => 0)).toBe(0);
    securityViolations.take();

    // Control: the same page served without frame-ancestors and X-Frame-Options shows the app's page in
    // the frame, so the check above would see the app if the server let it be framed.
    await page.route(`${APP}/login`, async (route) => {
      const original = await route.fetch();
      const headers = { ...original.headers() };
      delete headers['content-security-policy'];
      delete headers['x-frame-options'];
      await route.fulfill({ response: original, headers });
    });
    await page.goto('http://attacker.test/');
    const allowed = page.frames().find((candidate) => candidate !== page.mainFrame())!;
    await expect(allowed.getByText('ESS Workplace').first()).toBeVisible();
  });
});

test.describe('the violation guard (support/test.ts)', () => {
  test('records what the policy refuses on a screen: an injected script, HTML and an outside image', async ({ page, securityViolations }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    const outcome = await page.evaluate(async () => {
      const refused: string[] = [];
      const script = document.createElement('script');
      try {
        script.textContent = 'window.__injected = true';
        document.head.append(script);
      } catch {
        refused.push('script text');
      }
      try {
        document.body.insertAdjacentHTML('beforeend', '<img src=x onerror="window.__injected = true">');
      } catch {
        refused.push('html');
      }
      const blocked = new Promise((resolveBlocked) => document.addEventListener('securitypolicyviolation', resolveBlocked, { once: true }));
      const image = new Image();
      image.src = 'http://evil.test/pixel.png';
      document.body.append(image);
      await blocked;
      return { refused, injected: (window as unknown as { __injected?: boolean }).__injected === true };
    });
    expect(outcome).toEqual({ refused: ['script text', 'html'], injected: false });
    // Each is reported by the document's securitypolicyviolation event (and logged in the console).
    const events = () => securityViolations.list().filter((violation) => violation.source === 'event').map((violation) => violation.text);
    await expect.poll(() => events().length).toBeGreaterThanOrEqual(3);
    expect(events()).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^require-trusted-types-for blocked trusted-types-sink \(HTMLScriptElement textContent/),
        expect.stringMatching(/^require-trusted-types-for blocked trusted-types-sink \(Element insertAdjacentHTML/),
        expect.stringMatching(/^img-src blocked http:\/\/evil\.test\/pixel\.png/),
      ]),
    );
    securityViolations.take();
  });

  test('fails a test whose screen breaks the policy (expected to fail)', async ({ page }) => {
    test.fail(true, 'self-test: the guard must fail this test, which loads an image the policy refuses');
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    // Only the guard may fail this test: nothing here asks the guard. The test ends once Chromium has
    // logged the refusal (after the document's event, which the guard records first).
    const logged = page.waitForEvent('console', (message) => message.text().includes('http://evil.test/pixel.png'));
    await page.evaluate(async () => {
      const blocked = new Promise((resolveBlocked) => document.addEventListener('securitypolicyviolation', resolveBlocked, { once: true }));
      const image = new Image();
      image.src = 'http://evil.test/pixel.png';
      document.body.append(image);
      await blocked;
    });
    await logged;
  });
});
