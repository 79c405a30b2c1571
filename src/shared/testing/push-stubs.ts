// Test stand-ins for the browser's push boundary (jsdom has none of it): `Notification` with its
// permission and prompt, `PushManager`, and `navigator.serviceWorker` with a registration whose
// pushManager subscribes, finds and unsubscribes one fake subscription. The VAPID key of the build is
// set too. Undo everything with the returned restore().
import { vi } from 'vitest';
import { config } from '../../api/config.ts';

export const TEST_VAPID_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

export const FAKE_SUBSCRIPTION_JSON = {
  endpoint: 'https://push.example/send/test-subscription',
  expirationTime: null,
  keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' },
};

export interface PushStubOptions {
  permission?: NotificationPermission;
  /** What the prompt answers when asked. */
  answer?: NotificationPermission;
  /** A subscription exists already. */
  subscribed?: boolean;
  /** pushManager.subscribe rejects (the push service refused). */
  subscribeFails?: boolean;
  /** Leave out the Notification API, the service worker and PushManager (an unsupported browser). */
  unsupported?: boolean;
  vapidKey?: string;
}

export function stubPush({ permission = 'default', answer = 'granted', subscribed = false, subscribeFails = false, unsupported = false, vapidKey = TEST_VAPID_KEY }: PushStubOptions = {}) {
  const previousKey = config.vapidPublicKey;
  config.vapidPublicKey = vapidKey;

  const unsubscribe = vi.fn(async () => {
    current = null;
    return true;
  });
  const subscription = { endpoint: FAKE_SUBSCRIPTION_JSON.endpoint, toJSON: () => FAKE_SUBSCRIPTION_JSON, unsubscribe };
  let current: typeof subscription | null = subscribed ? subscription : null;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn<(options: PushSubscriptionOptionsInit) => Promise<typeof subscription>>(async () => {
      if (subscribeFails) throw new DOMException('Registration failed - push service error', 'AbortError');
      current = subscription;
      return subscription;
    }),
  };
  const registration = { pushManager };
  const serviceWorker = { ready: Promise.resolve(registration), getRegistration: vi.fn(async () => registration) };

  const requestPermission = vi.fn(async () => {
    NotificationStub.permission = answer;
    return answer;
  });
  class NotificationStub {
    static permission: NotificationPermission = permission;
    static requestPermission = requestPermission;
  }

  if (!unsupported) {
    vi.stubGlobal('Notification', NotificationStub);
    vi.stubGlobal('PushManager', class PushManager {});
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: serviceWorker });
  }

  return {
    requestPermission,
    pushManager,
    unsubscribe,
    /** The permission as the stub holds it now. */
    permission: () => NotificationStub.permission,
    restore() {
      config.vapidPublicKey = previousKey;
      vi.unstubAllGlobals();
      Reflect.deleteProperty(navigator, 'serviceWorker');
    },
  };
}
