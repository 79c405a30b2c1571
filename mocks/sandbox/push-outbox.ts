// The sandbox's Web Push sending (asyncapi/asyncapi.yaml, WebPushNotification): what the backend would
// push to a person's devices. Every push is kept, newest last, at GET /__sandbox/pushes (`?user_id=`),
// whether or not that person registered a device, so a test can hand it to a browser (headless
// Chromium has no push service: the browser tests deliver it through DevTools). A device registered
// with a Web Push subscription (`save-device`'s push_token, https endpoint) also gets it through its
// push service, signed with VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY / VAPID_SUBJECT from the environment or
// this checkout's own pair (.tmp/vapid.json, the one `npm start` builds the app with).
import type { RegisteredDevice } from './devices.ts';
import { json, type SandboxRoute } from './routes.ts';

export interface PushPayload {
  title: string;
  body: string;
  tag?: string;
  require_interaction?: boolean;
  renotify?: boolean;
  data: { target_page?: string; nav_params?: Record<string, string | number | boolean> };
}

export interface SentPush {
  user_id: number;
  payload: PushPayload;
  sent_at: string;
  /** How many of the person's registered subscriptions it went to. */
  devices: number;
}

export interface PushOutbox {
  push(userId: number, payload: PushPayload): void;
  sent(userId?: number): SentPush[];
  routes: SandboxRoute[];
}

/** How a push reaches one subscription (web-push in the sandbox; a recorder in tests). */
export type PushDelivery = (subscription: { endpoint: string; keys: { p256dh: string; auth: string } }, payload: string) => Promise<void>;

function subscriptionOf(pushToken: string): Parameters<PushDelivery>[0] | undefined {
  try {
    const parsed = JSON.parse(pushToken) as { endpoint?: unknown; keys?: { p256dh?: unknown; auth?: unknown } };
    const { endpoint, keys } = parsed;
    if (typeof endpoint !== 'string' || !endpoint.startsWith('https://')) return undefined;
    if (typeof keys?.p256dh !== 'string' || typeof keys.auth !== 'string') return undefined;
    return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
  } catch {
    return undefined;
  }
}

/** web-push with the environment's VAPID keys, else the checkout's own pair; loaded on the first push to a real device. */
const webPushDelivery: PushDelivery = async (subscription, payload) => {
  const [{ default: webpush }, { LOCAL_VAPID_SUBJECT, localVapidKeys }] = await Promise.all([import('web-push'), import('../../scripts/lib/local-vapid.ts')]);
  const env = process.env;
  const vapidDetails =
    env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
      ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT || LOCAL_VAPID_SUBJECT }
      : { ...localVapidKeys(), subject: LOCAL_VAPID_SUBJECT };
  await webpush.sendNotification(subscription, payload, { vapidDetails, contentEncoding: 'aes128gcm', TTL: 600 });
};

const KEPT = 500;

export function createPushOutbox({ devices, deliver = webPushDelivery, now = Date.now }: { devices: () => readonly RegisteredDevice[]; deliver?: PushDelivery; now?: () => number }): PushOutbox {
  const log: SentPush[] = [];
  const push = (userId: number, payload: PushPayload) => {
    const subscriptions = devices()
      .filter((device) => device.user_id === userId)
      .map((device) => subscriptionOf(device.push_token))
      .filter((subscription) => subscription !== undefined);
    log.push({ user_id: userId, payload, sent_at: new Date(now()).toISOString(), devices: subscriptions.length });
    if (log.length > KEPT) log.splice(0, log.length - KEPT);
    const body = JSON.stringify(payload);
    for (const subscription of subscriptions) {
      deliver(subscription, body).catch((error: unknown) => console.warn(`sandbox: a push to user ${userId} was not delivered: ${(error as Error).message}`));
    }
  };
  const sent = (userId?: number) => log.filter((entry) => userId === undefined || entry.user_id === userId).map((entry) => ({ ...entry }));
  return {
    push,
    sent,
    routes: [
      {
        method: 'GET',
        path: '/__sandbox/pushes',
        handle: (context) => {
          const userId = Number(context.query.get('user_id'));
          return json({ pushes: sent(Number.isInteger(userId) && userId > 0 ? userId : undefined) });
        },
      },
    ],
  };
}
