// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Translator } from '../../../shared/i18n/translator.ts';
import { json } from '../../../shared/testing/render-app.tsx';
import { createTestI18n } from '../../../shared/testing/test-i18n.ts';
import { SessionProvider } from '../../../shared/session/session-context.tsx';
import type { SessionController } from '../../../shared/session/session-types.ts';
import { CallSearchScreen } from './call-search-screen.tsx';
import { AYU, BUDI, group, groups, refusal, renderCalls, stubApi, users } from '../testing/calls-test-kit.tsx';

const PEOPLE = '/video-call/search-employees';
const GROUPS = '/video-call/search-groups';
const TEAM = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const HISTORY = '/live-chat/chat-room-calls';
const SIGNED_IN = { status: 'signed-in', userData: { user: { id: 42 } } };
const session = { getState: () => SIGNED_IN, subscribe: () => () => undefined } as unknown as SessionController;

let i18nInstance: Translator;
beforeAll(() => {
  i18nInstance = createTestI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderSearch(at = '/call') {
  renderCalls(
    <SessionProvider controller={session}>
      <CallSearchScreen />
    </SessionProvider>,
    { i18nInstance, entries: [at], path: at },
  );
  return userEvent.setup();
}

const location = () => screen.getByTestId('location').textContent;
const panel = () => screen.getByRole('tabpanel');
const rows = () => within(panel()).queryAllByTestId('call-result');

async function searchPeople(user: ReturnType<typeof userEvent.setup>, name: string, jobTitle = '') {
  const people = screen.getByRole('tab', { name: 'People' });
  if (people.getAttribute('aria-selected') !== 'true') await user.click(people);
  if (name) await user.type(within(panel()).getByRole('textbox', { name: 'Employee name' }), name);
  if (jobTitle) await user.type(within(panel()).getByRole('textbox', { name: 'Job title' }), jobTitle);
  await user.click(within(panel()).getByRole('button', { name: 'Search Employees' }));
}

describe('the Call tab search (SPEC §2, §7)', () => {
  it.each([
    ['/call', 'Calls'],
    ['/video-call', 'Video call'],
  ])('at %s is titled "%s", opens on the recent calls, and People search nothing before anything is typed', async (at, title) => {
    const api = stubApi((path) => (path === HISTORY ? json({ error: false, status_code: 200, data: [], meta: { current_page: 1, last_page: 1 } }) : users([])));
    const user = renderSearch(at);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
    expect(screen.getAllByRole('tab').map((tab) => [tab.textContent, tab.getAttribute('aria-selected')])).toEqual([
      ['Recent', 'true'],
      ['People', 'false'],
      ['Groups', 'false'],
    ]);
    expect(await within(panel()).findByText('No calls yet')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'People' }));
    expect(within(panel()).getByText(/Search for an employee/)).toBeTruthy();
    // The history and the chat home (for the recent contacts); no people search.
    expect(api.log.map((entry) => entry.path).sort()).toEqual([HISTORY, '/live-chat/home']);
  });

  it('offers the recent contacts before anything is typed (the chat home\'s direct chats and the calls), each with its call buttons', async () => {
    const now = Date.now();
    const iso = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
    const direct = (uuid: string, other: { id: number; name: string }, iStarted: boolean) => ({
      id: other.id,
      uuid,
      type: 'individual',
      individual_name: other.name,
      from: iStarted ? 42 : other.id,
      to: iStarted ? other.id : 42,
      from_user_name: iStarted ? 'Ayu Lestari' : other.name,
      to_user_name: iStarted ? other.name : 'Ayu Lestari',
    });
    const budi = direct('r-budi', { id: 43, name: 'Budi Santoso' }, true);
    const rizky = direct('r-rizky', { id: 61, name: 'Rizky Pratama' }, false);
    const home = { error: false, chat_home: { id: 9, user_id: 42, groupChatUuids: [], is_chat_admin: 0 }, chat_rooms: [{ ...budi, last_message: { message_content: 'Ok', created_at: iso(60), is_owner: 1 } }] };
    // Rizky called a minute ago: the latest contact, though no chat lists him.
    const history = { error: false, status_code: 200, data: [{ id: 5, chat_room_uuid: 'r-rizky', caller_id: 61, status: 'ended', started_at: iso(1), chat_room: rizky }], meta: { current_page: 1, last_page: 1 } };
    const api = stubApi((path) => (path === '/live-chat/home' ? json(home) : path === HISTORY ? json(history) : users([AYU])));
    const user = renderSearch();
    await user.click(screen.getByRole('tab', { name: 'People' }));
    const recent = await within(panel()).findByRole('region', { name: 'Recent contacts' });
    await waitFor(() => expect(within(recent).getAllByTestId('call-result')).toHaveLength(2));
    expect(within(recent).getAllByTestId('call-result').map((row) => within(row).getAllByRole('button').map((button) => button.getAttribute('aria-label')))).toEqual([
      ['Voice call Rizky Pratama', 'Video call Rizky Pratama'],
      ['Voice call Budi Santoso', 'Video call Budi Santoso'],
    ]);
    expect(api.bodiesOf(PEOPLE)).toEqual([]);

    // Typing finds people without the button, in place of the recent contacts.
    await user.type(within(panel()).getByRole('textbox', { name: 'Employee name' }), 'ayu');
    await waitFor(() => expect(api.bodiesOf(PEOPLE)).toEqual([{ employee_name: 'ayu' }]));
    await waitFor(() => expect(rows().map((row) => within(row).getByText('Ayu Lestari'))).toHaveLength(1));
    expect(within(panel()).queryByRole('region', { name: 'Recent contacts' })).toBeNull();

    await user.clear(within(panel()).getByRole('textbox', { name: 'Employee name' }));
    const again = await within(panel()).findByRole('region', { name: 'Recent contacts' });
    await user.click(within(again).getByRole('button', { name: 'Video call Budi Santoso' }));
    expect(location()).toBe('/video-call/direct-video-call?user_id=43');
  });

  it('lists the employees found and calls one through the start screen with their user_id', async () => {
    const api = stubApi((path) => (path === PEOPLE ? users([AYU, BUDI]) : refusal(`unexpected ${path}`, 404)));
    const user = renderSearch();
    await searchPeople(user, 'a', 'payroll');
    await waitFor(() => expect(rows()).toHaveLength(2));
    // Typing may have searched on the way (a pause after "a"); the button searched both fields at once.
    expect(api.bodiesOf(PEOPLE).at(-1)).toEqual({ employee_name: 'a', employee_job_title: 'payroll' });
    const [ayu, budi] = rows();
    for (const text of ['Ayu Lestari', 'E-0042', 'Senior Payroll Officer', 'PT Maju Bersama']) expect(within(ayu!).getByText(text)).toBeTruthy();
    for (const text of ['Budi Santoso', 'E-0043', 'Driver', 'PT Maju Logistik']) expect(within(budi!).getByText(text)).toBeTruthy();

    await user.click(within(budi!).getByRole('button', { name: 'Video call Budi Santoso' }));
    expect(location()).toBe('/video-call/direct-video-call?user_id=43');
    expect(screen.getByTestId('location').dataset.state).toBe(JSON.stringify({ startCall: 'user:43' }));
  });

  it('calls an employee by voice only through the same start screen, its intent saying so', async () => {
    stubApi((path) => (path === PEOPLE ? users([BUDI]) : refusal(`unexpected ${path}`, 404)));
    const user = renderSearch();
    await searchPeople(user, 'budi');
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(within(rows()[0]!).getByRole('button', { name: 'Voice call Budi Santoso' }));
    expect(location()).toBe('/video-call/direct-video-call?user_id=43');
    expect(screen.getByTestId('location').dataset.state).toBe(JSON.stringify({ startCall: 'user:43', voice: true }));
  });

  it('leaves an empty field out of the search', async () => {
    const api = stubApi(() => users([]));
    const user = renderSearch();
    await searchPeople(user, '', 'driver');
    await waitFor(() => expect(api.bodiesOf(PEOPLE).at(-1)).toEqual({ employee_job_title: 'driver' }));
  });

  it('shows a hostile name as text', async () => {
    const hostile = '<img src=x onerror="window.pwned=1">';
    stubApi(() => users([{ ...AYU, first_name: hostile, last_name: null }]));
    const user = renderSearch();
    await searchPeople(user, 'x');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rows()[0]!).getByText(hostile)).toBeTruthy();
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });

  it('says "No employees found." for an empty answer', async () => {
    stubApi(() => users([]));
    const user = renderSearch();
    await searchPeople(user, 'nobody');
    expect(await within(panel()).findByText('No employees found.')).toBeTruthy();
    expect(rows()).toHaveLength(0);
  });

  it('an answer without its (inferred) lists matches nobody: "No employees found.", "No groups found."', async () => {
    stubApi(() => json({ error: false, status_code: 200 }));
    const user = renderSearch();
    await searchPeople(user, 'Budi');
    expect(await within(panel()).findByText('No employees found.')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Groups' }));
    await user.click(within(panel()).getByRole('button', { name: 'Search Groups' }));
    expect(await within(panel()).findByText('No groups found.')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('on a failure shows the alert and a message with Try again, which searches again with the same words', async () => {
    let fail = true;
    const api = stubApi(() => (fail ? refusal('Search is unavailable right now.') : users([AYU])));
    const user = renderSearch();
    await searchPeople(user, 'ayu');
    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByText('Search is unavailable right now.')).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Ok' }));
    expect(within(panel()).getByRole('alert').textContent).toContain('The employees could not be loaded.');
    expect((within(panel()).getByRole('textbox', { name: 'Employee name' }) as HTMLInputElement).value).toBe('ayu');

    fail = false;
    await user.click(within(panel()).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(api.bodiesOf(PEOPLE).slice(-2)).toEqual([{ employee_name: 'ayu' }, { employee_name: 'ayu' }]);
    expect(within(panel()).queryByRole('alert')).toBeNull();
  });

  it('Groups: finds groups by name and calls one through the start screen with its room uuid', async () => {
    const api = stubApi((path) => (path === GROUPS ? groups([group(TEAM, 'Tim Operasional Jakarta')]) : refusal(`unexpected ${path}`, 404)));
    const user = renderSearch();
    await user.click(screen.getByRole('tab', { name: 'Groups' }));
    expect(within(panel()).getByText(/Search for a group/)).toBeTruthy();
    await user.type(within(panel()).getByRole('textbox', { name: 'Group name' }), ' tim ');
    await user.click(within(panel()).getByRole('button', { name: 'Search Groups' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(api.bodiesOf(GROUPS)).toEqual([{ name: 'tim' }]);
    expect(within(rows()[0]!).getByText('Tim Operasional Jakarta')).toBeTruthy();
    await user.click(within(rows()[0]!).getByRole('button', { name: 'Video call the group Tim Operasional Jakarta' }));
    expect(location()).toBe(`/video-call/direct-video-call?chat_room_uuid=${TEAM}`);
  });

  it('Groups: shows a group name without bidirectional controls, which would reorder it', async () => {
    stubApi((path) => (path === GROUPS ? groups([group(TEAM, 'Tim \u202Enatsirak\u202C Jakarta')]) : refusal(`unexpected ${path}`, 404)));
    const user = renderSearch();
    await user.click(screen.getByRole('tab', { name: 'Groups' }));
    await user.click(within(panel()).getByRole('button', { name: 'Search Groups' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rows()[0]!).getByText('Tim natsirak Jakarta')).toBeTruthy();
    expect(within(rows()[0]!).getByRole('button', { name: 'Video call the group Tim natsirak Jakarta' })).toBeTruthy();
  });

  it('Groups: says "No groups found." for an empty answer and shows Try again on a failure', async () => {
    let fail = false;
    stubApi(() => (fail ? refusal('Down.') : groups([])));
    const user = renderSearch();
    await user.click(screen.getByRole('tab', { name: 'Groups' }));
    await user.click(within(panel()).getByRole('button', { name: 'Search Groups' }));
    expect(await within(panel()).findByText('No groups found.')).toBeTruthy();

    fail = true;
    await user.click(within(panel()).getByRole('button', { name: 'Search Groups' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Ok' }));
    expect(within(panel()).getByRole('alert').textContent).toContain('The groups could not be loaded.');
    expect(within(panel()).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('keeps each segment\'s results when switching', async () => {
    stubApi((path) => (path === PEOPLE ? users([AYU]) : groups([])));
    const user = renderSearch();
    await searchPeople(user, 'ayu');
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(screen.getByRole('tab', { name: 'Groups' }));
    expect(rows()).toHaveLength(0);
    await user.click(screen.getByRole('tab', { name: 'People' }));
    expect(within(rows()[0]!).getByText('Ayu Lestari')).toBeTruthy();
  });
});
