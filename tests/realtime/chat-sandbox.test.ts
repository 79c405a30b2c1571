// The chat sandbox (mocks/sandbox/chat/): sign-in as any employee, live chat answered from memory and
// pushed to the members over socket.io. Every answer is checked against the generated zod schema of
// its operation, and every event against the realtime contract's schemas. Prism is not needed: the
// sandbox answers all of these itself, so it points at a closed port.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as httpZod from '../../generated/http/zod.gen.ts';
import { zLiveChatEvent, zNewChatRoomEvent } from '../../generated/realtime/zod.gen.ts';
import { createChatResource, createIdentityResource } from '../../mocks/sandbox/chat/index.ts';
import { ARCHIVE_ROOM_UUID, DIRECT_ROOM_UUID, HR_ROOM_UUID, SEEDED_FILES, TEAM_ROOM_UUID, URGENT_ROOM_UUID } from '../../mocks/sandbox/chat/seed.ts';
import { websocketIdOf } from '../../mocks/sandbox/chat/store.ts';
import { startSandbox, type RunningSandbox } from '../../mocks/sandbox/server.ts';
import { listOperations, readJson } from '../../scripts/lib/contract-examples.ts';
import { responseSchema, signIn } from './support/sandbox-client.ts';

type Json = Record<string, unknown>;
interface Message {
  id: number;
  uuid: string;
  is_owner: boolean;
  message_content: string | null;
  client_message_id?: string | null;
  file?: { signed_file_url: string; file_name: string; file_size: number } | null;
  pinned_at?: string | null;
  deleted_at?: string | null;
}
interface Room {
  uuid: string;
  name: string | null;
  individual_name: string | null;
  meta: { unread_messages: number };
  is_muted: number;
  pinned_at: string | null;
  last_message: { message_content: string | null; is_owner: boolean } | null;
}
interface Page<T> {
  current_page: number;
  last_page: number;
  total: number;
  data: T[];
}

const NO_PRISM = 'http://127.0.0.1:9';
const AYU = 'Bearer contract-example-token';
const ANOTHER_ROOM = '4c6e8a0b-2d4f-4b6d-8e0a-1c3e5a7b9d2f';
let budi = '';
let sandbox: RunningSandbox;
const emitted: Array<{ event: string; payload: Json }> = [];
const answered = new Set<string>();

beforeAll(async () => {
  // The 10,000-message room is seeded at start (how fast the mocks come up is `npm start`'s Ready line).
  sandbox = await startSandbox({ prismUrl: NO_PRISM, port: 0, liveChat: { emit: (event, payload) => void emitted.push({ event, payload: payload as Json }) } });
  budi = await signIn(sandbox.url, 'budi.santoso');
});

afterAll(() => sandbox?.stop());

/** A form as a browser sends it: one body with its Content-Length (fetch in Node would stream it chunked). */
async function formBody(form: FormData) {
  const encoded = new Response(form);
  return { body: new Uint8Array(await encoded.arrayBuffer()), type: encoded.headers.get('content-type')! };
}

async function raw(path: string, init: { token?: string; method?: string; json?: unknown; form?: FormData } = {}) {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = init.token;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  let body: BodyInit | undefined = init.json !== undefined ? JSON.stringify(init.json) : undefined;
  if (init.form) {
    const encoded = await formBody(init.form);
    headers['content-type'] = encoded.type;
    body = encoded.body;
  }
  const response = await fetch(`${sandbox.url}${path}`, { method: init.method ?? (body !== undefined ? 'POST' : 'GET'), headers, body });
  return { status: response.status, source: response.headers.get('x-mock-source'), body: (await response.json()) as Json };
}

/** A successful answer of the sandbox's own, valid for its operation's generated schema. */
async function call<T = Json>(operationId: string, path: string, init: { token?: string; json?: unknown; form?: FormData } = {}): Promise<T> {
  const { status, source, body } = await raw(path, { token: AYU, ...init });
  expect(status, `${operationId} ${JSON.stringify(body)}`).toBe(200);
  expect(source).toBe('sandbox');
  expect(body.error).toBe(false);
  responseSchema(operationId).parse(body);
  answered.add(operationId);
  return body as T;
}

const home = async (token: string, filter = '') =>
  (await call<{ chat_home: { websocket_id: string; user_id: number }; chat_rooms: Room[] }>('getChatHome', `/live-chat/home?filter_by=${filter}`, { token }));
const roomOf = async (token: string, uuid: string) => (await home(token)).chat_rooms.find((room) => room.uuid === uuid);
const view = async (token: string, uuid: string, page = 1) =>
  call<{ messages: Page<Message>; pinned_messages: Message[]; chat_room: Room }>('viewChat', `/live-chat/view-chat?page=${page}`, { token, json: { chat_room_uuid: uuid } });
const send = (token: string, uuid: string, message: string, clientMessageId?: string) =>
  call<{ message: Message }>('sendMessage', '/live-chat/send', { token, json: { chat_room_uuid: uuid, message, client_message_id: clientMessageId } });

function upload(uuid: string, files: Array<[name: string, bytes: Uint8Array<ArrayBuffer>, type: string]>, field = 'file', message?: string) {
  const form = new FormData();
  form.set('uuid', uuid);
  if (message) form.set('message', message);
  for (const [name, bytes, type] of files) form.append(field, new Blob([bytes], { type }), name);
  return form;
}

describe('identity', () => {
  it('signs in budi.santoso with any password; user-data is Budi', async () => {
    expect(budi).toMatch(/^Bearer sandbox\.43\.[0-9a-f]+$/);
    const data = await call<{ user: { id: number; username: string }; changed_password: number }>('getUserData', '/auth/user-data', { token: budi });
    expect(data.user).toMatchObject({ id: 43, username: 'budi.santoso' });
    expect(data.changed_password).toBe(1);
    const login = await call<{ user: { id: number } }>('login', '/auth/login', { token: undefined, json: { username: '100234', password: 'x' } });
    expect(login.user.id).toBe(42);
    expect((await call<{ user: { id: number } }>('getUserData', '/auth/user-data')).user.id).toBe(42);
  });

  it('refuses an unknown user with 401 and the contract’s body, and an empty password with 422', async () => {
    const unknown = await raw('/auth/login', { json: { username: 'nobody.here', password: 'secret' } });
    expect(unknown.status).toBe(401);
    expect(httpZod.zErrorBody.parse(unknown.body)).toEqual({ error: true, status_code: 401, error_message: 'These credentials do not match our records.' });
    expect((await raw('/auth/login', { json: { username: 'ayu.lestari', password: '' } })).status).toBe(422);
  });
});

describe('the chat home', () => {
  it('gives each user their own rooms, websocket id, unread counts, mute and pin', async () => {
    const ayu = await home(AYU);
    expect(ayu.chat_home).toMatchObject({ user_id: 42, websocket_id: 'live-chat-home-42-9f8e7d6c' });
    const team = ayu.chat_rooms[0]!;
    expect(team).toMatchObject({ uuid: TEAM_ROOM_UUID, name: 'Tim Operasional Jakarta', is_muted: 1, meta: { unread_messages: 5 } });
    expect(team.pinned_at).not.toBeNull();
    expect(ayu.chat_rooms.map((room) => room.uuid)).toEqual(expect.arrayContaining([DIRECT_ROOM_UUID, ARCHIVE_ROOM_UUID, HR_ROOM_UUID, URGENT_ROOM_UUID]));
    const budiHome = await home(budi);
    expect(budiHome.chat_home.websocket_id).toMatch(/^live-chat-home-43-[0-9a-f]{8}$/);
    expect(budiHome.chat_rooms.map((room) => room.uuid)).not.toContain(HR_ROOM_UUID);
    expect(budiHome.chat_rooms.find((room) => room.uuid === TEAM_ROOM_UUID)).toMatchObject({ is_muted: 0, pinned_at: null });
    expect(budiHome.chat_rooms.find((room) => room.uuid === DIRECT_ROOM_UUID)?.individual_name).toBe('Ayu Lestari');
    expect(ayu.chat_rooms.find((room) => room.uuid === DIRECT_ROOM_UUID)?.individual_name).toBe('Budi Santoso');
  });

  it('filters by unread, group and individual, and searches names', async () => {
    expect((await home(AYU, 'unread')).chat_rooms.every((room) => room.meta.unread_messages > 0)).toBe(true);
    const groups = (await home(AYU, 'group')).chat_rooms;
    expect(groups.length).toBeGreaterThanOrEqual(4);
    expect(groups.every((room) => room.individual_name === null)).toBe(true);
    expect((await home(AYU, 'individual')).chat_rooms.every((room) => room.individual_name !== null)).toBe(true);
    const found = await call<{ chat_rooms: Room[] }>('searchChatRooms', '/live-chat/search?keyword=budi');
    expect(found.chat_rooms.map((room) => room.uuid)).toEqual([DIRECT_ROOM_UUID]);
    expect((await call<{ chat_rooms: Room[] }>('searchChatRooms', '/live-chat/search?keyword=arsip', { token: budi })).chat_rooms).toHaveLength(1);
  });

  it('answers 404 for an unknown room and 403 to a non-member', async () => {
    const missing = await raw('/live-chat/view-chat', { token: AYU, json: { chat_room_uuid: '00000000-0000-4000-8000-000000000000' } });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: true, status_code: 404, error_message: 'Chat room not found.' });
    const notMember = await raw('/live-chat/view-chat', { token: budi, json: { chat_room_uuid: HR_ROOM_UUID } });
    expect(notMember.status).toBe(403);
    httpZod.zErrorBody.parse(notMember.body);
  });
});

describe('sending live', () => {
  it('shows 42’s message first on 43’s page 1 (not 43’s own), raises 43’s unread count, and reset-meta clears it', async () => {
    const before = (await roomOf(budi, DIRECT_ROOM_UUID))!.meta.unread_messages;
    const { message } = await send(AYU, DIRECT_ROOM_UUID, 'Pak Budi, rapat jam 3 ya.');
    expect(message.is_owner).toBe(true);
    const budiView = await view(budi, DIRECT_ROOM_UUID);
    expect(budiView.messages.data[0]).toMatchObject({ uuid: message.uuid, is_owner: false, message_content: 'Pak Budi, rapat jam 3 ya.' });
    expect((await view(AYU, DIRECT_ROOM_UUID)).messages.data[0]).toMatchObject({ uuid: message.uuid, is_owner: true });
    const room = (await roomOf(budi, DIRECT_ROOM_UUID))!;
    expect(room.meta.unread_messages).toBe(before + 1);
    expect(room.last_message).toMatchObject({ message_content: 'Pak Budi, rapat jam 3 ya.', is_owner: false });
    await call('resetMeta', '/live-chat/reset-meta', { token: budi, json: { chat_room_uuid: DIRECT_ROOM_UUID } });
    expect((await roomOf(budi, DIRECT_ROOM_UUID))!.meta.unread_messages).toBe(0);
  });

  it('never sends a read mark back to its reader (an open room would answer it with another mark), and a mark that reads nothing new sends nothing at all', async () => {
    await send(AYU, DIRECT_ROOM_UUID, 'Sudah terima berkasnya?');
    emitted.length = 0;
    await call('resetMeta', '/live-chat/reset-meta', { token: budi, json: { chat_room_uuid: DIRECT_ROOM_UUID } });
    await call('readMessagesV2', '/v2/live-chat/read-message', { token: budi, json: { chat_room_uuid: DIRECT_ROOM_UUID } });
    expect(emitted.filter(({ event }) => event === websocketIdOf(43))).toEqual([]);
    // Ayu hears once, for her message's receipt; the second mark read nothing new.
    expect(emitted.map(({ event }) => event)).toEqual([websocketIdOf(42)]);
  });

  it('read-message (v2) sets the unread count to 0 and marks the messages read for their sender', async () => {
    const { message } = await call<{ message: { uuid: string; is_read: boolean } }>('sendMessageV2', '/v2/live-chat/send', {
      token: budi,
      json: { chat_room_uuid: TEAM_ROOM_UUID, message: 'Sudah sampai di gudang.' },
    });
    expect(message.is_read).toBe(false);
    expect((await roomOf(AYU, TEAM_ROOM_UUID))!.meta.unread_messages).toBeGreaterThan(0);
    const read = await call<{ meta: { unread_messages: number } }>('readMessagesV2', '/v2/live-chat/read-message', { json: { chat_room_uuid: TEAM_ROOM_UUID } });
    expect(read.meta.unread_messages).toBe(0);
    expect((await roomOf(AYU, TEAM_ROOM_UUID))!.meta.unread_messages).toBe(0);
    // Budi's message counts as read once every other member has read it.
    for (const token of ['Bearer sandbox.57.aa', 'Bearer sandbox.61.bb']) {
      await call('readMessagesV2', '/v2/live-chat/read-message', { token, json: { chat_room_uuid: TEAM_ROOM_UUID } });
    }
    const seen = await call<{ messages: Page<{ uuid: string; is_read: boolean }> }>('viewChatV2', '/v2/live-chat/view-chat', { token: budi, json: { chat_room_uuid: TEAM_ROOM_UUID } });
    expect(seen.messages.data[0]).toMatchObject({ uuid: message.uuid, is_read: true });
  });

  it('answers a resend with the same client_message_id with the stored message, once, and emits only for the first', async () => {
    const total = (await view(budi, DIRECT_ROOM_UUID)).messages.total;
    emitted.length = 0;
    const first = await send(AYU, DIRECT_ROOM_UUID, 'Dokumen sudah saya tanda tangani.', 'outbox-7f3a');
    const events = emitted.splice(0);
    const again = await send(AYU, DIRECT_ROOM_UUID, 'Dokumen sudah saya tanda tangani.', 'outbox-7f3a');
    expect(again.message.uuid).toBe(first.message.uuid);
    expect(again.message.client_message_id).toBe('outbox-7f3a');
    expect(emitted).toEqual([]);
    expect((await view(budi, DIRECT_ROOM_UUID)).messages.total).toBe(total + 1);

    // Both members get live_chat as they see the room; only Budi gets new_chat_room.
    const ayuId = websocketIdOf(42);
    const budiId = (await home(budi)).chat_home.websocket_id;
    expect(events.map(({ event, payload }) => [event, payload.event_type])).toEqual([
      [ayuId, 'live_chat'],
      [budiId, 'live_chat'],
      [budiId, 'new_chat_room'],
    ]);
    for (const { payload } of events) (payload.event_type === 'live_chat' ? zLiveChatEvent : zNewChatRoomEvent).parse(payload);
    const [toAyu, toBudi] = events.map(({ payload }) => payload as Json & { message: Message; last_message: { is_owner: boolean } });
    expect(toAyu!.message).toMatchObject({ uuid: first.message.uuid, is_owner: true, client_message_id: 'outbox-7f3a' });
    expect(toBudi!.message).toMatchObject({ uuid: first.message.uuid, is_owner: false, client_message_id: 'outbox-7f3a' });
    expect(toBudi!.last_message.is_owner).toBe(false);
    expect((toBudi as unknown as Room).meta.unread_messages).toBeGreaterThan(0);
    expect(toBudi!.uuid).toBe(DIRECT_ROOM_UUID);
  });

  it('pins, unpins, edits and deletes, announcing each change; only the sender may edit or delete', async () => {
    const { message } = await send(budi, DIRECT_ROOM_UUID, 'Pesan untuk dipin');
    emitted.length = 0;
    await call('pinMessage', '/live-chat/pin-message', { json: { message_uuid: message.uuid } });
    expect((await view(AYU, DIRECT_ROOM_UUID)).pinned_messages[0]?.uuid).toBe(message.uuid);
    const pinnedV2 = await call<{ pinned_messages: Array<{ uuid: string }> }>('listPinnedMessagesV2', '/v2/live-chat/pin-message-list', { token: budi, json: { chatRoomId: 1201 } });
    expect(pinnedV2.pinned_messages[0]?.uuid).toBe(message.uuid);
    await call('unpinMessage', '/live-chat/unpin-message', { json: { message_uuid: message.uuid, chat_room_uuid: DIRECT_ROOM_UUID } });
    expect((await view(AYU, DIRECT_ROOM_UUID)).pinned_messages.map((pinned) => pinned.uuid)).not.toContain(message.uuid);
    expect(emitted.filter(({ payload }) => (payload.message as Message | undefined)?.uuid === message.uuid)).toHaveLength(4);
    emitted.forEach(({ payload }) => zLiveChatEvent.parse(payload));

    const notYours = await raw('/v2/live-chat/update-message', { token: AYU, json: { message_uuid: message.uuid, message: 'x' } });
    expect(notYours.status).toBe(403);
    const edited = await call<{ message: { is_edited: boolean; message_content: string } }>('updateMessageV2', '/v2/live-chat/update-message', {
      token: budi,
      json: { message_uuid: message.uuid, message: 'Pesan yang sudah diubah' },
    });
    expect(edited.message).toMatchObject({ is_edited: true, message_content: 'Pesan yang sudah diubah' });

    const refused = await raw('/live-chat/delete-message', { token: AYU, json: { message_uuid: message.uuid } });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: true, status_code: 403, error_message: 'You can only delete your own messages.' });
    await call('deleteMessage', '/live-chat/delete-message', { token: budi, json: { message_uuid: message.uuid } });
    const shown = (await view(AYU, DIRECT_ROOM_UUID)).messages.data.find((candidate) => candidate.uuid === message.uuid);
    expect(shown?.deleted_at).toBeTruthy();
    expect(shown?.message_content).toBeNull();
  });

  it('lists the stickers it accepts, and sends them with pictures it serves', async () => {
    const { stickers } = await call<{ stickers: Array<{ id: number; name: string }> }>('listStickers', '/live-chat/stickers');
    expect(stickers.map((sticker) => sticker.id)).toEqual([1, 2, 3, 4, 5, 6]);
    const { message } = await call<{ message: { sticker: { id: number; image_url: string } } }>('sendSticker', '/live-chat/stickers/send', {
      json: { chat_room_uuid: DIRECT_ROOM_UUID, sticker_id: 3 },
    });
    expect(message.sticker.id).toBe(3);
    const picture = await fetch(message.sticker.image_url);
    expect(picture.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await picture.text()).toContain('<svg');
    expect((await raw('/live-chat/stickers/send', { token: AYU, json: { chat_room_uuid: DIRECT_ROOM_UUID, sticker_id: 99 } })).status).toBe(422);
  });
});

describe('the 10,000-message room', () => {
  it('pages newest first over 500 pages and finds a message deep inside', async () => {
    const first = await view(AYU, ARCHIVE_ROOM_UUID);
    expect(first.messages).toMatchObject({ current_page: 1, last_page: 500, total: 10_000 });
    const ids = first.messages.data.map((message) => message.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const last = await view(AYU, ARCHIVE_ROOM_UUID, 500);
    expect(last.messages.data).toHaveLength(20);
    expect(last.messages.data.at(-1)!.id).toBeLessThan(last.messages.data[0]!.id);
    const deep = last.messages.data[0]!;
    const around = await call<{ messages: Page<Message> }>('viewChatAroundMessage', `/live-chat/view-chat/${deep.uuid}`, { json: { chat_room_uuid: ARCHIVE_ROOM_UUID } });
    expect(around.messages.current_page).toBe(500);
    const middle = (await view(AYU, ARCHIVE_ROOM_UUID, 237)).messages.data[11]!;
    const found = await call<{ messages: Page<Message> }>('viewChatAroundMessage', `/live-chat/view-chat/${middle.uuid}`, { json: { chat_room_uuid: ARCHIVE_ROOM_UUID } });
    expect(found.messages.current_page).toBe(237);
    expect(found.messages.data.map((message) => message.uuid)).toContain(middle.uuid);
    const v2 = await call<{ messages: Page<{ message_type: string }> }>('viewChatV2', '/v2/live-chat/view-chat?page=3', { token: budi, json: { chat_room_uuid: ARCHIVE_ROOM_UUID } });
    expect(v2.messages.current_page).toBe(3);
    const links = await call<{ links: Array<{ url: string }> }>('getChatRoomLinks', `/live-chat/chat-room/${ARCHIVE_ROOM_UUID}/links`);
    expect(links.links.length).toBeGreaterThan(100);
    expect(links.links.every((link) => /^https:\/\/\S+[^.,]$/.test(link.url))).toBe(true);
  });
});

describe('uploads', () => {
  const pdf = new TextEncoder().encode('%PDF-1.4 laporan');

  it('creates a file message whose file downloads with the same bytes, and lists it among the room’s files', async () => {
    const bytes = Uint8Array.from({ length: 3000 }, (_, index) => (index * 31) % 256);
    const { message } = await call<{ message: Message }>('uploadFile', '/live-chat/upload-file', { form: upload(DIRECT_ROOM_UUID, [['foto rak.png', bytes, 'image/png']], 'file', 'Foto rak') });
    expect(message).toMatchObject({ message_content: 'Foto rak', file: { file_name: 'foto rak.png', file_size: 3000 } });
    const download = await fetch(message.file!.signed_file_url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(download.headers.get('content-disposition')).toContain('foto%20rak.png');
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(bytes);
    const files = await call<{ files: Array<{ uuid: string }> }>('getChatRoomFiles', `/live-chat/chat-room/${DIRECT_ROOM_UUID}/files`, { token: budi });
    expect(files.files[0]?.uuid).toBe((message.file as unknown as { uuid: string }).uuid);
    const v2 = await call<{ message: { message_type: string; file_url: string } }>('uploadFileV2', '/v2/live-chat/upload-file', { token: budi, form: upload(DIRECT_ROOM_UUID, [['laporan.pdf', pdf, 'application/pdf']]) });
    expect(v2.message.message_type).toBe('file');
    expect(new Uint8Array(await (await fetch(v2.message.file_url)).arrayBuffer())).toEqual(pdf);
  });

  it('seeds the direct room with a file of each kind the attachment viewer shows, each served as what it is', async () => {
    const { files } = await call<{ files: Array<{ message_uuid: string; file_name: string; mime_type: string; file_size: number; signed_file_url: string; created_at: string }> }>(
      'getChatRoomFiles',
      `/live-chat/chat-room/${DIRECT_ROOM_UUID}/files`,
      { token: budi },
    );
    const seeded = Object.values(SEEDED_FILES).map(({ message }) => files.find((file) => file.message_uuid === message));
    expect(seeded.map((file) => [file?.file_name, file?.mime_type])).toEqual([
      ['foto-rak-gudang-1.png', 'image/png'],
      ['foto-rak-gudang-2.png', 'image/png'],
      ['loading-dock.png', 'image/png'],
      ['pesan-suara.wav', 'audio/wav'],
      ['daftar-hadir-november.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ['laporan-stok-november.pdf', 'application/pdf'],
    ]);
    const signatures: Record<string, number[]> = { 'image/png': [0x89, 0x50, 0x4e, 0x47], 'audio/wav': [0x52, 0x49, 0x46, 0x46], 'application/pdf': [0x25, 0x50, 0x44, 0x46] };
    for (const file of seeded) {
      const download = await fetch(file!.signed_file_url);
      const bytes = new Uint8Array(await download.arrayBuffer());
      expect(download.headers.get('content-type')).toBe(file!.mime_type);
      expect(bytes.byteLength).toBe(file!.file_size);
      if (signatures[file!.mime_type]) expect([...bytes.subarray(0, 4)]).toEqual(signatures[file!.mime_type]);
    }
    // The pictures in the order they were sent (the viewer swipes through them in date order).
    const pictures = files.filter((file) => file.mime_type === 'image/png' && Object.values(SEEDED_FILES).some(({ message }) => message === file.message_uuid));
    expect(pictures.sort((a, b) => a.created_at.localeCompare(b.created_at)).map((file) => file.file_name)).toEqual(['foto-rak-gudang-1.png', 'foto-rak-gudang-2.png', 'loading-dock.png']);
  });

  it('answers 413 with the contract’s body for a file above 5 MB, before reading it', async () => {
    // Bodies read at one byte a second: 6 MB would take 70 days, so only an answer decided on the
    // Content-Length alone can come.
    const slow = await startSandbox({ prismUrl: NO_PRISM, port: 0, resources: () => [createIdentityResource(), createChatResource({ uploadBytesPerSecond: 1 })] });
    try {
      const encoded = await formBody(upload(DIRECT_ROOM_UUID, [['big.bin', new Uint8Array(6 * 1024 * 1024), 'application/octet-stream']]));
      const response = await fetch(`${slow.url}/live-chat/upload-file`, { method: 'POST', headers: { authorization: AYU, 'content-type': encoded.type }, body: encoded.body });
      expect(response.status).toBe(413);
      expect(httpZod.zErrorBody.parse(await response.json())).toEqual({ error: true, status_code: 413, error_message: 'The file may not be greater than 5120 kilobytes.' });
    } finally {
      await slow.stop();
    }
  });

  it('turns a v2 batch of two files into two messages', async () => {
    const before = (await view(AYU, TEAM_ROOM_UUID)).messages.total;
    const form = upload(TEAM_ROOM_UUID, [['a.txt', new TextEncoder().encode('satu'), 'text/plain'], ['b.txt', new TextEncoder().encode('dua'), 'text/plain']], 'files');
    const batch = await call<{ messages: Array<{ file_name: string; file_url: string }> }>('batchUploadFilesV2', '/v2/live-chat/batch-upload-file', { form });
    expect(batch.messages.map((message) => message.file_name)).toEqual(['a.txt', 'b.txt']);
    expect(await (await fetch(batch.messages[1]!.file_url)).text()).toBe('dua');
    expect((await view(AYU, TEAM_ROOM_UUID)).messages.total).toBe(before + 2);
  });

  it('reads bodies throttled and takes a smaller limit when told', async () => {
    const slow = await startSandbox({ prismUrl: NO_PRISM, port: 0, resources: () => [createIdentityResource(), createChatResource({ maxUploadBytes: 64 * 1024, uploadBytesPerSecond: 100 * 1024 })] });
    try {
      const started = performance.now();
      const response = await fetch(`${slow.url}/live-chat/upload-file`, { method: 'POST', headers: { authorization: AYU }, body: upload(DIRECT_ROOM_UUID, [['half.bin', new Uint8Array(50 * 1024), 'application/octet-stream']]) });
      expect(response.status).toBe(200);
      expect(performance.now() - started).toBeGreaterThan(400);
      // Just above the limit: the Content-Length cannot tell (the form's envelope), the parsed file can.
      const tooBig = await fetch(`${slow.url}/live-chat/upload-file`, { method: 'POST', headers: { authorization: AYU }, body: upload(DIRECT_ROOM_UUID, [['big.bin', new Uint8Array(65 * 1024), 'application/octet-stream']]) });
      expect(tooBig.status).toBe(413);
      expect(((await tooBig.json()) as Json).error_message).toBe('The file may not be greater than 64 kilobytes.');
    } finally {
      await slow.stop();
    }
  });
});

describe('room settings', () => {
  it('mutes by toggling, describes the room, deletes it for one user and lets a member leave a group', async () => {
    const muted = await call<{ chat_room: Room }>('muteChat', '/live-chat/mute-chat', { token: budi, json: { chat_room_uuid: DIRECT_ROOM_UUID } });
    expect(muted.chat_room.is_muted).toBe(1);
    expect((await call<{ chat_room: Room }>('muteChat', '/live-chat/mute-chat', { token: budi, json: { chat_room_uuid: DIRECT_ROOM_UUID } })).chat_room.is_muted).toBe(0);
    const detail = await call<{ participants: Array<{ id: number }> }>('getChatRoom', `/live-chat/chat-room/${TEAM_ROOM_UUID}`, { token: budi });
    expect(detail.participants.map((member) => member.id).sort()).toEqual([42, 43, 57, 61]);

    await call('deleteChat', '/live-chat/delete-chat', { json: { chat_room_uuid: ANOTHER_ROOM } });
    expect((await home(AYU)).chat_rooms.map((room) => room.uuid)).not.toContain(ANOTHER_ROOM);
    expect((await raw('/live-chat/leave-group', { token: AYU, json: { chat_room_uuid: DIRECT_ROOM_UUID } })).status).toBe(422);
    await call('leaveGroup', '/live-chat/leave-group', { json: { chat_room_uuid: URGENT_ROOM_UUID } });
    expect((await home(AYU)).chat_rooms.map((room) => room.uuid)).not.toContain(URGENT_ROOM_UUID);
    expect((await raw('/live-chat/view-chat', { token: AYU, json: { chat_room_uuid: URGENT_ROOM_UUID } })).status).toBe(403);
  });
});

describe('both users', () => {
  it('get answers valid for every read-only operation', async () => {
    for (const token of [AYU, budi]) {
      const rooms = (await home(token)).chat_rooms;
      for (const filter of ['unread', 'group', 'individual']) await home(token, filter);
      await call('searchChatRooms', '/live-chat/search?keyword=a', { token });
      await call('getUserData', '/auth/user-data', { token });
      for (const room of rooms) {
        const page = await view(token, room.uuid);
        const uuid = page.messages.data.at(-1)?.uuid;
        if (uuid) await call('viewChatAroundMessage', `/live-chat/view-chat/${uuid}`, { token, json: { chat_room_uuid: room.uuid } });
        await call('viewChatV2', '/v2/live-chat/view-chat', { token, json: { chat_room_uuid: room.uuid } });
        await call('getChatRoom', `/live-chat/chat-room/${room.uuid}`, { token });
        await call('getChatRoomFiles', `/live-chat/chat-room/${room.uuid}/files`, { token });
        await call('getChatRoomLinks', `/live-chat/chat-room/${room.uuid}/links`, { token });
        await call('listPinnedMessagesV2', '/v2/live-chat/pin-message-list', { token, json: { chatRoomId: (page.chat_room as unknown as { id: number }).id } });
      }
    }
  });
});

describe('the chat route table', () => {
  it('answers contract operations under their own method and path, and every one was checked above', () => {
    const operations = new Map(listOperations(readJson('generated/openapi.bundled.json')).map((operation) => [operation.operationId, operation]));
    const chatRoutes = sandbox.routes.filter((route) => route.operationId && /live-chat|\/auth\//.test(route.path));
    for (const route of chatRoutes) {
      const operation = operations.get(route.operationId!);
      expect(operation, route.operationId).toBeDefined();
      expect(route.method).toBe(operation!.method);
      expect(route.path).toBe(operation!.path.replace(/\{([^}]+)\}/g, ':$1'));
    }
    // Starting chats, the employee directory, running groups and polls are checked in chat-groups-sandbox.test.ts,
    // video calls in calls-sandbox.test.ts, their history in call-history-sandbox.test.ts, web modules' tokens
    // in module-tokens-sandbox.test.ts.
    const checkedThere = new Set([
      ...['startChatRoomCall', 'getChatRoomCall', 'endCall', 'listChatRoomCalls', 'createModuleToken'],
      ...['searchEmployees', 'startIndividualChat', 'startGroupChat', 'createChatWithHrGroupChat', 'createUrgentGroupChat', 'searchEmployeeV2', 'searchMassEmployeesV2'],
      ...['listCompaniesV2', 'listSubCompaniesV2', 'listOutletsV2', 'listRanksV2', 'searchGroupChatsV2', 'cloneGroupChatV2', 'getChatDetailV2', 'getChatDetailByUuidV2'],
      ...['updateGroupDetailV2', 'getGroupMembersV2', 'addParticipantsV2', 'removeParticipantsV2', 'removeGroupMemberV2', 'addGroupAdminV2', 'getChatGroupSetupV2'],
      ...['getGroupSettingsV2', 'saveGroupSettingsV2', 'setupVoteV2', 'castVoteV2', 'getVotersV2'],
      // Issue 24: the search inside a room, in chat-extras-sandbox.test.ts; reactions, forwards and
      // message readers in chat-replies-sandbox.test.ts.
      'searchRoomMessages',
      ...['reactToMessage', 'forwardMessage', 'getMessageReaders'],
      // Issue 33: logging out takes the user's places in running calls away, in calls-janus-sandbox.test.ts.
      'logout',
    ]);
    expect(chatRoutes.map((route) => route.operationId).filter((id) => !answered.has(id!) && !checkedThere.has(id!))).toEqual([]);
    expect(chatRoutes.filter((route) => checkedThere.has(route.operationId!))).toHaveLength(checkedThere.size);
    expect(chatRoutes).toHaveLength(27 + checkedThere.size);
  });
});

describe('POST /__sandbox/reset', () => {
  it('puts the chat back to its seed (the browser tests reset before each test); a signed-in token still works', async () => {
    // The direct room's seed holds 10 messages; the tests above and this one wrote more.
    await send(budi, DIRECT_ROOM_UUID, 'Written before the reset');
    expect((await view(budi, DIRECT_ROOM_UUID)).messages.total).toBeGreaterThan(10);

    const answer = await fetch(`${sandbox.url}/__sandbox/reset`, { method: 'POST' });
    expect(answer.status).toBe(200);
    const after = await view(budi, DIRECT_ROOM_UUID);
    expect(after.messages.total).toBe(10);
    expect(after.messages.data.map((message) => message.message_content)).not.toContain('Written before the reset');
  });
});
