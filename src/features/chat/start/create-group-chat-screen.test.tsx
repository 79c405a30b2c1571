// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Translator } from '../../../shared/i18n/translator.ts';
import { onModalDismiss } from './modal-dismiss.ts';
import { createTestQueryClient } from '../../../shared/testing/render-app.tsx';
import { createTestI18n } from '../../../shared/testing/test-i18n.ts';
import { renderChat } from '../testing/render-chat.tsx';
import { CreateGroupChatScreen } from './create-group-chat-screen.tsx';
import { AYU, BUDI, deferred, RECENT_ROOMS, refusal, room, stubApi, users } from '../testing/start-fixtures.ts';

let i18nInstance: Translator;

beforeAll(() => {
  i18nInstance = createTestI18n();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SEARCH = '/live-chat/search-employees';
const CREATE = '/live-chat/start-group-chat';
const CREATE_URGENT = '/live-chat/create-urgent-group-chat';

/** Search answers: "ayu" finds Ayu, "budi" finds Budi, anything else both. */
const byName = (body: unknown) => {
  const name = (body as { employee_name?: string } | undefined)?.employee_name ?? '';
  return users(name === 'ayu' ? [AYU] : name === 'budi' ? [BUDI] : name === 'nobody' ? [] : [AYU, BUDI]);
};

function renderScreen(at = '/live-chat/create-group-chat') {
  renderChat(<CreateGroupChatScreen />, { queryClient: createTestQueryClient(), i18nInstance, at });
  return userEvent.setup();
}

const dialog = (name = 'Create Group Chat') => screen.getByRole('dialog', { name });
const location = () => screen.getByTestId('location').textContent;
const groupName = () => within(dialog()).getByRole('textbox', { name: 'Group name' }) as HTMLInputElement;
const createButton = () => within(dialog()).getByRole('button', { name: 'Create' }) as HTMLButtonElement;
const box = (name: string) => within(dialog()).getByRole('checkbox', { name }) as HTMLInputElement;

async function searchFor(user: ReturnType<typeof userEvent.setup>, name: string) {
  const field = within(dialog()).getByRole('textbox', { name: 'Employee name' });
  await user.clear(field);
  if (name) await user.type(field, name);
  await user.click(within(dialog()).getByRole('button', { name: 'Search Employees' }));
}

async function expectAlert(header: string, text: string) {
  const alert = await screen.findByRole('alertdialog');
  expect(within(alert).getByRole('heading').textContent).toBe(header);
  expect(within(alert).getByText(text)).toBeTruthy();
  await userEvent.click(within(alert).getByRole('button', { name: 'Ok' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
}

describe('the Create Group Chat modal (SPEC §2, §4, §5)', () => {
  it('refuses a blank name, then no participant, with an "Alert" and no call', async () => {
    const api = stubApi((path, body) => (path === SEARCH ? byName(body) : room('never')));
    const user = renderScreen();
    expect(within(dialog()).getByRole('heading', { level: 2, name: 'Create Group Chat' })).toBeTruthy();
    expect(createButton().textContent).toBe('Create');

    await user.click(createButton());
    await expectAlert('Alert', 'Please enter the group name!');
    await user.type(groupName(), '   ');
    await user.click(createButton());
    await expectAlert('Alert', 'Please enter the group name!');

    await user.type(groupName(), 'Payroll team');
    await user.click(createButton());
    await expectAlert('Alert', 'Please select at least one participant!');

    // Checking and unchecking again leaves nobody chosen.
    await searchFor(user, 'ayu');
    await user.click(await within(dialog()).findByRole('checkbox', { name: 'Ayu Lestari' }));
    await user.click(box('Ayu Lestari'));
    await user.click(createButton());
    await expectAlert('Alert', 'Please select at least one participant!');
    expect(api.bodiesOf(CREATE)).toHaveLength(0);
  });

  it('shows "No employees found." only after a search returned nothing', async () => {
    const api = stubApi((path, body) => byName(body));
    const user = renderScreen();
    expect(within(dialog()).queryByText('No employees found.')).toBeNull();
    expect(within(dialog()).queryByText('Select Employee')).toBeNull();
    await searchFor(user, 'nobody');
    expect(await within(dialog()).findByText('No employees found.')).toBeTruthy();
    expect(within(dialog()).getByRole('heading', { name: 'Select Employee' })).toBeTruthy();
    expect(api.bodiesOf(SEARCH).at(-1)).toEqual({ employee_name: 'nobody' });
  });

  it('keeps the checks across searches and creates the group with its name and participant ids; "Create" is a spinner meanwhile', async () => {
    const answer = deferred<Response>();
    const dismissed = vi.fn();
    const unsubscribe = onModalDismiss(dismissed);
    const api = stubApi((path, body) => (path === SEARCH ? byName(body) : answer.promise));
    const user = renderScreen();
    await user.type(groupName(), 'Payroll team');

    await searchFor(user, 'ayu');
    await user.click(await within(dialog()).findByRole('checkbox', { name: 'Ayu Lestari' }));
    expect(box('Ayu Lestari').checked).toBe(true);

    await searchFor(user, 'budi');
    await user.click(await within(dialog()).findByRole('checkbox', { name: 'Budi Santoso' }));
    // Ayu is not in this result, yet still chosen.
    expect(within(dialog()).queryByRole('checkbox', { name: 'Ayu Lestari' })).toBeNull();
    const chosen = within(dialog()).getByRole('heading', { name: 'Selected (2)' }).parentElement!;
    expect(within(chosen).getByRole('button', { name: 'Remove Ayu Lestari' })).toBeTruthy();

    await searchFor(user, '');
    await waitFor(() => expect(within(dialog()).getAllByRole('checkbox')).toHaveLength(2));
    expect(box('Ayu Lestari').checked).toBe(true);
    expect(box('Budi Santoso').checked).toBe(true);
    // Typing may also have searched on the way (people are found as one types).
    expect(api.bodiesOf(SEARCH)).toEqual(expect.arrayContaining([{ employee_name: 'ayu' }, { employee_name: 'budi' }]));
    expect(api.bodiesOf(SEARCH).at(-1)).toEqual({});

    await user.click(createButton());
    await waitFor(() => expect(api.bodiesOf(CREATE)).toEqual([{ name: 'Payroll team', participants: [11, 12] }]));
    expect(createButton().disabled).toBe(true);
    expect(createButton().getAttribute('aria-busy')).toBe('true');
    expect(createButton().textContent).toBe('');
    expect(createButton().querySelector('[aria-hidden="true"]')).not.toBeNull();
    expect(dismissed).not.toHaveBeenCalled();

    answer.resolve(room('group-new'));
    await waitFor(() => expect(location()).toBe('/live-chat/chat-room?uuid=group-new'));
    expect(dismissed).toHaveBeenCalledTimes(1);
    expect(api.bodiesOf(CREATE_URGENT)).toHaveLength(0);
    unsubscribe();
  });

  it('unchecks a chosen person from the "Selected" list', async () => {
    const api = stubApi((path, body) => (path === SEARCH ? byName(body) : room('group-2')));
    const user = renderScreen();
    await user.type(groupName(), 'Drivers');
    await searchFor(user, 'all');
    await user.click(await within(dialog()).findByRole('checkbox', { name: 'Ayu Lestari' }));
    await user.click(box('Budi Santoso'));
    await user.click(within(dialog()).getByRole('button', { name: 'Remove Ayu Lestari' }));
    expect(box('Ayu Lestari').checked).toBe(false);
    expect(within(dialog()).getByRole('heading', { name: 'Selected (1)' })).toBeTruthy();
    await user.click(createButton());
    await waitFor(() => expect(location()).toBe('/live-chat/chat-room?uuid=group-2'));
    expect(api.bodiesOf(CREATE)).toEqual([{ name: 'Drivers', participants: [12] }]);
  });

  it('on failure shows the catalogue alert and keeps the modal, its name and its checks', async () => {
    const dismissed = vi.fn();
    const unsubscribe = onModalDismiss(dismissed);
    let fail = true;
    const api = stubApi((path, body) => (path === SEARCH ? byName(body) : fail ? refusal('The group could not be created.') : room('group-3')));
    const user = renderScreen();
    await user.type(groupName(), 'Payroll team');
    await searchFor(user, 'ayu');
    await user.click(await within(dialog()).findByRole('checkbox', { name: 'Ayu Lestari' }));
    await user.click(createButton());

    await expectAlert('Error', 'The group could not be created.');
    expect(groupName().value).toBe('Payroll team');
    expect(box('Ayu Lestari').checked).toBe(true);
    expect(createButton().disabled).toBe(false);
    expect(createButton().textContent).toBe('Create');
    expect(location()).toBe('/live-chat/create-group-chat');
    expect(dismissed).not.toHaveBeenCalled();

    fail = false;
    await user.click(createButton());
    await waitFor(() => expect(location()).toBe('/live-chat/chat-room?uuid=group-3'));
    expect(api.bodiesOf(CREATE)).toEqual([
      { name: 'Payroll team', participants: [11] },
      { name: 'Payroll team', participants: [11] },
    ]);
    expect(dismissed).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('with ?urgent=1 says "urgent" and creates through /live-chat/create-urgent-group-chat', async () => {
    const api = stubApi((path, body) => (path === SEARCH ? byName(body) : room('urgent-1', { is_urgent_chat: 1 })));
    const user = renderScreen('/live-chat/create-group-chat?urgent=1');
    const urgentDialog = () => dialog('Urgent group chat');
    expect(within(urgentDialog()).getByText('Urgent')).toBeTruthy();
    expect(within(urgentDialog()).getByText(/created as an urgent chat/)).toBeTruthy();
    await user.type(within(urgentDialog()).getByRole('textbox', { name: 'Group name' }), 'Outage');
    await user.click(within(urgentDialog()).getByRole('button', { name: 'Search Employees' }));
    await user.click(await within(urgentDialog()).findByRole('checkbox', { name: 'Budi Santoso' }));
    await user.click(within(urgentDialog()).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(location()).toBe('/live-chat/chat-room?uuid=urgent-1'));
    expect(api.bodiesOf(CREATE_URGENT)).toEqual([{ name: 'Outage', participants: [12] }]);
    expect(api.bodiesOf(CREATE)).toHaveLength(0);
  });

  it('"Close" goes to the chat list when opened directly', async () => {
    stubApi((path) => refusal(`unexpected ${path}`, 404));
    const user = renderScreen();
    await user.click(within(dialog()).getByRole('button', { name: 'Close' }));
    expect(location()).toBe('/live-chat');
  });

  it('"Close" goes back to where it was opened from', async () => {
    stubApi((path) => refusal(`unexpected ${path}`, 404));
    const routes = (
      <Routes>
        <Route index element={<Link to="create-group-chat">New group</Link>} />
        <Route path="create-group-chat" element={<CreateGroupChatScreen />} />
      </Routes>
    );
    renderChat(routes, { queryClient: createTestQueryClient(), i18nInstance, at: '/live-chat?from=list', path: '/live-chat/*', browserHistory: true });
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'New group' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Close' }));
    // The browser's history goes back asynchronously (popstate).
    await waitFor(() => expect(location()).toBe('/live-chat?from=list'));
  });

  it('offers the recent contacts to check before anything is typed, finds people as one types, and creates the group with both', async () => {
    const api = stubApi((path, body) => (path === SEARCH ? byName(body) : path === CREATE ? room('new-group') : refusal(`unexpected ${path}`, 404)), { rooms: RECENT_ROOMS });
    const user = renderScreen();
    const recent = await within(dialog()).findByRole('region', { name: 'Recent contacts' });
    expect(within(recent).getAllByRole('checkbox').map((check) => check.getAttribute('aria-label'))).toEqual(['Citra Dewi', 'Budi Santoso']);
    await user.click(box('Citra Dewi'));
    expect(within(dialog()).getByRole('heading', { name: 'Selected (1)' })).toBeTruthy();

    // No button: the search runs once typing pauses.
    await user.type(within(dialog()).getByRole('textbox', { name: 'Employee name' }), 'ayu');
    await waitFor(() => expect(box('Ayu Lestari')).toBeTruthy());
    expect(api.bodiesOf(SEARCH).at(-1)).toEqual({ employee_name: 'ayu' });
    expect(within(dialog()).queryByRole('region', { name: 'Recent contacts' })).toBeNull();
    await user.click(box('Ayu Lestari'));

    await user.type(groupName(), 'Audit');
    await user.click(createButton());
    await waitFor(() => expect(api.bodiesOf(CREATE)).toEqual([{ name: 'Audit', participants: [15, 11] }]));
  });
});
