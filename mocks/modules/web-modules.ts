// Stand-ins for the company's web modules (config.iframeBase: the realtime mock's own origin, so they
// run cross-origin like the real ones): GET /modules/<route path> answers a small self-contained page
// titled with the route's title in the app's texts (public/assets/i18n/<lang>.json, `routes.*`). It
// asks its parent for the session once and shows what it got — a module token (with its scope and
// lifetime), the app's bearer token, or nothing — never the token itself, following the handoff the
// app assumes (src/features/modules/module-session.ts; the spec does not show the real one): it takes
// the handshake value from its address's fragment (and removes it from the address), asks with it and
// with a port, and reads the answer from that port. A link leads to another page of the module
// (`?page=2`), which asks too: it has no handshake value (the app gave it to the first page only), so
// that one says it got no session.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { APP_ROUTES } from '../../src/shared/routes/app-routes.ts';

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
  .note { margin-top: 16px; color: #55525e; font-size: 0.875rem; }
  a { display: inline-block; margin-top: 16px; color: #4819e3; }
`;

/** How long a stand-in waits for the app's answer before it says it got none. */
export const SESSION_WAIT_MS = 3000;

const SCRIPT = `
  (function () {
    var status = document.getElementById('session-status');
    var embedded = window.parent && window.parent !== window;
    var answered = false;
    // The app's one-time value for this page; off the address at once, so no later page of this
    // frame (which could read this page's history entry) finds it.
    var handshake = new URLSearchParams(location.hash.slice(1)).get('ess-handshake');
    if (handshake !== null) history.replaceState(history.state, '', location.pathname + location.search);
    var channel = new MessageChannel();
    channel.port1.onmessage = function (event) {
      var data = event.data;
      if (!data || typeof data !== 'object' || data.type !== 'ess:session') return;
      answered = true;
      var signedIn = typeof data.accessToken === 'string' && data.accessToken.length > 0;
      if (!signedIn) status.textContent = 'Not signed in';
      else if (data.tokenType === 'module') status.textContent = 'Signed in to the web module with a module token (' + String(data.scope) + ', expires in ' + String(data.expiresIn) + ' s)';
      else status.textContent = "Signed in to the web module with the app's bearer token";
    };
    // The request carries nothing secret but the one-time value; the app answers on this page's port only.
    if (embedded) window.parent.postMessage({ type: 'ess:session-request', handshake: handshake }, '*', [channel.port2]);
    setTimeout(function () {
      if (!answered) status.textContent = embedded ? 'No session from the app' : 'Not in the app';
    }, ${SESSION_WAIT_MS});
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

const I18N_DIR = fileURLToPath(new URL('../../public/assets/i18n/', import.meta.url));

/** The `routes` texts of one language file ({} when there is none); read per request, so edits show at once. */
function routeTexts(language: string): Record<string, unknown> {
  const file = `${I18N_DIR}${language}.json`;
  if (!/^[a-z]{2,3}$/.test(language) || !existsSync(file)) return {};
  try {
    const texts = JSON.parse(readFileSync(file, 'utf8')) as { routes?: Record<string, unknown> };
    return texts.routes ?? {};
  } catch {
    return {};
  }
}

/** The app route a module path belongs to (a `:parameter` segment matches any value). */
function routeOf(segments: readonly string[]) {
  return APP_ROUTES.find((route) => {
    const pattern = route.path.split('/');
    return pattern.length === segments.length && pattern.every((part, index) => part.startsWith(':') || part === segments[index]);
  });
}

/**
 * The module's title as the app shows it in its header: the route's text in the page's language, then
 * in English, then the prettified path for a path the app does not know.
 */
export function moduleTitle(segments: readonly string[], language: string): string {
  const key = routeOf(segments)?.titleKey.replace(/^routes\./, '');
  if (key !== undefined) {
    for (const candidate of [language.split('-')[0] ?? 'en', 'en']) {
      const title = routeTexts(candidate)[key];
      if (typeof title === 'string' && title.trim()) return title;
    }
  }
  return moduleName(segments);
}

function moduleSegments(pathname: string): string[] | undefined {
  if (!pathname.startsWith(MODULE_PREFIX)) return undefined;
  const segments = pathname.slice(MODULE_PREFIX.length).split('/');
  if (segments.at(-1) === '') segments.pop();
  if (segments.length === 0 || segments.length > MAX_SEGMENTS) return undefined;
  return segments.every((segment) => SEGMENT.test(segment)) ? segments : undefined;
}

function page(name: string, path: string, language: string, second: boolean): string {
  const other = second
    ? `<a href="/modules/${escapeHtml(path)}?lang=${escapeHtml(encodeURIComponent(language))}">First page of this module</a>`
    : `<a href="/modules/${escapeHtml(path)}?lang=${escapeHtml(encodeURIComponent(language))}&amp;page=2">Another page of this module</a>`;
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
<h1>${escapeHtml(name)} (web module${second ? ', page 2' : ''})</h1>
<p id="session-status" role="status">Waiting for the app's session...</p>
<p class="note">A stand-in for the company's web module at /${escapeHtml(path)}, served by the local realtime mock.</p>
${other}
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
  const body = page(moduleTitle(segments, language), segments.join('/'), language, url.searchParams.get('page') === '2');
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
