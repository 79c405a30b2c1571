// Push device registration (POST /onesignal/save-device, SPEC §7): the sandbox records what the app
// registered — user_id, push_token (in the PWA the Web Push subscription's JSON) and when — and lists
// it at GET /__sandbox/devices, so a developer can see that turning notifications on, or signing in
// with notifications allowed, reached the backend. A registration of the same user and token again
// updates its time and count instead of adding a row.
import { userIdFromRequest } from './chat/identity.ts';
import { json, operation, refuse, type SandboxResource } from './routes.ts';

export interface RegisteredDevice {
  user_id: number;
  push_token: string;
  /** The subscription's endpoint when push_token is a Web Push subscription's JSON, else null. */
  endpoint: string | null;
  /** Who was signed in (the bearer token's user): normally user_id. */
  signed_in_user_id: number;
  registered_at: string;
  times: number;
}

function endpointOf(pushToken: string): string | null {
  try {
    const parsed = JSON.parse(pushToken) as { endpoint?: unknown };
    return typeof parsed?.endpoint === 'string' ? parsed.endpoint : null;
  } catch {
    return null;
  }
}

/** `devices`: the list to keep them in, shared with the push outbox (push-outbox.ts), which sends to them. */
export function createDevicesResource({ now = Date.now, devices = [] }: { now?: () => number; devices?: RegisteredDevice[] } = {}): SandboxResource {
  return {
    name: 'devices',
    routes: [
      operation('POST', '/onesignal/save-device', 'saveDevice', async (context) => {
          const body = await context.body();
          const userId = body.user_id;
          const pushToken = body.push_token;
          if (pushToken.trim() === '') return refuse(422, 'The push token field is required.');
          const registeredAt = new Date(now()).toISOString();
          const known = devices.findIndex((device) => device.user_id === userId && device.push_token === pushToken);
          const times = known === -1 ? 1 : devices[known]!.times + 1;
          if (known !== -1) devices.splice(known, 1);
          devices.push({ user_id: userId, push_token: pushToken, endpoint: endpointOf(pushToken), signed_in_user_id: userIdFromRequest(context.request), registered_at: registeredAt, times });
          return context.ok({ message: 'Device saved.' });
      }),
      {
        method: 'GET',
        path: '/__sandbox/devices',
        handle: () => json({ devices: devices.map((device) => ({ ...device })) }),
      },
    ],
  };
}
