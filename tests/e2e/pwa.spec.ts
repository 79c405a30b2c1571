import { expect, test, type BrowserContext, type Page } from './support/test.ts';

// The installable, offline-capable app: manifest and icons, the service worker that the app registers
// lazily, and the precached shell that still opens without a network.

// The service worker is what this spec is about (the other specs keep it out: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const OFFLINE_BANNER = 'You are offline. Some content may be out of date.';

interface WebManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  theme_color: string;
  background_color: string;
  display: string;
  start_url: string;
  scope: string;
  icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
}

/** Waits until the app's service worker is active and controls the page (the first load never is). */
async function waitForControllingWorker(page: Page): Promise<void> {
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(new URL(scope).pathname).toBe('/');
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? 'none')).toBe('activated');
}

test('links a web manifest with the app identity and loadable icons', async ({ page, request }) => {
  await page.goto('/login');

  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifestHref).toBeTruthy();
  const manifestResponse = await request.get(manifestHref!);
  expect(manifestResponse.status()).toBe(200);
  const manifest = (await manifestResponse.json()) as WebManifest;
  expect(manifest).toMatchObject({
    id: '/',
    name: 'ESS Workplace',
    short_name: 'ESS',
    theme_color: '#4819e3',
    background_color: '#ffffff',
    display: 'standalone',
    start_url: '/home',
    scope: '/',
  });
  expect(manifest.description.length).toBeGreaterThan(0);

  const iconKinds = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`);
  expect(iconKinds).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));

  const appleTouchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  expect(appleTouchIcon).toBeTruthy();
  for (const src of [...manifest.icons.map((icon) => icon.src), appleTouchIcon!]) {
    const icon = await request.get(new URL(src, page.url()).href);
    expect(icon.status(), src).toBe(200);
    expect(icon.headers()['content-type'], src).toBe('image/png');
  }
});

test('registers a service worker that controls the page after a reload, and never caches API answers', async ({ page }) => {
  await page.goto('/login');
  await waitForControllingWorker(page);
  const scriptUrl = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '');
  expect(new URL(scriptUrl).pathname).toBe('/sw.js');

  await page.evaluate(() => fetch('/api/auth/user-data', { headers: { authorization: 'Bearer e2e-token' } }).then((response) => response.status));
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      urls.push(...(await cache.keys()).map((entry) => new URL(entry.url).pathname));
    }
    return urls;
  });
  expect(cached).toContain('/index.html');
  expect(cached).toContain('/assets/i18n/en.json');
  expect(cached.filter((path) => path.startsWith('/api/') || path.startsWith('/modules/'))).toEqual([]);
});

/**
 * Chromium 150 serves a navigation from the worker with the network still cut, but reports
 * navigator.onLine true in the new document until the emulation is applied to it again.
 */
async function reapplyOffline(page: Page, context: BrowserContext): Promise<void> {
  if (!(await page.evaluate(() => navigator.onLine))) return;
  await context.setOffline(false);
  await context.setOffline(true);
}

test('opens the app shell offline and says it is offline', async ({ page, context }) => {
  await page.goto('/login');
  await waitForControllingWorker(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page).toHaveTitle('ESS Workplace');
  await reapplyOffline(page, context);
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_BANNER })).toBeVisible();
  expect(await page.locator('#root').evaluate((root) => root.childElementCount)).toBeGreaterThan(0);

  // A deep link the browser never loaded before is answered from the precache too (navigateFallback).
  await page.goto('/change-password');
  await expect(page).toHaveTitle('ESS Workplace');
  await reapplyOffline(page, context);
  await expect(page.getByText(OFFLINE_BANNER)).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByText(OFFLINE_BANNER)).toBeHidden();
});
