// `npm run screenshots`: the screenshot gallery (issue 22). Drives the built app (dist/, served by nginx
// with its production headers) against the sandbox in Debian's Chromium and photographs every screen of
// scripts/lib/gallery-screens.ts at 390x844 and 1280x800, light and dark, English and Indonesian, into
// docs-dist/screenshots/ with an index.html that groups them by screen (the API docs' index links to it).
//
//   npm run screenshots [-- --out <dir>] [--only <screen id,…>] [--lanes <n>] [--no-build]
//
// dist/ is built first (vite build, as npm test builds it) when it is missing or older than its sources,
// then served from a copy, so a rebuild while the pictures are taken cannot mix two builds.
// Each language and width is a run of its own, on a fresh copy of the browser tests' stack (the sandbox,
// Prism, the realtime mock and nginx on free ports; tests/e2e/support/stack.ts), so every run starts from
// the sandbox's seed: the chat list is shown before any room is read, and so on. Runs go in parallel
// lanes (2 by default). Within a run the person signs in once; each screen gets a page of its own and is
// photographed light, then dark (the app follows the device's scheme when no theme was chosen).
// Deterministic where it can be: the page's clock is frozen at the sandbox's start (relative times and call
// timers read the same in every picture), the time zone is Jakarta's, animations are off, the camera is
// a still picture, and each screen waits for its content rather than for a fixed time.
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, devices, request as apiRequest, type Browser, type BrowserContextOptions } from '@playwright/test';
import { startRealtimeMock } from '../mocks/realtime/server.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/support/chromium.ts';
import { stillCamera } from '../tests/support/fake-camera.ts';
import { startWorkerStack } from '../tests/e2e/support/stack-pool.ts';
import type { WorkerStack } from '../tests/e2e/support/stack.ts';
import { withAppVapidKey } from './lib/local-vapid.ts';
import { GALLERY_LANGUAGES, GALLERY_SCREENS, GALLERY_VIEWPORTS, type GalleryLanguage, type GalleryScreen, type GalleryTheme } from './lib/gallery-screens.ts';
import { prepareGallery, settleScreen, showTheme, visitGallery } from './lib/gallery-visit.ts';

const { values: options } = parseArgs({
  options: {
    out: { type: 'string', default: 'docs-dist/screenshots' },
    only: { type: 'string' },
    lanes: { type: 'string', default: '2' },
    'no-build': { type: 'boolean', default: false },
    // Each screen as it is photographed, with the time so far.
    verbose: { type: 'boolean', default: false },
  },
});

const THEMES: readonly GalleryTheme[] = ['light', 'dark'];
const MODULES_PORT = 6001;
/** Phones at twice their CSS pixels (sharp on a desktop screen, and a third of Pixel 7's 2.625 in bytes); desktops at one. */
const PHONE_SCALE = 2;

interface Run {
  language: GalleryLanguage;
  viewport: (typeof GALLERY_VIEWPORTS)[number];
}

interface Picture {
  screen: GalleryScreen;
  width: number;
  theme: GalleryTheme;
  language: GalleryLanguage;
  file: string;
}

interface Failure {
  screen: GalleryScreen;
  run: Run;
  message: string;
}

const out = resolve(options.out);
const started = performance.now();
const seconds = () => ((performance.now() - started) / 1000).toFixed(0);

const wanted = options.only?.split(',').map((id) => id.trim());
const unknown = wanted?.filter((id) => !GALLERY_SCREENS.some((screen) => screen.id === id)) ?? [];
if (unknown.length > 0) {
  console.error(`screenshots: no screen ${unknown.join(', ')}; the screens are ${GALLERY_SCREENS.map((screen) => screen.id).join(', ')}`);
  process.exit(2);
}
// A screen that continues another's page needs that page: --only brings the screens it continues along.
const chosen = new Set<number>();
GALLERY_SCREENS.forEach((screen, index) => {
  if (wanted && !wanted.includes(screen.id)) return;
  for (let at = index; at >= 0; at -= 1) {
    chosen.add(at);
    if (GALLERY_SCREENS[at]!.path !== 'continue') break;
  }
});
const screens = GALLERY_SCREENS.filter((_, index) => chosen.has(index));

if (!existsSync(CHROMIUM_PATH)) {
  console.error(`screenshots: Chromium not found at ${CHROMIUM_PATH}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH.`);
  process.exit(1);
}
ensureBuilt();

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const work = mkdtempSync(join(tmpdir(), 'gallery-'));
const camera = join(work, 'camera.y4m');
writeFileSync(camera, stillCamera());
// The build as it is now: served from a copy, so a rebuild of dist/ while the pictures are taken cannot
// mix two builds (an index.html whose inline hashes the served headers do not know). nginx's workers read it as nobody.
const build = join(work, 'dist');
cpSync('dist', build, { recursive: true });
chmodSync(work, 0o755);
// The stacks serve that copy (tests/e2e/support/stack.ts reads E2E_DIST).
process.env.E2E_DIST = build;

const modules = await serveWebModules();
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: [...CHROMIUM_FLAGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${camera}`],
});

const runs: Run[] = (Object.keys(GALLERY_LANGUAGES) as GalleryLanguage[]).flatMap((language) => GALLERY_VIEWPORTS.map((viewport) => ({ language, viewport })));
const pictures: Picture[] = [];
const failures: Failure[] = [];
try {
  const queue = [...runs];
  const lanes = Math.max(1, Math.min(Number(options.lanes) || 2, runs.length));
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      for (let run = queue.shift(); run; run = queue.shift()) await photograph(browser, run);
    }),
  );
} finally {
  await browser.close();
  await modules?.stop();
  rmSync(work, { recursive: true, force: true });
}

writeFileSync(join(out, 'index.html'), galleryPage(pictures, failures));
const where = relative('.', join(out, 'index.html'));
console.log(`screenshots: ${pictures.length} pictures of ${screens.length} screens in ${where} (${seconds()} s)`);
if (failures.length > 0) {
  console.error(`screenshots: ${failures.length} screen(s) could not be shown:`);
  for (const failure of failures) console.error(`  - ${failure.screen.id} at ${failure.run.viewport.width} in ${GALLERY_LANGUAGES[failure.run.language]}: ${failure.message}`);
  process.exitCode = 1;
}

/** One language at one width, on a stack of its own. */
async function photograph(browser: Browser, run: Run): Promise<void> {
  const { language, viewport } = run;
  const label = `${GALLERY_LANGUAGES[language]} ${viewport.width}`;
  const seeded = Math.floor(Date.now() / 60_000) * 60_000;
  const stack = await startWorkerStack();
  try {
    const api = await apiRequest.newContext({ baseURL: stack.appOrigin });
    const data = await prepareGallery(api).finally(() => api.dispose());
    await visitGallery({
      newContext: async () => {
        const context = await browser.newContext(contextOptions(run, stack));
        // The sandbox's seed is written relative to its start: frozen there, "2 hours ago" and call timers read the same in every picture.
        await context.clock.setFixedTime(seeded + 30_000);
        return context;
      },
      screens,
      language,
      data,
      realtimeMock: stack.realtimeMock,
      appOrigin: stack.appOrigin,
      atScreen: async ({ page }, screen) => {
        for (const theme of THEMES) {
          await showTheme(page, theme);
          await settleScreen(page);
          const file = `${screen.id}--${viewport.width}--${theme}--${language}.png`;
          await page.screenshot({ path: join(out, file), animations: 'disabled', caret: 'hide' });
          pictures.push({ screen, width: viewport.width, theme, language, file });
        }
        await page.emulateMedia({ colorScheme: 'light' });
        if (options.verbose) console.log(`screenshots: ${label} ${screen.id} (${seconds()} s)`);
      },
      failed: async (screen, error, page) => {
        failures.push({ screen, run, message: error.message.split('\n')[0] ?? String(error) });
        await page.screenshot({ path: join(out, `${screen.id}--${viewport.width}--failed--${language}.png`) }).catch(() => undefined);
      },
    });
    console.log(`screenshots: ${label} done (${seconds()} s)`);
  } finally {
    await stack.stop();
  }
}

function contextOptions(run: Run, stack: WorkerStack): BrowserContextOptions {
  const phone = run.viewport.width < 1024;
  const device = devices[phone ? 'Pixel 7' : 'Desktop Chrome'];
  return {
    userAgent: device.userAgent,
    isMobile: device.isMobile,
    hasTouch: device.hasTouch,
    deviceScaleFactor: phone ? PHONE_SCALE : 1,
    viewport: { ...run.viewport },
    screen: { ...run.viewport },
    baseURL: stack.appOrigin,
    locale: run.language === 'id' ? 'id-ID' : 'en-US',
    timezoneId: 'Asia/Jakarta',
    colorScheme: 'light',
    reducedMotion: 'reduce',
    // No service worker: every screen comes from the server as built, and a failing chunk fails (the screen-error picture).
    serviceWorkers: 'block',
    permissions: ['camera', 'microphone'],
  };
}

/** The web modules' stand-ins on :6001, the one origin built into the app (as the browser tests' global setup serves them). */
async function serveWebModules(): Promise<{ stop(): Promise<void> } | undefined> {
  const free = await new Promise<boolean>((resolveFree) => {
    const probe = createServer();
    probe.once('error', () => resolveFree(false));
    probe.listen(MODULES_PORT, '127.0.0.1', () => probe.close(() => resolveFree(true)));
  });
  if (!free) {
    console.log(`screenshots: port ${MODULES_PORT} is taken; the web module picture uses whatever serves it (npm run mock does)`);
    return undefined;
  }
  return startRealtimeMock({ port: MODULES_PORT });
}

/** Builds dist/ when it is missing or older than what it is built from (as npm test builds it), unless --no-build. */
function ensureBuilt(): void {
  const built = existsSync('dist/index.html') ? statSync('dist/index.html').mtimeMs : 0;
  const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];
  const newest = Math.max(...sources.map((path) => newestChange(path)));
  if (built >= newest) return;
  const why = built === 0 ? 'dist/ has no build' : 'dist/ is older than src/';
  if (options['no-build']) {
    console.warn(`screenshots: ${why}; --no-build: the pictures show the old build`);
    return;
  }
  console.log(`screenshots: ${why}: building it first (vite build)…`);
  const build = spawnSync(process.execPath, [resolve('node_modules/.bin/vite'), 'build', '--logLevel', 'warn'], { stdio: 'inherit', env: withAppVapidKey(process.env) });
  if (build.status !== 0) {
    console.error('screenshots: the build failed');
    process.exit(1);
  }
}

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestChange(join(path, name))));
}

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

/** The gallery: self-contained (its own CSS, the pictures beside it), grouped by screen, each picture labelled. */
function galleryPage(taken: readonly Picture[], failed: readonly Failure[]): string {
  const groups = [...new Set(screens.map((screen) => screen.group))];
  // A row per language: the phone light and dark, then the desktop light and dark.
  const order = (picture: Picture) => picture.width * 2 + (picture.theme === 'light' ? 0 : 1);
  const figure = (screen: GalleryScreen, picture: Picture) => {
    const caption = `${screen.title} · ${picture.width} · ${picture.theme} · ${GALLERY_LANGUAGES[picture.language]}`;
    return `<figure class="w${picture.width}"><a href="${picture.file}"><img src="${picture.file}" alt="${escapeHtml(caption)}" loading="lazy"></a><figcaption>${escapeHtml(caption)}</figcaption></figure>`;
  };
  const sections = groups
    .map((group) => {
      const items = screens
        .filter((screen) => screen.group === group)
        .map((screen) => {
          const missing = failed.filter((failure) => failure.screen === screen);
          const figures = (Object.keys(GALLERY_LANGUAGES) as GalleryLanguage[])
            .map((language) => taken.filter((picture) => picture.screen === screen && picture.language === language).sort((a, b) => order(a) - order(b)))
            .filter((row) => row.length > 0)
            .map((row) => `<div class="shots">\n${row.map((picture) => figure(screen, picture)).join('\n')}\n</div>`)
            .join('\n');
          const problems = missing.map((failure) => `<li>${failure.run.viewport.width} · ${GALLERY_LANGUAGES[failure.run.language]}: ${escapeHtml(failure.message)}</li>`).join('');
          return `<section id="${screen.id}"><h3>${escapeHtml(screen.title)} <code>${screen.id}</code></h3>${problems ? `<ul class="failed">${problems}</ul>` : ''}\n${figures}\n</section>`;
        })
        .join('\n');
      return `<h2>${escapeHtml(group)}</h2>\n${items}`;
    })
    .join('\n');
  const contents = screens.map((screen) => `<a href="#${screen.id}">${escapeHtml(screen.title)}</a>`).join(' · ');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>ESS Workplace screenshot gallery</title>
<style>
  body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 2rem auto; max-width: 110rem; padding: 0 1rem; color: #1f2933; }
  h2 { border-bottom: 1px solid #d3d8de; margin-top: 2.5rem; }
  h3 code { font-size: 13px; color: #52606d; font-weight: normal; }
  nav { line-height: 1.9; }
  .shots { display: flex; flex-wrap: wrap; gap: 1rem; align-items: flex-start; margin-bottom: 1rem; }
  figure { margin: 0; }
  figure img { display: block; border: 1px solid #d3d8de; height: auto; }
  figure.w390 img { width: 195px; }
  figure.w1280 img { width: 400px; }
  figcaption { font-size: 12px; color: #52606d; max-width: 400px; }
  .failed { color: #b42318; }
</style>
</head>
<body>
<h1>ESS Workplace screenshot gallery</h1>
<p>${taken.length} pictures of ${screens.length} screens: each at 390×844 and 1280×800, light and dark, English and Indonesian, taken by <code>npm run screenshots</code> from the built app against the sandbox. A picture opens at full size.</p>
<p><a href="../index.html">ESS Workplace API documentation</a></p>
<nav>${contents}</nav>
${sections}
</body>
</html>
`;
}
