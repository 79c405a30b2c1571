import { expect, signedInTest, test, type Frame, type Page, type Request } from './support/test.ts';
import { APP_ROUTES, ROUTE_ALIASES } from '../../src/shared/routes/app-routes.ts';
import { collectErrors, openSignedIn, preferExample, signIn } from './support/app.ts';
import { signInAs } from './support/chat.ts';
import { SANDBOX } from './support/stack.ts';
import { homeRoutes } from '../../src/app/home/routes.ts';
import { callRoutes } from '../../src/features/calls/routes.ts';
import { chatRoutes } from '../../src/features/chat/routes.ts';
import { notificationRoutes } from '../../src/features/notifications/routes.ts';
import { qrRoutes } from '../../src/features/qr/routes.ts';
import { sessionRoutes } from '../../src/features/session/routes.ts';

signedInTest('the Chat badge shows the total of unread messages, notifications and approvals', async ({ page }) => {
  // Contract examples: chat rooms with 5 + 2 unread messages, 5 unread notifications, 3 pending approvals.
  await openSignedIn(page);
  const badge = page.getByTestId('chat-badge');
  await expect(badge).toHaveText('15');
  // Issue 37, item 8: the tab's name says what the badge sums; the chat list explains the rest.
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Chat 15, 7 unread messages, 5 notifications, 3 approvals', exact: true })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link')).toHaveText(['Home', 'Chat 15', 'Call']);
  await page.getByRole('navigation').getByRole('link', { name: /^Chat\b/ }).click();
  await expect(page.getByTestId('chat-badge-line')).toHaveText('The Chat badge also counts 5 notifications and 3 approvals.');
});

signedInTest('wide screens: a side rail replaces the bottom tabs (same links, the Chat badge), phones keep the bottom tabs', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openSignedIn(page);
  const nav = page.getByRole('navigation');
  await expect(nav.getByRole('link')).toHaveText(['Home', 'Chat 15', 'Call']);
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('chat-badge')).toBeVisible();
  // A rail at the start, full height, the content beside it (not under it).
  let box = (await nav.boundingBox())!;
  expect(box.x).toBe(0);
  expect(box.width).toBeLessThan(120);
  expect(box.height).toBeGreaterThan(700);
  const heading = (await page.getByRole('heading', { name: 'Welcome, Ayu Lestari' }).boundingBox())!;
  expect(heading.x).toBeGreaterThanOrEqual(box.width);
  // Tab order: the rail's links come first in the page, then the content (Home's header: the bell).
  await expect(page.getByRole('link', { name: 'Notifications, 5 unread' })).toBeVisible();
  const focusable = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, [tabindex]')]
      .filter((element) => element.tabIndex >= 0 && element.offsetParent !== null)
      .slice(0, 4)
      .map((element) => (element.closest('nav') ? `nav:${element.textContent}` : 'content')),
  );
  expect(focusable).toEqual(['nav:Home', 'nav:Chat 15', 'nav:Call', 'content']);
  await nav.getByRole('link', { name: 'Home' }).focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: 'Call' })).toBeFocused();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('header')))).toBe(true);

  await page.setViewportSize({ width: 390, height: 844 });
  box = (await nav.boundingBox())!;
  expect(box.width).toBe(390);
  expect(box.y + box.height).toBe(844);
  expect(box.height).toBeLessThan(100);
  await expect(page.getByTestId('chat-badge')).toBeVisible();
  await expect(nav.getByRole('link')).toHaveText(['Home', 'Chat 15', 'Call']);
});

signedInTest('the Chat badge is capped at 99+', async ({ page }) => {
  await preferExample(page, '/notification/unread/count', 'example=many');
  await openSignedIn(page);
  await expect(page.getByTestId('chat-badge')).toHaveText('99+');
});

signedInTest('no badge when nothing is unread, and counter failures stay silent', async ({ page }) => {
  await preferExample(page, '/notification/unread/count', 'code=500');
  await preferExample(page, '/notification/approvals/pending', 'example=empty');
  await preferExample(page, '/live-chat/home', 'example=empty');
  await openSignedIn(page);
  await expect(page.getByRole('heading', { name: 'Welcome, Ayu Lestari' })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Chat' })).toBeVisible();
  await expect(page.getByTestId('chat-badge')).toHaveCount(0);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});

signedInTest('every route of SPEC §2 opens a screen with a title and no console error', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = collectErrors(page);
  await openSignedIn(page);
  await expect(page).toHaveURL(/\/home$/);
  const routes = APP_ROUTES.filter((route) => route.path !== 'login' && route.path !== 'change-password');
  for (const route of routes) {
    const path = `/${route.path.replace(':chat_room_call_id', '77')}`;
    // Client-side navigation, as a tap would do it (a reload per route would only test the start).
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    // An alias lands on the screen it names; messages/direct-chat without a person or a room, on the chat list.
    const lands = ROUTE_ALIASES[route.path] ?? (route.path === 'messages/direct-chat' ? '/chats' : path);
    await expect(page, path).toHaveURL(new RegExp(`${lands.replace(/[?]/g, '\\?')}$`));
    await expect(page.locator('h1').first(), path).toBeVisible();
    await expect(page.locator('h1').first(), path).not.toBeEmpty();
  }
  expect(errors).toEqual([]);
});

// Reads that the contract makes POSTs (searches, lists, a room's page), the realtime sign-ins, and the
// one write a screen may make by being looked at: a room opened is read (SPEC §4), its unread count reset.
const READS_BY_POST = /\/api\/(broadcasting\/(user-)?auth|live-chat\/view-chat|live-chat\/reset-meta|v2\/live-chat\/(view-chat|read-message|pin-message-list|search-employee\/|search-group|detail)|video-call\/search-employees|(live-chat|video-call)\/search-[a-z]+|auth\/module-token)(\?|$)/;

// The routes with a screen of their own (src/app/routes.tsx NATIVE_SCREENS); every other route opens
// its web module in the one module screen, which writes nothing whatever its path
// (src/features/modules/module-page.test.tsx): three of those stand for all of them here.
const NATIVE_PATHS = new Set(Object.keys({ ...sessionRoutes, ...homeRoutes, ...chatRoutes, ...callRoutes, ...notificationRoutes, ...qrRoutes }));
const MODULE_SAMPLE = ['calendar', 'online-meetings', 'event-registration/home'];

signedInTest('no route writes anything by being opened from a link: every native route of SPEC §2, its aliases and web modules, with the parameters a link could carry', async ({ page }) => {
  test.setTimeout(120_000);
  await openSignedIn(page);
  await expect(page).toHaveURL(/\/home$/);
  const writes: string[] = [];
  // The API's requests under way: a screen has done what opening it does once its own are answered.
  const pending = new Set<Request>();
  const settled = () => expect.poll(() => pending.size, { intervals: [50] }).toBe(0);
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin !== new URL(page.url()).origin) return;
    if (url.pathname.startsWith('/api/')) pending.add(request);
    if (request.method() !== 'GET' && !READS_BY_POST.test(url.pathname)) writes.push(`${request.method()} ${url.pathname} (on ${new URL(page.url()).pathname})`);
  });
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  const query = '?user_id=43&chat_room_uuid=7c9e6679-7425-40de-944b-e07fc1f90ae7&uuid=7c9e6679-7425-40de-944b-e07fc1f90ae7&chat_room_call_id=77&id=1';
  const routes = APP_ROUTES.filter(
    (route) => route.path !== 'login' && route.path !== 'change-password' && (NATIVE_PATHS.has(route.path) || route.path in ROUTE_ALIASES || MODULE_SAMPLE.includes(route.path)),
  );
  expect(routes.filter((route) => MODULE_SAMPLE.includes(route.path) && !NATIVE_PATHS.has(route.path))).toHaveLength(MODULE_SAMPLE.length);
  for (const route of routes) {
    const path = `/${route.path.replace(':chat_room_call_id', '77')}`;
    for (const search of route.path === 'video-call/direct-video-call' ? ['?user_id=43', '?chat_room_uuid=7c9e6679-7425-40de-944b-e07fc1f90ae7'] : [query]) {
      await page.evaluate((to) => {
        window.history.pushState(null, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, `${path}${search}`);
      await expect(page.locator('h1').first(), path).toBeVisible();
      await settled();
    }
  }
  await settled();
  expect(writes).toEqual([]);
});

signedInTest('a web module opens inside the app with the session handed over', async ({ page }) => {
  await openSignedIn(page);
  await page.getByRole('link', { name: 'Online meetings' }).click();
  await expect(page.getByRole('heading', { name: 'Online meetings' })).toBeVisible();
  const module = page.frameLocator('iframe[title="Online meetings"]');
  // The contract's example module token (openapi/paths/auth.yaml, createModuleToken), not the bearer token.
  await expect(module.getByText('Signed in to the web module with a module token (module:online-meetings, expires in 300 s)')).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/home$/);
});

interface ReceivedSession {
  accessToken: string | null;
  tokenType: string | null;
  expiresIn: number | null;
  scope: string | null;
}

/**
 * Records, in every page of the module origin, each `ess:session` message it receives, on a port it made
 * or on its window (what a module's own code could see).
 */
async function recordModuleSessions(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (!location.pathname.startsWith('/modules/')) return;
    const received: unknown[] = [];
    Object.assign(window, { essSessionsReceived: received });
    const record = (event: MessageEvent) => {
      const data = event.data as { type?: unknown } | null;
      if (data && data.type === 'ess:session') received.push(data);
    };
    window.addEventListener('message', record);
    const NativeChannel = window.MessageChannel;
    window.MessageChannel = class extends NativeChannel {
      constructor() {
        super();
        this.port1.addEventListener('message', record);
      }
    };
  });
}

const sessionsReceived = (frame: Frame) => frame.evaluate(() => (window as unknown as { essSessionsReceived: ReceivedSession[] }).essSessionsReceived);

test('a web module gets a short-lived token of its own, once: not the bearer token, not again in the same load, not on another page of its origin', async ({ page }) => {
  await recordModuleSessions(page);
  const bearer = await signInAs(page, 'budi.santoso', 'Budi Santoso');

  await page.goto('/online-meetings');
  const module = page.frameLocator('iframe[title="Online meetings"]');
  await expect(module.getByText('Signed in to the web module with a module token (module:online-meetings, expires in 300 s)')).toBeVisible();
  // The module took its handshake value off its address.
  const frame = page.frame({ url: /\/modules\/online-meetings\?lang=en$/ });
  if (!frame) throw new Error('no module frame');
  const [session, ...more] = await sessionsReceived(frame);
  expect(more).toEqual([]);
  expect(session).toMatchObject({ tokenType: 'module', expiresIn: 300, scope: 'module:online-meetings' });
  expect(session?.accessToken).toMatch(/^mt_[0-9a-f]{32}$/);
  expect(session?.accessToken).not.toBe(bearer);

  // The sandbox issued it to Budi for this module; it is good for this module only, and not for the app's API.
  const introspect = (module: string) => page.request.post(`${SANDBOX}/__sandbox/module-tokens/introspect`, { data: { token: session?.accessToken, module } });
  expect(await (await introspect('online-meetings')).json()).toMatchObject({ active: true, user_id: 43, scope: 'module:online-meetings' });
  expect(await (await introspect('helpdesk')).json()).toEqual({ active: false });
  expect((await page.request.get('/api/auth/user-data', { headers: { Authorization: `Bearer ${session?.accessToken}` } })).status()).toBe(401);

  // Asking again in the same load gets nothing, even with the handshake value the page was opened with.
  const src = await page.locator('iframe[title="Online meetings"]').getAttribute('src');
  const handshake = new URLSearchParams(new URL(String(src)).hash.slice(1)).get('ess-handshake');
  expect(handshake).toMatch(/^[0-9a-f]{32}$/);
  // The app's answer would need a module token of its own: the requests for one are counted from here on.
  const moduleTokens: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/auth/module-token') moduleTokens.push(request.url());
  });
  // A listener of the app's window added after the app's own: once it has seen the request, so has the app.
  await page.evaluate(() => {
    const seen = window as unknown as { essRequestsSeen?: number };
    seen.essRequestsSeen = 0;
    window.addEventListener('message', (event: MessageEvent<{ type?: unknown } | null>) => {
      if (event.data?.type === 'ess:session-request') seen.essRequestsSeen! += 1;
    });
  });
  await frame.evaluate((value) => {
    const channel = new MessageChannel();
    window.parent.postMessage({ type: 'ess:session-request', handshake: value }, '*', [channel.port2]);
  }, handshake);
  await expect.poll(() => page.evaluate(() => (window as unknown as { essRequestsSeen: number }).essRequestsSeen)).toBe(1);
  expect(await sessionsReceived(frame)).toHaveLength(1);

  // The module navigates to another page of its origin, which asks: the app answers nothing.
  await module.getByRole('link', { name: 'Another page of this module' }).click();
  await expect(module.getByRole('heading', { name: 'Online meetings (web module, page 2)' })).toBeVisible();
  await expect(module.getByText('No session from the app')).toBeVisible();
  const secondPage = page.frame({ url: /\/modules\/online-meetings\?lang=en&page=2$/ });
  if (!secondPage) throw new Error('no second module page');
  expect(await sessionsReceived(secondPage)).toEqual([]);
  // No token was issued for the second request, nor for the second page: neither got an answer.
  expect(moduleTokens).toEqual([]);
});

test('a web module page that navigates within its origin before its first load event hands no session to the page it lands on', async ({ page }) => {
  await recordModuleSessions(page);
  await signInAs(page, 'budi.santoso', 'Budi Santoso');
  const moduleTokens: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/auth/module-token') moduleTokens.push(request.url());
  });
  // The module's first page goes on to another page of its origin while it is still being parsed: the
  // frame never fires a load event for it, so the page it lands on is the frame's first load.
  await page.route(/\/modules\/online-meetings\?lang=en$/, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><title>Hop</title><script>location.replace('/modules/online-meetings?lang=en&page=2')</script><p>Loading...</p>`,
    }),
  );

  await page.goto('/online-meetings');
  const module = page.frameLocator('iframe[title="Online meetings"]');
  await expect(module.getByRole('heading', { name: 'Online meetings (web module, page 2)' })).toBeVisible();
  // It asked (the stand-in always does) and got nothing: it never had the first page's handshake value.
  await expect(module.getByText('No session from the app')).toBeVisible();
  const landed = page.frame({ url: /\/modules\/online-meetings\?lang=en&page=2$/ });
  if (!landed) throw new Error('no module page');
  expect(await sessionsReceived(landed)).toEqual([]);
  expect(moduleTokens).toEqual([]);
});

signedInTest('a web module that cannot load says so and offers a retry', async ({ page }) => {
  await openSignedIn(page);
  // A module page was opened before (its code is loaded), then the connection drops.
  await page.getByRole('link', { name: 'FAQ', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'FAQ' })).toBeVisible();
  await page.goBack();
  await page.context().setOffline(true);
  await page.getByRole('link', { name: 'Helpdesk' }).click();
  await expect(page.getByText('You are offline. Connect to the internet and try again.')).toBeVisible();
  await page.context().setOffline(false);
  await expect(page.frameLocator('iframe[title="Helpdesk"]').getByText('Signed in to the web module')).toBeVisible();
});

signedInTest('an unknown path shows a not-found screen with a way home', async ({ page }) => {
  await openSignedIn(page);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/no-such-screen');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Home' }).click();
  await expect(page).toHaveURL(/\/home$/);
});

signedInTest('the language switch changes the texts and persists', async ({ page }) => {
  await openSignedIn(page);
  await page.getByLabel('Language').selectOption('id');
  await expect(page.getByRole('navigation').getByRole('link').first()).toHaveText('Beranda');
  await expect(page.locator('html')).toHaveAttribute('lang', 'id');
  await page.reload();
  await expect(page.getByRole('navigation').getByRole('link').first()).toHaveText('Beranda');
  await page.getByRole('combobox').selectOption('en');
  await expect(page.getByRole('navigation').getByRole('link').first()).toHaveText('Home');
});

test('back: a root screen leaves the app, a pushed screen returns to the previous one', async ({ page }) => {
  await page.goto('about:blank');
  await signIn(page);
  await expect(page).toHaveURL(/\/home$/);
  await page.getByRole('link', { name: 'Online meetings' }).click();
  await expect(page).toHaveURL(/\/online-meetings$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/home$/);

  // /chats/chat returns to the previous screen.
  await page.getByRole('navigation').getByRole('link', { name: /Chat/ }).click();
  await expect(page).toHaveURL(/\/chats$/);
  await page.evaluate(() => {
    window.history.pushState(null, '', '/chats/chat');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { name: 'Chat', exact: true })).toBeVisible();
  await page.goBack(); // the hardware back button of an installed PWA
  await expect(page).toHaveURL(/\/chats$/);

  // Tabs replace each other, and login was replaced by home: back from a root screen leaves the app.
  await page.getByRole('navigation').getByRole('link', { name: 'Call' }).click();
  await expect(page).toHaveURL(/\/call$/);
  await page.goBack();
  await expect(page).toHaveURL('about:blank');
});
