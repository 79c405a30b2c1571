// Stand-ins for the company's web modules (config.iframeBase, '/modules' locally): GET
// /modules/<route path> answers a small self-contained page naming the module. It asks its parent
// for the session and shows that it got one (never the token itself), following the handoff the
// app assumes (src/features/modules/module-session.ts; the spec does not show the real one).
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

const MODULE_PREFIX = '/modules/';
// Route paths are lowercase slugs; a parameter (e.g. a call id) is a slug too. Anything else
// (dot segments, encoded characters) is not a module.
const SEGMENT = /^[a-z0-9][a-z0-9_-]*$/i;
const MAX_SEGMENTS = 8;

const STYLE = `
  body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: #1c1b22; background: #ffffff; }
  main { padding: 24px; }
  h1 { margin: 0 0 8px; font-size: 1.375rem; color: #4819e3; }
  p { margin: 0; }
`;

const SCRIPT = `
  (function () {
    var status = document.getElementById('session-status');
    var embedded = window.parent && window.parent !== window;
    window.addEventListener('message', function (event) {
      if (!embedded || event.source !== window.parent) return;
      var data = event.data;
      if (!data || typeof data !== 'object' || data.type !== 'ess:session') return;
      var signedIn = typeof data.accessToken === 'string' && data.accessToken.length > 0;
      status.textContent = signedIn ? 'Signed in to the web module' : 'Not signed in';
    });
    // The request carries nothing secret; the app answers only to this frame's window and origin.
    if (embedded) window.parent.postMessage({ type: 'ess:session-request' }, '*');
  })();
`;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

export const WEB_MODULE_CSP = [
  "default-src 'none'",
  `script-src ${sha256(SCRIPT)}`,
  `style-src ${sha256(STYLE)}`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self' http://127.0.0.1:* http://localhost:*",
].join('; ');

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** 'event-registration/ticket-details' → 'Event registration / ticket details'. */
export function moduleName(segments: readonly string[]): string {
  const text = segments.map((segment) => segment.replace(/[-_]+/g, ' ')).join(' / ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function moduleSegments(pathname: string): string[] | undefined {
  if (!pathname.startsWith(MODULE_PREFIX)) return undefined;
  const segments = pathname.slice(MODULE_PREFIX.length).split('/');
  if (segments.at(-1) === '') segments.pop();
  if (segments.length === 0 || segments.length > MAX_SEGMENTS) return undefined;
  return segments.every((segment) => SEGMENT.test(segment)) ? segments : undefined;
}

function page(name: string, language: string): string {
  return `<!doctype html>
<html lang="${escapeHtml(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(name)} (web module)</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(name)} (web module)</h1>
<p id="session-status" role="status">Waiting for the app's session...</p>
</main>
<script>${SCRIPT}</script>
</body>
</html>
`;
}

/** Answers GET /modules/<route path> and returns true; returns false for any other request. */
export function handleWebModuleRequest(request: IncomingMessage, response: ServerResponse, url: URL): boolean {
  if (request.method !== 'GET' && request.method !== undefined) return false;
  const segments = moduleSegments(url.pathname);
  if (!segments) return false;
  const requested = url.searchParams.get('lang') ?? 'en';
  const language = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})?$/.test(requested) ? requested : 'en';
  const body = page(moduleName(segments), language);
  response.writeHead(200, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Content-Security-Policy': WEB_MODULE_CSP,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
  });
  response.end(body);
  return true;
}
