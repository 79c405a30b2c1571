// The Pusher-protocol broadcast connection (SPEC §7): the public `{prefix}_global_event` channel and
// the user's private channel deliver the global event; private channels and the user sign-in are
// authorised through the generated SDK (bearer token and platform headers included). Once connected,
// the socket id is handed to the HTTP layer. pusher-js retries by itself; when it gives up
// (unavailable, failed) we reconnect after a growing delay.
import Pusher from 'pusher-js';
import type { PusherConfig } from '../../api/config.ts';
import { createBackoff, type Backoff } from './backoff.ts';

/** The Pusher event the global event is broadcast as (the realtime contract's `x-pusher-event`). */
export const GLOBAL_EVENT_NAME = 'global_event';

/** What /broadcasting/auth answers (presence channels add channel_data). */
export interface ChannelAuthorizationData {
  auth: string;
  channel_data?: string;
}

/** What /broadcasting/user-auth answers. */
export interface UserAuthenticationData {
  auth: string;
  user_data: string;
}

export interface BroadcastDeps {
  config: PusherConfig;
  prefix: string;
  /** The signed-in user, for the private channel; undefined: the public channel only. */
  userId: number | undefined;
  onGlobalEvent(raw: unknown): void;
  onSocketId(socketId: string | undefined): void;
  authorizeChannel(socketId: string, channelName: string): Promise<ChannelAuthorizationData>;
  authenticateUser(socketId: string): Promise<UserAuthenticationData>;
  backoff?: Backoff;
}

export interface BroadcastConnection {
  close(): void;
}

export const globalChannelName = (prefix: string) => `${prefix}_global_event`;
export const userChannelName = (prefix: string, userId: number) => `private-${prefix}_user.${userId}`;

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

export function connectBroadcast(deps: BroadcastDeps): BroadcastConnection {
  const backoff = deps.backoff ?? createBackoff({ initialMs: 1000, maxMs: 30_000 });
  const { key, host, port, path, forceTLS } = deps.config;
  const client = new Pusher(key, {
    cluster: 'mt1', // Required by the type; unused once wsHost is given.
    wsHost: host,
    wsPort: port,
    wssPort: port,
    wsPath: path,
    forceTLS,
    enabledTransports: ['ws', 'wss'],
    disableStats: true,
    channelAuthorization: {
      customHandler: ({ socketId, channelName }, callback) => {
        deps.authorizeChannel(socketId, channelName).then(
          (data) => callback(null, data),
          (error: unknown) => callback(asError(error), null),
        );
      },
    },
    userAuthentication: {
      customHandler: ({ socketId }, callback) => {
        deps.authenticateUser(socketId).then(
          (data) => callback(null, data),
          (error: unknown) => callback(asError(error), null),
        );
      },
    },
  });

  let closed = false;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  const reconnectLater = () => {
    if (closed || reconnectTimer !== undefined) return;
    client.disconnect();
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      if (!closed) client.connect();
    }, backoff.next());
  };

  client.connection.bind('state_change', ({ current }: { current: string }) => {
    if (current === 'connected') {
      backoff.reset();
      deps.onSocketId(client.connection.socket_id);
      return;
    }
    deps.onSocketId(undefined);
    if (current === 'unavailable' || current === 'failed') reconnectLater();
  });

  const channels = [globalChannelName(deps.prefix), ...(deps.userId === undefined ? [] : [userChannelName(deps.prefix, deps.userId)])];
  for (const name of channels) {
    const channel = client.subscribe(name);
    channel.bind(GLOBAL_EVENT_NAME, (data: unknown) => deps.onGlobalEvent(data));
    channel.bind('pusher:subscription_error', (error: unknown) => console.warn(`realtime: subscription to ${name} refused`, error));
  }
  if (deps.userId !== undefined) client.signin();

  return {
    close() {
      closed = true;
      clearTimeout(reconnectTimer);
      client.unbind_all();
      client.connection.unbind('state_change');
      client.disconnect();
      deps.onSocketId(undefined);
    },
  };
}
