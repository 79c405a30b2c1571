// What `mock:emit` reports: the receivers really connected (Pusher subscribers, socket.io sockets,
// apps polling lately), not the number of events; and a dropped connection (a mock restart) is
// reconnected by unmodified pusher-js and socket.io-client.
import Pusher from 'pusher-js';
import type { Channel } from 'pusher-js';
import { io as connectSocketIo } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRealtimeMock } from '../../mocks/realtime/server.ts';
import type { ListenerCounts, RealtimeMock } from '../../mocks/realtime/server.ts';
import { tokenFor } from '../../mocks/sandbox/chat/identity.ts';

let mock: RealtimeMock;
const clients: Array<{ disconnect(): void }> = [];

beforeAll(async () => {
  mock = await startRealtimeMock({ port: 0 });
});

afterAll(async () => {
  for (const client of clients) client.disconnect();
  await mock?.stop();
});

async function emit(example: string): Promise<{ delivered: number; queued?: number }> {
  const response = await fetch(`${mock.url}/__mock/emit`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ example }) });
  return (await response.json()) as { delivered: number; queued?: number };
}

const listeners = async (): Promise<ListenerCounts> => (await (await fetch(`${mock.url}/__mock/listeners`)).json()) as ListenerCounts;

const poll = async (token: string): Promise<{ events: unknown[] }> =>
  (await (await fetch(`${mock.url}/global-long-polling/new-events`, { headers: { authorization: `Bearer ${token}` } })).json()) as { events: unknown[] };

function until(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const tick = async () => {
      if (await check()) return resolve();
      if (Date.now() - started > timeoutMs) return reject(new Error('condition not met in time'));
      setTimeout(() => void tick(), 25);
    };
    void tick();
  });
}

function pusherClient(): Pusher {
  const client = new Pusher('ess-mock-key', { cluster: 'mt1', wsHost: '127.0.0.1', wsPort: mock.port, forceTLS: false, enabledTransports: ['ws'], disableStats: true });
  clients.push(client);
  return client;
}

const subscribed = (channel: Channel) => new Promise<void>((resolve) => channel.bind('pusher:subscription_succeeded', () => resolve()));

describe('receivers', () => {
  it('counts nobody before anything connects', async () => {
    expect(await emit('incoming-call')).toMatchObject({ delivered: 0 });
    expect(await emit('new-chat-room')).toMatchObject({ delivered: 0 });
    const counts = await listeners();
    expect(counts.socketIo).toBe(0);
    expect(counts.pusher.connections).toBe(0);
  });

  it('counts Pusher subscribers of the channel and socket.io sockets', async () => {
    const channel = pusherClient().subscribe('ess_global_event');
    await subscribed(channel);
    const socket: Socket = connectSocketIo(mock.url, { transports: ['websocket'], auth: { token: tokenFor(42) } });
    clients.push(socket);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    expect(await emit('incoming-call')).toMatchObject({ delivered: 1 });
    expect(await emit('new-chat-room')).toMatchObject({ delivered: 1 });
    expect(await listeners()).toMatchObject({ pusher: { connections: 1, channels: { ess_global_event: 1 } }, socketIo: 1 });
  });

  it('long polling: counts the apps polling lately, and each of them gets the event once', async () => {
    // Anything emitted before (no poller yet) goes to the first poll.
    await poll('first');
    await poll('second');
    const emitted = await emit('long-poll-incoming-call');
    expect(emitted).toMatchObject({ delivered: 2, queued: 1 });
    expect((await poll('first')).events).toHaveLength(1);
    expect((await poll('second')).events).toHaveLength(1);
    expect((await poll('first')).events).toHaveLength(0);
    expect((await listeners()).longPoll).toBe(2);
  });
});

describe('a dropped connection (as in a mock restart)', () => {
  it('pusher-js and socket.io-client reconnect by themselves', async () => {
    const pusher = pusherClient();
    const channel = pusher.subscribe('ess_global_event');
    await subscribed(channel);
    const socket: Socket = connectSocketIo(mock.url, { transports: ['websocket'], reconnectionDelay: 100, reconnectionDelayMax: 500, auth: { token: tokenFor(42) } });
    clients.push(socket);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const before = await listeners();

    const dropped = (await (await fetch(`${mock.url}/__mock/disconnect`, { method: 'POST' })).json()) as { dropped: number };
    expect(dropped.dropped).toBeGreaterThanOrEqual(2);
    await until(async () => {
      const now = await listeners();
      return now.socketIo === before.socketIo && now.pusher.channels.ess_global_event === before.pusher.channels.ess_global_event;
    }, 8000);
    expect(socket.connected).toBe(true);
  }, 10_000);
});
