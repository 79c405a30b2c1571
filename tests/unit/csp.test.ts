// The production headers written at build time (scripts/lib/csp.ts): the policy's hashes are those of
// the inline script and style the browser will hash, every directive the issue asks for is there, and
// the configured origins (and only those) are allowed.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { describe, expect, it, vi } from 'vitest';
import { connectSources, inlineCode, nginxSnippet, securityHeaders, SECURITY_HEADERS_FILE } from '../../scripts/lib/csp.ts';

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const directives = (policy: string) => new Map(policy.split('; ').map((part) => [part.split(' ')[0]!, part.split(' ').slice(1)]));

const HTML = `<!doctype html><html><head>
<!-- <script>not a script: a comment</script> -->
<style>body { margin: 0 }</style>
<script type="module" crossorigin src="/assets/index-abc.js"></script>
<script>if (location.pathname === '/') console.log("é")</script>
</head><body><div id="root"></div></body></html>`;

describe('the Content-Security-Policy of a build', () => {
  it('hashes exactly the inline scripts and styles (not external scripts, not comments)', () => {
    expect(inlineCode(HTML)).toEqual({ scripts: [`if (location.pathname === '/') console.log("é")`], styles: ['body { margin: 0 }'] });
    const policy = directives(securityHeaders(HTML, {}).contentSecurityPolicy);
    expect(policy.get('script-src')).toEqual(["'self'", hashOf(`if (location.pathname === '/') console.log("é")`), "'wasm-unsafe-eval'"]);
    expect(policy.get('style-src')).toEqual(["'self'", hashOf('body { margin: 0 }')]);
  });

  it('refuses an index.html with inline handlers or style attributes (a hash cannot allow them)', () => {
    expect(() => inlineCode('<div onclick="go()"></div>')).toThrow(/onclick/);
    expect(() => inlineCode('<div style="color:red"></div>')).toThrow(/style/);
  });

  it('has every directive, narrow by default (the mocks: same-origin API and realtime, modules on :6001)', () => {
    const headers = securityHeaders(HTML, {});
    const policy = directives(headers.contentSecurityPolicy);
    expect(Object.fromEntries([...policy].filter(([name]) => !['script-src', 'style-src'].includes(name)))).toEqual({
      'default-src': ["'self'"],
      'img-src': ["'self'", 'blob:'],
      'font-src': ["'self'"],
      'connect-src': ["'self'"],
      'media-src': ['blob:'],
      'frame-src': ['http://127.0.0.1:6001', 'blob:'],
      'worker-src': ["'self'"],
      'manifest-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'none'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
      'require-trusted-types-for': ["'script'"],
      'trusted-types': ['dompurify', 'ess-app'],
    });
    // The worker's policy is the same without Trusted Types and without WebAssembly compilation.
    expect(headers.contentSecurityPolicy.startsWith(`${headers.workerContentSecurityPolicy.replace(/(script-src [^;]*)/, "$1 'wasm-unsafe-eval'")}; require-trusted-types-for`)).toBe(true);
    expect(headers.workerContentSecurityPolicy).not.toContain('trusted-types');
    expect(headers.workerContentSecurityPolicy).not.toContain('wasm-unsafe-eval');
  });

  it("allows nothing inline without a hash: no 'unsafe-inline' (style attributes included), no 'unsafe-eval', no 'unsafe-hashes'", () => {
    const env = { VITE_API_BASE: 'https://api.company.example/ess', VITE_MODULE_PERMISSIONS: 'online-meetings:camera', CSP_IMG_SRC: 'https://cdn.company.example' };
    for (const headers of [securityHeaders(HTML, {}), securityHeaders(HTML, env)]) {
      for (const policy of [headers.contentSecurityPolicy, headers.workerContentSecurityPolicy]) {
        expect(policy).not.toMatch(/'unsafe-(?:inline|eval|hashes)'/);
        // Style attributes fall back to style-src: 'self' and the boot shell's hash, which no attribute matches.
        expect(directives(policy).has('style-src-attr')).toBe(false);
        expect(directives(policy).has('style-src-elem')).toBe(false);
      }
    }
  });

  it('allows the configured API, realtime, update and module origins, and nothing else', () => {
    const env = {
      VITE_API_BASE: 'https://api.company.example/ess',
      VITE_WEBSOCKET_ENDPOINT: 'https://chat.company.example:8443',
      VITE_PUSHER_HOST: 'ws.company.example',
      VITE_PUSHER_PORT: '6002',
      VITE_PUSHER_TLS: 'true',
      VITE_OTA_SERVER_URL: 'https://updates.company.example/codepush',
      VITE_IFRAME_BASE: 'https://modules.company.example/app',
      CSP_IMG_SRC: 'https://cdn.company.example',
    };
    expect(connectSources(env)).toEqual([
      "'self'",
      'https://api.company.example',
      'https://chat.company.example:8443',
      'wss://chat.company.example:8443',
      'wss://ws.company.example:6002',
      'https://updates.company.example',
    ]);
    const policy = directives(securityHeaders(HTML, env).contentSecurityPolicy);
    expect(policy.get('img-src')).toEqual(["'self'", 'blob:', 'https://api.company.example', 'https://cdn.company.example']);
    expect(policy.get('frame-src')).toEqual(['https://modules.company.example', 'blob:']);
    // A same-origin module base (/modules) is framed as 'self'.
    expect(directives(securityHeaders(HTML, { VITE_IFRAME_BASE: '/modules' }).contentSecurityPolicy).get('frame-src')).toEqual(["'self'", 'blob:']);
  });

  it('lets the attachment viewer play and frame only blob: URLs of bytes it fetched: no origin for media, no plugins', () => {
    const env = { VITE_API_BASE: 'https://api.company.example/ess', CSP_IMG_SRC: 'https://cdn.company.example' };
    for (const headers of [securityHeaders(HTML, {}), securityHeaders(HTML, env)]) {
      const policy = directives(headers.contentSecurityPolicy);
      // Not the API's origin, nor a CDN's: a file plays only once the app holds its bytes.
      expect(policy.get('media-src')).toEqual(['blob:']);
      expect(policy.get('frame-src')?.filter((source) => !source.startsWith('http'))).toEqual(['blob:']);
      expect(policy.get('object-src')).toEqual(["'none'"]);
    }
  });

  it('lets calls reach the media servers VITE_MEDIA_SERVER_ORIGINS lists (websocket and HTTP forms), and no others', () => {
    // None by default: a call's media server is the app's own /janus ('self').
    expect(connectSources({})).toEqual(["'self'"]);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const env = { VITE_MEDIA_SERVER_ORIGINS: 'wss://media.company.example/janus, https://sfu2.company.example:8989 ws://lab.company.example:8188 not-a-url ftp://files.company.example' };
    expect(connectSources(env)).toEqual([
      "'self'",
      'https://media.company.example',
      'wss://media.company.example',
      'https://sfu2.company.example:8989',
      'wss://sfu2.company.example:8989',
      'http://lab.company.example:8188',
      'ws://lab.company.example:8188',
    ]);
    // A mistake never allows more: the malformed and non-web entries are reported and left out.
    expect(warn).toHaveBeenCalledTimes(2);
    expect(directives(securityHeaders(HTML, env).contentSecurityPolicy).get('connect-src')).toEqual(connectSources(env));
    warn.mockRestore();
  });

  it("lets the page, and only the page, compile WebAssembly (the QR scanner's zxing-wasm), never eval", () => {
    const headers = securityHeaders(HTML, {});
    const page = directives(headers.contentSecurityPolicy).get('script-src')!;
    expect(page).toContain("'wasm-unsafe-eval'");
    expect(page).not.toContain("'unsafe-eval'");
    expect(directives(headers.workerContentSecurityPolicy).get('script-src')).not.toContain("'wasm-unsafe-eval'");
    // The .wasm comes from our origin: nothing else may be fetched for it.
    expect(directives(headers.contentSecurityPolicy).get('connect-src')).toEqual(["'self'"]);
  });

  it('gives the app the camera (calls, QR scanner) and the position (QR check-in), and the default modules none of the QR ones', () => {
    const headers = securityHeaders(HTML, { VITE_IFRAME_BASE: 'https://modules.company.example' });
    // The default VITE_MODULE_PERMISSIONS: a meeting module's camera and microphone, a work location's position.
    expect(headers.permissionsPolicy).toBe(
      'camera=(self "https://modules.company.example"), microphone=(self "https://modules.company.example"), display-capture=(self), geolocation=(self "https://modules.company.example")',
    );
  });

  it('delegates camera, microphone and geolocation to the modules only as VITE_MODULE_PERMISSIONS lists them', () => {
    const base = { VITE_IFRAME_BASE: 'https://modules.company.example' };
    expect(securityHeaders(HTML, { ...base, VITE_MODULE_PERMISSIONS: '' }).permissionsPolicy).toBe('camera=(self), microphone=(self), display-capture=(self), geolocation=(self)');
    expect(securityHeaders(HTML, { ...base, VITE_MODULE_PERMISSIONS: 'pick-work-location:geolocation' }).permissionsPolicy).toBe(
      'camera=(self), microphone=(self), display-capture=(self), geolocation=(self "https://modules.company.example")',
    );
    expect(securityHeaders(HTML, { ...base, VITE_MODULE_PERMISSIONS: 'online-meetings:camera,microphone' }).permissionsPolicy).toBe(
      'camera=(self "https://modules.company.example"), microphone=(self "https://modules.company.example"), display-capture=(self), geolocation=(self)',
    );
  });

  it('writes nginx variables and refuses a value that would break out of them', () => {
    const snippet = nginxSnippet(securityHeaders(HTML, {}));
    expect(snippet).toMatch(/^set \$ess_csp "default-src 'self';[^"]+";$/m);
    expect(snippet).toMatch(/^set \$ess_worker_csp "[^"]+";$/m);
    const delegated = nginxSnippet(securityHeaders(HTML, { VITE_MODULE_PERMISSIONS: 'online-meetings:camera' }));
    expect(delegated).toContain('set $ess_permissions_policy "camera=(self \\"http://127.0.0.1:6001\\"), microphone=(self), display-capture=(self), geolocation=(self)";');
    // A configured value cannot end the string early or name an nginx variable.
    expect(nginxSnippet(securityHeaders(HTML, { CSP_IMG_SRC: 'https://x.example";add_header' }))).toContain('https://x.example\\";add_header');
    expect(() => nginxSnippet(securityHeaders(HTML, { CSP_IMG_SRC: 'https://$host' }))).toThrow(/cannot hold/);
  });
});

describe('vite build', () => {
  it('writes the policy for the built index.html: its inline script and style hashes', async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'ess-csp-build-'));
    try {
      await build({ logLevel: 'silent', build: { outDir, emptyOutDir: true } });
      const html = readFileSync(join(outDir, 'index.html'), 'utf8');
      const snippet = readFileSync(join(outDir, SECURITY_HEADERS_FILE), 'utf8');
      const { scripts, styles } = inlineCode(html);
      // The entry's start after the first paint and the start-screen preload script; the boot shell's
      // style and the entry's inlined stylesheet (scripts/lib/first-paint.ts).
      expect(scripts).toHaveLength(2);
      expect(styles).toHaveLength(2);
      const policy = directives(/^set \$ess_csp "([^"]+)";$/m.exec(snippet)![1]!);
      expect(policy.get('script-src')).toEqual(["'self'", ...scripts.map(hashOf), "'wasm-unsafe-eval'"]);
      expect(policy.get('style-src')).toEqual(["'self'", ...styles.map(hashOf)]);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      // Nothing unsafe but WebAssembly compilation, on the page only (the QR scanner's reader).
      expect(snippet.replace(/ 'wasm-unsafe-eval'(?=;)/, '')).not.toContain('unsafe-');
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });
});
