// What the "Turn on notifications" control shows, from the browser's notification permission and
// whether this browser holds a push subscription. Only turnOn() — a person's tap — may ask for the
// permission; on load nothing is asked. Turning on = permission, then the Web Push subscription
// (src/shared/domain/web-push-subscription.ts), then POST /onesignal/save-device with the user's id and the subscription's JSON.
import { useCallback, useEffect, useState } from 'react';
import {
  getPushToken,
  hasPushSubscription,
  notificationPermission,
  pushUnavailable,
  requestNotificationPermission,
} from '../../../shared/domain/web-push-subscription.ts';
import { useSaveDevice } from '../api.ts';

export type PushView =
  /** Looking for an existing subscription. */
  | 'checking'
  /** No notifications in this browser, or no VAPID key in this build. */
  | 'unavailable'
  /** Not asked yet, or allowed but not subscribed: the button. */
  | 'off'
  | 'working'
  | 'on'
  /** Blocked in the browser: only its site settings can change that. */
  | 'denied'
  /** Subscribing or saving failed: say so, offer a retry. */
  | 'failed';

function viewWithoutLookingUp(): PushView | null {
  if (pushUnavailable() !== null) return 'unavailable';
  const permission = notificationPermission();
  if (permission === 'denied') return 'denied';
  return permission === 'granted' ? null : 'off';
}

async function lookUp(): Promise<PushView> {
  const known = viewWithoutLookingUp();
  if (known !== null) return known;
  return (await hasPushSubscription().catch(() => false)) ? 'on' : 'off';
}

export function usePushPermission(userId: number | undefined): { view: PushView; turnOn(): Promise<void> } {
  const [view, setView] = useState<PushView>(() => viewWithoutLookingUp() ?? 'checking');
  const saveDevice = useSaveDevice();

  useEffect(() => {
    let active = true;
    const refresh = () =>
      void lookUp().then((next) => {
        if (active) setView((current) => (current === 'working' ? current : next));
      });
    refresh();
    // A change in the browser's site settings while the screen is open shows at once, where the browser tells.
    let status: PermissionStatus | undefined;
    navigator.permissions
      ?.query({ name: 'notifications' })
      .then((found) => {
        if (!active) return;
        status = found;
        status.addEventListener('change', refresh);
      })
      .catch(() => undefined);
    return () => {
      active = false;
      status?.removeEventListener('change', refresh);
    };
  }, []);

  const turnOn = useCallback(async () => {
    if (pushUnavailable() !== null) return setView('unavailable');
    setView('working');
    try {
      // Asked first thing in the tap's handler: browsers only show the prompt for a user gesture.
      const permission = notificationPermission() === 'default' ? await requestNotificationPermission() : notificationPermission();
      if (permission === 'denied') return setView('denied');
      if (permission !== 'granted') return setView('off');
      const token = await getPushToken();
      if (!token || userId === undefined) throw new Error('No push subscription');
      await saveDevice(userId, token);
      setView('on');
    } catch (error) {
      console.warn('Notifications could not be turned on', error);
      setView('failed');
    }
  }, [saveDevice, userId]);

  return { view, turnOn };
}
