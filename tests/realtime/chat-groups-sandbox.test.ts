// The chat sandbox's groups (mocks/sandbox/chat/: directory, routes-start, routes-groups, polls):
// finding employees, starting direct, group, HR and urgent chats, running a group (detail, members,
// admins, settings, clone) and polls. Every answer is checked against the generated zod schema of its
// operation and every live event against the realtime contract's schemas; Prism is not needed.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as httpZod from '../../generated/http/zod.gen.ts';
import { zLiveChatEvent, zNewChatRoomEvent } from '../../generated/realtime/zod.gen.ts';
import { DIRECT_ROOM_UUID, HR_ROOM_UUID, TEAM_ROOM_UUID } from '../../mocks/sandbox/chat/seed.ts';
import { websocketIdOf } from '../../mocks/sandbox/chat/store.ts';
import { startSandbox, type RunningSandbox } from '../../mocks/sandbox/server.ts';
import { listOperations, readJson } from '../../scripts/lib/contract-examples.ts';
import { responseSchema, signIn } from './support/sandbox-client.ts';

type Json = Record<string, unknown>;
interface Room {
  id: number;
  uuid: string;
  name: string | null;
  description?: string | null;
  is_chat_with_hr: number;
  is_urgent_chat: number;
  last_message: { message_content: string | null } | null;
}
interface Employee {
  id: number;
  first_name: string;
  last_name: string;
  employee_number: string;
  ess_employee_profile: { full_job_title: string; job_title: string };
  ess_company: { name: string };
}
interface Member extends Employee {
  is_admin: number;
}
interface Org {
  id: string;
  name: string;
  parent_id: string | null;
}
interface Poll {
  id: number;
  message_uuid: string;
  total_votes: number;
  options: Array<{ id: number; option_text: string; votes_count: number; is_voted: boolean }>;
}
interface Event {
  event: string;
  payload: Json & { uuid: string; event_type: string; message?: { uuid: string; type: string; message_content: string | null; vote?: Poll | null } };
}

/** The operations this file checks (the rest of the chat is in chat-sandbox.test.ts). */
const GROUP_OPERATIONS = [
  ...['searchEmployees', 'startIndividualChat', 'startGroupChat', 'createChatWithHrGroupChat', 'createUrgentGroupChat'],
  ...['searchEmployeeV2', 'searchMassEmployeesV2', 'listCompaniesV2', 'listSubCompaniesV2', 'listOutletsV2', 'listRanksV2', 'searchGroupChatsV2', 'cloneGroupChatV2'],
  ...['getChatDetailV2', 'getChatDetailByUuidV2', 'updateGroupDetailV2', 'getGroupMembersV2', 'addParticipantsV2', 'removeParticipantsV2', 'removeGroupMemberV2'],
  ...['addGroupAdminV2', 'getChatGroupSetupV2', 'getGroupSettingsV2', 'saveGroupSettingsV2', 'setupVoteV2', 'castVoteV2', 'getVotersV2'],
];

const NO_PRISM = 'http://127.0.0.1:9';
const AYU = 'Bearer contract-example-token';
const RIZKY = 'Bearer sandbox.57.aa';
const SITI = 'Bearer sandbox.61.bb';
const DEWI = 'Bearer sandbox.7.cc';
let budi = '';
let sandbox: RunningSandbox;
const emitted: Event[] = [];
const answered = new Set<string>();

beforeAll(async () => {
  // The 2,400 generated employees come with the seed (how fast the mocks come up is `npm start`'s Ready line).
  sandbox = await startSandbox({ prismUrl: NO_PRISM, port: 0, liveChat: { emit: (event, payload) => void emitted.push({ event, payload: payload as Event['payload'] }) } });
  budi = await signIn(sandbox.url, 'budi.santoso');
});

afterAll(() => sandbox?.stop());

interface Init {
  token?: string;
  method?: 'GET' | 'POST';
  json?: unknown;
  form?: FormData;
}

async function raw(path: string, init: Init = {}) {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = init.token;
  let body: BodyInit | undefined;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  }
  if (init.form) {
    // One body with its Content-Length, as a browser sends it (fetch in Node would stream it chunked).
    const encoded = new Response(init.form);
    headers['content-type'] = encoded.headers.get('content-type')!;
    body = new Uint8Array(await encoded.arrayBuffer());
  }
  const response = await fetch(`${sandbox.url}${path}`, { method: init.method ?? (body !== undefined ? 'POST' : 'GET'), headers, body });
  return { status: response.status, source: response.headers.get('x-mock-source'), body: (await response.json()) as Json };
}

/** A successful answer of the sandbox's own, valid for its operation's generated schema. */
async function call<T = Json>(operationId: string, path: string, init: Init = {}): Promise<T> {
  const { status, source, body } = await raw(path, { token: AYU, ...init });
  expect(status, `${operationId} ${JSON.stringify(body).slice(0, 300)}`).toBe(200);
  expect(source).toBe('sandbox');
  expect(body.error).toBe(false);
  responseSchema(operationId).parse(body);
  answered.add(operationId);
  return body as T;
}

/** A refusal: the status and the contract's error envelope with this message. */
async function refused(path: string, token: string, json: unknown, status: number, message?: string) {
  const answer = await raw(path, { token, json });
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  httpZod.zErrorBody.parse(answer.body);
  if (message) expect(answer.body.error_message).toBe(message);
}

const homeRooms = async (token: string) => (await call<{ chat_rooms: Room[] }>('getChatHome', '/live-chat/home', { token })).chat_rooms;
const homeHas = async (token: string, uuid: string) => (await homeRooms(token)).some((room) => room.uuid === uuid);
const search = (json: Json, token = AYU) => call<{ users: Employee[] }>('searchEmployees', '/live-chat/search-employees', { token, json });
const mass = (json: Json, token = AYU) => call<{ users: Employee[]; total: number }>('searchMassEmployeesV2', '/v2/live-chat/search-mass-employees', { token, json });
const startGroup = (name: string, participants: number[], token = AYU) =>
  call<{ chat_room: Room }>('startGroupChat', '/live-chat/start-group-chat', { token, json: { name, participants } });
const membersOf = async (id: number, token = AYU) => (await call<{ members: Member[]; total: number }>('getGroupMembersV2', `/v2/live-chat/see-members/${id}`, { token })).members;

/** The events sent since `from`, each checked against the realtime schema of its type. */
function eventsSince(from: number): Event[] {
  const events = emitted.slice(from);
  for (const { payload } of events) (payload.event_type === 'new_chat_room' ? zNewChatRoomEvent : zLiveChatEvent).parse(payload);
  return events;
}
const eventFor = (events: Event[], userId: number, type: string, uuid: string) =>
  events.find(({ event, payload }) => event === websocketIdOf(userId) && payload.event_type === type && payload.uuid === uuid);

describe('finding employees', () => {
  it('v1 searches by code, name and job title, case-insensitively, never answering the caller', async () => {
    const byCode = await search({ employee_code: '100235' });
    expect(byCode.users.map((user) => user.id)).toEqual([43]);
    expect(byCode.users[0]).toMatchObject({
      first_name: 'Budi',
      ess_employee_profile: { job_title: 'Supervisor Gudang', full_job_title: 'Supervisor Gudang - Distribution Center Cikarang' },
      ess_company: { name: 'PT Maju Bersama Indonesia' },
    });
    expect((await search({ employee_name: 'BUDI santoso' })).users.map((user) => user.id)).toEqual([43]);
    const generated = await search({ employee_name: 'wayan tambunan', employee_job_title: '' });
    expect(generated.users).toMatchObject([{ id: 5048, employee_number: '300048', ess_employee_profile: { job_title: 'Supervisor Armada' } }]);
    const supervisors = await search({ employee_job_title: 'supervisor', employee_name: 'a' });
    expect(supervisors.users.length).toBe(50);
    expect(supervisors.users.every((user) => /supervisor/i.test(user.ess_employee_profile.job_title) && /a/i.test(`${user.first_name} ${user.last_name}`))).toBe(true);
    expect((await search({ employee_name: 'ayu lestari' })).users).toEqual([]);
    expect((await search({ employee_name: 'ayu lestari' }, budi)).users.map((user) => user.id)).toEqual([42]);
  });

  it('answers an empty list when nobody matches ("No employees found.")', async () => {
    expect((await search({ employee_name: 'zzzz-nobody' })).users).toEqual([]);
  });

  it('v2 search leaves the room’s members out and counts every match', async () => {
    const found = await call<{ users: Employee[]; total: number }>('searchEmployeeV2', '/v2/live-chat/search-employee/', { json: { chat_room_uuid: TEAM_ROOM_UUID } });
    expect(found.users).toHaveLength(50);
    expect(found.total).toBeGreaterThan(2000);
    const ids = (await call<{ users: Employee[] }>('searchEmployeeV2', '/v2/live-chat/search-employee/', { json: { chat_room_uuid: TEAM_ROOM_UUID, employee_name: 'i' } })).users.map((user) => user.id);
    expect(ids.some((id) => [42, 43, 57, 61].includes(id))).toBe(false);
    const withBudi = await call<{ users: Employee[] }>('searchEmployeeV2', '/v2/live-chat/search-employee/', { json: { employee_name: 'budi' } });
    expect(withBudi.users.map((user) => user.id)).toEqual([43]);
    await refused('/v2/live-chat/search-employee/', budi, { chat_room_uuid: HR_ROOM_UUID }, 403);
  });

  it('mass search answers everyone but the caller without a filter, and narrows by the org filters', async () => {
    const everyone = await mass({});
    expect(everyone.total).toBeGreaterThanOrEqual(2000);
    expect(everyone.users).toHaveLength(everyone.total);
    expect(everyone.users.map((user) => user.id)).not.toContain(42);
    expect((await mass({ companies: [], ranks: [] })).total).toBe(everyone.total);
    const logistics = await mass({ companies: ['4'] });
    expect(logistics.total).toBeGreaterThan(0);
    expect(logistics.total).toBeLessThan(everyone.total);
    expect(logistics.users.every((user) => user.ess_company.name === 'PT Cahaya Logistik Indonesia')).toBe(true);
    const kemangSupervisors = await mass({ companies: ['3'], sub_companies: ['12'], outlets: ['305'], ranks: ['4'] });
    expect(kemangSupervisors.users.length).toBeGreaterThan(0);
    expect(kemangSupervisors.users.every((user) => user.ess_employee_profile.full_job_title === `${user.ess_employee_profile.job_title} - Outlet Kemang`)).toBe(true);
    expect(kemangSupervisors.users.every((user) => user.ess_employee_profile.job_title.startsWith('Supervisor'))).toBe(true);
    const named = await mass({ employee_name: 'budi', companies: ['3'] });
    expect(named.users.map((user) => user.id)).toEqual([43]);
    expect((await mass({ companies: ['999'] })).users).toEqual([]);
  });

  it('lists companies, their sub-companies and those’s outlets, and the ranks', async () => {
    const { companies } = await call<{ companies: Org[] }>('listCompaniesV2', '/v2/live-chat/company-list');
    expect(companies.map((company) => [company.id, company.name])).toEqual([
      ['3', 'PT Maju Bersama Indonesia'],
      ['4', 'PT Cahaya Logistik Indonesia'],
      ['5', 'PT Sinar Nusantara Retail'],
    ]);
    const all = await call<{ sub_companies: Org[] }>('listSubCompaniesV2', '/v2/live-chat/sub-company-list');
    const { sub_companies: subs } = await call<{ sub_companies: Org[] }>('listSubCompaniesV2', '/v2/live-chat/sub-company-list?company_id=3');
    expect(subs.map((sub) => sub.name)).toEqual(['Head Office', 'Retail Jabodetabek', 'Retail Jawa Timur']);
    expect(subs.every((sub) => sub.parent_id === '3')).toBe(true);
    expect(all.sub_companies.length).toBeGreaterThan(subs.length);
    const { outlets } = await call<{ outlets: Org[] }>('listOutletsV2', `/v2/live-chat/outlet-list?sub_company_id=${subs[1]!.id}`);
    expect(outlets.map((outlet) => outlet.id)).toEqual(['305', '306', '307', '308']);
    expect(outlets[0]).toMatchObject({ name: 'Outlet Kemang', parent_id: '12' });
    expect((await call<{ outlets: Org[] }>('listOutletsV2', '/v2/live-chat/outlet-list')).outlets.length).toBeGreaterThan(outlets.length);
    const { ranks } = await call<{ ranks: Org[] }>('listRanksV2', '/v2/live-chat/rank-list');
    expect(ranks.length).toBeGreaterThanOrEqual(5);
    expect(ranks.find((rank) => rank.id === '4')?.name).toBe('Supervisor');
  });
});

describe('starting chats', () => {
  it('start-individual-chat answers the two people’s room, the same one each time', async () => {
    const first = await call<{ chat_room: Room }>('startIndividualChat', '/live-chat/start-individual-chat', { json: { user_id: 43 } });
    expect(first.chat_room.uuid).toBe(DIRECT_ROOM_UUID);
    const from = emitted.length;
    const fresh = await call<{ chat_room: Room }>('startIndividualChat', '/live-chat/start-individual-chat', { json: { user_id: 5048 } });
    const again = await call<{ chat_room: Room }>('startIndividualChat', '/live-chat/start-individual-chat', { json: { user_id: 5048 } });
    expect(again.chat_room.uuid).toBe(fresh.chat_room.uuid);
    expect(fresh.chat_room).toMatchObject({ individual_name: 'Wayan Tambunan', to: 5048 });
    expect(await homeHas(AYU, fresh.chat_room.uuid)).toBe(true);
    expect(eventFor(eventsSince(from), 42, 'live_chat', fresh.chat_room.uuid)).toBeDefined();
    await refused('/live-chat/start-individual-chat', AYU, { user_id: 42 }, 422, 'You cannot start a chat with yourself.');
    await refused('/live-chat/start-individual-chat', AYU, { user_id: 999_999 }, 404, 'Employee not found.');
  });

  it('start-group-chat puts the group in every member’s chat home at once and tells the others', async () => {
    const from = emitted.length;
    const { chat_room: room } = await startGroup('Tim Stok Opname', [43, 5048]);
    expect(room).toMatchObject({ name: 'Tim Stok Opname', is_urgent_chat: 0, last_message: { message_content: 'Ayu Lestari created the group' } });
    expect(await homeHas(AYU, room.uuid)).toBe(true);
    expect(await homeHas(budi, room.uuid)).toBe(true);
    const events = eventsSince(from);
    expect(eventFor(events, 43, 'new_chat_room', room.uuid)).toBeDefined();
    expect(eventFor(events, 43, 'live_chat', room.uuid)?.payload.message?.type).toBe('system');
    expect(eventFor(events, 42, 'live_chat', room.uuid)).toBeDefined();
    expect(eventFor(events, 42, 'new_chat_room', room.uuid)).toBeUndefined();
    const members = await membersOf(room.id, budi);
    expect(members.map((member) => [member.id, member.is_admin])).toEqual([[42, 1], [43, 0], [5048, 0]]);
    await refused('/live-chat/start-group-chat', AYU, { name: ' ', participants: [43] }, 422, 'Please enter the group name!');
    await refused('/live-chat/start-group-chat', AYU, { name: 'Kosong', participants: [] }, 422, 'Please select at least one participant!');
    await refused('/live-chat/start-group-chat', AYU, { name: 'Salah', participants: [43, 999_999] }, 422);
  });

  it('the HR chat is created once per user, with the HR team, and answered again after', async () => {
    const hrChat = (token: string) => call<{ chat_room: Room }>('createChatWithHrGroupChat', '/live-chat/create-chat-with-hr-group-chat', { token, method: 'POST' });
    const ayu = await hrChat(AYU);
    expect(ayu.chat_room.uuid).toBe(HR_ROOM_UUID);
    const first = await hrChat(budi);
    expect(first.chat_room).toMatchObject({ is_chat_with_hr: 1, name: 'Chat with HR - Budi Santoso' });
    const again = await hrChat(budi);
    expect(again.chat_room.uuid).toBe(first.chat_room.uuid);
    expect(await homeHas(budi, first.chat_room.uuid)).toBe(true);
    expect(await homeHas('Bearer sandbox.14.dd', first.chat_room.uuid)).toBe(true);
    expect(await homeHas(AYU, first.chat_room.uuid)).toBe(false);
  });

  it('create-urgent-group-chat makes an urgent group', async () => {
    const { chat_room: room } = await call<{ chat_room: Room }>('createUrgentGroupChat', '/live-chat/create-urgent-group-chat', {
      json: { name: 'URGENT: Banjir Gudang Cakung', participants: [43, 61] },
    });
    expect(room).toMatchObject({ is_urgent_chat: 1, is_chat_with_hr: 0 });
    expect((await homeRooms(SITI)).find((candidate) => candidate.uuid === room.uuid)?.is_urgent_chat).toBe(1);
  });

  it('search-group finds the user’s groups by name only', async () => {
    const found = await call<{ chat_rooms: Room[] }>('searchGroupChatsV2', '/v2/live-chat/search-group?keyword=OPERASIONAL');
    expect(found.chat_rooms.map((room) => room.uuid)).toEqual([TEAM_ROOM_UUID]);
    const budiGroups = (await call<{ chat_rooms: Room[] }>('searchGroupChatsV2', '/v2/live-chat/search-group?keyword=', { token: budi })).chat_rooms;
    expect(budiGroups.map((room) => room.uuid)).not.toContain(HR_ROOM_UUID);
    expect(budiGroups.every((room) => room.name !== null)).toBe(true);
    expect((await call<{ chat_rooms: Room[] }>('searchGroupChatsV2', '/v2/live-chat/search-group?keyword=tidak-ada')).chat_rooms).toEqual([]);
  });
});

describe('running a group', () => {
  let project: Room;

  beforeAll(async () => {
    project = (await startGroup('Proyek Gudang Baru', [43, 57, 61, 5048])).chat_room;
  });

  it('answers the detail by id and by uuid with the caller’s admin flag and the members’ marks', async () => {
    const detail = await call<Json & { members: Member[] }>('getChatDetailV2', '/v2/live-chat/detail/1305');
    expect(detail).toMatchObject({ is_chat_admin: 1, total_members: 4, chat_room: { uuid: TEAM_ROOM_UUID } });
    expect(detail.members.find((member) => member.id === 42)?.is_admin).toBe(1);
    expect(detail.members.find((member) => member.id === 43)?.is_admin).toBe(0);
    const byUuid = await call<Json>('getChatDetailByUuidV2', '/v2/live-chat/detail', { token: budi, json: { chat_room_uuid: TEAM_ROOM_UUID } });
    expect(byUuid).toMatchObject({ is_chat_admin: 0, total_members: 4, chat_room: { id: 1305 } });
    const setup = await call<Json>('getChatGroupSetupV2', '/v2/live-chat/setup-chat-group/1305', { token: budi });
    expect(setup.is_chat_admin).toBe(0);
    expect((await call<Json>('getChatGroupSetupV2', '/v2/live-chat/setup-chat-group/1305')).is_chat_admin).toBe(1);
    expect((await raw('/v2/live-chat/detail/987654', { token: AYU })).status).toBe(404);
    expect((await raw(`/v2/live-chat/detail/1410`, { token: budi })).status).toBe(403);
  });

  it('lets an admin edit name, description and avatar (multipart, _method=PATCH), and refuses anyone else', async () => {
    const avatar = Uint8Array.from({ length: 700 }, (_, index) => (index * 13) % 256);
    const form = new FormData();
    form.set('_method', 'PATCH');
    form.set('name', 'Proyek Gudang Cikarang');
    form.set('description', 'Koordinasi pembangunan gudang baru.');
    form.set('avatar', new Blob([avatar], { type: 'image/png' }), 'gudang.png');
    const from = emitted.length;
    const edited = await call<Json & { avatar_url: string; chat_room: Room }>('updateGroupDetailV2', `/v2/live-chat/detail/${project.id}`, { form });
    expect(edited).toMatchObject({ description: 'Koordinasi pembangunan gudang baru.', chat_room: { name: 'Proyek Gudang Cikarang', description: 'Koordinasi pembangunan gudang baru.' } });
    const picture = await fetch(edited.avatar_url);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await picture.arrayBuffer())).toEqual(avatar);
    const budiRoom = (await homeRooms(budi)).find((room) => room.uuid === project.uuid)!;
    expect(budiRoom).toMatchObject({ name: 'Proyek Gudang Cikarang', last_message: { message_content: 'Ayu Lestari changed the group name to "Proyek Gudang Cikarang"' } });
    expect(eventFor(eventsSince(from), 43, 'live_chat', project.uuid)).toBeDefined();
    const detail = await call<Json>('getChatDetailByUuidV2', '/v2/live-chat/detail', { token: budi, json: { chat_room_uuid: project.uuid } });
    expect(detail.avatar_url).toBe(edited.avatar_url);

    const notAdmin = new FormData();
    notAdmin.set('_method', 'PATCH');
    notAdmin.set('name', 'Diubah Budi');
    const answer = await raw(`/v2/live-chat/detail/${project.id}`, { token: budi, form: notAdmin });
    expect(answer.status).toBe(403);
    expect(httpZod.zErrorBody.parse(answer.body)).toEqual({ error: true, status_code: 403, error_message: 'Only group admins can edit the group.' });
  });

  it('adds participants (admins only): they get the room in their home and a new_chat_room event', async () => {
    await refused('/v2/live-chat/add-participants', budi, { chat_room_uuid: project.uuid, participants: [7] }, 403, 'Only group admins can add participants.');
    const from = emitted.length;
    const added = await call<{ members: Member[]; total: number }>('addParticipantsV2', '/v2/live-chat/add-participants', {
      json: { chat_room_uuid: project.uuid, participants: [7, 5001] },
    });
    expect(added.total).toBe(7);
    expect(added.members.map((member) => member.id)).toEqual(expect.arrayContaining([7, 5001]));
    expect(await homeHas(DEWI, project.uuid)).toBe(true);
    const events = eventsSince(from);
    expect(eventFor(events, 7, 'new_chat_room', project.uuid)).toBeDefined();
    expect(eventFor(events, 43, 'live_chat', project.uuid)?.payload.message?.message_content).toBe('Ayu Lestari added Dewi Kartika and Mega Syahputra');

    const removed = await call<{ members: Member[] }>('removeParticipantsV2', '/v2/live-chat/remove-participants', {
      json: { chat_room_uuid: project.uuid, participants: [5001] },
    });
    expect(removed.members.map((member) => member.id)).not.toContain(5001);
    await refused('/v2/live-chat/remove-participants', budi, { chat_room_uuid: project.uuid, participants: [7] }, 403, 'Only group admins can remove participants.');
    await refused('/v2/live-chat/remove-participants', AYU, { chat_room_uuid: project.uuid, participants: [5002] }, 422);
  });

  it('removes a member: the room leaves their chat home, their view-chat is 403, and both sides get live_chat', async () => {
    await refused('/v2/live-chat/detail/remove-member', RIZKY, { chat_room_uuid: project.uuid, user_id: 43 }, 403, 'Only group admins can remove members.');
    const from = emitted.length;
    const answer = await call<{ message: string }>('removeGroupMemberV2', '/v2/live-chat/detail/remove-member', { json: { chat_room_uuid: project.uuid, user_id: 43 } });
    expect(answer.message).toBe('Member removed.');
    expect(await homeHas(budi, project.uuid)).toBe(false);
    await refused('/live-chat/view-chat', budi, { chat_room_uuid: project.uuid }, 403, 'You are not a member of this chat room.');
    const events = eventsSince(from);
    expect(eventFor(events, 43, 'live_chat', project.uuid)?.payload.message?.message_content).toBe('Ayu Lestari removed Budi Santoso');
    expect(eventFor(events, 57, 'live_chat', project.uuid)).toBeDefined();
    expect((await homeRooms(RIZKY)).find((room) => room.uuid === project.uuid)?.last_message?.message_content).toBe('Ayu Lestari removed Budi Santoso');
    expect((await membersOf(project.id)).map((member) => member.id)).not.toContain(43);
    await refused('/v2/live-chat/detail/remove-member', AYU, { chat_room_uuid: project.uuid, user_id: 43 }, 422, 'The user is not a member of this group.');
  });

  it('makes a member an admin (admins only)', async () => {
    await refused('/v2/live-chat/detail/add-admin', SITI, { chat_room_uuid: project.uuid, user_id: 57 }, 403, 'Only group admins can add admins.');
    await call('addGroupAdminV2', '/v2/live-chat/detail/add-admin', { json: { chat_room_uuid: project.uuid, user_id: 57 } });
    const members = await membersOf(project.id, SITI);
    expect(members.filter((member) => member.is_admin === 1).map((member) => member.id)).toEqual([42, 57]);
    expect((await call<Json>('getChatDetailV2', `/v2/live-chat/detail/${project.id}`, { token: RIZKY })).is_chat_admin).toBe(1);
    expect((await homeRooms(SITI)).find((room) => room.uuid === project.uuid)?.last_message?.message_content).toBe('Rizky Pratama is now an admin');
  });

  it('saves and reads back the group settings (admins only)', async () => {
    const empty = await call<{ group_settings: Json }>('getGroupSettingsV2', `/v2/live-chat/group-settings/${project.id}`, { token: SITI });
    expect(empty.group_settings).toEqual({ chat_room_id: project.id, business_units: [], companies: [], outlets: [] });
    const settings = { chat_room_id: project.id, business_units: ['12'], companies: ['3'], outlets: ['305', '306'] };
    const saved = await call<{ group_settings: Json }>('saveGroupSettingsV2', '/v2/live-chat/group-settings', { token: RIZKY, json: settings });
    expect(saved.group_settings).toEqual(settings);
    expect((await call<{ group_settings: Json }>('getGroupSettingsV2', `/v2/live-chat/group-settings/${project.id}`, { token: SITI })).group_settings).toEqual(settings);
    await refused('/v2/live-chat/group-settings', SITI, settings, 403, 'Only group admins can change the group settings.');
    await refused('/v2/live-chat/group-settings', AYU, { ...settings, outlets: ['999'] }, 422, 'The selected outlets are invalid.');
  });

  it('clones a group with its members, admins and settings; the caller is an admin of the copy', async () => {
    const { chat_room: copy } = await call<{ chat_room: Room }>('cloneGroupChatV2', '/v2/live-chat/clone', { token: RIZKY, json: { chat_room_uuid: project.uuid, name: 'Proyek Gudang (Fase 2)' } });
    expect(copy.uuid).not.toBe(project.uuid);
    const members = await membersOf(copy.id, RIZKY);
    expect(members.map((member) => member.id).sort()).toEqual((await membersOf(project.id)).map((member) => member.id).sort());
    expect(members.filter((member) => member.is_admin === 1).map((member) => member.id).sort()).toEqual([42, 57]);
    expect((await call<{ group_settings: Json }>('getGroupSettingsV2', `/v2/live-chat/group-settings/${copy.id}`)).group_settings).toMatchObject({ outlets: ['305', '306'] });
    expect(await homeHas(DEWI, copy.uuid)).toBe(true);
    await refused('/v2/live-chat/clone', AYU, { chat_room_uuid: DIRECT_ROOM_UUID, name: 'x' }, 422, 'Only group chats can be cloned.');
  });
});

describe('polls', () => {
  let room: Room;
  const options = (poll: Poll) => Object.fromEntries(poll.options.map((option) => [option.option_text, option.votes_count]));

  beforeAll(async () => {
    room = (await startGroup('Rapat Mingguan', [43, 57, 61])).chat_room;
  });

  it('posts a poll as a vote message; two people vote, counts and voters follow, and every member’s event carries the poll', async () => {
    const from = emitted.length;
    const created = await call<{ vote: Poll; chat_message: { message_type: string; uuid: string } }>('setupVoteV2', '/v2/live-chat/setup-vote-feature', {
      json: { chat_room_uuid: room.uuid, question: 'Rapat mingguan dipindah ke hari apa?', options: ['Senin', 'Rabu', 'Jumat'], allow_multiple_answers: false, is_anonymous: false },
    });
    expect(created.chat_message).toMatchObject({ message_type: 'vote', uuid: created.vote.message_uuid });
    expect(options(created.vote)).toEqual({ Senin: 0, Rabu: 0, Jumat: 0 });
    const posted = eventFor(eventsSince(from), 43, 'live_chat', room.uuid)!.payload.message!;
    expect(posted).toMatchObject({ type: 'vote', message_content: 'Rapat mingguan dipindah ke hari apa?', vote: { id: created.vote.id } });
    const [senin, rabu, jumat] = created.vote.options.map((option) => option.id);

    await call('castVoteV2', '/v2/live-chat/vote', { json: { vote_id: created.vote.id, option_ids: [rabu] } });
    await call('castVoteV2', '/v2/live-chat/vote', { token: budi, json: { vote_id: created.vote.id, option_ids: [senin] } });
    const beforeChange = emitted.length;
    // A single-answer poll: Budi's new choice replaces his earlier one.
    const changed = await call<{ vote: Poll }>('castVoteV2', '/v2/live-chat/vote', { token: budi, json: { vote_id: created.vote.id, option_ids: [jumat] } });
    expect(options(changed.vote)).toEqual({ Senin: 0, Rabu: 1, Jumat: 1 });
    expect(changed.vote.total_votes).toBe(2);
    expect(changed.vote.options.find((option) => option.id === jumat)?.is_voted).toBe(true);

    const events = eventsSince(beforeChange).filter(({ payload }) => payload.uuid === room.uuid);
    expect(events.map(({ event }) => event).sort()).toEqual([42, 43, 57, 61].map(websocketIdOf).sort());
    for (const { event, payload } of events) {
      const poll = payload.message!.vote!;
      expect(options(poll)).toEqual({ Senin: 0, Rabu: 1, Jumat: 1 });
      const mine = poll.options.filter((option) => option.is_voted).map((option) => option.option_text);
      expect(mine).toEqual(event === websocketIdOf(42) ? ['Rabu'] : event === websocketIdOf(43) ? ['Jumat'] : []);
    }

    const voters = await call<{ total_votes: number; options: Array<{ option_text: string; votes_count: number; voters: Array<{ id: number; voted_at: string }> }> }>(
      'getVotersV2',
      `/v2/live-chat/see-voters/${created.vote.id}`,
      { token: SITI },
    );
    expect(voters.total_votes).toBe(2);
    expect(voters.options.map((option) => [option.option_text, option.votes_count, option.voters.map((voter) => voter.id)])).toEqual([
      ['Senin', 0, []],
      ['Rabu', 1, [42]],
      ['Jumat', 1, [43]],
    ]);

    // Later answers carry the counts: v1 and v2 view-chat, as each user sees them.
    const v1 = await call<{ messages: { data: Array<{ uuid: string; type: string; vote: Poll | null }> } }>('viewChat', '/live-chat/view-chat', { token: budi, json: { chat_room_uuid: room.uuid } });
    const shown = v1.messages.data.find((message) => message.uuid === created.vote.message_uuid)!;
    expect(shown.type).toBe('vote');
    expect(options(shown.vote!)).toEqual({ Senin: 0, Rabu: 1, Jumat: 1 });
    const v2 = await call<{ messages: { data: Array<{ uuid: string; vote: Poll | null }> } }>('viewChatV2', '/v2/live-chat/view-chat', { json: { chat_room_uuid: room.uuid } });
    expect(v2.messages.data.find((message) => message.uuid === created.vote.message_uuid)!.vote!.options.find((option) => option.id === rabu)?.is_voted).toBe(true);

    await refused('/v2/live-chat/vote', budi, { vote_id: created.vote.id, option_ids: [senin, rabu] }, 422, 'This poll allows one answer only.');
    await refused('/v2/live-chat/vote', DEWI, { vote_id: created.vote.id, option_ids: [senin] }, 403);
    await refused('/v2/live-chat/vote', AYU, { vote_id: 424242, option_ids: [senin] }, 404);
  });

  it('a multiple-answer vote replaces the earlier selection, an empty list withdraws, and an anonymous poll hides its voters', async () => {
    const { vote } = await call<{ vote: Poll }>('setupVoteV2', '/v2/live-chat/setup-vote-feature', {
      json: { chat_room_uuid: room.uuid, question: 'Menu makan siang?', options: ['Nasi Padang', 'Soto', 'Bakso'], allow_multiple_answers: true, is_anonymous: true },
    });
    const [padang, soto] = vote.options.map((option) => option.id);
    await call('castVoteV2', '/v2/live-chat/vote', { token: RIZKY, json: { vote_id: vote.id, option_ids: [padang] } });
    const both = await call<{ vote: Poll }>('castVoteV2', '/v2/live-chat/vote', { token: RIZKY, json: { vote_id: vote.id, option_ids: [padang, soto] } });
    expect(options(both.vote)).toEqual({ 'Nasi Padang': 1, Soto: 1, Bakso: 0 });
    const unticked = await call<{ vote: Poll }>('castVoteV2', '/v2/live-chat/vote', { token: RIZKY, json: { vote_id: vote.id, option_ids: [soto] } });
    expect(options(unticked.vote)).toEqual({ 'Nasi Padang': 0, Soto: 1, Bakso: 0 });
    await call('castVoteV2', '/v2/live-chat/vote', { token: RIZKY, json: { vote_id: vote.id, option_ids: [padang, soto] } });
    const voters = await call<{ options: Array<{ votes_count: number; voters: unknown[] }> }>('getVotersV2', `/v2/live-chat/see-voters/${vote.id}`);
    expect(voters.options.map((option) => [option.votes_count, option.voters.length])).toEqual([[1, 0], [1, 0], [0, 0]]);
    const withdrawn = await call<{ vote: Poll }>('castVoteV2', '/v2/live-chat/vote', { token: RIZKY, json: { vote_id: vote.id, option_ids: [] } });
    expect(withdrawn.vote.total_votes).toBe(0);
  });

  it('refuses votes after the deadline and polls outside groups', async () => {
    const deadline = new Date(Date.now() + 60 * 60_000).toISOString();
    const { vote } = await call<{ vote: Poll }>('setupVoteV2', '/v2/live-chat/setup-vote-feature', {
      json: { chat_room_uuid: room.uuid, question: 'Ikut outing?', options: ['Ya', 'Tidak'], expired_at: deadline },
    });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 2 * 60 * 60_000);
      await refused('/v2/live-chat/vote', AYU, { vote_id: vote.id, option_ids: [vote.options[0]!.id] }, 422, 'Voting for this poll has closed.');
    } finally {
      vi.useRealTimers();
    }
    await refused('/v2/live-chat/setup-vote-feature', AYU, { chat_room_uuid: DIRECT_ROOM_UUID, question: 'x?', options: ['a', 'b'] }, 422, 'Votes can only be created in group chats.');
    await refused('/v2/live-chat/setup-vote-feature', AYU, { chat_room_uuid: room.uuid, question: 'x?', options: ['a'] }, 422, 'A vote needs at least two options.');
  });
});

describe('the group route table', () => {
  it('answers each group operation under the contract’s method and path, and every one was checked above', () => {
    const operations = new Map(listOperations(readJson('generated/openapi.bundled.json')).map((operation) => [operation.operationId, operation]));
    for (const operationId of GROUP_OPERATIONS) {
      const route = sandbox.routes.find((candidate) => candidate.operationId === operationId);
      expect(route, operationId).toBeDefined();
      const operation = operations.get(operationId)!;
      expect(route!.method).toBe(operation.method);
      expect(route!.path).toBe(operation.path.replace(/\{([^}]+)\}/g, ':$1'));
    }
    expect(GROUP_OPERATIONS.filter((operationId) => !answered.has(operationId))).toEqual([]);
  });
});
