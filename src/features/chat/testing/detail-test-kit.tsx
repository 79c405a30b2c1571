// Test kit for the chat detail screen: a small fake of the v2 group calls (contract-shaped answers, a
// member list that changes as the server agrees), the calls made with their bodies, and the screen
// rendered at /chats/detail?uuid=… for a signed-in user.
import userEvent from '@testing-library/user-event';
import type { Translator } from '../../../shared/i18n/translator.ts';
import { SessionProvider } from '../../../shared/session/session-context.tsx';
import type { SessionController } from '../../../shared/session/session-types.ts';
import { createTestQueryClient, json, stubRequestAndFetch } from '../../../shared/testing/render-app.tsx';
import type { Employee } from '../api/directory.ts';
import type { GroupDetail, GroupMember, GroupSettings } from '../api/groups.ts';
import { chatRoom } from './chat-fixtures.ts';
import { renderChat } from './render-chat.tsx';
import { ChatDetailScreen } from '../detail/chat-detail-screen.tsx';

export const USER_ID = 42;
export const ROOM_UUID = '3f6c2a9e-8b1d-4c7a-9e2f-5d4b3a2c1e0f';
export const ROOM_ID = 128;

export const member = (id: number, first: string, last: string, admin: boolean, jobTitle = 'Staff'): GroupMember => ({
  id,
  first_name: first,
  last_name: last,
  employee_number: `100${id}`,
  signed_profile_picture_url: null,
  ess_employee_profile: { full_job_title: `${jobTitle} - Jakarta`, job_title: jobTitle },
  ess_company: { name: 'PT Sinar Nusantara Retail' },
  is_admin: admin ? 1 : 0,
});

/** Someone the add-participants search finds (an employee, whose id the contract requires). */
export const candidate = (id: number, first: string, last: string): Employee => ({
  id,
  first_name: first,
  last_name: last,
  employee_number: `100${id}`,
  signed_profile_picture_url: null,
  ess_employee_profile: { full_job_title: 'Staff - Jakarta', job_title: 'Staff' },
  ess_company: { name: 'PT Sinar Nusantara Retail' },
});

export const AYU = member(USER_ID, 'Ayu', 'Lestari', true, 'Operations Manager');
export const BUDI = member(43, 'Budi', 'Santoso', false, 'Inventory Staff');
export const SITI = member(57, 'Siti', 'Rahmawati', true, 'Supervisor');

export const CANDIDATE: Employee = {
  id: 75,
  first_name: 'Rizky',
  last_name: 'Pratama',
  employee_number: '100518',
  signed_profile_picture_url: null,
  ess_employee_profile: { full_job_title: 'Cashier - Kemang', job_title: 'Cashier' },
  ess_company: { name: 'PT Sinar Nusantara Retail' },
};

export function groupDetail(overrides: Partial<GroupDetail> = {}): GroupDetail {
  return {
    error: false,
    status_code: 200,
    chat_room: chatRoom({ id: ROOM_ID, uuid: ROOM_UUID, type: 'group', name: 'Tim Operasional Jakarta', individual_name: null }),
    description: 'Koordinasi harian tim operasional.',
    avatar_url: null,
    is_chat_admin: 1,
    total_members: 3,
    total_files: 5,
    total_links: 2,
    ...overrides,
  };
}

export interface Call {
  method: string;
  path: string;
  body?: Record<string, unknown>;
  /** A multipart body as sent, field by field (a file part as `(file)`). */
  form?: Record<string, string>;
}

/**
 * The fields of a multipart body (undici's formData() trips over jsdom's Blob). Which file went is not
 * readable here (undici sends jsdom's File without its name or bytes): a test spies on FormData for that.
 */
function parseMultipart(text: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const part of text.matchAll(/name="([^"]+)"(?:; filename="([^"]*)")?\r\n(?:Content-Type: [^\r]*\r\n)?\r\n([\s\S]*?)\r\n--/g)) {
    fields[part[1]!] = part[2] !== undefined ? '(file)' : part[3]!;
  }
  return fields;
}

const ORG = {
  '/v2/live-chat/company-list': { companies: [{ id: '3', name: 'PT Sinar Nusantara Retail' }, { id: '4', name: 'PT Cahaya Logistik Indonesia' }] },
  '/v2/live-chat/sub-company-list': { sub_companies: [{ id: '12', name: 'Retail Jabodetabek', parent_id: '3' }] },
  '/v2/live-chat/outlet-list': { outlets: [{ id: '305', name: 'Outlet Kemang', parent_id: '12' }, { id: '306', name: 'Outlet Kelapa Gading', parent_id: '12' }] },
  '/v2/live-chat/rank-list': { ranks: [] },
} as Record<string, object>;

/** The fake server's state; a test changes it or sets `refuse[path]` to answer a call its own way (a failure, a late answer). */
export interface FakeServer {
  calls: Call[];
  detail: GroupDetail;
  members: GroupMember[];
  settings: GroupSettings;
  candidates: Employee[];
  refuse: Record<string, () => Response | Promise<Response>>;
}

export function startFakeServer(): FakeServer {
  const server: FakeServer = {
    calls: [],
    detail: groupDetail(),
    members: [AYU, BUDI, SITI],
    settings: { chat_room_id: ROOM_ID, business_units: ['12'], companies: ['3'], outlets: [] },
    candidates: [CANDIDATE],
    refuse: {},
  };
  const ok = (extra: object = {}) => json({ error: false, status_code: 200, ...extra });
  // Everyone a search has returned: who add-participants can add.
  const found = new Map<number, Employee>();
  stubRequestAndFetch(async (url, request) => {
    const path = url.pathname.replace(/^\/api/, '');
    const call: Call = { method: request.method, path };
    if (request.method !== 'GET') {
      const text = await request.clone().text();
      if (request.headers.get('Content-Type')?.startsWith('multipart/')) call.form = parseMultipart(text);
      else if (text) call.body = JSON.parse(text) as Record<string, unknown>;
    }
    server.calls.push(call);
    const refusal = server.refuse[path];
    if (refusal) return refusal();
    const userId = Number(call.body?.user_id);
    const participants = (call.body?.participants ?? []) as number[];
    switch (path) {
      case '/v2/live-chat/detail':
        return json(server.detail);
      case `/v2/live-chat/see-members/${ROOM_ID}`:
        return ok({ total: server.members.length, members: server.members });
      case '/v2/live-chat/detail/add-admin':
        server.members = server.members.map((known) => (known.id === userId ? { ...known, is_admin: 1 } : known));
        return ok({ message: 'Now an admin.' });
      case '/v2/live-chat/detail/remove-member':
        server.members = server.members.filter((known) => known.id !== userId);
        return ok({ message: 'Member removed from the group.' });
      case '/v2/live-chat/remove-participants':
        server.members = server.members.filter((known) => known.id === undefined || !participants.includes(known.id));
        return ok({ total: server.members.length, members: server.members });
      case '/v2/live-chat/add-participants':
        server.members = [...server.members, ...participants.flatMap((id) => (found.has(id) ? [{ ...found.get(id)!, is_admin: 0 }] : []))];
        return ok({ total: server.members.length, members: server.members });
      case '/v2/live-chat/search-employee/':
        for (const candidate of server.candidates) if (candidate.id !== undefined) found.set(candidate.id, candidate);
        return ok({ total: server.candidates.length, users: server.candidates });
      case `/v2/live-chat/detail/${ROOM_ID}`:
        // The kit's detail always has its room (groupDetail()).
        server.detail = { ...server.detail, chat_room: { ...server.detail.chat_room!, name: call.form?.name ?? server.detail.chat_room!.name }, description: call.form?.description ?? server.detail.description };
        return json({ ...server.detail, message: 'Group updated.' });
      case `/v2/live-chat/group-settings/${ROOM_ID}`:
        return ok({ group_settings: server.settings });
      case '/v2/live-chat/group-settings':
        server.settings = call.body as unknown as GroupSettings;
        return ok({ message: 'Group settings saved.', group_settings: server.settings });
      case '/live-chat/leave-group':
        return ok({ message: 'You left the group.' });
      default:
        if (ORG[path]) return ok(ORG[path]);
        return json({ error: true, error_message: `unexpected ${path}` }, 404);
    }
  });
  return server;
}

/** A refusal as the server sends it: the error envelope with an HTTP status. */
export const refusal = (status: number, message: string) => () => json({ error: true, status_code: status, error_message: message }, status);

const SESSION_STATE = { status: 'signed-in', userData: { user: { id: USER_ID, first_name: 'Ayu', last_name: 'Lestari' } } };
const session = { getState: () => SESSION_STATE, subscribe: () => () => undefined } as unknown as SessionController;

export function renderDetail(i18nInstance: Translator, { at = `/chats/detail?uuid=${ROOM_UUID}` } = {}) {
  const queryClient = createTestQueryClient();
  const view = renderChat(
    <SessionProvider controller={session}>
      <ChatDetailScreen />
    </SessionProvider>,
    { queryClient, i18nInstance, at, path: '/chats/detail' },
  );
  return { queryClient, view, user: userEvent.setup() };
}
