// The chat sandbox's video calls (mocks/sandbox/chat/calls.ts): starting a call rings the room's other
// members on their private channels, fetching shows it with its caller, and ending it reaches exactly
// the users in rejected_ids (direct: both; group: the caller ends for all, a member only for
// themselves). Every answer is checked against its operation's generated schema and every call event
// against the realtime contract's; Prism is not needed.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as httpZod from '../../generated/http/zod.gen.ts';
import { zGlobalEvent } from '../../generated/realtime/zod.gen.ts';
import { DEMO_CALL, type CallEvent } from '../../mocks/sandbox/chat/calls.ts';
import { DIRECT_ROOM_UUID, TEAM_ROOM_UUID } from '../../mocks/sandbox/chat/seed.ts';
import { startSandbox, type RunningSandbox } from '../../mocks/sandbox/server.ts';
import { responseSchema, signIn } from './support/sandbox-client.ts';

type Json = Record<string, unknown>;
interface Call {
  id: number;
  meet_room_uuid: string;
  caller_id: number;
  caller?: { id: number; first_name: string | null; last_name: string | null };
  status: string;
  rejected_ids: Record<string, number>;
}

const NO_PRISM = 'http://127.0.0.1:9';
const AYU = 'Bearer sandbox.42.aa';
const RIZKY = 'Bearer sandbox.57.bb';
const SITI = 'Bearer sandbox.61.cc';
let budi = '';
let sandbox: RunningSandbox;
let sent: Array<{ userId: number; event: CallEvent }> = [];

beforeAll(async () => {
  sandbox = await startSandbox({ prismUrl: NO_PRISM, port: 0, callEvents: { emit: (userId, event) => void sent.push({ userId, event }) } });
  budi = await signIn(sandbox.url, 'budi.santoso');
});
beforeEach(() => {
  sent = [];
});
afterAll(() => sandbox?.stop());

async function raw(path: string, token: string, json?: unknown) {
  const response = await fetch(`${sandbox.url}${path}`, {
    method: json === undefined ? 'GET' : 'POST',
    headers: { authorization: token, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  return { status: response.status, source: response.headers.get('x-mock-source'), body: (await response.json()) as Json };
}

async function call<T = Json>(operationId: string, path: string, token: string, json?: unknown): Promise<T> {
  const { status, source, body } = await raw(path, token, json);
  expect(status, `${operationId} ${JSON.stringify(body).slice(0, 300)}`).toBe(200);
  expect(source).toBe('sandbox');
  responseSchema(operationId).parse(body);
  return body as T;
}

async function refused(path: string, token: string, json: unknown, status: number) {
  const answer = await raw(path, token, json);
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  httpZod.zErrorBody.parse(answer.body);
  return answer.body;
}

const start = async (uuid: string, token: string) =>
  (await call<{ chat_room_call: Call }>('startChatRoomCall', '/live-chat/chat-room-calls', token, { chat_room_uuid: uuid })).chat_room_call;
const show = (id: number, token: string) => call<{ chat_room_call: Call; chat_room: { uuid: string; individual_name: string | null } }>('getChatRoomCall', `/live-chat/chat-room-calls/${id}`, token);
const end = async (id: number, token: string, eventType?: string) =>
  (await call<{ chat_room_call: Call }>('endCall', '/live-chat/chat-room-calls/end-call', token, { chat_room_call_id: id, ...(eventType ? { event_type: eventType } : {}) })).chat_room_call;

/** Every event sent, valid for the realtime contract, as `recipient: type {rejected ids}`. */
function events() {
  return sent.map(({ userId, event }) => {
    zGlobalEvent.parse(event);
    expect(event.data.recipient_id).toBe(userId);
    return { to: userId, type: event.event_type, rejected: Object.keys(event.data.rejected_ids).map(Number).sort() };
  });
}

describe('a direct call', () => {
  it('rings the other person, shows the caller, and a decline ends it for both', async () => {
    const ringing = await start(DIRECT_ROOM_UUID, AYU);
    expect(ringing).toMatchObject({ caller_id: 42, status: 'ringing', rejected_ids: {} });
    expect(ringing.meet_room_uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(events()).toEqual([{ to: 43, type: 'incoming_call', rejected: [] }]);
    expect(sent[0]?.event.data).toMatchObject({ chat_room_call_id: ringing.id, meet_room_uuid: ringing.meet_room_uuid });

    const seen = await show(ringing.id, budi);
    expect(seen.chat_room_call).toMatchObject({ id: ringing.id, status: 'ringing', caller: { id: 42, first_name: 'Ayu', last_name: 'Lestari' } });
    expect(seen.chat_room).toMatchObject({ uuid: DIRECT_ROOM_UUID, individual_name: 'Ayu Lestari' });

    sent = [];
    const declined = await end(ringing.id, budi, 'end_call_from_receiver');
    expect(declined).toMatchObject({ status: 'ended', rejected_ids: { '42': 42, '43': 43 } });
    expect(events()).toEqual([
      { to: 42, type: 'end_call_from_receiver', rejected: [42, 43] },
      { to: 43, type: 'end_call_from_receiver', rejected: [42, 43] },
    ]);

    sent = [];
    expect(await end(ringing.id, AYU)).toMatchObject({ status: 'ended' });
    expect(sent).toEqual([]);
  });

  it('the caller hanging up ends it for both as end_call_from_caller; no answer likewise as no_answer', async () => {
    const first = await start(DIRECT_ROOM_UUID, AYU);
    sent = [];
    await end(first.id, AYU);
    expect(events().map((e) => [e.to, e.type, e.rejected])).toEqual([
      [42, 'end_call_from_caller', [42, 43]],
      [43, 'end_call_from_caller', [42, 43]],
    ]);
    const second = await start(DIRECT_ROOM_UUID, AYU);
    sent = [];
    expect(await end(second.id, AYU, 'no_answer')).toMatchObject({ status: 'no_answer' });
    expect(events().map((e) => e.type)).toEqual(['no_answer', 'no_answer']);
  });
});

describe('a group call ("Tim Operasional Jakarta": 42, 43, 57, 61)', () => {
  it('rings every other member; a member declining ends it only for them; the caller ending ends it for the rest', async () => {
    const ringing = await start(TEAM_ROOM_UUID, AYU);
    expect(events()).toEqual([43, 57, 61].map((to) => ({ to, type: 'incoming_call', rejected: [] })));

    sent = [];
    expect(await end(ringing.id, budi)).toMatchObject({ status: 'ringing', rejected_ids: { '43': 43 } });
    expect(events()).toEqual([{ to: 43, type: 'end_call_from_receiver', rejected: [43] }]);

    sent = [];
    expect(await end(ringing.id, AYU)).toMatchObject({ status: 'ended', rejected_ids: { '42': 42, '43': 43, '57': 57, '61': 61 } });
    expect(events()).toEqual([42, 57, 61].map((to) => ({ to, type: 'end_call_from_caller_group', rejected: [42, 57, 61] })));
  });

  it('an end sent again (its answer was lost, the app retries it) changes nothing and tells nobody, before or after the call is over', async () => {
    const ringing = await start(TEAM_ROOM_UUID, AYU);
    await end(ringing.id, budi);
    sent = [];
    expect(await end(ringing.id, budi)).toMatchObject({ status: 'ringing', rejected_ids: { '43': 43 } });
    expect(sent).toEqual([]);

    await end(ringing.id, AYU, 'end_call_from_caller_group');
    sent = [];
    for (const token of [AYU, AYU, budi]) expect(await end(ringing.id, token, 'end_call_from_caller_group')).toMatchObject({ status: 'ended' });
    expect(sent).toEqual([]);
    expect((await show(ringing.id, RIZKY)).chat_room_call.status).toBe('ended');
  });

  it('ends for the caller too once every member has declined', async () => {
    const ringing = await start(TEAM_ROOM_UUID, AYU);
    await end(ringing.id, budi);
    await end(ringing.id, RIZKY);
    sent = [];
    expect(await end(ringing.id, SITI)).toMatchObject({ status: 'ended' });
    expect(events()).toEqual([42, 61].map((to) => ({ to, type: 'end_call_from_receiver', rejected: [42, 61] })));
  });

  it('a member starting a call while the group\'s call goes on joins that call, rings nobody, and is in it again', async () => {
    const ringing = await start(TEAM_ROOM_UUID, AYU);
    await end(ringing.id, budi);
    sent = [];
    const joined = await start(TEAM_ROOM_UUID, budi);
    expect(joined).toMatchObject({ id: ringing.id, meet_room_uuid: ringing.meet_room_uuid, caller_id: 42, status: 'ringing', rejected_ids: {} });
    expect(events()).toEqual([]);
    // In it again: the caller ending it ends it for Budi too.
    await end(ringing.id, AYU);
    expect(events().find((event) => event.to === 43)).toMatchObject({ type: 'end_call_from_caller_group' });
    // Over: the next start is a new call that rings the group.
    sent = [];
    const next = await start(TEAM_ROOM_UUID, budi);
    expect(next.id).not.toBe(ringing.id);
    expect(events().map((event) => event.to)).toEqual([42, 57, 61]);
  });
});

describe('refusals', () => {
  it('an unknown call, or one in a room the user is not in, is 404; a room the user is not in is 403', async () => {
    expect(await refused('/live-chat/chat-room-calls/424242', AYU, undefined, 404)).toMatchObject({ error_message: 'Call not found.' });
    const ringing = await start(DIRECT_ROOM_UUID, AYU);
    await refused(`/live-chat/chat-room-calls/${ringing.id}`, RIZKY, undefined, 404);
    await refused('/live-chat/chat-room-calls/end-call', RIZKY, { chat_room_call_id: ringing.id }, 404);
    await refused('/live-chat/chat-room-calls', RIZKY, { chat_room_uuid: DIRECT_ROOM_UUID }, 403);
    await refused('/live-chat/chat-room-calls', AYU, { chat_room_uuid: 'no-such-room' }, 404);
    await refused('/live-chat/chat-room-calls', AYU, {}, 422);
    await refused('/live-chat/chat-room-calls/end-call', AYU, {}, 422);
    expect(sent.filter((s) => s.event.data.chat_room_call_id !== ringing.id || s.event.event_type !== 'incoming_call')).toEqual([]);
  });
});

describe('the demo call of `npm run mock:emit -- incoming-call`', () => {
  it('is Rizky calling Ayu in the realtime example\'s meet room, and rings again once fetched after it ended', async () => {
    const seen = await show(DEMO_CALL.id, AYU);
    expect(seen.chat_room_call).toMatchObject({
      id: 9001,
      meet_room_uuid: '5b1f3c2e-8a4d-4e2b-9f6a-1c7d0e3a2b44',
      caller_id: 57,
      caller: { first_name: 'Rizky', last_name: 'Pratama' },
      status: 'ringing',
    });
    expect(seen.chat_room.individual_name).toBe('Rizky Pratama');
    await end(DEMO_CALL.id, AYU, 'end_call_from_receiver');
    expect(events().map((e) => [e.to, e.type])).toEqual([
      [57, 'end_call_from_receiver'],
      [42, 'end_call_from_receiver'],
    ]);
    expect((await show(DEMO_CALL.id, AYU)).chat_room_call).toMatchObject({ status: 'ringing', rejected_ids: {} });
  });
});

describe('the Call tab searches', () => {
  it('finds people in the directory (not oneself) and the user\'s own groups by name', async () => {
    const people = await call<{ users: Array<{ id: number; first_name: string }> }>('searchVideoCallEmployees', '/video-call/search-employees', AYU, { employee_name: 'budi' });
    expect(people.users.map((user) => user.id)).toContain(43);
    const self = await call<{ users: Array<{ id: number }> }>('searchVideoCallEmployees', '/video-call/search-employees', AYU, { employee_name: 'ayu lestari' });
    expect(self.users.map((user) => user.id)).not.toContain(42);
    const groups = await call<{ groups: Array<{ uuid: string; name: string }> }>('searchVideoCallGroups', '/video-call/search-groups', AYU, { name: 'operasional' });
    expect(groups.groups.map((group) => group.uuid)).toContain(TEAM_ROOM_UUID);
    expect((await call<{ groups: unknown[] }>('searchVideoCallGroups', '/video-call/search-groups', AYU, { name: 'no such group' })).groups).toEqual([]);
  });
});
