// The Pusher protocol 7 over a websocket, as much of it as pusher-js and Laravel Echo use:
// handshake, ping/pong, public/private/presence subscriptions with signature checks, sign-in,
// client events, and server-side publishing.
import { randomInt } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import { channelAuth, isAuthorisedChannel, sameSignature, userAuth } from './signatures.ts';
import type { AppCredentials } from './signatures.ts';

const ACTIVITY_TIMEOUT_SECONDS = 120;

interface PusherMessage {
  event: string;
  channel?: string;
  data?: unknown;
}

interface Connection {
  ws: WebSocket;
  socketId: string;
  /** Set by a verified pusher:signin. */
  userId?: string;
  channels: Map<string, { userId?: string; info?: unknown }>;
}

interface PresenceMember {
  userId: string;
  info: unknown;
}

export interface PusherServer {
  /** Handles an HTTP upgrade for `/app/{appKey}`; returns false when the path is not Pusher's. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Sends `event` with `payload` to every subscriber of `channel`; returns how many got it. */
  publish(channel: string, event: string, payload: unknown): number;
  subscriberCount(channel: string): number;
  /** Open connections and, per channel, how many of them subscribe (for /__mock/listeners). */
  stats(): { connections: number; channels: Record<string, number> };
  /** Drops every connection as a restart would (clients are expected to reconnect). */
  dropConnections(): number;
  close(): void;
}

function dataObject(data: unknown): Record<string, unknown> {
  if (typeof data === 'string') {
    try {
      const parsed: unknown = JSON.parse(data);
      return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
}

export interface PusherServerHooks {
  /** A member came into a presence channel (Pusher's `member_added` webhook): the first connection of that user. */
  memberAdded?(channel: string, userId: string): void;
}

export function createPusherServer(app: AppCredentials, hooks: PusherServerHooks = {}): PusherServer {
  const wss = new WebSocketServer({ noServer: true });
  const connections = new Set<Connection>();

  const send = (ws: WebSocket, message: PusherMessage): void => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
  };

  const subscribers = (channel: string): Connection[] => [...connections].filter((c) => c.channels.has(channel));

  const presenceMembers = (channel: string): PresenceMember[] => {
    const members = new Map<string, PresenceMember>();
    for (const c of subscribers(channel)) {
      const member = c.channels.get(channel);
      if (member?.userId !== undefined && !members.has(member.userId)) {
        members.set(member.userId, { userId: member.userId, info: member.info });
      }
    }
    return [...members.values()];
  };

  const refuse = (connection: Connection, channel: string, reason: string): void => {
    // pusher-js fires `pusher:subscription_error` on the channel for this (as with soketi);
    // the connection-level error mirrors what the hosted Pusher service sends.
    send(connection.ws, { event: 'pusher:subscription_error', channel, data: { type: 'AuthError', error: reason, status: 401 } });
    send(connection.ws, { event: 'pusher:error', data: { code: 4009, message: reason } });
  };

  const subscribe = (connection: Connection, data: Record<string, unknown>): void => {
    const channel = typeof data.channel === 'string' ? data.channel : '';
    if (!channel) {
      send(connection.ws, { event: 'pusher:error', data: { code: 4000, message: 'pusher:subscribe needs a channel' } });
      return;
    }
    const isPresence = channel.startsWith('presence-');
    if (channel.startsWith('#server-to-user-') && channel !== `#server-to-user-${connection.userId ?? ''}`) {
      return refuse(connection, channel, `${channel} is only for its signed-in user`);
    }
    if (isAuthorisedChannel(channel)) {
      const channelData = isPresence && typeof data.channel_data === 'string' ? data.channel_data : undefined;
      if (data.auth === undefined || data.auth === '') return refuse(connection, channel, `Missing auth for ${channel}`);
      const expected = channelAuth(app, connection.socketId, channel, channelData);
      if (!sameSignature(expected, data.auth)) return refuse(connection, channel, `Invalid signature for ${channel}`);
    }
    if (!isPresence) {
      connection.channels.set(channel, {});
      send(connection.ws, { event: 'pusher_internal:subscription_succeeded', channel, data: '{}' });
      return;
    }
    const member = dataObject(data.channel_data);
    const userId = String(member.user_id ?? '');
    if (!userId) return refuse(connection, channel, `channel_data of ${channel} has no user_id`);
    const isNewMember = !presenceMembers(channel).some((m) => m.userId === userId);
    connection.channels.set(channel, { userId, info: member.user_info });
    const members = presenceMembers(channel);
    const presence = {
      ids: members.map((m) => m.userId),
      hash: Object.fromEntries(members.map((m) => [m.userId, m.info ?? null])),
      count: members.length,
    };
    send(connection.ws, { event: 'pusher_internal:subscription_succeeded', channel, data: JSON.stringify({ presence }) });
    if (isNewMember) {
      hooks.memberAdded?.(channel, userId);
      for (const other of subscribers(channel)) {
        if (other !== connection) {
          send(other.ws, { event: 'pusher_internal:member_added', channel, data: JSON.stringify({ user_id: userId, user_info: member.user_info }) });
        }
      }
    }
  };

  const unsubscribe = (connection: Connection, channel: string): void => {
    const member = connection.channels.get(channel);
    if (!connection.channels.delete(channel)) return;
    if (member?.userId !== undefined && !presenceMembers(channel).some((m) => m.userId === member.userId)) {
      for (const other of subscribers(channel)) {
        send(other.ws, { event: 'pusher_internal:member_removed', channel, data: JSON.stringify({ user_id: member.userId }) });
      }
    }
  };

  const signin = (connection: Connection, data: Record<string, unknown>): void => {
    const userData = typeof data.user_data === 'string' ? data.user_data : '';
    if (!userData || !sameSignature(userAuth(app, connection.socketId, userData), data.auth)) {
      send(connection.ws, { event: 'pusher:error', data: { code: 4009, message: 'Invalid signature for pusher:signin' } });
      return;
    }
    connection.userId = String(dataObject(userData).id ?? '');
    send(connection.ws, { event: 'pusher:signin_success', data: JSON.stringify({ user_data: userData }) });
  };

  const clientEvent = (connection: Connection, message: PusherMessage): void => {
    const channel = message.channel ?? '';
    const member = connection.channels.get(channel);
    if (!member || !isAuthorisedChannel(channel)) {
      send(connection.ws, { event: 'pusher:error', data: { code: 4301, message: 'Client events need a subscribed private or presence channel' } });
      return;
    }
    for (const other of subscribers(channel)) {
      if (other === connection) continue;
      const forwarded: PusherMessage & { user_id?: string } = { event: message.event, channel, data: message.data };
      if (member.userId !== undefined) forwarded.user_id = member.userId;
      send(other.ws, forwarded);
    }
  };

  wss.on('connection', (ws: WebSocket) => {
    const connection: Connection = { ws, socketId: `${randomInt(1e9)}.${randomInt(1e9)}`, channels: new Map() };
    connections.add(connection);
    send(ws, {
      event: 'pusher:connection_established',
      data: JSON.stringify({ socket_id: connection.socketId, activity_timeout: ACTIVITY_TIMEOUT_SECONDS }),
    });
    ws.on('message', (raw) => {
      let message: PusherMessage;
      try {
        message = JSON.parse(String(raw)) as PusherMessage;
      } catch {
        send(ws, { event: 'pusher:error', data: { code: 4000, message: 'Messages must be JSON' } });
        return;
      }
      const data = dataObject(message.data);
      if (message.event === 'pusher:ping') send(ws, { event: 'pusher:pong', data: {} });
      else if (message.event === 'pusher:subscribe') subscribe(connection, data);
      else if (message.event === 'pusher:unsubscribe') unsubscribe(connection, String(data.channel ?? ''));
      else if (message.event === 'pusher:signin') signin(connection, data);
      else if (message.event?.startsWith('client-')) clientEvent(connection, message);
    });
    ws.on('close', () => {
      for (const channel of [...connection.channels.keys()]) unsubscribe(connection, channel);
      connections.delete(connection);
    });
    ws.on('error', () => ws.terminate());
  });

  return {
    handleUpgrade(request, socket, head) {
      const url = new URL(request.url ?? '/', 'http://mock');
      const appKey = /^\/app\/([^/]+)$/.exec(url.pathname)?.[1];
      if (appKey === undefined) return false;
      wss.handleUpgrade(request, socket, head, (ws) => {
        if (decodeURIComponent(appKey) !== app.appKey) {
          send(ws, { event: 'pusher:error', data: { code: 4001, message: `App key ${appKey} does not exist` } });
          ws.close(4001, 'Unknown app key');
          return;
        }
        wss.emit('connection', ws, request);
      });
      return true;
    },
    publish(channel, event, payload) {
      const targets = subscribers(channel);
      for (const c of targets) send(c.ws, { event, channel, data: JSON.stringify(payload) });
      return targets.length;
    },
    subscriberCount(channel) {
      return subscribers(channel).length;
    },
    stats() {
      const channels: Record<string, number> = {};
      for (const c of connections) for (const name of c.channels.keys()) channels[name] = (channels[name] ?? 0) + 1;
      return { connections: connections.size, channels };
    },
    dropConnections() {
      const dropped = connections.size;
      // A close frame with 4200 ("reconnect immediately") would be kinder; a restart gives none, so neither do we.
      for (const c of connections) c.ws.terminate();
      return dropped;
    },
    close() {
      for (const c of connections) c.ws.terminate();
      connections.clear();
      wss.close();
    },
  };
}
