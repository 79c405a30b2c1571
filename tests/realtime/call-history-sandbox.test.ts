// Call history in the sandbox (issue 23, item 4; mocks/sandbox/chat/call-history.ts): a call over for
// everyone leaves a `call` line in its room, from the caller, sent live (`live_chat`) and listed by both
// API versions, worded for clients that do not read `call`; GET /live-chat/chat-room-calls lists each
// member's calls, newest first, paged, with their direction, outcome and talk time. A callee answers by
// joining the call room: here the realtime side's report of it (openCallRoom's `joined`) is called
// directly; the last test joins a real presence channel of the realtime mock. Every answer and event is
// checked against the contract's generated schemas. Prism is not needed.
import WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as httpZod from '../../generated/http/zod.gen.ts';
import { zLiveChatEvent } from '../../generated/realtime/zod.gen.ts';
import { startRealtimeMock, type RealtimeMock } from '../../mocks/realtime/server.ts';
import { CALLS_PER_PAGE } from '../../mocks/sandbox/chat/call-history.ts';
import { DIRECT_ROOM_UUID, TEAM_ROOM_UUID } from '../../mocks/sandbox/chat/seed.ts';
import { websocketIdOf } from '../../mocks/sandbox/chat/store.ts';
import { startSandbox, type RunningSandbox } from '../../mocks/sandbox/server.ts';
import { realtimeHooks } from '../../mocks/start.ts';
import { responseSchema, signIn } from './support/sandbox-client.ts';

type Json = Record<string, unknown>;
interface Entry {
  id: number;
  caller_id: number;
  chat_room: { uuid: string; type: string; name: string | null; individual_name: string | null };
  direction: string;
  outcome: string;
  duration_seconds: number | null;
}

const NO_PRISM = 'http://127.0.0.1:9';
const AYU = 'Bearer sandbox.42.aa';
const BUDI = 'Bearer sandbox.43.bb';
const RIZKY = 'Bearer sandbox.57.cc';
const SITI = 'Bearer sandbox.61.dd';
const DEWI = 'Bearer sandbox.7.ee';

let sandbox: RunningSandbox;
/** The call rooms the sandbox opened: meet room uuid, and how it hears a member join. */
const callRooms = new Map<string, (userId: number) => void>();
let emitted: Array<{ event: string; payload: Json }> = [];

beforeAll(async () => {
  sandbox = await startSandbox({
    prismUrl: NO_PRISM,
    port: 0,
    liveChat: { emit: (event, payload) => void emitted.push({ event, payload: payload as Json }) },
    callEvents: { emit: () => undefined, openCallRoom: (meetRoomUuid, _members, joined) => void (joined && callRooms.set(meetRoomUuid, joined)) },
  });
});
beforeEach(() => {
  emitted = [];
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(() => sandbox?.stop());

async function call<T = Json>(operationId: string, path: string, token: string, json?: unknown): Promise<T> {
  const response = await fetch(`${sandbox.url}${path}`, {
    method: json === undefined ? 'GET' : 'POST',
    headers: { authorization: token, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const body = (await response.json()) as Json;
  expect(response.status, `${operationId} ${JSON.stringify(body).slice(0, 300)}`).toBe(200);
  expect(response.headers.get('x-mock-source')).toBe('sandbox');
  responseSchema(operationId).parse(body);
  return body as T;
}

const start = async (uuid: string, token: string, callType?: 'voice' | 'video') =>
  (await call<{ chat_room_call: { id: number; meet_room_uuid: string } }>('startChatRoomCall', '/live-chat/chat-room-calls', token, { chat_room_uuid: uuid, ...(callType ? { call_type: callType } : {}) })).chat_room_call;
const end = (id: number, token: string, eventType?: string) =>
  call('endCall', '/live-chat/chat-room-calls/end-call', token, { chat_room_call_id: id, ...(eventType ? { event_type: eventType } : {}) });
const history = (token: string, page = 1) =>
  call<{ data: Entry[]; meta: { current_page: number; last_page: number; per_page: number; total: number } }>('listChatRoomCalls', `/live-chat/chat-room-calls?page=${page}`, token);
/** A member answers: they join the call room (the realtime mock reports it as its presence channel's member_added). */
const join = (meetRoomUuid: string, userId: number) => callRooms.get(meetRoomUuid)!(userId);

/** The newest message of a room, as v1 and as v2 answer it. */
async function newest(uuid: string, token: string) {
  const v1 = await call<{ messages: { data: Json[] } }>('viewChat', '/live-chat/view-chat?page=1', token, { chat_room_uuid: uuid });
  const v2 = await call<{ messages: { data: Json[] } }>('viewChatV2', '/v2/live-chat/view-chat?page=1', token, { chat_room_uuid: uuid });
  return { v1: v1.messages.data[0]!, v2: v2.messages.data[0]! };
}

const homeRoom = async (token: string, uuid: string) =>
  (await call<{ chat_rooms: Array<{ uuid: string; meta: { unread_messages: number }; last_message: Json | null }> }>('getChatHome', '/live-chat/home', token)).chat_rooms.find((room) => room.uuid === uuid)!;

/** The live_chat events sent, valid for the realtime contract, as `user id: message` (their call line). */
function callLinesSent() {
  return emitted
    .filter(({ payload }) => payload.event_type === 'live_chat')
    .map(({ event, payload }) => {
      const parsed = zLiveChatEvent.parse(payload);
      return { to: Number(/^live-chat-home-(\d+)-/.exec(event)![1]), type: parsed.message?.type, call: parsed.message?.call, content: parsed.message?.message_content };
    });
}

/** Time stands still in the sandbox (Date only), so talk time is exact. */
function clockAt(iso: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
  return (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);
}

describe('the line a call leaves in its room', () => {
  it('answered: "Video call · 12 min" from the caller, live to both, in v1 and v2, unread for nobody', async () => {
    const budiUnread = (await homeRoom(BUDI, DIRECT_ROOM_UUID)).meta.unread_messages;
    const pass = clockAt('2026-11-20T10:10:00Z');
    const ringing = await start(DIRECT_ROOM_UUID, AYU);
    join(ringing.meet_room_uuid, 42);
    pass(5);
    join(ringing.meet_room_uuid, 43);
    pass(12 * 60 + 3);
    expect(callLinesSent()).toEqual([]);
    await end(ringing.id, AYU);

    const summary = { status: 'ended', duration_seconds: 723, caller_id: 42, started_at: '2026-11-20T10:10:00Z', ended_at: '2026-11-20T10:22:08Z', call_type: 'video' };
    expect(callLinesSent()).toEqual([
      { to: 42, type: 'call', call: summary, content: 'Video call · 12 min' },
      { to: 43, type: 'call', call: summary, content: 'Video call · 12 min' },
    ]);
    // Nothing for the badge: Budi talked (new_chat_room adds one unread, SPEC §4).
    expect(emitted.filter(({ payload }) => payload.event_type === 'new_chat_room')).toEqual([]);
    expect(emitted.map(({ event }) => event)).toContain(websocketIdOf(43));

    const { v1, v2 } = await newest(DIRECT_ROOM_UUID, BUDI);
    expect(v1).toMatchObject({ type: 'call', user_id: 42, is_owner: false, chat_room_call_id: ringing.id, call: summary, message_content: 'Video call · 12 min' });
    expect(v2).toMatchObject({ message_type: 'call', user_id: 42, is_owner: false, chat_room_call_id: ringing.id, call: summary });
    const room = await homeRoom(BUDI, DIRECT_ROOM_UUID);
    expect(room.last_message).toMatchObject({ type: 'call', call: summary, message_content: 'Video call · 12 min', is_owner: false });
    expect(room.meta.unread_messages).toBe(budiUnread);
  });

  it('a voice call\'s line says so: "Voice call · 2 min", "Voice call · Declined", with call_type voice', async () => {
    const pass = clockAt('2026-11-22T08:00:00Z');
    const talked = await start(DIRECT_ROOM_UUID, AYU, 'voice');
    join(talked.meet_room_uuid, 42);
    join(talked.meet_room_uuid, 43);
    pass(120);
    await end(talked.id, AYU);
    expect((await newest(DIRECT_ROOM_UUID, BUDI)).v1).toMatchObject({ call: { status: 'ended', duration_seconds: 120, call_type: 'voice' }, message_content: 'Voice call · 2 min' });
    const declined = await start(DIRECT_ROOM_UUID, AYU, 'voice');
    join(declined.meet_room_uuid, 42);
    await end(declined.id, BUDI, 'end_call_from_receiver');
    expect((await newest(DIRECT_ROOM_UUID, AYU)).v1).toMatchObject({ call: { status: 'declined', call_type: 'voice' }, message_content: 'Voice call · Declined' });
  });

  it('under a minute reads in seconds; declined reads "Declined"; nobody answering reads "Missed call" and counts unread for the callee', async () => {
    const pass = clockAt('2026-11-21T08:00:00Z');
    const short = await start(DIRECT_ROOM_UUID, AYU);
    join(short.meet_room_uuid, 42);
    join(short.meet_room_uuid, 43);
    pass(45);
    await end(short.id, BUDI, 'end_call_from_receiver');
    expect((await newest(DIRECT_ROOM_UUID, AYU)).v1).toMatchObject({ call: { status: 'ended', duration_seconds: 45 }, message_content: 'Video call · 45 s' });

    const declined = await start(DIRECT_ROOM_UUID, AYU);
    join(declined.meet_room_uuid, 42);
    await end(declined.id, BUDI, 'end_call_from_receiver');
    expect((await newest(DIRECT_ROOM_UUID, AYU)).v1).toMatchObject({ call: { status: 'declined', duration_seconds: null }, message_content: 'Video call · Declined' });

    const budiUnread = (await homeRoom(BUDI, DIRECT_ROOM_UUID)).meta.unread_messages;
    const unanswered = await start(DIRECT_ROOM_UUID, AYU);
    join(unanswered.meet_room_uuid, 42);
    pass(60);
    await end(unanswered.id, AYU, 'no_answer');
    expect((await newest(DIRECT_ROOM_UUID, BUDI)).v2).toMatchObject({ message_type: 'call', call: { status: 'no_answer', duration_seconds: null }, message_content: 'Missed call' });
    expect((await homeRoom(BUDI, DIRECT_ROOM_UUID)).meta.unread_messages).toBe(budiUnread + 1);
    expect(emitted.filter(({ payload }) => payload.event_type === 'new_chat_room').map(({ event }) => event)).toEqual([websocketIdOf(43)]);

    const cancelled = await start(DIRECT_ROOM_UUID, AYU);
    await end(cancelled.id, AYU);
    expect((await newest(DIRECT_ROOM_UUID, BUDI)).v1).toMatchObject({ call: { status: 'missed' }, message_content: 'Missed call' });
  });

  it('a group call: no line while anyone is still in it; then one line, answered when one member joined', async () => {
    const pass = clockAt('2026-11-22T09:00:00Z');
    const ringing = await start(TEAM_ROOM_UUID, AYU);
    join(ringing.meet_room_uuid, 42);
    join(ringing.meet_room_uuid, 43);
    await end(ringing.id, RIZKY, 'end_call_from_receiver');
    pass(90);
    await end(ringing.id, BUDI, 'end_call_from_receiver');
    expect(callLinesSent()).toEqual([]);
    pass(30);
    await end(ringing.id, AYU);
    const lines = callLinesSent();
    expect(lines.map((line) => line.to)).toEqual([42, 43, 57, 61]);
    expect(lines[0]).toMatchObject({ type: 'call', call: { status: 'ended', duration_seconds: 120 }, content: 'Video call · 2 min' });
  });
});

describe('GET /live-chat/chat-room-calls', () => {
  it("answers each member's calls newest first with their direction, outcome and talk time", async () => {
    const pass = clockAt('2026-11-23T07:00:00Z');
    // Budi calls the team: Ayu answers 2 s in and leaves after 300 s, Rizky declines, Siti declines last
    // (5 s after Ayu left), which ends it for Budi too: nobody is left to talk to.
    const team = await start(TEAM_ROOM_UUID, BUDI);
    join(team.meet_room_uuid, 43);
    pass(2);
    join(team.meet_room_uuid, 42);
    await end(team.id, RIZKY, 'end_call_from_receiver');
    // Over for Rizky, still running for the others: in his list, not yet in Siti's.
    expect((await history(RIZKY)).data[0]).toMatchObject({ id: team.id, direction: 'incoming', outcome: 'declined', duration_seconds: null });
    expect((await history(SITI)).data.map((entry) => entry.id)).not.toContain(team.id);
    pass(300);
    await end(team.id, AYU, 'end_call_from_receiver');
    pass(5);
    await end(team.id, SITI, 'end_call_from_receiver');
    pass(60);
    // Then Ayu calls Budi, who does not answer.
    const direct = await start(DIRECT_ROOM_UUID, AYU);
    await end(direct.id, AYU, 'no_answer');

    const ayu = await history(AYU);
    expect(ayu.data.slice(0, 2)).toMatchObject([
      { id: direct.id, caller_id: 42, direction: 'outgoing', outcome: 'no_answer', duration_seconds: null, chat_room: { uuid: DIRECT_ROOM_UUID, type: 'individual', individual_name: 'Budi Santoso' } },
      { id: team.id, caller_id: 43, direction: 'incoming', outcome: 'answered', duration_seconds: 300, chat_room: { uuid: TEAM_ROOM_UUID, type: 'group', name: 'Tim Operasional Jakarta' } },
    ]);
    expect((await history(BUDI)).data.slice(0, 2)).toMatchObject([
      { id: direct.id, direction: 'incoming', outcome: 'missed', chat_room: { individual_name: 'Ayu Lestari' } },
      { id: team.id, direction: 'outgoing', outcome: 'answered', duration_seconds: 305 },
    ]);
    expect((await history(SITI)).data[0]).toMatchObject({ id: team.id, outcome: 'declined' });
    // Never someone else's calls.
    expect((await history(DEWI)).data.map((entry) => entry.id)).not.toContain(team.id);
  });

  it('a member who declined and then joins the group call under way (its call button) answered it', async () => {
    const pass = clockAt('2026-11-23T09:00:00Z');
    const team = await start(TEAM_ROOM_UUID, AYU);
    join(team.meet_room_uuid, 42);
    await end(team.id, BUDI, 'end_call_from_receiver');
    pass(20);
    expect((await start(TEAM_ROOM_UUID, BUDI)).id).toBe(team.id);
    pass(40);
    await end(team.id, AYU, 'end_call_from_caller_group');
    expect((await history(BUDI)).data[0]).toMatchObject({ id: team.id, direction: 'incoming', outcome: 'answered', duration_seconds: 40 });
    expect((await newest(TEAM_ROOM_UUID, SITI)).v1).toMatchObject({ type: 'call', call: { status: 'ended', duration_seconds: 40 } });
  });

  it('is empty for someone never called, and pages 20 at a time', async () => {
    const empty = await history(DEWI);
    expect(empty).toMatchObject({ data: [], meta: { current_page: 1, last_page: 1, total: 0 } });

    const before = (await history(AYU)).meta.total;
    const pass = clockAt('2026-11-24T07:00:00Z');
    const started: number[] = [];
    for (let made = 0; made < CALLS_PER_PAGE + 1; made += 1) {
      pass(1);
      const ringing = await start(DIRECT_ROOM_UUID, AYU);
      started.push(ringing.id);
      await end(ringing.id, AYU);
    }
    const first = await history(AYU);
    expect(first.meta).toEqual({ current_page: 1, last_page: Math.ceil((before + 21) / 20), per_page: 20, total: before + 21 });
    expect(first.data.map((entry) => entry.id)).toEqual(started.slice(1).reverse());
    const second = await history(AYU, 2);
    expect(second.data[0]?.id).toBe(started[0]);
    httpZod.zListChatRoomCallsResponse.parse(second);
  });
});

describe('with the realtime mock (as npm start wires them)', () => {
  let realtime: RealtimeMock;
  let wired: RunningSandbox;
  beforeAll(async () => {
    realtime = await startRealtimeMock({ port: 0 });
    wired = await startSandbox({ prismUrl: NO_PRISM, port: 0, ...realtimeHooks(realtime) });
  });
  afterAll(async () => {
    await Promise.all([wired?.stop(), realtime?.stop()]);
  });

  /** Joins a call room as the app does: a Pusher connection, the channel authorised, then subscribed. */
  async function joinPresence(bearer: string, channel: string): Promise<WebSocket> {
    const socket = new WebSocket(`${realtime.url.replace(/^http/, 'ws')}/app/ess-mock-key?protocol=7`);
    const socketId = await new Promise<string>((resolve, reject) => {
      socket.once('error', reject);
      socket.on('message', (raw) => {
        const message = JSON.parse(String(raw)) as { event: string; data: string };
        if (message.event === 'pusher:connection_established') resolve((JSON.parse(message.data) as { socket_id: string }).socket_id);
      });
    });
    const auth = (await (
      await fetch(`${realtime.url}/broadcasting/auth`, {
        method: 'POST',
        headers: { authorization: bearer, 'content-type': 'application/json' },
        body: JSON.stringify({ socket_id: socketId, channel_name: channel }),
      })
    ).json()) as { auth: string; channel_data: string };
    const subscribed = new Promise<void>((resolve) =>
      socket.on('message', (raw) => {
        if ((JSON.parse(String(raw)) as { event: string }).event === 'pusher_internal:subscription_succeeded') resolve();
      }),
    );
    socket.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth: auth.auth, channel_data: auth.channel_data } }));
    await subscribed;
    return socket;
  }

  it('a callee joining the call room answers the call: its line says how long they talked', async () => {
    const ayu = await signIn(wired.url, 'ayu.lestari');
    const budi = await signIn(wired.url, 'budi.santoso');
    const post = (path: string, bearer: string, json: unknown) =>
      fetch(`${wired.url}${path}`, { method: 'POST', headers: { authorization: bearer, 'content-type': 'application/json' }, body: JSON.stringify(json) }).then((response) => response.json() as Promise<Json>);
    const ringing = (await post('/live-chat/chat-room-calls', ayu, { chat_room_uuid: DIRECT_ROOM_UUID })).chat_room_call as { id: number; meet_room_uuid: string };
    const channel = `presence-ess_call.${ringing.meet_room_uuid}`;
    const sockets = [await joinPresence(ayu, channel), await joinPresence(budi, channel)];
    await post('/live-chat/chat-room-calls/end-call', ayu, { chat_room_call_id: ringing.id });
    for (const socket of sockets) socket.close();
    const page = (await post('/live-chat/view-chat?page=1', budi, { chat_room_uuid: DIRECT_ROOM_UUID })) as { messages: { data: Json[] } };
    expect(page.messages.data[0]).toMatchObject({ type: 'call', chat_room_call_id: ringing.id, call: { status: 'ended' }, message_content: expect.stringMatching(/^Video call · \d+ s$/) });
  });
});
