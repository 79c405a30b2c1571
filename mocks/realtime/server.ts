// The realtime mock: one HTTP server on loopback speaking the Pusher protocol (broadcast), socket.io
// (live chat) and the long-poll endpoint, plus /broadcasting/auth and /__mock/emit, which sends any
// named message example of asyncapi/asyncapi.yaml through the transport its channel uses and says how
// many receivers are connected to get it (/__mock/listeners counts them per transport). As the backend
// must (access.ts): a call room's presence channel is authorised only for the call's room members, and
// the socket.io server takes only sockets with a known token and sends a live-chat event only to the
// sockets of the user whose chat home `websocket_id` names it.
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Server as SocketIoServer } from 'socket.io';
import { messageExamples, parseAsyncApi } from '../../scripts/lib/asyncapi-schemas.ts';
import type { MessageExample } from '../../scripts/lib/asyncapi-schemas.ts';
import { handleWebModuleRequest } from '../modules/web-modules.ts';
import { userIdFromRequest } from '../sandbox/chat/identity.ts';
import { findPerson, fullName } from '../sandbox/people.ts';
import { authenticateSockets, createCallRooms, type CallRooms, meetRoomOfChannel, recipientOfLiveChatEvent, userSocketRoom } from './access.ts';
import { LOOPBACK_ORIGIN, hasBearerToken, readBody, sendError, sendJson, setCors } from './http.ts';
import { keepIdleConnections } from '../keep-alive.ts';
import { cameThroughProxy, isRealtimeControlPath, refuseControlThroughProxy } from '../control-routes.ts';
import { createPusherServer } from './pusher-server.ts';
import { channelAuth, isAuthorisedChannel, userAuth } from './signatures.ts';
import { createChatRoomMembers, relayTyping, type ChatRoomMembers } from './typing.ts';

export interface RealtimeMockOptions {
  host?: string;
  port?: number;
  appKey?: string;
  appSecret?: string;
  prefix?: string;
  websocketId?: string;
  /** The signed-in mock user (matches the HTTP contract's examples). */
  userId?: number;
  asyncapiPath?: string;
  /** Validate emitted payloads with generated/realtime's zod schemas when they exist. */
  validate?: boolean;
}

export interface EmitResult {
  emitted: string;
  transport: MessageExample['transport'];
  channel: string;
  event: string;
  /** Receivers connected to get it: Pusher subscribers of the channel, socket.io sockets, or apps polling lately. */
  delivered: number;
  /** Long polling only: the events queued for the next poll. */
  queued?: number;
  payload: unknown;
}

export interface ListenerCounts {
  pusher: { connections: number; channels: Record<string, number> };
  socketIo: number;
  /** Apps (one per bearer token) that polled within the last LONG_POLL_RECEIVER_TTL_MS. */
  longPoll: number;
}

export interface RealtimeMock {
  url: string;
  port: number;
  examples: MessageExample[];
  emit(name: string, channel?: string): EmitResult;
  listeners(): ListenerCounts;
  /** Drops every Pusher and socket.io connection, as a restart would. */
  dropConnections(): number;
  /**
   * Sends a live-chat socket.io event to the sockets of its recipient: the event is named after the
   * recipient's chat home `websocket_id`. Answers how many sockets got it (0 for a name nobody has).
   */
  emitSocketIo(event: string, payload: unknown): number;
  /** The sandbox registers each call's meet room and members here; /broadcasting/auth grants call rooms by them. */
  callRooms: CallRooms;
  /** The sandbox registers who is in each chat room here; typing signals are relayed by it (typing.ts). */
  chatRooms: ChatRoomMembers;
  /** Sends a Pusher event to every subscriber of the channel (the chat sandbox's call events); answers how many got it. */
  publishPusher(channel: string, event: string, payload: unknown): number;
  stop(): Promise<void>;
}

export class UnknownExampleError extends Error {
  readonly names: string[];
  constructor(name: string, names: string[]) {
    super(`unknown example "${name}"`);
    this.names = names;
  }
}

const here = fileURLToPath(new URL('.', import.meta.url));
const LONG_POLL_PATH = '/global-long-polling/new-events';
/** The app polls every 12.5 s (SPEC §9): an app silent for longer than two polls is gone. */
export const LONG_POLL_RECEIVER_TTL_MS = 30_000;
/** The meet room of the call examples (`incoming-call`): the call room's signal examples go there. */
const CALL_EXAMPLE_MEET_ROOM = '5b1f3c2e-8a4d-4e2b-9f6a-1c7d0e3a2b44';

type ZodLike = { safeParse(value: unknown): { success: boolean; error?: { message: string } } };

async function loadGeneratedZod(): Promise<Record<string, ZodLike> | undefined> {
  const file = `${here}../../generated/realtime/zod.gen.ts`;
  if (!existsSync(file)) return undefined;
  return (await import(pathToFileURL(file).href)) as Record<string, ZodLike>;
}

export async function startRealtimeMock(options: RealtimeMockOptions = {}): Promise<RealtimeMock> {
  const {
    host = '127.0.0.1',
    port = 6001,
    appKey = 'ess-mock-key',
    appSecret = 'ess-mock-secret',
    prefix = 'ess',
    // The chat home's websocket_id in the HTTP contract's `success` example (what Prism answers the app).
    websocketId = 'live-chat-home-42-9f8e7d6c',
    userId = 42,
    asyncapiPath = `${here}../../asyncapi/asyncapi.yaml`,
    validate = true,
  } = options;
  const app = { appKey, appSecret };

  const { document, diagnostics } = await parseAsyncApi(asyncapiPath);
  if (!document) throw new Error(`asyncapi: ${diagnostics.map((d) => d.message).join('; ')}`);
  const examples = messageExamples(document);
  const byName = new Map(examples.map((e) => [e.name, e]));
  const zod = validate ? await loadGeneratedZod() : undefined;

  const fillAddress = (address: string): string =>
    address
      .replaceAll('{prefix}', prefix)
      .replaceAll('{userId}', String(userId))
      .replaceAll('{websocketId}', websocketId)
      .replaceAll('{meetRoomUuid}', CALL_EXAMPLE_MEET_ROOM);

  const callRooms = createCallRooms();
  // A member coming into a call room's presence channel is told to the call's owner (the sandbox's call history).
  const pusher = createPusherServer(app, {
    memberAdded: (channel, member) => {
      const meetRoomUuid = meetRoomOfChannel(prefix, channel);
      if (meetRoomUuid !== undefined && /^\d+$/.test(member)) callRooms.memberJoined(meetRoomUuid, Number(member));
    },
  });
  // Each polling app (told apart by its bearer token) gets its own copy of an emitted event; events
  // emitted while nobody polls wait for the first poll.
  const longPollUnclaimed: unknown[] = [];
  const longPollReceivers = new Map<string, { lastPoll: number; queue: unknown[] }>();
  const activeLongPollReceivers = () => {
    const now = Date.now();
    for (const [key, receiver] of longPollReceivers) if (now - receiver.lastPoll > LONG_POLL_RECEIVER_TTL_MS) longPollReceivers.delete(key);
    return [...longPollReceivers.values()];
  };

  /** `data`: fields that replace the example's `data` fields (a bench sends many distinct calls). */
  const emit = (name: string, channelOverride?: string, data?: Record<string, unknown>): EmitResult => {
    const found = byName.get(name);
    if (!found) throw new UnknownExampleError(name, [...byName.keys()]);
    const payload = found.payload as { data?: Record<string, unknown> };
    const example = data && payload.data ? { ...found, payload: { ...payload, data: { ...payload.data, ...data } } } : found;
    const schema = example.schemaName ? zod?.[`z${example.schemaName}`] : undefined;
    const checked = schema?.safeParse(example.payload);
    if (checked && !checked.success) throw new Error(`example ${name} does not match z${example.schemaName}: ${checked.error?.message}`);
    const channel = channelOverride || fillAddress(example.channels[0] ?? '');
    let delivered: number;
    let event = example.event;
    if (example.transport === 'pusher') {
      delivered = pusher.publish(channel, example.event, example.payload);
    } else if (example.transport === 'socket.io') {
      event = channel;
      delivered = emitSocketIo(event, example.payload);
    } else {
      const events = (example.payload as { events?: unknown[] }).events ?? [];
      const receivers = activeLongPollReceivers();
      if (receivers.length === 0) longPollUnclaimed.push(...events);
      for (const receiver of receivers) receiver.queue.push(...events);
      return { emitted: name, transport: example.transport, channel, event, delivered: receivers.length, queued: events.length, payload: example.payload };
    }
    return { emitted: name, transport: example.transport, channel, event, delivered, payload: example.payload };
  };

  const listeners = (): ListenerCounts => ({
    pusher: pusher.stats(),
    socketIo: io.of('/').sockets.size,
    longPoll: activeLongPollReceivers().length,
  });

  // Closing the transports (not sending socket.io's "disconnect" packet) is what a restart looks like
  // to a client: socket.io-client reconnects after "transport close", but not after "io server disconnect".
  const closeSocketIoTransports = (): number => {
    const sockets = [...io.of('/').sockets.values()];
    for (const socket of sockets) socket.conn.close();
    return sockets.length;
  };

  const dropConnections = (): number => pusher.dropConnections() + closeSocketIoTransports();

  const emitSocketIo = (event: string, payload: unknown): number => {
    const recipient = recipientOfLiveChatEvent(event, { websocketId, userId });
    if (recipient === undefined) return 0;
    const room = userSocketRoom(recipient);
    io.to(room).emit(event, payload);
    return io.of('/').adapter.rooms.get(room)?.size ?? 0;
  };

  let ownUrl = '';
  const route = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    setCors(request, response);
    const url = new URL(request.url ?? '/', 'http://mock');
    const method = request.method ?? 'GET';
    if (method === 'OPTIONS') {
      response.writeHead(204).end();
      return;
    }
    // Emitting events, counting and dropping connections: on this port only (../control-routes.ts).
    if (isRealtimeControlPath(url.pathname) && cameThroughProxy(request)) return refuseControlThroughProxy(response, ownUrl);
    if (method === 'POST' && (url.pathname === '/broadcasting/auth' || url.pathname === '/broadcasting/user-auth')) {
      if (!hasBearerToken(request)) return sendError(response, 401, 'Unauthenticated.');
      const body = await readBody(request);
      const socketId = typeof body.socket_id === 'string' ? body.socket_id : '';
      if (!/^\d+\.\d+$/.test(socketId)) return sendError(response, 422, 'The socket id is invalid.');
      // The sandbox's sign-in tokens name their employee; any other token is the default user.
      const requester = userIdFromRequest(request);
      const someone = findPerson(requester);
      const userInfo = { name: someone ? fullName(someone) : `User ${requester}` };
      if (url.pathname === '/broadcasting/user-auth') {
        const userData = JSON.stringify({ id: String(requester), user_info: userInfo });
        return sendJson(response, 200, { auth: userAuth(app, socketId, userData), user_data: userData });
      }
      const channelName = typeof body.channel_name === 'string' ? body.channel_name : '';
      if (!isAuthorisedChannel(channelName)) return sendError(response, 403, 'Only private and presence channels are authorised.');
      const owner = /_user\.(\d+)$/.exec(channelName)?.[1];
      if (owner !== undefined && owner !== String(requester)) return sendError(response, 403, 'This action is unauthorized.');
      if (channelName.startsWith('presence-')) {
        // The only presence channels are call rooms, and only the members of the call's room may join one.
        const meetRoomUuid = meetRoomOfChannel(prefix, channelName);
        const members = meetRoomUuid === undefined ? undefined : callRooms.membersOf(meetRoomUuid);
        if (!members?.includes(requester)) return sendError(response, 403, 'This action is unauthorized.');
        const channelData = JSON.stringify({ user_id: requester, user_info: userInfo });
        return sendJson(response, 200, { auth: channelAuth(app, socketId, channelName, channelData), channel_data: channelData });
      }
      return sendJson(response, 200, { auth: channelAuth(app, socketId, channelName) });
    }
    if (method === 'GET' && url.pathname === LONG_POLL_PATH) {
      const key = request.headers.authorization ?? '';
      const receiver = longPollReceivers.get(key) ?? { lastPoll: 0, queue: [] };
      receiver.lastPoll = Date.now();
      longPollReceivers.set(key, receiver);
      const events = [...longPollUnclaimed.splice(0), ...receiver.queue.splice(0)];
      return sendJson(response, 200, { error: false, status_code: 200, has_new_event: events.length > 0, events });
    }
    if (method === 'GET' && url.pathname === '/__mock/examples') {
      return sendJson(response, 200, {
        examples: examples.map((e) => ({ name: e.name, summary: e.summary, transport: e.transport, channel: fillAddress(e.channels[0] ?? ''), event: e.event })),
      });
    }
    if (method === 'POST' && url.pathname === '/__mock/emit') {
      const body = await readBody(request);
      const name = typeof body.example === 'string' ? body.example : '';
      try {
        const data = typeof body.data === 'object' && body.data !== null && !Array.isArray(body.data) ? (body.data as Record<string, unknown>) : undefined;
        return sendJson(response, 200, emit(name, typeof body.channel === 'string' ? body.channel : undefined, data));
      } catch (error) {
        if (error instanceof UnknownExampleError) return sendError(response, 404, error.message, { examples: error.names });
        throw error;
      }
    }
    if (method === 'GET' && url.pathname === '/__mock/health') return sendJson(response, 200, { ok: true });
    if (method === 'GET' && url.pathname === '/__mock/listeners') return sendJson(response, 200, listeners());
    if (method === 'POST' && url.pathname === '/__mock/disconnect') return sendJson(response, 200, { dropped: dropConnections() });
    if (method === 'GET' && handleWebModuleRequest(request, response, url)) return;
    return sendError(response, 404, `No mock for ${method} ${url.pathname}`);
  };

  const server = createServer((request, response) => {
    route(request, response).catch((error: unknown) => {
      if (!response.headersSent) sendError(response, 500, error instanceof Error ? error.message : String(error));
      else response.destroy();
    });
  });
  keepIdleConnections(server);

  // destroyUpgrade: false leaves upgrades that are not socket.io's (the Pusher path) to us.
  const io = new SocketIoServer(server, {
    path: '/socket.io',
    destroyUpgrade: false,
    transports: ['websocket', 'polling'],
    cors: { origin: LOOPBACK_ORIGIN, credentials: true },
    // A client counts its socket dead when no heartbeat came for pingInterval + pingTimeout. The idle
    // browser test (tests/e2e/idle.spec.ts) runs a minute of the page's clock at once while heartbeats
    // come in real time: with socket.io's default 45 s the socket would be dropped and reconnected in
    // that minute, which is not what an idle app does. A mock may wait longer than a real server.
    pingTimeout: 90_000,
  });
  authenticateSockets(io);
  const chatRooms = createChatRoomMembers();
  relayTyping(io, chatRooms);

  server.on('upgrade', (request, socket, head) => {
    if ((request.url ?? '').startsWith('/socket.io')) return;
    if (!pusher.handleUpgrade(request, socket, head)) socket.destroy();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const url = `http://${host}:${address.port}`;
  ownUrl = url;

  let stopped: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopped ??= new Promise<void>((resolve) => {
      pusher.close();
      closeSocketIoTransports();
      server.closeAllConnections();
      // io.close() also closes the HTTP server.
      void io.close(() => resolve());
    });
    return stopped;
  };

  const publishPusher = (channel: string, event: string, payload: unknown): number => pusher.publish(channel, event, payload);

  return { url, port: address.port, examples, emit, listeners, dropConnections, emitSocketIo, publishPusher, callRooms, chatRooms, stop };
}
