// Push registration against the stateful sandbox (mocks/sandbox/devices.ts), as journeys: the device
// registered after login through the service worker, and the notifications screen's "Turn on
// notifications" control through to logout. (A tap on an unread notification through to the Chat badge:
// notifications-list.spec.ts.) "Without the permission nothing is registered and nothing is asked" is a
// unit and component test: src/features/session/push-registration.test.ts and
// permission/push-permission-control.test.tsx. Each test signs in as its own employee, so the sandbox's
// state of one never meets another. Headless Chromium has no push service: the
// PushManager is stubbed in the page (a fake subscription), which is exactly the boundary the app
// crosses; the notification permission is granted through the browser context, or its prompt stubbed.
import { FULL_BROWSER } from './support/browsers.ts';
import { expect, test, type Page } from './support/test.ts';
import { signInThroughLoginScreen } from './support/chat.ts';
import { SANDBOX } from './support/stack.ts';
import { openNotifications } from './support/notifications.ts';

// The full browser: in the headless shell, the notification permission granted through the browser
// context leads to no device registration after login.
test.use({ launchOptions: FULL_BROWSER, serviceWorkers: 'allow' });

const FAKE_SUBSCRIPTION = {
  endpoint: 'https://push.example/send/e2e-subscription',
  expirationTime: null,
  keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' },
};

interface PushProbe {
  subscribes: number;
  unsubscribes: number;
  prompts: number;
  keyLength: number;
}

/**
 * Replaces the browser's push service with a fake subscription (and, with `prompt`, the permission
 * prompt with one that says yes), counting what the app did in `window.__push`.
 */
async function stubPushService(page: Page, { prompt = false }: { prompt?: boolean } = {}): Promise<void> {
  await page.addInitScript(
    ({ json, stubPrompt }) => {
      const probe = { subscribes: 0, unsubscribes: 0, prompts: 0, keyLength: 0, subscribed: false };
      (window as unknown as { __push: typeof probe }).__push = probe;
      const subscription = {
        endpoint: json.endpoint,
        toJSON: () => json,
        unsubscribe: async () => {
          probe.unsubscribes += 1;
          probe.subscribed = false;
          return true;
        },
      };
      PushManager.prototype.getSubscription = async () => (probe.subscribed ? (subscription as unknown as PushSubscription) : null);
      PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
        probe.subscribes += 1;
        probe.keyLength = (options?.applicationServerKey as Uint8Array | undefined)?.byteLength ?? 0;
        probe.subscribed = true;
        return subscription as unknown as PushSubscription;
      };
      if (stubPrompt) {
        let answered: NotificationPermission = 'default';
        Object.defineProperty(Notification, 'permission', { configurable: true, get: () => answered });
        Notification.requestPermission = async () => {
          probe.prompts += 1;
          answered = 'granted';
          return answered;
        };
      }
    },
    { json: FAKE_SUBSCRIPTION, stubPrompt: prompt },
  );
}

/**
 * Subscribing needs the build's VAPID public key (VITE_VAPID_PUBLIC_KEY, see docs/push.md): without one the
 * app rightly says notifications are not available, and these tests cannot pass.
 */
async function expectPushConfigured(page: Page): Promise<void> {
  const control = page.getByTestId('push-permission');
  await expect(control).toBeAttached();
  await expect(control, 'build the app with VITE_VAPID_PUBLIC_KEY set (any P-256 public key; the push service is stubbed here)').not.toHaveAttribute(
    'data-state',
    /unavailable|checking/,
  );
}

const probe = (page: Page) => page.evaluate(() => (window as unknown as { __push: PushProbe }).__push);

test('with notifications allowed, the device is registered 200 ms after login with user_id and push_token, and /__sandbox/devices lists it', async ({ page, context, request }) => {
  await context.grantPermissions(['notifications']);
  await stubPushService(page);
  let userDataAt = 0;
  let sentAt = 0;
  page.on('response', (response) => {
    if (response.url().endsWith('/api/auth/user-data')) userDataAt = Date.now();
  });
  page.on('request', (candidate) => {
    if (candidate.url().endsWith('/api/onesignal/save-device')) sentAt ||= Date.now();
  });
  const saved = page.waitForRequest((candidate) => candidate.url().endsWith('/api/onesignal/save-device'), { timeout: 15_000 });
  await signInThroughLoginScreen(page, 'gilang.ramadhan', 'Gilang Ramadhan');
  await expectPushConfigured(page);

  const call = await saved;
  // SPEC §9: 200 ms after the login flow (it then waits for the service worker, registered once Home shows).
  expect(userDataAt).toBeGreaterThan(0);
  expect(sentAt - userDataAt).toBeGreaterThanOrEqual(200);
  expect(call.postDataJSON()).toEqual({ user_id: 37, push_token: JSON.stringify(FAKE_SUBSCRIPTION) });
  expect(await probe(page)).toMatchObject({ subscribes: 1, prompts: 0, keyLength: 65 });
  expect((await call.response())?.status()).toBe(200);

  const listed = (await (await request.get(`${SANDBOX}/__sandbox/devices`)).json()) as { devices: Array<Record<string, unknown>> };
  expect(listed.devices.filter((device) => device.user_id === 37)).toEqual([
    expect.objectContaining({ push_token: JSON.stringify(FAKE_SUBSCRIPTION), endpoint: FAKE_SUBSCRIPTION.endpoint, signed_in_user_id: 37 }),
  ]);
});

test('"Turn on notifications": asks only when tapped, subscribes, saves the device; logout drops the subscription', async ({ page, request }) => {
  await stubPushService(page, { prompt: true });
  await signInThroughLoginScreen(page, 'rudi.hartono', 'Rudi Hartono');
  await expectPushConfigured(page);
  await openNotifications(page);
  const control = page.getByTestId('push-permission');
  await expect(control).toContainText('Get notifications on this device, even when the app is closed.');
  expect(await probe(page)).toMatchObject({ prompts: 0, subscribes: 0 });

  const saved = page.waitForRequest((candidate) => candidate.url().endsWith('/api/onesignal/save-device'));
  await control.getByRole('button', { name: 'Turn on notifications' }).click();
  expect((await saved).postDataJSON()).toEqual({ user_id: 39, push_token: JSON.stringify(FAKE_SUBSCRIPTION) });
  await expect(control).toContainText('Notifications are on.');
  await expect(control.getByRole('button')).toHaveCount(0);
  expect(await probe(page)).toMatchObject({ prompts: 1, subscribes: 1 });
  const listed = (await (await request.get(`${SANDBOX}/__sandbox/devices`)).json()) as { devices: Array<{ user_id: number }> };
  expect(listed.devices.filter((device) => device.user_id === 39)).toHaveLength(1);

  // Home's settings show the same state; logging out removes the subscription.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('push-permission')).toContainText('Notifications are on.');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(async () => (await probe(page)).unsubscribes).toBe(1);
});
