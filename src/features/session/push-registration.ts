// Registers the device for push after login (SPEC §4, §7: POST /onesignal/save-device) and drops the
// push subscription on logout. In the PWA the push token is the Web Push subscription
// (src/shared/domain/web-push-subscription.ts). The app never asks for the notification permission on its own at start (browsers
// penalise that): it registers only when the user has already allowed notifications.
import { getPushToken, removePushSubscription } from '../../shared/domain/web-push-subscription.ts';
import { saveDeviceToken } from './api.ts';

export { getPushToken };

/** Sends the user's id and push token; does nothing when there is no token (push unavailable or not allowed). */
export async function registerDevice(userId: number, pushToken: () => Promise<string | null> = getPushToken): Promise<void> {
  const token = await pushToken();
  if (!token) return;
  await saveDeviceToken(userId, token);
}

/** The logout flow's part: the signed-out device stops receiving pushes. Best-effort: never rejects. */
export async function unregisterDevice(removeSubscription: () => Promise<void> = removePushSubscription): Promise<void> {
  try {
    await removeSubscription();
  } catch (error) {
    console.warn('The push subscription could not be removed', error);
  }
}
