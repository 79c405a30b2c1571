// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Translator } from '../../../shared/i18n/translator.ts';
import { createTestQueryClient, json, stubRequestAndFetch } from '../../../shared/testing/render-app.tsx';
import { createTestI18n } from '../../../shared/testing/test-i18n.ts';
import type { Employee } from '../api/directory.ts';
import { chatRoom } from '../testing/chat-fixtures.ts';
import { renderChat } from '../testing/render-chat.tsx';
import { CreateChatScreen } from './create-chat-screen.tsx';

vi.mock('virtua', () => import('../testing/virtua-mock.tsx'));

let i18nInstance: Translator;
beforeAll(() => {
  i18nInstance = createTestI18n();
});

const person = (id: number, first: string, last: string): Employee => ({
  id,
  first_name: first,
  last_name: last,
  employee_number: String(100_000 + id),
  signed_profile_picture_url: null,
  ess_employee_profile: { full_job_title: 'Store Supervisor - Outlet Kemang', job_title: 'Store Supervisor' },
  ess_company: { name: 'PT Sinar Nusantara Retail' },
});
const SITI = person(57, 'Siti', 'Rahmawati');
const RIZKY = person(75, 'Rizky', 'Pratama');
const DEWI = person(61, 'Dewi', 'Anggraini');

const option = (id: string, name: string, parent: string | null = null) => ({ id, name, code: null, parent_id: parent });
const COMPANIES = [option('3', 'PT Maju Bersama'), option('4', 'PT Cahaya Logistik')];
const SUB_COMPANIES = [option('12', 'Retail Jabodetabek', '3'), option('21', 'Distribution Center', '4')];
const OUTLETS = [option('305', 'Outlet Kemang', '12'), option('401', 'DC Cikarang', '21')];
const RANKS = [option('3', 'Staff'), option('4', 'Supervisor')];
const GROUP = chatRoom({ id: 128, uuid: 'group-ops', type: 'group', name: 'Tim Operasional Jakarta', individual_name: null });

interface Call {
  path: string;
  query: Record<string, string>;
  body?: Record<string, unknown>;
}
let calls: Call[];
type Answer = (body: Record<string, unknown>) => Response | Promise<Response>;
let answers: Record<string, Answer>;
const ok = (extra: Record<string, unknown>) => json({ error: false, status_code: 200, ...extra });
const refusal = (message: string) => json({ error: true, status_code: 422, error_message: message }, 422);

beforeEach(() => {
  calls = [];
  answers = {
    '/v2/live-chat/company-list': () => ok({ companies: COMPANIES }),
    '/v2/live-chat/rank-list': () => ok({ ranks: RANKS }),
    '/v2/live-chat/search-mass-employees': () => ok({ total: 2, users: [SITI, RIZKY] }),
    '/live-chat/start-group-chat': (body) => ok({ chat_room: chatRoom({ id: 140, uuid: 'new-room', type: 'group', name: String(body.name) }) }),
    '/v2/live-chat/setup-chat-group/128': () =>
      ok({ chat_room: GROUP, members: [{ id: 61, first_name: 'Siti', last_name: 'Rahmawati', is_admin: true }, { id: 57, first_name: 'Rizky', last_name: 'Pratama' }] }),
    '/v2/live-chat/clone': (body) => ok({ message: 'Group cloned.', chat_room: chatRoom({ id: 141, uuid: 'cloned-room', type: 'group', name: String(body.name) }) }),
  };
  stubRequestAndFetch(async (url, request) => {
    const path = url.pathname.replace(/^\/api/, '');
    const query = Object.fromEntries(url.searchParams);
    const text = request.method === 'GET' ? '' : await request.clone().text();
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
    calls.push({ path, query, body });
    if (path === '/v2/live-chat/sub-company-list') return ok({ sub_companies: SUB_COMPANIES.filter((sub) => !query.company_id || sub.parent_id === query.company_id) });
    if (path === '/v2/live-chat/outlet-list') return ok({ outlets: OUTLETS.filter((outlet) => !query.sub_company_id || outlet.parent_id === query.sub_company_id) });
    if (path === '/v2/live-chat/search-group') return ok({ chat_rooms: query.keyword && GROUP.name!.toLowerCase().includes(query.keyword.toLowerCase()) ? [GROUP] : [] });
    const answer = answers[path];
    return answer ? answer(body ?? {}) : json({ error: true, error_message: `unexpected ${path}` }, 404);
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderScreen() {
  renderChat(<CreateChatScreen />, { queryClient: createTestQueryClient(), i18nInstance, at: '/chats/create' });
  return userEvent.setup();
}

const callsTo = (path: string) => calls.filter((call) => call.path === path);
const searchBodies = () => callsTo('/v2/live-chat/search-mass-employees').map((call) => call.body);
const select = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement;
const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
const selectedCount = () => screen.getByTestId('selected-count').textContent;
const location = () => screen.getByTestId('location').textContent;
const groupName = () => screen.getByRole('textbox', { name: 'Group name' }) as HTMLInputElement;

async function search(user: ReturnType<typeof userEvent.setup>, name = '') {
  const before = searchBodies().length;
  const field = screen.getByRole('textbox', { name: 'Employee name' });
  await user.clear(field);
  if (name) await user.type(field, name);
  await user.click(screen.getByRole('button', { name: 'Search Employees' }));
  // Typing may have searched on the way (people are found as one types); the button searched what is typed.
  await waitFor(() => expect(searchBodies().length).toBeGreaterThan(before));
  await waitFor(() => expect(searchBodies().at(-1)?.employee_name ?? '').toBe(name));
  await waitFor(() => expect(screen.queryByText('Loading...')).toBeNull());
}

async function expectAlert(header: string, text: string) {
  const alert = await screen.findByRole('alertdialog');
  expect(within(alert).getByRole('heading').textContent).toBe(header);
  expect(within(alert).getByText(text)).toBeTruthy();
  await userEvent.click(within(alert).getByRole('button', { name: 'Ok' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
}

describe('/chats/create: New group', () => {
  it('chains the filters (sub-companies of the company, outlets of the sub-company) and sends the chosen ids as strings', async () => {
    const user = renderScreen();
    await waitFor(() => expect(within(select('Company')).getAllByRole('option').map((o) => o.textContent)).toEqual(['All', 'PT Maju Bersama', 'PT Cahaya Logistik']));

    await search(user);
    expect(searchBodies().at(-1)).toEqual({});

    await user.click(screen.getByText('Filters'));
    await user.selectOptions(select('Company'), '3');
    expect(screen.getByText('Filters (1 chosen)')).toBeTruthy();
    await waitFor(() => expect(callsTo('/v2/live-chat/sub-company-list').some((call) => call.query.company_id === '3')).toBe(true));
    await waitFor(() => expect(within(select('Sub-company')).getAllByRole('option').map((o) => o.textContent)).toEqual(['All', 'Retail Jabodetabek']));
    await user.selectOptions(select('Sub-company'), '12');
    await waitFor(() => expect(callsTo('/v2/live-chat/outlet-list').some((call) => call.query.sub_company_id === '12')).toBe(true));
    await waitFor(() => expect(within(select('Outlet')).getAllByRole('option').map((o) => o.textContent)).toEqual(['All', 'Outlet Kemang']));
    await user.selectOptions(select('Outlet'), '305');
    await user.selectOptions(select('Rank'), '4');
    await user.type(screen.getByRole('textbox', { name: 'Job title' }), 'Supervisor');
    await search(user, 'Rahma');
    expect(searchBodies().at(-1)).toEqual({ employee_name: 'Rahma', employee_job_title: 'Supervisor', companies: ['3'], sub_companies: ['12'], outlets: ['305'], ranks: ['4'] });
    expect(screen.getByText('Filters (4 chosen)')).toBeTruthy();

    // A new company clears the sub-company and the outlet chosen under the old one.
    await user.selectOptions(select('Company'), '4');
    expect(select('Sub-company').value).toBe('');
    expect(select('Outlet').value).toBe('');
    await search(user, 'Rahma');
    expect(searchBodies().at(-1)).toEqual({ employee_name: 'Rahma', employee_job_title: 'Supervisor', companies: ['4'], ranks: ['4'] });
  });

  it('keeps the chosen people across searches, lists them to uncheck, and creates the group with them', async () => {
    const user = renderScreen();
    await search(user, 'Siti');
    expect(selectedCount()).toBe('0 selected');
    await user.click(box('Siti Rahmawati'));
    expect(selectedCount()).toBe('1 selected');

    answers['/v2/live-chat/search-mass-employees'] = () => ok({ total: 1, users: [DEWI] });
    await search(user, 'Dewi');
    expect(screen.queryByRole('checkbox', { name: 'Siti Rahmawati' })).toBeNull();
    expect(selectedCount()).toBe('1 selected');
    await user.click(box('Dewi Anggraini'));
    expect(selectedCount()).toBe('2 selected');

    await user.click(screen.getByRole('button', { name: 'Show selected' }));
    expect(screen.getByRole('heading', { name: 'Selected employees' })).toBeTruthy();
    expect(box('Siti Rahmawati').checked).toBe(true);
    expect(box('Dewi Anggraini').checked).toBe(true);
    await user.click(box('Dewi Anggraini'));
    expect(selectedCount()).toBe('1 selected');
    expect(screen.queryByRole('checkbox', { name: 'Dewi Anggraini' })).toBeNull();

    await user.type(groupName(), '  Tim Natal ');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(location()).toBe('/chats/chat?uuid=new-room'));
    expect(callsTo('/live-chat/start-group-chat').map((call) => call.body)).toEqual([{ name: 'Tim Natal', participants: [57] }]);
  });

  it('offers the recent contacts (the chat home\'s direct chats) to check before anything is typed, then finds people as one types', async () => {
    answers['/live-chat/home'] = () =>
      ok({
        chat_home: { id: 9, user_id: 42, groupChatUuids: [], is_chat_admin: 0 },
        chat_rooms: [
          chatRoom({ id: 7, uuid: 'r-dewi', type: 'individual', individual_name: 'Dewi Anggraini', from: 61, to: 42, from_user_name: 'Dewi Anggraini', to_user_name: 'Ayu Lestari', last_message: { message_content: 'Ok', created_at: new Date().toISOString(), is_owner: 0 } }),
        ],
      });
    const user = renderScreen();
    const recent = await screen.findByRole('region', { name: 'Recent contacts' });
    await user.click(within(recent).getByRole('checkbox', { name: 'Dewi Anggraini' }));
    expect(selectedCount()).toBe('1 selected');
    expect(searchBodies()).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Employee name' }), 'Siti');
    await waitFor(() => expect(box('Siti Rahmawati')).toBeTruthy());
    expect(searchBodies().at(-1)).toEqual({ employee_name: 'Siti' });
    expect(screen.queryByRole('region', { name: 'Recent contacts' })).toBeNull();
    await user.click(box('Siti Rahmawati'));

    await user.type(groupName(), 'Tim Natal');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(callsTo('/live-chat/start-group-chat').map((call) => call.body)).toEqual([{ name: 'Tim Natal', participants: [61, 57] }]));
  });

  it('"Select all matching (N)" selects every person of the result, and the group is created with all of them', async () => {
    const many = Array.from({ length: 120 }, (_, n) => person(1_000 + n, `Karyawan${n}`, 'Uji'));
    answers['/v2/live-chat/search-mass-employees'] = () => ok({ total: many.length, users: many });
    const user = renderScreen();
    await search(user);
    expect(screen.getAllByTestId('employee-row')).toHaveLength(120);
    await user.click(screen.getByRole('button', { name: 'Select all matching (120)' }));
    expect(selectedCount()).toBe('120 selected');
    expect(screen.getAllByRole('checkbox').every((element) => (element as HTMLInputElement).checked)).toBe(true);

    await user.type(groupName(), 'Semua');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(callsTo('/live-chat/start-group-chat')).toHaveLength(1));
    expect(callsTo('/live-chat/start-group-chat')[0]!.body!.participants).toEqual(many.map((someone) => someone.id));
  });

  it('clears the selection', async () => {
    const user = renderScreen();
    await search(user);
    await user.click(screen.getByRole('button', { name: 'Select all matching (2)' }));
    expect(selectedCount()).toBe('2 selected');
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(selectedCount()).toBe('0 selected');
    expect(box('Siti Rahmawati').checked).toBe(false);
  });

  it('says "No employees found." when a search finds nobody', async () => {
    answers['/v2/live-chat/search-mass-employees'] = () => ok({ total: 0, users: [] });
    const user = renderScreen();
    expect(screen.queryByText('No employees found.')).toBeNull();
    await search(user, 'Nobody');
    expect(await screen.findByText('No employees found.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Select all matching/ })).toBeNull();
  });

  it('keeps the last result and the choices when a search fails', async () => {
    const user = renderScreen();
    await search(user, 'Siti');
    await user.click(box('Siti Rahmawati'));
    answers['/v2/live-chat/search-mass-employees'] = () => json({ error: true, status_code: 500, error_message: 'Search is down.' }, 500);
    await user.click(screen.getByRole('button', { name: 'Search Employees' }));
    await expectAlert('Error', 'Search is down.');
    expect(box('Siti Rahmawati').checked).toBe(true);
    expect(box('Rizky Pratama').checked).toBe(false);
    expect(selectedCount()).toBe('1 selected');
    expect((screen.getByRole('textbox', { name: 'Employee name' }) as HTMLInputElement).value).toBe('Siti');
  });

  it('asks for the group name, then for a participant (SPEC §5), without calling the server', async () => {
    const user = renderScreen();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await expectAlert('Alert', 'Please enter the group name!');
    await user.type(groupName(), '   ');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await expectAlert('Alert', 'Please enter the group name!');
    await user.type(groupName(), 'Tim Natal');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await expectAlert('Alert', 'Please select at least one participant!');
    expect(callsTo('/live-chat/start-group-chat')).toHaveLength(0);
  });

  it('shows a spinner on Create while creating; a refusal shows the server message and keeps everything', async () => {
    let release!: (response: Response) => void;
    answers['/live-chat/start-group-chat'] = () => new Promise((done) => (release = done));
    const user = renderScreen();
    await search(user);
    await user.click(box('Rizky Pratama'));
    await user.type(groupName(), 'Tim Natal');
    const create = screen.getByRole('button', { name: 'Create' }) as HTMLButtonElement;
    await user.click(create);
    await waitFor(() => expect(create.disabled).toBe(true));
    expect(create.getAttribute('aria-busy')).toBe('true');
    release(refusal('The group name is already used.'));

    await expectAlert('Error', 'The group name is already used.');
    expect(create.disabled).toBe(false);
    expect(groupName().value).toBe('Tim Natal');
    expect(box('Rizky Pratama').checked).toBe(true);
    expect(selectedCount()).toBe('1 selected');
    expect(location()).toBe('/chats/create');
    expect(callsTo('/live-chat/start-group-chat').map((call) => call.body)).toEqual([{ name: 'Tim Natal', participants: [75] }]);
  });

  it('says the filters are unavailable when the org lists fail, and still searches', async () => {
    answers['/v2/live-chat/company-list'] = () => json({ error: true, status_code: 500, error_message: 'Server error' }, 500);
    const user = renderScreen();
    expect(await screen.findByText('Filters are unavailable right now. You can still search by name and job title.')).toBeTruthy();
    await search(user, 'Siti');
    expect(searchBodies().at(-1)).toEqual({ employee_name: 'Siti' });
    expect(box('Siti Rahmawati')).toBeTruthy();
  });

  it('goes back to the chat list', async () => {
    const user = renderScreen();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(location()).toBe('/chats');
  });
});

describe('/chats/create: Copy a group', () => {
  async function pickGroup(user: ReturnType<typeof userEvent.setup>) {
    await user.click(screen.getByRole('tab', { name: 'Copy a group' }));
    expect(screen.getByRole('tab', { name: 'Copy a group' }).getAttribute('aria-selected')).toBe('true');
    await user.type(screen.getByRole('searchbox', { name: 'Search your groups' }), 'operasional');
    await user.click(await screen.findByRole('radio', { name: 'Tim Operasional Jakarta' }));
    const name = screen.getByRole('textbox', { name: 'New group name' }) as HTMLInputElement;
    expect(name.value).toBe('Tim Operasional Jakarta (copy)');
    return name;
  }

  it('finds the group (debounced), clones it under the new name and opens the new room', async () => {
    const user = renderScreen();
    const name = await pickGroup(user);
    expect((await screen.findByTestId('copied-members')).textContent).toBe('The copy takes 2 members along: Siti Rahmawati, Rizky Pratama');
    expect(callsTo('/v2/live-chat/setup-chat-group/128')).toHaveLength(1);
    // One search for what was typed once typing stopped, not one per letter.
    expect(callsTo('/v2/live-chat/search-group').map((call) => call.query)).toEqual([{ keyword: 'operasional' }]);
    await user.clear(name);
    await user.type(name, 'Tim Natal');
    await user.click(screen.getByRole('button', { name: 'Copy group' }));
    await waitFor(() => expect(location()).toBe('/chats/chat?uuid=cloned-room'));
    expect(callsTo('/v2/live-chat/clone').map((call) => call.body)).toEqual([{ chat_room_uuid: 'group-ops', name: 'Tim Natal' }]);
  });

  it('says when no group matches', async () => {
    const user = renderScreen();
    await user.click(screen.getByRole('tab', { name: 'Copy a group' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search your groups' }), 'zzz');
    expect(await screen.findByText('No groups match your search.')).toBeTruthy();
  });

  it('asks for a name, and a failed clone shows the alert and keeps the choice', async () => {
    answers['/v2/live-chat/clone'] = () => refusal('You are not a member of this group.');
    const user = renderScreen();
    const name = await pickGroup(user);
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Copy group' }));
    await expectAlert('Alert', 'Please enter the group name!');
    expect(callsTo('/v2/live-chat/clone')).toHaveLength(0);

    await user.type(name, 'Tim Natal');
    await user.click(screen.getByRole('button', { name: 'Copy group' }));
    await expectAlert('Error', 'You are not a member of this group.');
    expect(name.value).toBe('Tim Natal');
    expect((screen.getByRole('radio', { name: 'Tim Operasional Jakarta' }) as HTMLInputElement).checked).toBe(true);
    expect(location()).toBe('/chats/create');
  });
});
