// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Translator } from '../../../shared/i18n/translator.ts';
import { dismissModals } from './modal-dismiss.ts';
import { createTestQueryClient } from '../../../shared/testing/render-app.tsx';
import { createTestI18n } from '../../../shared/testing/test-i18n.ts';
import type { ChatVersion } from '../api/messages.ts';
import { renderChat } from '../testing/render-chat.tsx';
import { StartLiveChatModal } from './start-live-chat-modal.tsx';
import { AYU, BUDI, deferred, RECENT_ROOMS, refusal, room, stubApi, users } from '../testing/start-fixtures.ts';

let i18nInstance: Translator;

beforeAll(() => {
  i18nInstance = createTestI18n();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The opener: the modal shows until it asks to close. */
function Opener({ version, onClose }: { version: ChatVersion; onClose(): void }) {
  const [open, setOpen] = useState(true);
  if (!open) return <p>Modal closed</p>;
  return (
    <StartLiveChatModal
      version={version}
      onClose={() => {
        onClose();
        setOpen(false);
      }}
    />
  );
}

function renderModal(version: ChatVersion = 'v1') {
  const onClose = vi.fn();
  renderChat(<Opener version={version} onClose={onClose} />, { queryClient: createTestQueryClient(), i18nInstance, at: version === 'v1' ? '/live-chat' : '/chats' });
  return { onClose, user: userEvent.setup() };
}

const dialog = () => screen.getByRole('dialog', { name: 'Start Live Chat' });
const queryDialog = () => screen.queryByRole('dialog', { name: 'Start Live Chat' });
const location = () => screen.getByTestId('location').textContent;
const nameField = () => within(dialog()).getByRole('textbox', { name: 'Employee name' }) as HTMLInputElement;
const jobField = () => within(dialog()).getByRole('textbox', { name: 'Job title' }) as HTMLInputElement;
const rows = () => within(dialog()).queryAllByTestId('employee-row') as HTMLButtonElement[];

async function searchFor(user: ReturnType<typeof userEvent.setup>, name: string, jobTitle = '') {
  if (name) await user.type(nameField(), name);
  if (jobTitle) await user.type(jobField(), jobTitle);
  await user.click(within(dialog()).getByRole('button', { name: 'Search Employees' }));
}

describe('the Start Live Chat modal (SPEC §2, §4, §8)', () => {
  it('shows "Start Group Chat", HR and urgent items and the "Start Direct Chat" search; results come only from a search', async () => {
    const api = stubApi((path) => (path === '/live-chat/search-employees' ? users([AYU, BUDI]) : refusal(`unexpected ${path}`, 404)));
    const { user } = renderModal();
    expect(within(dialog()).getByRole('heading', { level: 2, name: 'Start Live Chat' })).toBeTruthy();
    for (const item of ['Start Group Chat', 'Chat with HR', 'Urgent group chat', 'Search Employees', 'Close']) {
      expect(within(dialog()).getByRole('button', { name: item })).toBeTruthy();
    }
    expect(within(dialog()).getByRole('heading', { name: 'Start Direct Chat' })).toBeTruthy();
    expect(within(dialog()).queryByText('Select Employee')).toBeNull();
    expect(within(dialog()).queryByText('No employees found.')).toBeNull();
    expect(api.log).toHaveLength(0);

    await searchFor(user, 'ayu');
    await waitFor(() => expect(rows()).toHaveLength(2));
    // Only the filled field goes (SPEC §5: every field optional).
    expect(api.bodiesOf('/live-chat/search-employees').at(-1)).toEqual({ employee_name: 'ayu' });
    expect(within(dialog()).getByRole('heading', { name: 'Select Employee' })).toBeTruthy();
    const [ayu, budi] = rows();
    for (const text of ['Ayu Lestari', 'E-0011', 'Senior Payroll Officer', 'PT Maju Bersama']) expect(within(ayu!).getByText(text)).toBeTruthy();
    for (const text of ['Budi Santoso', 'E-0012', 'Driver', 'PT Maju Logistik']) expect(within(budi!).getByText(text)).toBeTruthy();
    expect(ayu!.tagName).toBe('BUTTON');

    await user.clear(nameField());
    await searchFor(user, '', 'driver');
    await waitFor(() => expect(api.bodiesOf('/live-chat/search-employees')).toHaveLength(2));
    expect(api.bodiesOf('/live-chat/search-employees')[1]).toEqual({ employee_job_title: 'driver' });
  });

  it('says "No employees found." when a search returns nothing', async () => {
    stubApi(() => users([]));
    const { user } = renderModal();
    await searchFor(user, 'nobody');
    expect(await within(dialog()).findByText('No employees found.')).toBeTruthy();
    expect(rows()).toHaveLength(0);
  });

  it('shows the catalogue alert when the search fails, and keeps the fields', async () => {
    stubApi(() => refusal('Search is unavailable right now.'));
    const { user } = renderModal();
    await searchFor(user, 'ayu', 'payroll');
    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByRole('heading').textContent).toBe('Error');
    expect(within(alert).getByText('Search is unavailable right now.')).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Ok' }));
    expect(nameField().value).toBe('ayu');
    expect(jobField().value).toBe('payroll');
    expect(within(dialog()).queryByText('No employees found.')).toBeNull();
  });

  it.each([
    ['v1', '/live-chat/chat-room?uuid=direct-11'],
    ['v2', '/chats/chat?uuid=direct-11'],
  ] as const)('(%s) choosing an employee shows "Starting chat...", starts the chat with user_id and opens the room', async (version, roomAddress) => {
    const answer = deferred<Response>();
    const api = stubApi((path) => (path === '/live-chat/search-employees' ? users([AYU, BUDI]) : answer.promise));
    const { user, onClose } = renderModal(version);
    await searchFor(user, 'a');
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(rows()[0]!);

    expect(await within(dialog()).findByText('Starting chat...')).toBeTruthy();
    await waitFor(() => expect(api.bodiesOf('/live-chat/start-individual-chat')).toEqual([{ user_id: 11 }]));
    expect(onClose).not.toHaveBeenCalled();

    answer.resolve(room('direct-11', { type: 'individual', individual_name: 'Ayu Lestari' }));
    await waitFor(() => expect(location()).toBe(roomAddress));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(queryDialog()).toBeNull();
  });

  it('only logs a failed direct start (no alert), and the list is usable again', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    const api = stubApi((path) =>
      path === '/live-chat/search-employees' ? users([AYU, BUDI]) : fail ? refusal('Could not start the chat.') : room('direct-12'),
    );
    const { user, onClose } = renderModal();
    await searchFor(user, 'a');
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(rows()[1]!);

    await waitFor(() => expect(logged).toHaveBeenCalled());
    await waitFor(() => expect(within(dialog()).queryByText('Starting chat...')).toBeNull());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(location()).toBe('/live-chat');
    expect(onClose).not.toHaveBeenCalled();
    expect(rows()).toHaveLength(2);
    expect(rows()[1]!.disabled).toBe(false);

    fail = false;
    await user.click(rows()[1]!);
    await waitFor(() => expect(location()).toBe('/live-chat/chat-room?uuid=direct-12'));
    expect(api.bodiesOf('/live-chat/start-individual-chat')).toEqual([{ user_id: 12 }, { user_id: 12 }]);
  });

  it.each([
    ['v1', '/live-chat/create-group-chat'],
    ['v2', '/chats/create'],
  ] as const)('(%s) "Start Group Chat" closes the modal and goes to %s', async (version, address) => {
    stubApi((path) => refusal(`unexpected ${path}`, 404));
    const { user, onClose } = renderModal(version);
    await user.click(within(dialog()).getByRole('button', { name: 'Start Group Chat' }));
    expect(location()).toBe(address);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it.each(['v1', 'v2'] as const)('(%s) "Urgent group chat" goes to the urgent create-group screen', async (version) => {
    stubApi((path) => refusal(`unexpected ${path}`, 404));
    const { user, onClose } = renderModal(version);
    await user.click(within(dialog()).getByRole('button', { name: 'Urgent group chat' }));
    expect(location()).toBe('/live-chat/create-group-chat?urgent=1');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('"Chat with HR" opens the room the server returns', async () => {
    const api = stubApi((path) => (path === '/live-chat/create-chat-with-hr-group-chat' ? room('hr-room', { is_chat_with_hr: 1 }) : refusal(`unexpected ${path}`, 404)));
    const { user, onClose } = renderModal('v2');
    await user.click(within(dialog()).getByRole('button', { name: 'Chat with HR' }));
    await waitFor(() => expect(location()).toBe('/chats/chat?uuid=hr-room'));
    expect(api.log.map((call) => call.path)).toEqual(['/live-chat/create-chat-with-hr-group-chat']);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows the catalogue alert when the HR chat cannot be opened, and stays open', async () => {
    stubApi(() => refusal('HR chat is not available for your company.', 422));
    const { user, onClose } = renderModal();
    await user.click(within(dialog()).getByRole('button', { name: 'Chat with HR' }));
    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByRole('heading').textContent).toBe('Error');
    expect(within(alert).getByText('HR chat is not available for your company.')).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Ok' }));
    expect(queryDialog()).not.toBeNull();
    expect(location()).toBe('/live-chat');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes on the modal-dismiss event, and with "Close"', async () => {
    stubApi((path) => refusal(`unexpected ${path}`, 404));
    const first = renderModal();
    expect(queryDialog()).not.toBeNull();
    act(() => dismissModals());
    expect(queryDialog()).toBeNull();
    expect(first.onClose).toHaveBeenCalledTimes(1);
    cleanup();

    const second = renderModal();
    await second.user.click(within(dialog()).getByRole('button', { name: 'Close' }));
    expect(queryDialog()).toBeNull();
    expect(second.onClose).toHaveBeenCalledTimes(1);
    // Once closed, a later dismiss reaches no one.
    act(() => dismissModals());
    expect(second.onClose).toHaveBeenCalledTimes(1);
  });

  it('offers the recent contacts before anything is typed (the chat home\'s direct chats, latest first); choosing one starts the chat with them', async () => {
    const api = stubApi(
      (path) => (path === '/live-chat/start-individual-chat' ? room('r-citra', { type: 'individual', individual_name: 'Citra Dewi' }) : path === '/live-chat/search-employees' ? users([AYU]) : refusal(`unexpected ${path}`, 404)),
      { rooms: RECENT_ROOMS },
    );
    const { user } = renderModal();
    const recent = await within(dialog()).findByRole('region', { name: 'Recent contacts' });
    expect(within(recent).getAllByTestId('employee-row').map((row) => row.textContent)).toEqual(['CDCitra Dewi', 'BSBudi Santoso']);
    expect(api.log).toHaveLength(0);

    // Typing replaces them with what is found, without the button.
    await user.type(nameField(), 'ayu');
    await waitFor(() => expect(rows().map((row) => row.textContent)).toContain('ALAyu LestariE-0011Senior Payroll Officer · PT Maju Bersama'));
    expect(within(dialog()).queryByRole('region', { name: 'Recent contacts' })).toBeNull();
    // Cleared: the recent contacts again.
    await user.clear(nameField());
    const again = await within(dialog()).findByRole('region', { name: 'Recent contacts' });
    await user.click(within(again).getAllByTestId('employee-row')[0]!);
    await waitFor(() => expect(api.bodiesOf('/live-chat/start-individual-chat')).toEqual([{ user_id: 15 }]));
    await waitFor(() => expect(location()).toBe('/live-chat/chat-room?uuid=r-citra'));
  });
});
