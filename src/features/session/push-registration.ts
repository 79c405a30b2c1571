// Registers the device for push after login (SPEC §4, §7: POST /onesignal/save-device). In the PWA the
// push token is the Web Push subscription. The app never asks for the notification permission on
// its own at start (browsers penalise that); it registers when the user has already allowed it.
import { config } from '../../api/config.ts';
import { saveDeviceToken } from './api.ts';

function applicationServerKey(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64Url + '='.repeat((4 - (base64Url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let index = 0; index < raw.length; index += 1) bytes[index] = raw.charCodeAt(index);
  return bytes;
}

/** The Web Push subscription as a token, or null when push is unavailable, not configured or not allowed. */
export async function getPushToken(): Promise<string | null> {
  if (!config.vapidPublicKey || typeof Notification === 'undefined' || Notification.permission !== 'granted') return null;
  if (!('serviceWorker' in navigator) || !('PushManager' in window)) return null;
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(config.vapidPublicKey) }));
  return JSON.stringify(subscription.toJSON());
}

export async function registerDevice(userId: number, pushToken: () => Promise<string | null> = getPushToken): Promise<void> {
  const token = await pushToken();
  if (!token) return;
  await saveDeviceToken(userId, token);
}
