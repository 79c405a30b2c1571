// Who gets what from the realtime servers, with the sandbox wired to the realtime mock as `npm run mock`
// wires them (mocks/start.ts): a started call's presence channel is authorised only for the members of
// the call's chat room, and a chat message reaches the live-chat sockets of the room's members only;
// a socket without a known token is refused and gets nothing. Prism is not needed.
import { readFileSync } from 'node:fs';
import { io as connectSocketIo, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startRealtimeMock, type RealtimeMock } from '../../mocks/realtime/server.ts';
import { CONTRACT_EXAMPLE_TOKEN } from '../../mocks/sandbox/chat/identity.ts';
import { DIRECT_ROOM_UUID, TEAM_ROOM_UUID } from '../../mocks/sandbox/chat/seed.ts';
import { websocketIdOf } from '../../mocks/sandbox/chat/store.ts';
import { startSandbox, type RunningSandbox } from '../../mocks/sandbox/server.ts';
import { realtimeHooks } from '../../mocks/start.ts';
import { signIn } from './support/sandbox-client.ts';

const NO_PRISM = 'http://127.0.0.1:9';
let realtime: RealtimeMock;
let sandbox: RunningSandbox;
/** Bearer headers from the sandbox's own sign-in. */
const token: Record<'ayu' | 'budi' | 'rizky' | 'siti' | 'dewi', string> = { ayu: '', budi: '', rizky: '', siti: '', dewi: '' };
const sockets: Socket[] = [];

beforeAll(async () => {
  realtime = await startRealtimeMock({ port: 0 });
  sandbox = await startSandbox({ prismUrl: NO_PRISM, port: 0, ...realtimeHooks(realtime) });
  for (const [who, username] of [['ayu', 'ayu.lestari'], ['budi', 'budi.santoso'], ['rizky', 'rizky.pratama'], ['siti', 'siti.rahmawati'], ['dewi', 'dewi.kartika']] as const) {
    token[who] = await signIn(sandbox.url, username);
  }
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(async () => {
  await Promise.all([sandbox?.stop(), realtime?.stop()]);
});

async function post<T>(path: string, bearer: string, json: unknown): Promise<T> {
  const response = await fetch(`${sandbox.url}${path}`, { method: 'POST', headers: { authorization: bearer, 'content-type': 'application/json' }, body: JSON.stringify(json) });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

/** What the app's Pusher client asks before joining a channel. */
const authorise = (bearer: string, channelName: string) =>
  fetch(`${realtime.url}/broadcasting/auth`, {
    method: 'POST',
    headers: { authorization: bearer, 'content-type': 'application/json' },
    body: JSON.stringify({ socket_id: '1234.5678', channel_name: channelName }),
  }).then((response) => response.status);

const startCall = (bearer: string, roomUuid: string) =>
  post<{ chat_room_call: { meet_room_uuid: string } }>('/live-chat/chat-room-calls', bearer, { chat_room_uuid: roomUuid }).then((answer) => answer.chat_room_call.meet_room_uuid);

/** A live-chat socket as the app opens it (`auth.token`), recording every event it gets under any name. */
async function liveChatSocket(auth: { token: string } | undefined): Promise<{ socket: Socket; events: Array<[string, { event_type?: string }]>; refused?: Error }> {
  const socket = connectSocketIo(realtime.url, { transports: ['websocket'], reconnection: false, ...(auth ? { auth } : {}) });
  sockets.push(socket);
  const events: Array<[string, { event_type?: string }]> = [];
  socket.onAny((event: string, payload: { event_type?: string }) => events.push([event, payload]));
  const refused = await new Promise<Error | undefined>((resolve) => {
    socket.once('connect', () => resolve(undefined));
    socket.once('connect_error', resolve);
  });
  return { socket, events, refused };
}

const bare = (bearer: string) => bearer.replace(/^Bearer /, '');
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe("a call room's presence channel", () => {
  it("is granted to the members of the call's room and refused (403) to everyone else", async () => {
    const direct = `presence-ess_call.${await startCall(token.ayu, DIRECT_ROOM_UUID)}`;
    expect(await authorise(token.ayu, direct)).toBe(200);
    expect(await authorise(token.budi, direct)).toBe(200);
    expect(await authorise(token.rizky, direct)).toBe(403);

    const team = `presence-ess_call.${await startCall(token.budi, TEAM_ROOM_UUID)}`;
    for (const member of [token.ayu, token.budi, token.rizky, token.siti]) expect(await authorise(member, team)).toBe(200);
    expect(await authorise(token.dewi, team)).toBe(403);
    expect(await authorise(token.ayu, 'presence-ess_call.00000000-0000-4000-8000-000000000000')).toBe(403);
  });
});

describe('the live-chat socket', () => {
  it('refuses a connection without a token or with an unknown one; it gets nothing of a message sent meanwhile', async () => {
    const anonymous = await liveChatSocket(undefined);
    const forged = await liveChatSocket({ token: 'sandbox.43.not-hex' });
    expect(anonymous.refused?.message).toBe('Unauthenticated.');
    expect(forged.refused?.message).toBe('Unauthenticated.');
    await post('/live-chat/send', token.ayu, { chat_room_uuid: DIRECT_ROOM_UUID, message: 'Gaji bulan ini sudah masuk.' });
    await settle();
    expect(anonymous.events).toEqual([]);
    expect(forged.events).toEqual([]);
  });

  it("delivers a message to the room's members' sockets only, whatever event name an outsider listens on", async () => {
    const budi = await liveChatSocket({ token: bare(token.budi) });
    const ayu = await liveChatSocket({ token: bare(token.ayu) });
    const rizky = await liveChatSocket({ token: bare(token.rizky) }); // signed in, but not in Ayu and Budi's chat
    for (const socket of [budi, ayu, rizky]) expect(socket.refused).toBeUndefined();

    await post('/live-chat/send', token.ayu, { chat_room_uuid: DIRECT_ROOM_UUID, message: 'Rapat dipindah ke jam 3.' });
    await settle();
    expect(budi.events.map(([event, payload]) => [event, payload.event_type])).toEqual([
      [websocketIdOf(43), 'live_chat'],
      [websocketIdOf(43), 'new_chat_room'],
    ]);
    expect(ayu.events.map(([event, payload]) => [event, payload.event_type])).toEqual([[websocketIdOf(42), 'live_chat']]);
    expect(rizky.events).toEqual([]);

    // A message in a room Rizky is in reaches him too.
    await post('/live-chat/send', token.ayu, { chat_room_uuid: TEAM_ROOM_UUID, message: 'Stok gudang sudah dicek?' });
    await settle();
    expect(rizky.events.map(([event, payload]) => [event, payload.event_type])).toEqual([
      [websocketIdOf(57), 'live_chat'],
      [websocketIdOf(57), 'new_chat_room'],
    ]);
  });

  it("takes the contract's login example token as Ayu's (an app signed in against Prism's examples, as the browser tests do)", async () => {
    expect(readFileSync('openapi/paths/auth.yaml', 'utf8')).toContain(`access_token: ${CONTRACT_EXAMPLE_TOKEN}`);
    const ayu = await liveChatSocket({ token: CONTRACT_EXAMPLE_TOKEN });
    expect(ayu.refused).toBeUndefined();
    expect(realtime.emit('new-chat-room').delivered).toBe(1); // the example's recipient is Ayu
    await settle();
    expect(ayu.events.map(([event, payload]) => [event, payload.event_type])).toEqual([[websocketIdOf(42), 'new_chat_room']]);
  });
});
