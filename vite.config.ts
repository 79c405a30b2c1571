import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { securityHeadersPlugin } from './scripts/lib/csp.ts';
import { otaBuildGuard } from './scripts/lib/ota-build-guard.ts';
import { firstPaintFirst } from './scripts/lib/first-paint.ts';
import { chunkGraph } from './scripts/lib/route-budgets.ts';
import { startScreenChunks, startScreenPreload } from './scripts/lib/start-screen-preload.ts';
import { withoutSseClient } from './scripts/lib/without-sse-client.ts';
import { isRealtimeControlPath, isSandboxControlPath } from './mocks/control-routes.ts';

// In development and preview the app talks to /api, which forwards to the mocks (mocks/start.ts): the
// realtime mock answers what it must compute (channel signatures, queued long-poll events), the mock
// sandbox the rest (its own feed, forum and quick links; Prism's contract examples for everything
// else). X-Forwarded-Prefix tells the sandbox the path the browser reaches it by, so the picture and
// page URLs it answers stay same-origin for the app. The web modules load from the realtime mock's
// own origin (config.iframeBase), so they run cross-origin as the company's do; /modules stays
// proxied for a build made with VITE_IFRAME_BASE=/modules (same-origin: sandboxed without the session).
const sandbox = process.env.MOCK_HTTP_URL ?? 'http://127.0.0.1:4010';
const realtime = process.env.MOCK_REALTIME_URL ?? 'http://127.0.0.1:6001';
// Janus (group calls, mocks/janus/): its websocket API at /janus on the app's origin, as a call's
// `media.url` names it; `npm start` sets MOCK_JANUS_URL when Janus runs. The browser's
// Sec-WebSocket-Protocol (janus-protocol) passes through the proxy.
const janus = process.env.MOCK_JANUS_URL?.replace(/^ws(s?):/, 'http$1:');
const strip = (path: string) => path.replace(/^\/api/, '');
// The mocks' control routes (mocks/control-routes.ts) answer only on the mocks' own ports: this proxy
// answers 404 for them, and every request it forwards carries X-Forwarded-* (xfwd), by which the mocks
// refuse a control request that came through it anyway.
const pathOf = (url: string | undefined) => new URL(url ?? '/', 'http://app').pathname;
const notForwarded = (isControl: (path: string) => boolean, prefix: string) => (request: { url?: string }) =>
  isControl(pathOf(request.url).slice(prefix.length)) ? false : undefined;
const proxy = {
  ...(janus ? { '/janus': { target: janus, ws: true, rewrite: (path: string) => path.replace(/^\/janus/, '') || '/' } } : {}),
  '/modules': { target: realtime, xfwd: true },
  '/api/broadcasting': { target: realtime, xfwd: true, rewrite: strip },
  '/api/global-long-polling': { target: realtime, xfwd: true, rewrite: strip },
  // The live connections (src/features/realtime): Pusher protocol under /realtime, socket.io at its own path.
  '/realtime': { target: realtime, ws: true, xfwd: true, rewrite: (path: string) => path.replace(/^\/realtime/, ''), bypass: notForwarded(isRealtimeControlPath, '/realtime') },
  '/socket.io': { target: realtime, ws: true, xfwd: true },
  '/api': { target: sandbox, xfwd: true, rewrite: strip, headers: { 'X-Forwarded-Prefix': '/api' }, bypass: notForwarded(isSandboxControlPath, '/api') },
};

// The installable PWA: a generated service worker precaches the built shell and the translations, so the
// app opens offline; /api, /modules and /docs always go to the network. `prompt`: a new version waits
// until the user accepts the app's own update dialog (src/features/updates/), which also registers the
// worker lazily, so neither workbox-window nor a register script weighs on the first load.
const pwa = VitePWA({
  registerType: 'prompt',
  injectRegister: false,
  manifest: {
    id: '/',
    name: 'ESS Workplace',
    short_name: 'ESS',
    description: 'Employee self-service: feed, announcements, chat and calls.',
    lang: 'en',
    theme_color: '#4819e3',
    background_color: '#ffffff',
    display: 'standalone',
    start_url: '/home',
    scope: '/',
    // Generated from public/favicon.svg by scripts/icons.ts.
    icons: [
      { src: '/icons/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  // The icons are in the precache through globPatterns already.
  includeManifestIcons: false,
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,woff2}', 'assets/i18n/*.json'],
    // Only hashed build output may skip revisioning: the translations keep their names across releases.
    dontCacheBustURLsMatching: /^assets\/(?!i18n\/)/,
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/modules(\/|$)/, /^\/docs(\/|$)/, /^\/realtime(\/|$)/, /^\/socket\.io(\/|$)/],
    cleanupOutdatedCaches: true,
    // Web Push (notifications and their clicks): plain JS in public/, see public/push-sw.js.
    importScripts: ['/push-sw.js'],
    // The worker's own source maps would only be linked to a 404 (nginx never serves maps).
    sourcemap: false,
  },
});

export default defineConfig({
  // securityHeadersPlugin: the Content-Security-Policy (with this build's inline hashes) and the
  // Permissions-Policy for nginx, in dist/security-headers.conf (deploy/nginx/).
  // chunkGraph: dist/.vite/chunk-graph.json (each chunk's modules and imports), which the bench's
  // route budgets read (scripts/lib/route-budgets.ts); not in a build for the native shells.
  // withoutSseClient: the generated client's server-sent-events code, which no call uses, is left out.
  plugins: [withoutSseClient(), react(), pwa, startScreenPreload(), firstPaintFirst(), securityHeadersPlugin(), otaBuildGuard(), chunkGraph()],
  // Only the app is an entry: docs-dist/ holds generated HTML pages that are not part of it.
  optimizeDeps: { entries: ['index.html'] },
  server: { host: '127.0.0.1', port: 5173, strictPort: true, proxy },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true, proxy },
  // Source maps are written for debugging (error reports) but not linked from the code; nginx never serves them.
  // The start's chunks: the entry's static graph in one file, the renderer in one, each start screen's code
  // (Home, a chat room) in one, what they share in one (scripts/lib/start-screen-preload.ts).
  build: {
    target: 'es2022',
    sourcemap: 'hidden',
    modulePreload: { polyfill: false, resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? [] : deps) },
    rolldownOptions: { output: { codeSplitting: startScreenChunks() } },
  },
});
