// Group calls through Janus in the sandbox (mocks/sandbox/chat/calls.ts, call-media.ts) with a real
// Janus: a group call gets a VideoRoom room as it starts, every answer carrying the call to a member
// (start, fetch, end) has its `media` (the room, its pin, a token of ~4 h, capacity 100) that really
// lets the member join, a direct call keeps the mesh (no `media`), and the room is destroyed once the
// call is over for everyone. Without Janus nothing changes. Answers are checked with the generated
// schemas; Prism is not needed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatRoomCallMedia } from '../../generated/http/types.gen.ts';
import type { JanusSession } from '../../mocks/janus/client.ts';
import type { RunningJanus } from '../../mocks/janus/server.ts';
import { NO_SUCH_ROOM } from '../../mocks/janus/videoroom.ts';
import { janusCallMedia, WATCH_EVERY_MS } from '../../mocks/sandbox/chat/call-media.ts';
import { ALL_HANDS_MEMBERS, ALL_HANDS_ROOM_UUID, DIRECT_ROOM_UUID, TEAM_ROOM_UUID } from '../../mocks/sandbox/chat/seed.ts';
import { findPerson } from '../../mocks/sandbox/people.ts';
import { usernameOf } from '../../mocks/sandbox/chat/identity.ts';
import { startSandbox, type RunningSandbox } from '../../mocks/sandbox/server.ts';
import { joinAsPublisher, startTestJanus } from './support/janus.ts';
import { responseSchema, signIn } from './support/sandbox-client.ts';

interface Call {
  id: number;
  status: string;
  media?: ChatRoomCallMedia | null;
}

const NO_PRISM = 'http://127.0.0.1:9';
const FOUR_HOURS_S = 4 * 60 * 60;
let janus: RunningJanus;
let sandbox: RunningSandbox;
let plain: RunningSandbox;
const tokens = new Map<string, string>();

beforeAll(async () => {
  janus = await startTestJanus();
  [sandbox, plain] = await Promise.all([
    startSandbox({ prismUrl: NO_PRISM, port: 0, callMedia: janusCallMedia(janus), callEvents: { emit: () => undefined } }),
    startSandbox({ prismUrl: NO_PRISM, port: 0, callEvents: { emit: () => undefined } }),
  ]);
});
afterAll(async () => {
  await Promise.all([sandbox?.stop(), plain?.stop()]);
  await janus?.stop();
});

/** The bearer header of a signed-in employee of people.ts (`first.last`, any password). */
async function as(username: string, server = sandbox): Promise<string> {
  const key = `${server.url} ${username}`;
  if (!tokens.has(key)) tokens.set(key, await signIn(server.url, username));
  return tokens.get(key)!;
}

async function call(operationId: string, path: string, token: string, json?: unknown, server = sandbox): Promise<Call> {
  const response = await fetch(`${server.url}${path}`, {
    method: json === undefined ? 'GET' : 'POST',
    headers: { authorization: token, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const body = (await response.json()) as { chat_room_call: Call };
  expect(response.status, JSON.stringify(body).slice(0, 300)).toBe(200);
  responseSchema(operationId).parse(body);
  return body.chat_room_call;
}

const start = (uuid: string, token: string, server = sandbox) => call('startChatRoomCall', '/live-chat/chat-room-calls', token, { chat_room_uuid: uuid }, server);
const show = (id: number, token: string, server = sandbox) => call('getChatRoomCall', `/live-chat/chat-room-calls/${id}`, token, undefined, server);
const end = (id: number, token: string, eventType?: string) =>
  call('endCall', '/live-chat/chat-room-calls/end-call', token, { chat_room_call_id: id, ...(eventType ? { event_type: eventType } : {}) });

/** The call's media, checked for the shape the backend promises, with its token's expiry (Unix seconds). */
function mediaOf(answer: Call): Required<ChatRoomCallMedia> & { expiry: number } {
  const media = answer.media as Required<ChatRoomCallMedia>;
  expect(media).toMatchObject({ kind: 'janus', url: '/janus', capacity: 100, room: expect.any(Number), pin: expect.any(String), token: expect.any(String) });
  const [, expiry] = /^(\d+),janus,janus\.plugin\.videoroom:[A-Za-z0-9+/]+=*$/.exec(media.token!) ?? [];
  expect(expiry, media.token!).toBeDefined();
  return { ...media, expiry: Number(expiry) };
}

async function leave(...sessions: JanusSession[]) {
  await Promise.all(sessions.map((session) => session.destroy()));
}

describe('a group call with Janus beside the sandbox', () => {
  it('gets a room as it starts; each member is given the room, its pin and a 4-hour token that let them join', async () => {
    const ayu = await as('ayu.lestari');
    const budi = await as('budi.santoso');
    const ringing = await start(TEAM_ROOM_UUID, ayu);
    const media = mediaOf(ringing);
    expect(Math.abs(media.expiry - (Date.now() / 1000 + FOUR_HOURS_S))).toBeLessThan(60);
    expect(await janus.rooms.roomExists(media.room)).toBe(true);

    // Budi, called, sees the same room and pin with a token of his own, and both get in.
    const seen = mediaOf(await show(ringing.id, budi));
    expect(seen).toMatchObject({ room: media.room, pin: media.pin });
    const ayuIn = await joinAsPublisher(janus.url, { room: media.room, pin: media.pin, token: media.token, display: 'Ayu Lestari' });
    const budiIn = await joinAsPublisher(janus.url, { room: media.room, pin: seen.pin, token: seen.token, display: 'Budi Santoso' });
    expect(budiIn.joined.attendees).toEqual([expect.objectContaining({ display: 'Ayu Lestari' })]);

    // The caller hanging up is the end for everyone: the room is destroyed (the end answer still says which it was).
    const ended = await end(ringing.id, ayu);
    expect(ended.status).toBe('ended');
    expect(mediaOf(ended).room).toBe(media.room);
    expect(await janus.rooms.roomExists(media.room)).toBe(false);
    const late = await joinAsPublisher(janus.url, { room: media.room, pin: media.pin, token: media.token, display: 'Late' }).catch((error: { code?: number }) => error);
    expect(late).toMatchObject({ code: NO_SUCH_ROOM });
    await leave(ayuIn.session, budiIn.session);
  });

  it('keeps its room while some members decline, and destroys it when nobody answered (no_answer)', async () => {
    const ayu = await as('ayu.lestari');
    const ringing = await start(TEAM_ROOM_UUID, ayu);
    const { room } = mediaOf(ringing);
    expect((await end(ringing.id, await as('budi.santoso'))).status).toBe('ringing');
    expect(await janus.rooms.roomExists(room)).toBe(true);
    expect((await end(ringing.id, ayu, 'no_answer')).status).toBe('no_answer');
    expect(await janus.rooms.roomExists(room)).toBe(false);
  });

  it('in "All Hands", seven members who signed in join one room, each seeing the ones before', async () => {
    expect(ALL_HANDS_MEMBERS.length).toBeGreaterThanOrEqual(12);
    const usernames = ALL_HANDS_MEMBERS.slice(0, 7).map((id) => usernameOf(findPerson(id)!));
    expect(usernames.slice(0, 2)).toEqual(['ayu.lestari', 'budi.santoso']);
    const ringing = await start(ALL_HANDS_ROOM_UUID, await as(usernames[0]!));
    const joined: JanusSession[] = [];
    for (const [index, username] of usernames.entries()) {
      const media = mediaOf(index === 0 ? ringing : await show(ringing.id, await as(username)));
      const member = await joinAsPublisher(janus.url, { room: media.room, pin: media.pin, token: media.token, display: username });
      expect((member.joined.attendees as unknown[]).length).toBe(index);
      joined.push(member.session);
    }
    await end(ringing.id, await as(usernames[0]!));
    await leave(...joined);
  });
});

describe('who answered a group call through Janus', () => {
  it('is whoever the sandbox sees in the call\'s room (by the user id the app writes in its display): answered, not missed', async () => {
    const ayu = await as('ayu.lestari');
    const budi = await as('budi.santoso');
    const ringing = await start(TEAM_ROOM_UUID, ayu);
    const media = mediaOf(ringing);
    const ayuIn = await joinAsPublisher(janus.url, { room: media.room, pin: media.pin, token: media.token, display: JSON.stringify({ user: '42', kind: 'camera' }) });
    const seen = mediaOf(await show(ringing.id, budi));
    const budiIn = await joinAsPublisher(janus.url, { room: media.room, pin: seen.pin, token: seen.token, display: JSON.stringify({ user: '43', kind: 'camera' }) });
    // The sandbox asks the room who is in it every second.
    await new Promise((resolve) => setTimeout(resolve, WATCH_EVERY_MS * 2.5));
    await end(ringing.id, ayu);
    await leave(ayuIn.session, budiIn.session);

    const response = await fetch(`${sandbox.url}/live-chat/chat-room-calls`, { headers: { authorization: budi } });
    const list = (await response.json()) as { data: { id: number; outcome: string; direction: string }[] };
    expect(list.data.find((entry) => entry.id === ringing.id)).toMatchObject({ outcome: 'answered', direction: 'incoming' });
    // Siti was rung and never came: missed, for her.
    const siti = await as('siti.rahmawati');
    const hers = (await (await fetch(`${sandbox.url}/live-chat/chat-room-calls`, { headers: { authorization: siti } })).json()) as { data: { id: number; outcome: string }[] };
    expect(hers.data.find((entry) => entry.id === ringing.id)).toMatchObject({ outcome: 'missed' });
  });
});

describe('calls that keep the peer-to-peer mesh', () => {
  it('a direct call has no media in any answer', async () => {
    const ayu = await as('ayu.lestari');
    const ringing = await start(DIRECT_ROOM_UUID, ayu);
    expect(ringing.media).toBeUndefined();
    expect((await show(ringing.id, await as('budi.santoso'))).media).toBeUndefined();
    expect((await end(ringing.id, ayu)).media).toBeUndefined();
  });

  it('without Janus, a group call has no media either', async () => {
    const ringing = await start(TEAM_ROOM_UUID, await as('ayu.lestari', plain), plain);
    expect(ringing.media).toBeUndefined();
    expect((await show(ringing.id, await as('budi.santoso', plain), plain)).media).toBeUndefined();
  });
});
