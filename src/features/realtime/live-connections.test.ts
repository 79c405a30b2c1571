// The two socket connections against the real realtime mock (the Pusher protocol and socket.io, as the
// backend speaks them): subscriptions with signed private channels and user sign-in, the socket id,
// delivery, reconnection after the server drops every connection, and a clean close.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startRealtimeMock, type RealtimeMock } from '../../../mocks/realtime/server.ts';
import { tokenFor } from '../../../mocks/sandbox/chat/identity.ts';
import { channelAuth, userAuth } from '../../../mocks/realtime/signatures.ts';
import { createBackoff } from './backoff.ts';
import { connectBroadcast } from './broadcast-connection.ts';
import { connectLiveChat, LIVE_CHAT_TRANSPORTS } from './live-chat-socket.ts';

let mock: RealtimeMock;

beforeAll(async () => {
  mock = await startRealtimeMock({ port: 0 });
});
afterAll(async () => {
  await mock?.stop();
});

const examplePayload = (name: string) => mock.examples.find((example) => example.name === name)?.payload;

async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// Stand in for /broadcasting/auth and /broadcasting/user-auth (the app calls them through the generated
// SDK): the same signatures the mock's endpoints compute.
const app = { appKey: 'ess-mock-key', appSecret: 'ess-mock-secret' };
const USER_DATA = JSON.stringify({ id: '42' });

describe('broadcast connection (Pusher protocol)', () => {
  it('subscribes the global and the private user channel, reports the socket id, delivers, reconnects and closes', async () => {
    const received: unknown[] = [];
    const socketIds: Array<string | undefined> = [];
    const authorizeChannel = vi.fn(async (socketId: string, channelName: string) => ({ auth: channelAuth(app, socketId, channelName) }));
    const authenticateUser = vi.fn(async (socketId: string) => ({ auth: userAuth(app, socketId, USER_DATA), user_data: USER_DATA }));
    const onConnected = vi.fn();
    const connection = connectBroadcast({
      onConnected,
      config: { key: 'ess-mock-key', host: '127.0.0.1', port: mock.port, path: '', forceTLS: false },
      prefix: 'ess',
      userId: 42,
      onGlobalEvent: (raw) => received.push(raw),
      onSocketId: (id) => socketIds.push(id),
      authorizeChannel,
      authenticateUser,
    });
    const subscribed = () => {
      const { channels } = mock.listeners().pusher;
      return channels.ess_global_event === 1 && channels['private-ess_user.42'] === 1;
    };

    await until(subscribed);
    expect(socketIds.at(-1)).toMatch(/^\d+\.\d+$/);
    expect(authorizeChannel).toHaveBeenCalledWith(socketIds.at(-1), 'private-ess_user.42');
    await until(() => authenticateUser.mock.calls.length === 1);

    expect(mock.emit('incoming-call').delivered).toBe(1);
    expect(mock.emit('no-answer', 'private-ess_user.42').delivered).toBe(1);
    await until(() => received.length === 2);
    expect(received).toEqual([examplePayload('incoming-call'), examplePayload('no-answer')]);

    // A restart of the server: the connection comes back on its own, with a new socket id.
    const firstId = socketIds.at(-1);
    const droppedAt = Date.now();
    const reported = socketIds.length;
    mock.dropConnections();
    await until(() => socketIds.length > reported + 1 && socketIds.at(-1) !== undefined && subscribed());
    expect(Date.now() - droppedAt).toBeLessThan(5000);
    expect(socketIds.slice(reported)).toContain(undefined); // no stale id on requests while disconnected
    expect(socketIds.at(-1)).not.toBe(firstId);
    expect(onConnected).toHaveBeenCalledTimes(2); // connected, then connected again (a stopped long poll restarts on it)

    connection.close();
    expect(socketIds.at(-1)).toBeUndefined();
    await until(() => mock.listeners().pusher.connections === 0);
  });
});

const AYU_TOKEN = tokenFor(42);

describe('live-chat socket (socket.io)', () => {
  it(`uses the transports ${LIVE_CHAT_TRANSPORTS.join(', ')} and listens on the chat home's websocket id`, async () => {
    const received: unknown[] = [];
    const connection = connectLiveChat({ endpoint: mock.url, accessToken: () => AYU_TOKEN, fetchWebsocketId: async () => 'live-chat-home-42-9f8e7d6c', onEvent: (raw) => received.push(raw) });
    await until(() => mock.listeners().socketIo === 1);
    expect(mock.emit('new-chat-room').delivered).toBe(1);
    await until(() => received.length === 1);
    expect(received[0]).toEqual(examplePayload('new-chat-room'));

    const droppedAt = Date.now();
    mock.dropConnections();
    await until(() => mock.listeners().socketIo === 0);
    await until(() => mock.listeners().socketIo === 1);
    expect(Date.now() - droppedAt).toBeLessThan(5000);
    mock.emit('live-chat');
    await until(() => received.length === 2);

    connection.close();
    await until(() => mock.listeners().socketIo === 0);
  });

  it('tries the chat home again (with backoff) when it cannot be read, and stays off without a websocket id', async () => {
    const fetchWebsocketId = vi.fn<() => Promise<string | undefined>>().mockRejectedValueOnce(new Error('HTTP 500')).mockResolvedValueOnce(undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const connection = connectLiveChat({ endpoint: mock.url, accessToken: () => AYU_TOKEN, fetchWebsocketId, onEvent: () => undefined, backoff: createBackoff({ initialMs: 10, jitter: 0 }) });
    await until(() => fetchWebsocketId.mock.calls.length === 2);
    await until(() => warn.mock.calls.length === 1);
    expect(warn.mock.calls[0]![0]).toMatch(/no websocket id/);
    expect(mock.listeners().socketIo).toBe(0);
    connection.close();
    warn.mockRestore();
  });

  it('sends the bearer token in the handshake; refused without one, it tries again with the token as it is then', async () => {
    const session: { token?: string } = {};
    const received: unknown[] = [];
    const connected = vi.fn();
    const connection = connectLiveChat({
      endpoint: mock.url,
      accessToken: () => session.token,
      fetchWebsocketId: async () => 'live-chat-home-42-9f8e7d6c',
      onEvent: (raw) => received.push(raw),
      onConnect: connected,
      backoff: createBackoff({ initialMs: 50, jitter: 0 }),
    });
    // No token: the server refuses the socket, so an event for Ayu reaches nobody.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mock.listeners().socketIo).toBe(0);
    expect(mock.emit('new-chat-room').delivered).toBe(0);
    expect(connected).not.toHaveBeenCalled();

    session.token = AYU_TOKEN; // Signed in (or refreshed): the next attempt carries it.
    await until(() => connected.mock.calls.length > 0 && mock.listeners().socketIo === 1);
    expect(connected).toHaveBeenCalledOnce();
    expect(mock.emit('new-chat-room').delivered).toBe(1);
    await until(() => received.length === 1);
    connection.close();
    await until(() => mock.listeners().socketIo === 0);
  });
});
