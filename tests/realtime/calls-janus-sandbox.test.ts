// Group calls through Janus in the sandbox (mocks/sandbox/chat/calls.ts, call-media.ts) with a real
// Janus: a group call gets a VideoRoom room as it starts, every answer carrying the call to a member in
// it (start, fetch) has its `media` (the room, its pin, a Janus token of 5 minutes, the member's own join
// token and feed ids, the roster, capacity 100) that really lets the member join, a direct call keeps
// the mesh (no `media`), and the room is destroyed once the call is over for everyone. Without Janus
// nothing changes. Issue 33: the member's place is theirs only (another's id with one's own token is
// kicked at once), and out means out (a member removed from the group, or logged out, cannot join, and
// one in the call is kicked). Answers are checked with the generated schemas; Prism is not needed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatRoomCallMedia } from '../../generated/http/types.gen.ts';
import type { JanusSession } from '../../mocks/janus/client.ts';
import type { RunningJanus } from '../../mocks/janus/server.ts';
import { NO_SUCH_ROOM, UNAUTHORIZED } from '../../mocks/janus/videoroom.ts';
import { janusCallMedia } from '../../mocks/sandbox/chat/call-media.ts';
import { ALL_HANDS_MEMBERS, ALL_HANDS_ROOM_UUID, DIRECT_ROOM_UUID, TEAM_ROOM_UUID } from '../../mocks/sandbox/chat/seed.ts';
import { findPerson } from '../../mocks/sandbox/people.ts';
import { usernameOf } from '../../mocks/sandbox/chat/identity.ts';
import { startSandbox, type RunningSandbox } from '../../mocks/sandbox/server.ts';
import { joinAsPublisher, startTestJanus } from './support/janus.ts';
import { responseSchema, signIn } from './support/sandbox-client.ts';

interface Call {
  id: number;
  status: string;
  /** Who is out of the call, by id (declined, left, or removed from its group). */
  rejected_ids?: Record<string, number>;
  media?: ChatRoomCallMedia | null;
}

const NO_PRISM = 'http://127.0.0.1:9';
const FIVE_MINUTES_S = 5 * 60;
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

async function send(path: string, token: string, json?: unknown, server = sandbox): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${server.url}${path}`, {
    method: json === undefined ? 'GET' : 'POST',
    headers: { authorization: token, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function call(operationId: string, path: string, token: string, json?: unknown, server = sandbox): Promise<Call> {
  const { status, body } = await send(path, token, json, server);
  expect(status, JSON.stringify(body).slice(0, 300)).toBe(200);
  responseSchema(operationId).parse(body);
  return body.chat_room_call as Call;
}

const start = (uuid: string, token: string, server = sandbox) => call('startChatRoomCall', '/live-chat/chat-room-calls', token, { chat_room_uuid: uuid }, server);
const show = (id: number, token: string, server = sandbox) => call('getChatRoomCall', `/live-chat/chat-room-calls/${id}`, token, undefined, server);
const end = (id: number, token: string, eventType?: string) =>
  call('endCall', '/live-chat/chat-room-calls/end-call', token, { chat_room_call_id: id, ...(eventType ? { event_type: eventType } : {}) });

type Media = Required<ChatRoomCallMedia> & { expiry: number; token: string; join_token: string; pin: string };

/** The call's media, checked for the shape the backend promises, with its token's expiry (Unix seconds). */
function mediaOf(answer: Call): Media {
  const media = answer.media as Media;
  expect(media).toMatchObject({
    kind: 'janus',
    url: '/janus',
    capacity: 100,
    room: expect.any(Number),
    pin: expect.any(String),
    token: expect.any(String),
    join_token: expect.any(String),
    camera_feed_id: expect.any(Number),
    screen_feed_id: expect.any(Number),
  });
  // The member's own ids are in the roster, as theirs.
  expect(media.feeds).toEqual(expect.arrayContaining([expect.objectContaining({ id: media.camera_feed_id, kind: 'camera' }), expect.objectContaining({ id: media.screen_feed_id, kind: 'screen' })]));
  const [, expiry] = /^(\d+),janus,janus\.plugin\.videoroom:[A-Za-z0-9+/]+=*$/.exec(media.token) ?? [];
  expect(expiry, media.token).toBeDefined();
  return { ...media, expiry: Number(expiry) };
}

/** Joins the call's room as the member's camera, as the app does: their join token and their camera feed id. */
const joinCamera = (media: Media, display = JSON.stringify({ mic: true, cam: true })) =>
  joinAsPublisher(janus.url, { room: media.room, pin: media.pin, token: media.token, joinToken: media.join_token, id: media.camera_feed_id, display });

/** Ayu starts a call in the room; the member is given its media and joins as their camera, watched for a kick. */
async function memberInCall(roomUuid: string, member: string) {
  const ayu = await as('ayu.lestari');
  const token = await as(member);
  const ringing = await start(roomUuid, ayu);
  const media = mediaOf(await show(ringing.id, token));
  const joined = await joinCamera(media);
  return { ayu, token, ringing, media, joined, kicked: joined.kicked };
}

async function leave(...sessions: JanusSession[]) {
  await Promise.all(sessions.map((session) => session.destroy()));
}

describe('a group call with Janus beside the sandbox', () => {
  it('gets a room as it starts; each member is given the room, its pin, a 5-minute token, their own join token and feed ids, and the roster', async () => {
    const ayu = await as('ayu.lestari');
    const budi = await as('budi.santoso');
    const ringing = await start(TEAM_ROOM_UUID, ayu);
    const media = mediaOf(ringing);
    expect(Math.abs(media.expiry - (Date.now() / 1000 + FIVE_MINUTES_S))).toBeLessThan(60);
    expect(await janus.rooms.roomExists(media.room)).toBe(true);

    // Budi, called, sees the same room, pin and roster with a token, a join token and ids of his own, and both get in.
    const seen = mediaOf(await show(ringing.id, budi));
    expect(seen).toMatchObject({ room: media.room, pin: media.pin });
    expect(seen.join_token).not.toBe(media.join_token);
    expect(new Set([seen.camera_feed_id, seen.screen_feed_id, media.camera_feed_id, media.screen_feed_id]).size).toBe(4);
    // The roster: both ids of each of the four members the call rang, each id a safe integer, each once.
    expect(seen.feeds).toHaveLength(8);
    expect(new Set(seen.feeds.map((feed) => feed.id)).size).toBe(8);
    expect(seen.feeds.every((feed) => Number.isSafeInteger(feed.id) && (feed.id ?? 0) > 0)).toBe(true);
    expect(seen.feeds.filter((feed) => feed.user_id === 43)).toEqual([
      { id: seen.camera_feed_id, user_id: 43, kind: 'camera' },
      { id: seen.screen_feed_id, user_id: 43, kind: 'screen' },
    ]);
    // A fresh Janus token in every answer.
    const again = mediaOf(await show(ringing.id, budi));
    expect(again).toMatchObject({ join_token: seen.join_token, camera_feed_id: seen.camera_feed_id });
    const ayuIn = await joinCamera(media);
    const budiIn = await joinCamera(seen);
    expect(budiIn.joined).toMatchObject({ id: seen.camera_feed_id, attendees: [expect.objectContaining({ id: media.camera_feed_id })] });

    // The caller hanging up is the end for everyone: the room is destroyed, and the end answer gives no media.
    const ended = await end(ringing.id, ayu);
    expect(ended.status).toBe('ended');
    expect(ended.media).toBeUndefined();
    expect(await janus.rooms.roomExists(media.room)).toBe(false);
    const late = await joinCamera(media).catch((error: { code?: number }) => error);
    expect(late).toMatchObject({ code: NO_SUCH_ROOM });
    await leave(ayuIn.session, budiIn.session);
  });

  it('refuses a join without a member’s join token (433), and one with a made-up token', async () => {
    const ringing = await start(TEAM_ROOM_UUID, await as('ayu.lestari'));
    const media = mediaOf(ringing);
    const without = await joinAsPublisher(janus.url, { room: media.room, pin: media.pin, token: media.token, display: '{}' }).catch((error: { code?: number }) => error);
    expect(without).toMatchObject({ code: UNAUTHORIZED });
    const madeUp = await joinAsPublisher(janus.url, { room: media.room, pin: media.pin, token: media.token, joinToken: 'made-up', display: '{}' }).catch((error: { code?: number }) => error);
    expect(madeUp).toMatchObject({ code: UNAUTHORIZED });
    await end(ringing.id, await as('ayu.lestari'));
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
      const member = await joinCamera(media);
      expect((member.joined.attendees as unknown[]).length).toBe(index);
      joined.push(member.session);
    }
    await end(ringing.id, await as(usernames[0]!));
    await leave(...joined);
  });
});

describe('a member’s place in the call is theirs only (issue 33)', () => {
  it('kicks at once a publisher joining with another member’s camera or screen id, or an id of nobody’s, with its own join token', async () => {
    const ayu = await as('ayu.lestari');
    const ringing = await start(TEAM_ROOM_UUID, ayu);
    const ayuMedia = mediaOf(ringing);
    const budiMedia = mediaOf(await show(ringing.id, await as('budi.santoso')));
    // Budi, with his own join token, takes Ayu's camera id (she is not in yet): Janus lets him in, the backend kicks him.
    const asAyu = await joinAsPublisher(janus.url, {
      room: budiMedia.room,
      pin: budiMedia.pin,
      token: budiMedia.token,
      joinToken: budiMedia.join_token,
      id: ayuMedia.camera_feed_id,
      display: JSON.stringify({ user: '42', kind: 'camera' }),
    });
    await asAyu.kicked.promise;
    // Her id is free again: she joins with it.
    const ayuIn = await joinCamera(ayuMedia);
    expect(ayuIn.joined.id).toBe(ayuMedia.camera_feed_id);
    // Her screen id, and an id the server never gave out: kicked too.
    for (const id of [ayuMedia.screen_feed_id, 123_456_789]) {
      const impostor = await joinAsPublisher(janus.url, { room: budiMedia.room, pin: budiMedia.pin, token: budiMedia.token, joinToken: budiMedia.join_token, id, display: '{}' });
      await impostor.kicked.promise;
      await impostor.session.destroy();
    }
    // With his own ids he stays: the room lists exactly the two members' cameras.
    const budiIn = await joinCamera(budiMedia);
    const screen = await joinAsPublisher(janus.url, { room: budiMedia.room, pin: budiMedia.pin, token: budiMedia.token, joinToken: budiMedia.join_token, id: budiMedia.screen_feed_id, display: '{}' });
    const stays = budiIn.kicked;
    expect((await janus.rooms.participants(budiMedia.room)).map((participant) => participant.id).sort()).toEqual(
      [ayuMedia.camera_feed_id, budiMedia.camera_feed_id, budiMedia.screen_feed_id].sort(),
    );
    expect(stays.kicked).toBe(false);
    await end(ringing.id, ayu);
    await leave(asAyu.session, ayuIn.session, budiIn.session, screen.session);
  });
});

describe('out means out (issue 33)', () => {
  it('a member removed from the group is kicked from the call at once, cannot join again (433), and is given no media (404)', async () => {
    const { ayu, token: putri, ringing, media, joined: putriIn, kicked } = await memberInCall(ALL_HANDS_ROOM_UUID, 'putri.maharani');

    const removed = await send('/v2/live-chat/detail/remove-member', ayu, { chat_room_uuid: ALL_HANDS_ROOM_UUID, user_id: 12 });
    expect(removed.status).toBe(200);
    await kicked.promise;
    expect((await janus.rooms.participants(media.room)).map((participant) => participant.id)).not.toContain(media.camera_feed_id);
    // What she still holds no longer gets her in, neither her camera nor her screen.
    expect(await joinCamera(media).catch((error: { code?: number }) => error)).toMatchObject({ code: UNAUTHORIZED });
    const screen = await joinAsPublisher(janus.url, { room: media.room, pin: media.pin, token: media.token, joinToken: media.join_token, id: media.screen_feed_id, display: '{}' }).catch((error: { code?: number }) => error);
    expect(screen).toMatchObject({ code: UNAUTHORIZED });
    // The call is not hers any more: no answer, no renewal. The others' roster no longer names her.
    expect((await send(`/live-chat/chat-room-calls/${ringing.id}`, putri)).status).toBe(404);
    const afterRemoval = await show(ringing.id, ayu);
    expect(mediaOf(afterRemoval).feeds.some((feed) => feed.user_id === 12)).toBe(false);
    // She is out of the call too: it waits for her no more.
    expect(afterRemoval.rejected_ids).toMatchObject({ '12': 12 });
    await end(ringing.id, ayu);
    await leave(putriIn.session);
  });

  it('a member who logs out is kicked from the call and cannot join again with what they held (433)', async () => {
    const { ayu, token: dewi, ringing, media, joined: dewiIn, kicked } = await memberInCall(ALL_HANDS_ROOM_UUID, 'dewi.kartika');
    const loggedOut = await send('/auth/logout', dewi, {});
    expect(loggedOut.status).toBe(200);
    await kicked.promise;
    expect(await joinCamera(media).catch((error: { code?: number }) => error)).toMatchObject({ code: UNAUTHORIZED });
    await end(ringing.id, ayu);
    await leave(dewiIn.session);
  });

  it('a member who leaves the call is kicked from its room, and joins again only with the place a new answer gives', async () => {
    const { ayu, token: budi, ringing, media: first, joined: budiIn, kicked } = await memberInCall(TEAM_ROOM_UUID, 'budi.santoso');
    expect((await end(ringing.id, budi)).status).toBe('ringing');
    await kicked.promise;
    expect(await joinCamera(first).catch((error: { code?: number }) => error)).toMatchObject({ code: UNAUTHORIZED });
    // Back through the group's call button: a new place, which gets him in.
    const back = mediaOf(await start(TEAM_ROOM_UUID, budi));
    expect(back.join_token).not.toBe(first.join_token);
    const again = await joinCamera(back);
    expect(again.joined.id).toBe(back.camera_feed_id);
    await end(ringing.id, ayu);
    await leave(budiIn.session, again.session);
  });
});

describe('who answered a group call through Janus', () => {
  it('is whoever Janus reports joining with their own join token and id (its event handler), never what a display says', async () => {
    const ayu = await as('ayu.lestari');
    const budi = await as('budi.santoso');
    const rizky = await as('rizky.pratama');
    const ringing = await start(TEAM_ROOM_UUID, ayu);
    const media = mediaOf(ringing);
    const ayuIn = await joinCamera(media);
    const seen = mediaOf(await show(ringing.id, budi));
    // Janus's event reaches the sandbox's listener first (it listens from the call's start), then this one.
    const heard = new Promise<void>((resolveHeard) => {
      const stop = janus.events.onJoined((event) => {
        if (event.id !== seen.camera_feed_id) return;
        stop();
        resolveHeard();
      });
    });
    // Budi says he is Rizky (57): the display counts for nothing.
    const budiIn = await joinCamera(seen, JSON.stringify({ user: '57', kind: 'camera' }));
    const history = async (token: string) =>
      ((await (await fetch(`${sandbox.url}/live-chat/chat-room-calls`, { headers: { authorization: token } })).json()) as { data: { id: number; outcome: string; direction: string }[] }).data.find(
        (entry) => entry.id === ringing.id,
      );
    await heard;
    await end(ringing.id, ayu);
    await leave(ayuIn.session, budiIn.session);

    expect(await history(budi)).toMatchObject({ outcome: 'answered', direction: 'incoming' });
    // Rizky, whom Budi's display named, was rung and never came: missed. So was Siti.
    expect(await history(rizky)).toMatchObject({ outcome: 'missed' });
    expect(await history(await as('siti.rahmawati'))).toMatchObject({ outcome: 'missed' });
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
