// The realtime mock against unmodified clients: pusher-js (public, private, forged private, a call
// room's presence channel for its members only), socket.io-client (only with a known token, and only
// the user's own events), the long-poll endpoint and /__mock/emit, with payloads equal to the
// AsyncAPI examples.
import { createHmac } from 'node:crypto';
import Pusher from 'pusher-js';
import type { Channel, ChannelAuthorizationOptions } from 'pusher-js';
import { io as connectSocketIo } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRealtimeMock } from '../../mocks/realtime/server.ts';
import type { RealtimeMock } from '../../mocks/realtime/server.ts';
import { DEMO_CALL } from '../../mocks/sandbox/chat/calls.ts';
import { tokenFor } from '../../mocks/sandbox/chat/identity.ts';
import { recordFigure } from '../support/figures.ts';

let mock: RealtimeMock;
const clients: Array<{ disconnect(): void }> = [];

const examplePayload = (name: string): unknown => mock.examples.find((e) => e.name === name)?.payload;

async function emit(example: string, channel?: string): Promise<Response> {
  return fetch(`${mock.url}/__mock/emit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ example, channel }),
  });
}

function pusherClient(authorizer?: ChannelAuthorizationOptions): Pusher {
  const client = new Pusher('ess-mock-key', {
    cluster: 'mt1',
    wsHost: '127.0.0.1',
    wsPort: mock.port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    channelAuthorization: authorizer ?? {
      endpoint: `${mock.url}/broadcasting/auth`,
      transport: 'ajax',
      headers: { Authorization: 'Bearer test-access-token' },
    },
    userAuthentication: {
      endpoint: `${mock.url}/broadcasting/user-auth`,
      transport: 'ajax',
      headers: { Authorization: 'Bearer test-access-token' },
    },
  });
  clients.push(client);
  return client;
}

function nextEvent<T>(channel: Channel, event: string, timeoutMs = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} on ${channel.name} within ${timeoutMs} ms`)), timeoutMs);
    channel.bind(event, (data: T) => {
      clearTimeout(timer);
      resolve(data);
    });
  });
}

function subscribed(channel: Channel): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`subscription to ${channel.name} timed out`)), 5000);
    channel.bind('pusher:subscription_succeeded', (data: unknown) => {
      clearTimeout(timer);
      resolve(data);
    });
    channel.bind('pusher:subscription_error', (error: unknown) => {
      clearTimeout(timer);
      reject(new Error(`subscription to ${channel.name} refused: ${JSON.stringify(error)}`));
    });
  });
}

beforeAll(async () => {
  const started = performance.now();
  mock = await startRealtimeMock({ port: 0 });
  recordFigure('realtime mock start-up', Math.round(performance.now() - started), 'ms');
});

afterAll(async () => {
  for (const client of clients) client.disconnect();
  await mock?.stop();
});

describe('broadcast server (Pusher protocol)', () => {
  it('delivers an emitted incoming-call example on the public global channel', async () => {
    const channel = pusherClient().subscribe('ess_global_event');
    await subscribed(channel);
    const received = nextEvent<unknown>(channel, 'global_event');
    const response = await emit('incoming-call');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ transport: 'pusher', channel: 'ess_global_event', event: 'global_event', delivered: 1 });
    expect(await received).toEqual(examplePayload('incoming-call'));
  });

  it('authorises a private channel through /broadcasting/auth and delivers to it', async () => {
    const channel = pusherClient().subscribe('private-ess_user.42');
    await subscribed(channel);
    const received = nextEvent<unknown>(channel, 'global_event');
    await emit('no-answer', 'private-ess_user.42');
    expect(await received).toEqual(examplePayload('no-answer'));
  });

  it('refuses a private subscription with a forged signature (subscription_error 401)', async () => {
    const forged = pusherClient({
      // Signed with a guessed secret: well-formed, but not the app's signature.
      customHandler: ({ socketId, channelName }, callback) => {
        callback(null, { auth: `ess-mock-key:${createHmac('sha256', 'guessed-secret').update(`${socketId}:${channelName}`).digest('hex')}` });
      },
    });
    const channel = forged.subscribe('private-ess_user.42');
    const error = await nextEvent<{ status?: number; type?: string }>(channel, 'pusher:subscription_error');
    expect(error.status).toBe(401);
    expect(error.type).toBe('AuthError');
  });

  it("joins the call room of the example's call as the mock user, a member of the call's room", async () => {
    const channel = pusherClient().subscribe(`presence-ess_call.${DEMO_CALL.meetRoomUuid}`);
    const presence = (await subscribed(channel)) as { count: number; me: { id: string | number } };
    expect(presence.count).toBe(1);
    expect(String(presence.me.id)).toBe('42'); // Laravel signs the numeric auth identifier
  });

  it("refuses a call room (403) to anyone not in the call's room, and any presence channel of no call", async () => {
    const ask = (token: string, channelName: string) =>
      fetch(`${mock.url}/broadcasting/auth`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ socket_id: '123.456', channel_name: channelName }),
      });
    const callRoom = `presence-ess_call.${DEMO_CALL.meetRoomUuid}`;
    expect((await ask(tokenFor(DEMO_CALL.callerId), callRoom)).status).toBe(200);
    const outsider = await ask(tokenFor(43), callRoom); // Budi is not in Rizky and Ayu's chat
    expect(outsider.status).toBe(403);
    expect(await outsider.json()).toMatchObject({ error: true, status_code: 403 });
    expect((await ask(tokenFor(42), 'presence-ess_call.9001')).status).toBe(403);
    expect((await ask(tokenFor(42), 'presence-ess_anything')).status).toBe(403);
  });

  it('signs the user in through /broadcasting/user-auth (pusher:signin)', async () => {
    const client = pusherClient();
    client.signin();
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no pusher:signin_success')), 5000);
      client.connection.bind('message', (event: { event: string }) => {
        if (event.event !== 'pusher:signin_success') return;
        clearTimeout(timer);
        resolve();
      });
    });
    expect((client.user as unknown as { user_data: { id: string } }).user_data.id).toBe('42');
  });

  it('signs /broadcasting/auth only with a bearer token', async () => {
    const body = new URLSearchParams({ socket_id: '123.456', channel_name: 'private-ess_user.42' });
    const anonymous = await fetch(`${mock.url}/broadcasting/auth`, { method: 'POST', body });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: true, status_code: 401 });
    const signed = await fetch(`${mock.url}/broadcasting/auth`, {
      method: 'POST',
      headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
      body: JSON.stringify({ socket_id: '123.456', channel_name: 'private-ess_user.42' }),
    });
    expect(await signed.json()).toEqual({
      // hex HMAC-SHA256 of "123.456:private-ess_user.42" with ess-mock-secret
      auth: `ess-mock-key:${createHmac('sha256', 'ess-mock-secret').update('123.456:private-ess_user.42').digest('hex')}`,
    });
    const userAuth = await fetch(`${mock.url}/broadcasting/user-auth`, { method: 'POST', headers: { authorization: 'Bearer t' }, body: new URLSearchParams({ socket_id: '123.456' }) });
    expect(await userAuth.json()).toMatchObject({ auth: expect.stringMatching(/^ess-mock-key:[0-9a-f]{64}$/), user_data: expect.any(String) });
  });
});

function socketIoClient(auth?: Record<string, unknown>): Socket {
  const socket: Socket = connectSocketIo(mock.url, { transports: ['websocket', 'polling'], reconnection: false, ...(auth ? { auth } : {}) });
  clients.push(socket);
  return socket;
}

/** Resolves on connect; rejects with the server's connect_error. */
const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });

describe('live-chat server (socket.io)', () => {
  it("emits new-chat-room under the chat home websocket id, to the sockets of that chat home's user only", async () => {
    const ayu = socketIoClient({ token: tokenFor(42) });
    await connected(ayu);
    // Budi listens for everything, Ayu's event name included: he gets nothing of hers.
    const budi = socketIoClient({ token: tokenFor(43) });
    await connected(budi);
    const toBudi: unknown[] = [];
    budi.onAny((event: string, payload: unknown) => toBudi.push([event, payload]));
    const received = new Promise<unknown>((resolve) => ayu.once('live-chat-home-42-9f8e7d6c', resolve));
    const response = await emit('new-chat-room');
    expect(await response.json()).toMatchObject({ transport: 'socket.io', event: 'live-chat-home-42-9f8e7d6c', delivered: 1 });
    expect(await received).toEqual(examplePayload('new-chat-room'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(toBudi).toEqual([]);
    // An event name that is nobody's chat home reaches nobody.
    expect(await (await emit('new-chat-room', 'live-chat-home-999-00000000')).json()).toMatchObject({ delivered: 0 });
    ayu.disconnect();
    budi.disconnect();
  });

  it('refuses a socket without a token, or with one it does not know (connect_error), and sends it nothing', async () => {
    for (let tries = 0; mock.listeners().socketIo > 0 && tries < 100; tries += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    for (const auth of [undefined, { token: '' }, { token: 'forged-token' }, { token: 'sandbox.4242.abcdef' }]) {
      const socket = socketIoClient(auth);
      const events: unknown[] = [];
      socket.onAny((...args: unknown[]) => events.push(args));
      await expect(connected(socket), JSON.stringify(auth)).rejects.toThrow('Unauthenticated.');
      expect((await (await emit('new-chat-room')).json()) as { delivered: number }).toMatchObject({ delivered: 0 });
      expect(events).toEqual([]);
    }
    expect(mock.listeners().socketIo).toBe(0);
  });
});

describe('long polling', () => {
  it('returns an emitted example once, then has_new_event false', async () => {
    await emit('long-poll-incoming-call');
    const poll = async (): Promise<unknown> =>
      (await fetch(`${mock.url}/global-long-polling/new-events`, { headers: { authorization: 'Bearer t' } })).json();
    expect(await poll()).toEqual(examplePayload('long-poll-incoming-call'));
    expect(await poll()).toEqual({ error: false, status_code: 200, has_new_event: false, events: [] });
  });
});

describe('/__mock', () => {
  it('answers 404 with the example names for an unknown example', async () => {
    const response = await emit('no-such-example');
    expect(response.status).toBe(404);
    const body = (await response.json()) as { error: boolean; examples: string[] };
    expect(body.error).toBe(true);
    expect(body.examples).toContain('incoming-call');
  });

  it('lists every example', async () => {
    const body = (await (await fetch(`${mock.url}/__mock/examples`)).json()) as { examples: Array<{ name: string }> };
    expect(body.examples.map((e) => e.name)).toEqual(mock.examples.map((e) => e.name));
  });
});
