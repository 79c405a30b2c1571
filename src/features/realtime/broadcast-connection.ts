// The Pusher-protocol broadcast connection (SPEC §7): the public `{prefix}_global_event` channel and
// the user's private channel deliver the global event; private channels and the user sign-in are
// authorised through the generated SDK (bearer token and platform headers included). Once connected,
// the socket id is handed to the HTTP layer; a lost connection is restarted on a short backoff. While
// connected (with a signed-in user) it also provides the call signalling (issue 12) over the same client.
import Pusher from 'pusher-js';
import type { PusherConfig } from '../../api/config.ts';
import { provideCallSignalling } from '../../shared/domain/call-signalling.ts';
import { createBackoff, type Backoff } from './backoff.ts';
import { createCallSignalling } from './call-signalling.ts';

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
  /** Connected (the first time or again): what waited for the server can go. */
  onConnected?(): void;
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
  // Capped at 5 s: a restarted server is found again within 5 s; one attempt per 5 s per app is no load.
  const backoff = deps.backoff ?? createBackoff({ initialMs: 1000, maxMs: 5000 });
  const { key, host, port, path, forceTLS } = deps.config;
  const client = new Pusher(key, {
    cluster: 'mt1', // Required by the type; unused once wsHost is given.
    wsHost: host,
    wsPort: port,
    wssPort: port,
    wsPath: path,
    forceTLS,
    // 'ws' follows forceTLS (ws:// or wss://). Without this list pusher-js also falls back to wss:// on a
    // plain server, and to HTTP streaming, and spends its retries there while the server restarts.
    enabledTransports: ['ws'],
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

  // pusher-js retries by itself, but after a failed attempt it waits out the attempt's timeout (15 s,
  // doubling to 60 s) before the next one: a server back after a 3 s restart would be found again only
  // 15 s or more later. So once the connection is lost (or pusher-js says unavailable/failed), we restart
  // the attempt ourselves on a short backoff until it is connected again.
  let closed = false;
  let wasConnected = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  const keepTrying = () => {
    if (closed || retryTimer !== undefined) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      if (closed || client.connection.state === 'connected') return;
      client.disconnect();
      client.connect();
      keepTrying();
    }, backoff.next());
  };

  // Withdrawn while disconnected, so a call joining then waits for the connection (the calls feature waits for it).
  let withdrawSignalling: (() => void) | undefined;
  const signalling = deps.userId === undefined ? undefined : createCallSignalling({ client, prefix: deps.prefix, selfId: String(deps.userId) });
  const onStateChange = ({ current }: { current: string }) => {
    if (current === 'connected') {
      if (signalling && !withdrawSignalling) withdrawSignalling = provideCallSignalling(signalling);
      wasConnected = true;
      clearTimeout(retryTimer);
      retryTimer = undefined;
      backoff.reset();
      deps.onSocketId(client.connection.socket_id);
      deps.onConnected?.();
      return;
    }
    deps.onSocketId(undefined); // No stale id on requests while disconnected.
    withdrawSignalling?.();
    withdrawSignalling = undefined;
    if (wasConnected || current === 'unavailable' || current === 'failed') keepTrying();
  };
  client.connection.bind('state_change', onStateChange);

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
      clearTimeout(retryTimer);
      client.connection.unbind('state_change', onStateChange);
      withdrawSignalling?.();
      withdrawSignalling = undefined;
      client.disconnect();
      deps.onSocketId(undefined);
    },
  };
}
