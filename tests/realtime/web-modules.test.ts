// The stand-in web modules served by the realtime mock under /modules (the app's iframe base, on the
// mock's own origin), titled with the app's route titles (public/assets/i18n/<lang>.json).
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRealtimeMock } from '../../mocks/realtime/server.ts';
import type { RealtimeMock } from '../../mocks/realtime/server.ts';

let mock: RealtimeMock;

beforeAll(async () => {
  mock = await startRealtimeMock({ port: 0 });
});

afterAll(async () => {
  await mock?.stop();
});

/** A request with the path sent exactly as written (fetch would normalise dot segments away). */
function rawGet(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: mock.port, path, method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('web modules on the realtime mock', () => {
  it('serves a self-contained page for a route path, under a strict CSP', async () => {
    const response = await fetch(`${mock.url}/modules/online-meetings?lang=en`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('<h1>Online meetings (web module)</h1>');
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("type: 'ess:session-request'");
    expect(html).toContain('Signed in to the web module with a module token');
    expect(html).toContain("Signed in to the web module with the app's bearer token");
    expect(html).toContain('No session from the app');
    // It asks with the handshake value from its address and a port, and reads the answer from that port only.
    expect(html).toContain("get('ess-handshake')");
    expect(html).toContain("handshake: handshake }, '*', [channel.port2])");
    expect(html).toContain('channel.port1.onmessage');
    expect(html).not.toContain("addEventListener('message'");
    // Self-contained: no external scripts, styles, images or frames; its one link stays on the module.
    expect(html).not.toMatch(/\ssrc=/);
    expect([...html.matchAll(/\shref="([^"]*)"/g)].map((match) => match[1])).toEqual(['/modules/online-meetings?lang=en&amp;page=2']);

    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'(;|$)/);
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'(;|$)/);
    expect(csp).toContain("frame-ancestors 'self' http://127.0.0.1:* http://localhost:*");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('titles nested modules and modules with a parameter with the route title the app shows', async () => {
    const title = async (path: string) => {
      const response = await fetch(`${mock.url}/modules/${path}`);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      return [/<title>(.*)<\/title>/.exec(html)?.[1], /<h1>(.*)<\/h1>/.exec(html)?.[1]];
    };
    expect(await title('qa-audit/home')).toEqual(['QA Audit (web module)', 'QA Audit (web module)']);
    expect(await title('event-registration/ticket-details')).toEqual(['Ticket details (web module)', 'Ticket details (web module)']);
    expect(await title('chat/chat-detail/video-call/77')).toEqual(['Video call (web module)', 'Video call (web module)']);
    expect(await title('messages/direct-chat?lang=en')).toEqual(['Direct chat (web module)', 'Direct chat (web module)']);
    // The page's language picks the texts; English when that language has none.
    expect(await title('online-meetings?lang=id')).toEqual(['Rapat online (web module)', 'Rapat online (web module)']);
    expect(await title('online-meetings?lang=fr')).toEqual(['Online meetings (web module)', 'Online meetings (web module)']);
    // A path the app does not know keeps its prettified path.
    expect(await title('qa-audit/home/extra')).toEqual(['Qa audit / home / extra (web module)', 'Qa audit / home / extra (web module)']);
    expect(await title('not-a-route')).toEqual(['Not a route (web module)', 'Not a route (web module)']);
  });

  it('asks the app for the session once, and links to another page of the module that asks again', async () => {
    const first = await (await fetch(`${mock.url}/modules/online-meetings?lang=en`)).text();
    expect(first.match(/postMessage\(/g)).toHaveLength(1);
    expect(first).toContain('>Another page of this module</a>');
    const second = await (await fetch(`${mock.url}/modules/online-meetings?lang=en&page=2`)).text();
    expect(second).toContain('<h1>Online meetings (web module, page 2)</h1>');
    expect(second).toContain("type: 'ess:session-request'");
    expect(second).toContain('<a href="/modules/online-meetings?lang=en">First page of this module</a>');
  });

  it('says which module path it stands in for', async () => {
    const html = await (await fetch(`${mock.url}/modules/qa-audit/home`)).text();
    expect(html).toContain("A stand-in for the company's web module at /qa-audit/home");
  });

  it('falls back to English for a language it cannot trust', async () => {
    const html = await (await fetch(`${mock.url}/modules/faq?lang=${encodeURIComponent('"><script>')}`)).text();
    expect(html).toContain('<html lang="en">');
    expect(html).not.toContain('"><script>');
  });

  it('gives no file content for path traversal', async () => {
    for (const path of ['/modules/../etc/passwd', '/modules/%2e%2e/%2e%2e/etc/passwd', '/modules/..%2Fetc%2Fpasswd', '/modules/a/../../package.json']) {
      const { status, body } = await rawGet(path);
      expect(status, path).toBe(404);
      expect(body, path).not.toContain('root:');
      expect(body, path).not.toContain('"devDependencies"');
      expect(body, path).not.toContain('(web module)');
    }
  });

  it('leaves other paths and methods to the rest of the mock', async () => {
    const unknown = await fetch(`${mock.url}/not-a-module`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: true, status_code: 404 });

    expect((await fetch(`${mock.url}/modules/`)).status).toBe(404);
    expect((await fetch(`${mock.url}/modules/online-meetings`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${mock.url}/__mock/health`)).status).toBe(200);
  });
});
