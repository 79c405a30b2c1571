// The browser's side of Web Push, for the two features that need it without importing each other: the
// session registers the device after login (SPEC §4, §9), the notifications feature lets a person turn
// notifications on. The push token is the Web Push subscription as JSON (the contract's save-device
// `push_token`). Nothing here asks for the permission on its own: only a person's tap may
// (requestNotificationPermission), since browsers penalise sites that ask on load.
import { config } from '../../api/config.ts';

/** How long to wait for the service worker (registered lazily once the first screen shows) before giving up. */
export const SERVICE_WORKER_WAIT_MS = 10_000;

/** Why push cannot work here, or null when it can. */
export type PushUnavailable = 'unsupported' | 'not-configured';

export function pushUnavailable(): PushUnavailable | null {
  if (typeof Notification === 'undefined' || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return 'unsupported';
  if (typeof window === 'undefined' || !('PushManager' in window)) return 'unsupported';
  return config.vapidPublicKey ? null : 'not-configured';
}

/** The notification permission, or null where the browser has no notifications. */
export function notificationPermission(): NotificationPermission | null {
  return typeof Notification === 'undefined' ? null : Notification.permission;
}

/** Asks the person: call it from a tap only (browsers show the prompt for a user gesture, and penalise asking on load). */
export async function requestNotificationPermission(): Promise<NotificationPermission> {
  return (await Notification.requestPermission()) ?? Notification.permission;
}

function applicationServerKey(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64Url + '='.repeat((4 - (base64Url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let index = 0; index < raw.length; index += 1) bytes[index] = raw.charCodeAt(index);
  return bytes;
}

async function activeRegistration(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('No service worker is active')), SERVICE_WORKER_WAIT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The Web Push subscription as a token (JSON), subscribing when there is none yet; null when push is
 * unavailable, not configured or not allowed. Rejects when subscribing fails.
 */
export async function getPushToken(): Promise<string | null> {
  if (pushUnavailable() !== null || notificationPermission() !== 'granted') return null;
  const registration = await activeRegistration();
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(config.vapidPublicKey) }));
  return JSON.stringify(subscription.toJSON());
}

/** Whether this browser holds a push subscription now (never waits for the service worker). */
export async function hasPushSubscription(): Promise<boolean> {
  if (pushUnavailable() !== null) return false;
  const registration = await navigator.serviceWorker.getRegistration();
  return Boolean(await registration?.pushManager.getSubscription());
}

/** Drops the subscription, so the signed-out device gets no more pushes. Resolves whether or not there was one. */
export async function removePushSubscription(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || typeof window === 'undefined' || !('PushManager' in window)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  await subscription?.unsubscribe();
}
