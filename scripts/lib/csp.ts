// The production headers that depend on the build, written by `vite build` beside the app:
// dist/security-headers.conf, which the nginx configuration (deploy/nginx/) includes.
//   - The Content-Security-Policy: 'self' plus the SHA-256 of each inline <script> and <style> of the
//     built index.html (the start-screen preload script, the boot shell's style), the origins the
//     VITE_* configuration points at (API, realtime, update server, web modules), and Trusted Types.
//   - The same policy for the service worker scripts, without Trusted Types: the generated worker loads
//     its Workbox runtime and push-sw.js with importScripts() and plain strings, a Trusted Types sink by
//     the specification (Chromium does not enforce it in workers today; another engine may), and a
//     worker has no DOM to protect ('self' still decides which scripts it may import).
//   - The Permissions-Policy: camera, microphone and screen capture for the app (calls, the QR scanner), the
//     position for the app (the QR check-in), and for the web modules' origin only the features
//     VITE_MODULE_PERMISSIONS lists for some module.
// A policy hashed at build time stays right by construction: a changed inline script changes its hash.
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import { parseMediaServerOrigins } from '../../src/api/media-server-origins.ts';
import { parseModulePermissions } from '../../src/api/module-permissions.ts';

/** The file the build writes into its output directory (never served: nginx answers 404 for it). */
export const SECURITY_HEADERS_FILE = 'security-headers.conf';

/** Trusted Types policies the app creates: DOMPurify's (safe-html) and the app's own (src/shared/security). */
export const TRUSTED_TYPES_POLICIES = ['dompurify', 'ess-app'] as const;

export type BuildEnv = Record<string, string | undefined>;

export interface InlineCode {
  scripts: string[];
  styles: string[];
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The inline scripts and styles of an HTML document, exactly as the browser hashes them (the text
 * between the tags). Inline event handlers and style attributes cannot be allowed by a hash without
 * 'unsafe-hashes': index.html must not have any, and the build stops if it does.
 */
export function inlineCode(html: string): InlineCode {
  const markup = html.replace(/<!--[\s\S]*?-->/g, '');
  const scripts: string[] = [];
  const styles: string[] = [];
  for (const [, attributes, body] of markup.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (!/\bsrc\s*=/i.test(attributes!)) scripts.push(body!);
  }
  for (const [, body] of markup.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi)) styles.push(body!);
  const attribute = markup.match(/<[a-z][^>]*\s(on[a-z]+|style)\s*=/i);
  if (attribute) throw new Error(`index.html has an inline ${attribute[1]} attribute, which the Content-Security-Policy refuses: move it into a script or stylesheet`);
  return { scripts, styles };
}

/** The origin of an absolute http(s)/ws(s) URL; undefined for a relative one (the page's own origin). */
function originOf(url: string | undefined): URL | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return ['http:', 'https:', 'ws:', 'wss:'].includes(parsed.protocol) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

const WEBSOCKET_OF: Record<string, string> = { 'http:': 'ws:', 'https:': 'wss:', 'ws:': 'ws:', 'wss:': 'wss:' };
const HTTP_OF: Record<string, string> = { 'http:': 'http:', 'https:': 'https:', 'ws:': 'http:', 'wss:': 'https:' };

/** An origin as a source expression, in its HTTP form and its websocket form. */
function bothSchemes(url: URL): string[] {
  return [`${HTTP_OF[url.protocol]}//${url.host}`, `${WEBSOCKET_OF[url.protocol]}//${url.host}`];
}

/** Space- or comma-separated extra sources from a deployment variable (e.g. CSP_IMG_SRC="https://cdn.company.example"). */
function extraSources(value: string | undefined): string[] {
  return (value ?? '').split(/[\s,]+/).filter(Boolean);
}

const unique = (values: string[]) => [...new Set(values)];

/** Where the app connects, from the same VITE_* values src/api/config.ts and src/api/ota-config.ts read. */
export function connectSources(env: BuildEnv): string[] {
  const sources = ["'self'"];
  const api = originOf(env.VITE_API_BASE);
  if (api) sources.push(api.origin);
  // socket.io: its HTTP long-polling transport and its websocket.
  const socket = originOf(env.VITE_WEBSOCKET_ENDPOINT);
  if (socket) sources.push(...bothSchemes(socket));
  // The Pusher-protocol broadcast server (wsHost/wsPort); without a host it is the page's own origin.
  if (env.VITE_PUSHER_HOST) {
    const port = env.VITE_PUSHER_PORT ? `:${env.VITE_PUSHER_PORT}` : ':*';
    const schemes = env.VITE_PUSHER_TLS === 'true' ? ['wss:'] : env.VITE_PUSHER_TLS === 'false' ? ['ws:'] : ['ws:', 'wss:'];
    for (const scheme of schemes) sources.push(`${scheme}//${env.VITE_PUSHER_HOST}${port}`);
  }
  // The update server is only asked by the native shells; the web build names it only when configured.
  const ota = originOf(env.VITE_OTA_SERVER_URL);
  if (ota) sources.push(ota.origin);
  // The media servers a call's `media.url` may name (Janus's WebSocket API), in both schemes like
  // socket.io; the one behind the app's own /janus is 'self'.
  for (const origin of parseMediaServerOrigins(env.VITE_MEDIA_SERVER_ORIGINS)) sources.push(...bothSchemes(new URL(origin)));
  sources.push(...extraSources(env.CSP_CONNECT_SRC));
  return unique(sources);
}

/** The web modules' origin (VITE_IFRAME_BASE; the default is the realtime mock's stand-ins). */
export function moduleSource(env: BuildEnv): string {
  const base = originOf(env.VITE_IFRAME_BASE ?? 'http://127.0.0.1:6001/modules');
  return base ? base.origin : "'self'";
}

export interface SecurityHeaders {
  contentSecurityPolicy: string;
  workerContentSecurityPolicy: string;
  permissionsPolicy: string;
}

/**
 * The features any web module may be delegated: the union of VITE_MODULE_PERMISSIONS (the same list the
 * module page reads for each frame's `allow`, src/api/module-permissions.ts). Only those reach the
 * modules' origin in the Permissions-Policy.
 */
export function delegatedFeatures(env: BuildEnv): Set<string> {
  return new Set(Object.values(parseModulePermissions(env.VITE_MODULE_PERMISSIONS)).flat());
}

export function securityHeaders(html: string, env: BuildEnv): SecurityHeaders {
  const { scripts, styles } = inlineCode(html);
  const modules = moduleSource(env);
  const api = originOf(env.VITE_API_BASE);
  // Pictures come from the API (avatars, photos, chat files; the sandbox serves them under /api) and
  // blob: (a group photo's preview before upload); a CDN that serves them is added with CSP_IMG_SRC.
  const images = unique(["'self'", 'blob:', ...(api ? [api.origin] : []), ...extraSources(env.CSP_IMG_SRC)]);
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...scripts.map(sha256)]],
    // No 'unsafe-inline' anywhere, style attributes included: the app sets styles through the CSSOM
    // (React's style prop, and rich HTML's few declarations: src/shared/safe-html/inline-styles.ts),
    // which the policy does not govern; a style attribute in parsed markup is refused.
    ['style-src', ["'self'", ...unique(styles.map(sha256))]],
    ['img-src', images],
    ['font-src', ["'self'"]],
    ['connect-src', connectSources(env)],
    // Calls play MediaStreams through srcObject, which no fetch directive governs. The attachment viewer
    // plays a chat's video and audio from blob: URLs of bytes it fetched (and keeps for offline), never
    // from another origin, so blob: is the one source media may come from.
    ['media-src', ['blob:']],
    // The web modules' origin; and blob: for the attachment viewer's PDF, shown by the browser's own
    // viewer in a frame of a Blob the app typed application/pdf itself (whatever the server said), so
    // the frame is never a page of the app's origin; a blob: document also inherits this policy.
    // object-src stays 'none': the viewer uses no <object> or <embed>.
    ['frame-src', [modules, 'blob:']],
    ['worker-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  const policy = (list: Array<[string, string[]]>) => list.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
  const trustedTypes: Array<[string, string[]]> = [
    ['require-trusted-types-for', ["'script'"]],
    ['trusted-types', [...TRUSTED_TYPES_POLICIES]],
  ];

  // Calls use the camera and the microphone, and share the screen (the app only: never a module); the
  // QR scanner uses the camera, and the QR location check-in asks for the position when the person
  // ticks "Send my position". The modules'
  // origin gets a feature only when a configured module needs it ("self" already covers same-origin modules).
  const delegated = delegatedFeatures(env);
  const moduleOrigin = modules === "'self'" ? 'self' : `"${modules}"`;
  const allow = (feature: string, forApp: boolean) => {
    const list = [...(forApp ? ['self'] : []), ...(delegated.has(feature) ? [moduleOrigin] : [])];
    return `${feature}=(${unique(list).join(' ')})`;
  };
  const permissionsPolicy = [allow('camera', true), allow('microphone', true), 'display-capture=(self)', allow('geolocation', true)].join(', ');

  // The page (not the workers) may compile WebAssembly: the QR scanner's fallback reader, zxing-wasm,
  // where the browser has no BarcodeDetector (src/features/qr/zxing-decoder.ts). 'wasm-unsafe-eval'
  // allows WebAssembly compilation only, not eval() or new Function(); the .wasm itself still comes
  // from 'self' (bundled, never a CDN: connect-src).
  const pageDirectives = directives.map(([name, values]): [string, string[]] => (name === 'script-src' ? [name, [...values, "'wasm-unsafe-eval'"]] : [name, values]));
  return {
    contentSecurityPolicy: policy([...pageDirectives, ...trustedTypes]),
    workerContentSecurityPolicy: policy(directives),
    permissionsPolicy,
  };
}

/** The nginx snippet: three variables the server's add_header lines use (deploy/nginx/nginx.conf.template). */
export function nginxSnippet(headers: SecurityHeaders): string {
  // nginx reads \" inside a double-quoted string as a quote; a $ would start a variable.
  const quoted = (value: string) => {
    if (/[$\\\n\r]/.test(value)) throw new Error(`A header value cannot hold $, \\ or a line break: ${value}`);
    return `"${value.replaceAll('"', '\\"')}"`;
  };
  return [
    '# Written by `vite build` (scripts/lib/csp.ts) from this build\'s index.html and VITE_* configuration. Do not edit.',
    `set $ess_csp ${quoted(headers.contentSecurityPolicy)};`,
    `set $ess_worker_csp ${quoted(headers.workerContentSecurityPolicy)};`,
    `set $ess_permissions_policy ${quoted(headers.permissionsPolicy)};`,
    '',
  ].join('\n');
}

/** The Vite plugin: after the build, reads the final index.html and writes the snippet beside it. */
export function securityHeadersPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'ess:security-headers',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (!index || index.type !== 'asset') return;
      const html = typeof index.source === 'string' ? index.source : new TextDecoder().decode(index.source);
      // config.env holds the VITE_* values the app is built with (.env files included); the CSP_* extras
      // are deployment settings of the server, read from the environment only.
      const env: BuildEnv = { ...config.env, CSP_IMG_SRC: process.env.CSP_IMG_SRC, CSP_CONNECT_SRC: process.env.CSP_CONNECT_SRC };
      this.emitFile({ type: 'asset', fileName: SECURITY_HEADERS_FILE, source: nginxSnippet(securityHeaders(html, env)) });
    },
  };
}

/** For scripts and tests: the snippet for a built directory, as the plugin wrote it. */
export const securityHeadersPath = (outDir: string) => join(outDir, SECURITY_HEADERS_FILE);

export function writeSecurityHeaders(outDir: string, html: string, env: BuildEnv): void {
  writeFileSync(securityHeadersPath(outDir), nginxSnippet(securityHeaders(html, env)));
}
