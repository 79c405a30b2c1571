// Test data and a request log for the Start Live Chat and Create Group Chat tests: contract-shaped
// employees (POST /live-chat/search-employees) and rooms, and the calls made with their JSON bodies.
import { json, stubRequestAndFetch } from '../../../shared/testing/render-app.tsx';
import type { Employee } from '../api/directory.ts';
import type { ChatRoom } from '../api/message-model.ts';
import { chatRoom } from './chat-fixtures.ts';

export const AYU: Employee = {
  id: 11,
  first_name: 'Ayu',
  last_name: 'Lestari',
  employee_number: 'E-0011',
  signed_profile_picture_url: null,
  ess_employee_profile: { full_job_title: 'Senior Payroll Officer', job_title: 'Payroll Officer' },
  ess_company: { name: 'PT Maju Bersama' },
};

export const BUDI: Employee = {
  id: 12,
  first_name: 'Budi',
  last_name: 'Santoso',
  employee_number: 'E-0012',
  signed_profile_picture_url: null,
  ess_employee_profile: { full_job_title: null, job_title: 'Driver' },
  ess_company: { name: 'PT Maju Logistik' },
};

export const users = (list: Employee[]) => json({ error: false, status_code: 200, users: list });
export const room = (uuid: string, overrides: Partial<ChatRoom> = {}) =>
  json({ error: false, status_code: 200, chat_room: chatRoom({ id: 77, type: 'group', name: 'New room', ...overrides, uuid }) });
export const refusal = (message: string, status = 500) => json({ error: true, status_code: status, error_message: message }, status);

export interface Call {
  path: string;
  body: unknown;
}

const chatHome = (rooms: readonly ChatRoom[]) => ({ error: false, chat_home: { id: 880, user_id: 42, websocket_id: 'ws-42', groupChatUuids: [], is_chat_admin: 0 }, chat_rooms: rooms });

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/**
 * A chat home for the recent contacts (the signed-in user is 42): Citra started a chat with me a minute
 * ago, I started one with Budi an hour ago; a group and an HR chat are not contacts.
 */
export const RECENT_ROOMS: readonly ChatRoom[] = [
  chatRoom({ id: 501, uuid: 'r-budi', type: 'individual', individual_name: 'Budi Santoso', from: 42, to: 12, from_user_name: 'Ayu Lestari', to_user_name: 'Budi Santoso', last_message: { message_content: 'Ok', created_at: ago(60), is_owner: 1 } }),
  chatRoom({ id: 502, uuid: 'r-team', type: 'group', name: 'Payroll team', last_message: { message_content: 'Hi', created_at: ago(2), is_owner: 0 } }),
  chatRoom({ id: 503, uuid: 'r-citra', type: 'individual', individual_name: 'Citra Dewi', from: 15, to: 42, from_user_name: 'Citra Dewi', to_user_name: 'Ayu Lestari', last_message: { message_content: 'Thanks', created_at: ago(1), is_owner: 0 } }),
  chatRoom({ id: 504, uuid: 'r-hr', type: 'individual', individual_name: 'HR Helpdesk', from: 42, to: 90, is_chat_with_hr: 1, last_message: { message_content: 'Help', created_at: ago(3), is_owner: 1 } }),
];

/**
 * Answers every request with `answer` (by path) and keeps what was asked, bodies parsed. The chat
 * home (the list behind the Create Group Chat modal, the recent contacts) is answered with `rooms`
 * (none by default) and not logged.
 */
export function stubApi(answer: (path: string, body: unknown) => Response | Promise<Response>, { rooms = [] }: { rooms?: readonly ChatRoom[] } = {}) {
  const log: Call[] = [];
  stubRequestAndFetch(async (url, request) => {
    const text = request.method === 'GET' ? '' : await request.text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    const path = url.pathname.replace(/^\/api/, '');
    if (path === '/live-chat/home') return json(chatHome(rooms));
    log.push({ path, body });
    return answer(path, body);
  });
  return {
    log,
    bodiesOf: (path: string) => log.filter((call) => call.path === path).map((call) => call.body),
  };
}

/** A promise settled from outside: an answer that arrives when the test says. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}
