// Steps for the Web Push browser tests (tests/e2e/push.spec.ts): the app's service worker, pushes delivered
// to it through DevTools (headless Chromium has no push service), and clicks dispatched inside it.
import { expect, type BrowserContext, type Page, type Worker } from '@playwright/test';
import { signInThroughLoginScreen } from './chat.ts';
import { APP_ORIGIN } from './stack.ts';

/** This worker's app origin (./stack.ts; read it inside a test). */
export { APP_ORIGIN };

/** What the tests need of the worker's global scope (the DOM types do not describe it). */
export interface WorkerScope {
  registration: ServiceWorkerRegistration;
  clients: { openWindow(url: string): Promise<unknown> };
  dispatchEvent(event: Event): boolean;
  NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
  openedWindows?: string[];
  shownTags?: string[];
}

/** The app's worker once active: the app registers it lazily, after Home's first content. */
async function appWorker(page: Page, context: BrowserContext): Promise<Worker> {
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  const worker = context.serviceWorkers().find((candidate) => candidate.url() === `${APP_ORIGIN}/sw.js`);
  return worker ?? context.waitForEvent('serviceworker', (candidate) => candidate.url() === `${APP_ORIGIN}/sw.js`);
}

/** Delivers push messages to the app's registration, as the push service would. */
async function pushChannel(page: Page, context: BrowserContext): Promise<(payload: unknown) => Promise<void>> {
  const cdp = await context.newCDPSession(page);
  const registrations = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const registration of updated) {
      if (registration.isDeleted) registrations.delete(registration.scopeURL);
      else registrations.set(registration.scopeURL, registration.registrationId);
    }
  });
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.get(`${APP_ORIGIN}/`)).toBeDefined();
  const registrationId = registrations.get(`${APP_ORIGIN}/`)!;
  return async (payload) => {
    const data = typeof payload === 'string' ? payload : JSON.stringify(payload);
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: APP_ORIGIN, registrationId, data });
  };
}

/**
 * Records the tags of the notifications the worker has shown (calling through to the browser).
 * Chromium's getNotifications(), asked while a notification is being shown, can drop that one (one in
 * some dozens here), so the tests ask for a notification only once it is shown.
 */
async function observeShown(worker: Worker): Promise<void> {
  await worker.evaluate(() => {
    const scope = self as unknown as WorkerScope;
    const registration = scope.registration;
    const show = registration.showNotification.bind(registration);
    scope.shownTags = [];
    registration.showNotification = async (title, options) => {
      await show(title, options);
      scope.shownTags!.push(options?.tag ?? '');
    };
  });
}

export async function waitUntilShown(worker: Worker, tag: string): Promise<void> {
  await expect.poll(() => worker.evaluate((wanted) => (self as unknown as WorkerScope).shownTags?.includes(wanted) ?? false, tag)).toBe(true);
}

/** The notifications the app's registration shows with this tag (read from the page). */
export function shownNotifications(page: Page, tag?: string) {
  return page.evaluate(async (wanted) => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications(wanted ? { tag: wanted } : undefined)).map(({ title, body, icon, tag, data }) => ({ title, body, icon, tag, data: data as unknown }));
  }, tag);
}

/** A person's click on the notification, dispatched inside the worker (once the push has shown it). */
export async function clickNotification(worker: Worker, tag: string): Promise<void> {
  await waitUntilShown(worker, tag);
  await worker.evaluate(async (wanted) => {
    const scope = self as unknown as WorkerScope;
    const [notification] = await scope.registration.getNotifications({ tag: wanted });
    if (!notification) throw new Error(`no notification tagged ${wanted}`);
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
  }, tag);
}

/** Notifications allowed, signed in (as Ayu unless told), the worker active and observed, and a push channel to it. */
export async function readyForPush(page: Page, context: BrowserContext, who: { username: string; fullName: string } = { username: 'ayu.lestari', fullName: 'Ayu Lestari' }) {
  await context.grantPermissions(['notifications'], { origin: APP_ORIGIN });
  // Through the login screen: the app registers the device for push after a login (SPEC §4, §7).
  await signInThroughLoginScreen(page, who.username, who.fullName);
  const worker = await appWorker(page, context);
  await observeShown(worker);
  const push = await pushChannel(page, context);
  return { worker, push };
}

/** target_page values that name no route of SPEC §2 as they are (src/shared/safe-path/testing). */
export { HOSTILE_TARGETS } from '../../../src/shared/safe-path/testing/hostile-targets.ts';
