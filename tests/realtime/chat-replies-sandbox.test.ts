// Live chat beyond SPEC in the sandbox (issue 24): replies on both API versions, reactions, forwarding
// and read receipts (the search, typing and urgent reminders: chat-extras-sandbox.test.ts). Every answer is checked against its operation's generated schema, every live
// event against the realtime contract's; Prism is not needed (a closed port).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { zLiveChatEvent } from '../../generated/realtime/zod.gen.ts';
import { DIRECT_ROOM_UUID, TEAM_ROOM_UUID } from '../../mocks/sandbox/chat/seed.ts';
import { websocketIdOf } from '../../mocks/sandbox/chat/store.ts';
import { startSandbox, type RunningSandbox } from '../../mocks/sandbox/server.ts';
import { responseSchema, signIn } from './support/sandbox-client.ts';

type Json = Record<string, unknown>;
interface Message {
  uuid: string;
  is_owner?: boolean | number;
  message_content: string | null;
  reply_to?: { uuid: string; from_user_name?: string | null; message_content?: string | null; is_deleted?: boolean | number } | null;
  reply_to_message_uuid?: string | null;
  reactions?: Array<{ reaction: string; count: number; reacted_by_me?: boolean | number }>;
  is_forwarded?: boolean | number;
  read_count?: number | null;
  recipient_count?: number | null;
  file?: { file_name: string } | null;
}

const NO_PRISM = 'http://127.0.0.1:9';
const AYU = 'Bearer contract-example-token';
let budi = '';
let sandbox: RunningSandbox;
const emitted: Array<{ event: string; payload: Json }> = [];

beforeAll(async () => {
  sandbox = await startSandbox({ prismUrl: NO_PRISM, port: 0, liveChat: { emit: (event, payload) => void emitted.push({ event, payload: payload as Json }) } });
  budi = await signIn(sandbox.url, 'budi.santoso');
});
afterAll(() => sandbox?.stop());
beforeEach(() => {
  emitted.length = 0;
});

async function raw(path: string, init: { token?: string; json?: unknown } = {}) {
  const headers: Record<string, string> = { authorization: init.token ?? AYU };
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${sandbox.url}${path}`, { method: init.json !== undefined ? 'POST' : 'GET', headers, body: init.json !== undefined ? JSON.stringify(init.json) : undefined });
  return { status: response.status, source: response.headers.get('x-mock-source'), body: (await response.json()) as Json };
}

async function call<T = Json>(operationId: string, path: string, init: { token?: string; json?: unknown } = {}): Promise<T> {
  const { status, source, body } = await raw(path, init);
  expect(status, `${operationId} ${JSON.stringify(body)}`).toBe(200);
  expect(source).toBe('sandbox');
  responseSchema(operationId).parse(body);
  return body as T;
}

const sendV1 = (token: string, room: string, message: string, replyTo?: string) =>
  call<{ message: Message }>('sendMessage', '/live-chat/send', { token, json: { chat_room_uuid: room, message, ...(replyTo ? { reply_to_message_uuid: replyTo } : {}) } });
const sendV2 = (token: string, room: string, message: string, replyTo?: string) =>
  call<{ message: Message }>('sendMessageV2', '/v2/live-chat/send', { token, json: { chat_room_uuid: room, message, ...(replyTo ? { reply_to_message_uuid: replyTo } : {}) } });
const react = (token: string, room: string, message: string, reaction: string | null) =>
  call<{ message: Message }>('reactToMessage', '/live-chat/react-message', { token, json: { chat_room_uuid: room, message_uuid: message, reaction } });
const newestV2 = async (token: string, room: string) =>
  (await call<{ messages: { data: Message[] } }>('viewChatV2', '/v2/live-chat/view-chat?page=1', { token, json: { chat_room_uuid: room } })).messages.data[0]!;

/** The live_chat events sent to one user, parsed with the realtime contract. */
const liveEventsFor = (userId: number) => emitted.filter((sent) => sent.event === websocketIdOf(userId) && sent.payload.event_type === 'live_chat').map((sent) => zLiveChatEvent.parse(sent.payload));

describe('replies', () => {
  it('v1 and v2 sends carry reply_to_message_uuid; the reply quotes who wrote what, in both versions and in the live event', async () => {
    const question = (await sendV1(budi, DIRECT_ROOM_UUID, 'Sudah cek stok Cikarang?')).message;
    const answer = (await sendV1(AYU, DIRECT_ROOM_UUID, 'Sudah, aman.', question.uuid)).message;
    expect(answer.reply_to_message_uuid).toBe(question.uuid);
    expect(answer.reply_to).toMatchObject({ uuid: question.uuid, from_user_name: 'Budi Santoso', message_content: 'Sudah cek stok Cikarang?', is_deleted: false });
    const live = liveEventsFor(43).find((event) => event.message?.uuid === answer.uuid);
    expect(live?.message?.reply_to?.uuid).toBe(question.uuid);

    const v2 = (await sendV2(budi, DIRECT_ROOM_UUID, 'Terima kasih', answer.uuid)).message;
    expect(v2.reply_to).toMatchObject({ uuid: answer.uuid, from_user_name: 'Ayu Lestari', message_content: 'Sudah, aman.' });
  });

  it('refuses a reply to a message of another room, and quotes a deleted message as deleted only', async () => {
    const elsewhere = (await sendV1(AYU, TEAM_ROOM_UUID, 'Di grup')).message;
    const refused = await raw('/live-chat/send', { json: { chat_room_uuid: DIRECT_ROOM_UUID, message: 'x', reply_to_message_uuid: elsewhere.uuid } });
    expect(refused.status).toBe(422);
    const quoted = (await sendV1(AYU, DIRECT_ROOM_UUID, 'Nanti saya hapus')).message;
    const reply = (await sendV1(budi, DIRECT_ROOM_UUID, 'Oke', quoted.uuid)).message;
    await call('deleteMessage', '/live-chat/delete-message', { json: { chat_room_uuid: DIRECT_ROOM_UUID, message_uuid: quoted.uuid } });
    const seen = await newestV2(budi, DIRECT_ROOM_UUID);
    expect(seen.uuid).toBe(reply.uuid);
    expect(seen.reply_to).toEqual({ uuid: quoted.uuid, is_deleted: true });
  });
});

describe('reactions', () => {
  it('one reaction per member, replaced or taken away; counts reach every member live with their own reacted_by_me', async () => {
    const message = (await sendV1(AYU, TEAM_ROOM_UUID, 'Rapat jam 10')).message;
    expect((await react(budi, TEAM_ROOM_UUID, message.uuid, 'like')).message.reactions).toEqual([{ reaction: 'like', count: 1, reacted_by_me: true }]);
    expect((await react(AYU, TEAM_ROOM_UUID, message.uuid, 'like')).message.reactions).toEqual([{ reaction: 'like', count: 2, reacted_by_me: true }]);
    const toBudi = liveEventsFor(43).filter((event) => event.message?.uuid === message.uuid).at(-1);
    expect(toBudi?.message?.reactions).toEqual([{ reaction: 'like', count: 2, reacted_by_me: true }]);

    expect((await react(budi, TEAM_ROOM_UUID, message.uuid, 'celebrate')).message.reactions).toEqual([
      { reaction: 'like', count: 1, reacted_by_me: false },
      { reaction: 'celebrate', count: 1, reacted_by_me: true },
    ]);
    expect((await react(budi, TEAM_ROOM_UUID, message.uuid, null)).message.reactions).toEqual([{ reaction: 'like', count: 1, reacted_by_me: false }]);
    const toAyu = liveEventsFor(42).filter((event) => event.message?.uuid === message.uuid).at(-1);
    expect(toAyu?.message?.reactions).toEqual([{ reaction: 'like', count: 1, reacted_by_me: true }]);
  });

  it('refuses a reaction outside the set, and a room the user is not in', async () => {
    const message = (await sendV1(AYU, DIRECT_ROOM_UUID, 'Halo')).message;
    expect((await raw('/live-chat/react-message', { json: { chat_room_uuid: DIRECT_ROOM_UUID, message_uuid: message.uuid, reaction: 'angry' } })).status).toBe(422);
    const citra = await signIn(sandbox.url, 'citra.kirana');
    expect((await raw('/live-chat/react-message', { token: citra, json: { chat_room_uuid: DIRECT_ROOM_UUID, message_uuid: message.uuid, reaction: 'like' } })).status).toBe(403);
  });
});

describe('forwarding', () => {
  it('copies a text or a file into other rooms as the forwarder\'s own, marked forwarded, announced to their members; once per client id', async () => {
    const original = (await sendV1(budi, DIRECT_ROOM_UUID, 'Laporan Q3 siap')).message;
    const body = { message_uuid: original.uuid, chat_room_uuids: [TEAM_ROOM_UUID], client_message_id: 'fwd-1' };
    expect((await call<{ message: string }>('forwardMessage', '/live-chat/forward-message', { json: body })).message).toBe('Forwarded to 1 chat.');
    const copy = await newestV2(AYU, TEAM_ROOM_UUID);
    expect(copy).toMatchObject({ message_content: 'Laporan Q3 siap', is_forwarded: true, is_owner: true });
    expect(liveEventsFor(43).some((event) => event.message?.uuid === copy.uuid && event.message?.is_forwarded === true)).toBe(true);
    await call('forwardMessage', '/live-chat/forward-message', { json: body });
    expect((await newestV2(AYU, TEAM_ROOM_UUID)).uuid).toBe(copy.uuid);
  });

  it('forwards nothing to a room the user is not in, and no poll or deleted message', async () => {
    const original = (await sendV1(AYU, DIRECT_ROOM_UUID, 'Rahasia')).message;
    const outsider = await raw('/live-chat/forward-message', { json: { message_uuid: original.uuid, chat_room_uuids: [TEAM_ROOM_UUID, '00000000-0000-4000-8000-000000000000'] } });
    expect(outsider.status).toBe(404);
    await call('deleteMessage', '/live-chat/delete-message', { json: { chat_room_uuid: DIRECT_ROOM_UUID, message_uuid: original.uuid } });
    expect((await raw('/live-chat/forward-message', { json: { message_uuid: original.uuid, chat_room_uuids: [TEAM_ROOM_UUID] } })).status).toBe(422);
  });
});

describe('read receipts', () => {
  it('the sender sees read_count of recipient_count rise as members read, live, and who read it (only the sender may ask)', async () => {
    const mine = (await sendV1(AYU, TEAM_ROOM_UUID, `Siapa sudah baca? ${Date.now()}`)).message;
    expect(mine.read_count).toBe(0);
    expect(mine.recipient_count).toBeGreaterThan(1);
    emitted.length = 0;
    await call('readMessagesV2', '/v2/live-chat/read-message', { token: budi, json: { chat_room_uuid: TEAM_ROOM_UUID } });
    const receipt = liveEventsFor(42).filter((event) => event.message?.uuid === mine.uuid).at(-1);
    expect(receipt?.message?.read_count).toBe(1);
    // Budi's own view carries no receipts of Ayu's message.
    expect((await newestV2(budi, TEAM_ROOM_UUID)).read_count).toBeNull();

    const readers = await call<{ recipient_count: number; read_by: Array<{ user: { id: number }; read_at: string | null }>; not_read_by: Array<{ user: { id: number } }> }>(
      'getMessageReaders',
      `/live-chat/message-readers/${mine.uuid}`,
    );
    expect(readers.read_by.map((reader) => reader.user.id)).toEqual([43]);
    expect(readers.read_by[0]!.read_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(readers.read_by.length + readers.not_read_by.length).toBe(readers.recipient_count);
    expect((await raw(`/live-chat/message-readers/${mine.uuid}`, { token: budi })).status).toBe(403);
  });

  it('in a direct chat, reset-meta (v1) makes the message read by its one recipient', async () => {
    const mine = (await sendV1(AYU, DIRECT_ROOM_UUID, 'Sudah dibaca?')).message;
    expect(mine).toMatchObject({ read_count: 0, recipient_count: 1 });
    await call('resetMeta', '/live-chat/reset-meta', { token: budi, json: { chat_room_uuid: DIRECT_ROOM_UUID } });
    expect(liveEventsFor(42).filter((event) => event.message?.uuid === mine.uuid).at(-1)?.message?.read_count).toBe(1);
  });
});
