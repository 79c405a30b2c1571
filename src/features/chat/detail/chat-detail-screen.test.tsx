// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Translator } from '../../../shared/i18n/translator.ts';
import { createTestI18n } from '../../../shared/testing/test-i18n.ts';
import { getChatHomeQueryKey } from '../../../../generated/http/@tanstack/react-query.gen.ts';
import { chatRoom } from '../testing/chat-fixtures.ts';
import { BUDI, ROOM_ID, ROOM_UUID, USER_ID, candidate, groupDetail, member, refusal, renderDetail, startFakeServer, type FakeServer } from '../testing/detail-test-kit.tsx';

let i18nInstance: Translator;
let server: FakeServer;
beforeAll(() => {
  i18nInstance = createTestI18n();
});
beforeEach(() => {
  server = startFakeServer();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const rows = () => screen.getAllByTestId('member-row');
const row = (name: string) => rows().find((found) => found.textContent?.includes(name))!;
const callsTo = (path: string) => server.calls.filter((call) => call.path === path);
const memberCalls = () => callsTo(`/v2/live-chat/see-members/${ROOM_ID}`).length;
const dialog = () => screen.findByRole('alertdialog');

describe('the chat detail screen (chats/detail)', () => {
  it('shows the group: name, description, counts, and the members with Admin marks and You', async () => {
    renderDetail(i18nInstance);
    expect(await screen.findByRole('heading', { name: 'Tim Operasional Jakarta' })).toBeTruthy();
    expect(screen.getByText('Koordinasi harian tim operasional.')).toBeTruthy();
    expect(screen.getByTestId('count-members').textContent).toBe('Members3');
    expect(screen.getByTestId('count-files').textContent).toBe('Files5');
    expect(screen.getByTestId('count-links').textContent).toBe('Links2');
    expect(screen.getByRole('img', { name: 'Tim Operasional Jakarta' }).textContent).toBe('TJ');
    expect(callsTo('/v2/live-chat/detail')[0]?.body).toEqual({ chat_room_uuid: ROOM_UUID });

    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(row('Ayu Lestari').textContent).toContain('Admin');
    expect(row('Ayu Lestari').textContent).toContain('You');
    expect(row('Ayu Lestari').textContent).toContain('100' + USER_ID);
    expect(row('Ayu Lestari').textContent).toContain('Operations Manager - Jakarta');
    expect(row('Budi Santoso').textContent).not.toContain('Admin');
    expect(row('Budi Santoso').textContent).not.toContain('You');
    expect(row('Siti Rahmawati').textContent).toContain('Admin');
    expect(screen.getByRole('heading', { name: 'Members (3)' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create a poll' }).getAttribute('href')).toBe(`/chats/vote?uuid=${ROOM_UUID}`);
  });

  it('an answer without its room (the field is inferred) shows the room as the chat list knows it', async () => {
    const { chat_room: listed, ...withoutRoom } = groupDetail();
    server.detail = withoutRoom as typeof server.detail;
    const { queryClient } = renderDetail(i18nInstance);
    queryClient.setQueryData(getChatHomeQueryKey(), { error: false, chat_rooms: [listed] });
    expect(await screen.findByRole('heading', { name: 'Tim Operasional Jakarta' })).toBeTruthy();
    expect(screen.getByText('Koordinasi harian tim operasional.')).toBeTruthy();
  });

  it('an answer without its room, for a room the chat list does not know, is the load error', async () => {
    server.detail = { ...groupDetail(), chat_room: undefined } as unknown as typeof server.detail;
    renderDetail(i18nInstance);
    expect((await screen.findByRole('alert')).textContent).toContain('The chat details could not be loaded.');
  });

  it('a member without an id (the field is inferred) is listed, with nothing to do to them', async () => {
    server.members = [...server.members, { ...member(58, 'Tanpa', 'Nomor', false), id: undefined }];
    renderDetail(i18nInstance);
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(within(row('Tanpa Nomor')).queryAllByRole('button')).toHaveLength(0);
    expect(within(row('Budi Santoso')).getByRole('button', { name: 'Remove from group: Budi Santoso' })).toBeTruthy();
  });

  it('offers admin actions to an admin, never on oneself and no "Make admin" for an admin', async () => {
    renderDetail(i18nInstance);
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(within(row('Ayu Lestari')).queryAllByRole('button')).toHaveLength(0);
    expect(within(row('Budi Santoso')).getByRole('button', { name: 'Make admin: Budi Santoso' })).toBeTruthy();
    expect(within(row('Siti Rahmawati')).queryByRole('button', { name: /Make admin/ })).toBeNull();
    expect(within(row('Siti Rahmawati')).getByRole('button', { name: 'Remove from group: Siti Rahmawati' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit group' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add participants' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Who can be added' })).toBeTruthy();
  });

  it('hides every admin action from a member who is not an admin (is_chat_admin false)', async () => {
    server.detail = groupDetail({ is_chat_admin: false });
    renderDetail(i18nInstance);
    await waitFor(() => expect(rows()).toHaveLength(3));
    for (const found of rows()) expect(within(found).queryAllByRole('button')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Edit group' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add participants' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Select members to remove' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Who can be added' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Create a poll' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Leave group' })).toBeTruthy();
  });

  it('makes a member an admin and shows the list as the server now has it', async () => {
    const { user } = renderDetail(i18nInstance);
    await waitFor(() => expect(rows()).toHaveLength(3));
    const before = memberCalls();
    await user.click(within(row('Budi Santoso')).getByRole('button', { name: 'Make admin: Budi Santoso' }));
    await waitFor(() => expect(row('Budi Santoso').textContent).toContain('Admin'));
    expect(callsTo('/v2/live-chat/detail/add-admin')[0]?.body).toEqual({ chat_room_uuid: ROOM_UUID, user_id: BUDI.id });
    expect(memberCalls()).toBeGreaterThan(before);
  });

  it('removes a member after confirming; cancelling sends nothing', async () => {
    const { user } = renderDetail(i18nInstance);
    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.click(within(row('Budi Santoso')).getByRole('button', { name: 'Remove from group: Budi Santoso' }));
    expect(within(await dialog()).getByText('Remove Budi Santoso from the group?')).toBeTruthy();
    await user.click(within(await dialog()).getByRole('button', { name: 'Cancel' }));
    expect(callsTo('/v2/live-chat/detail/remove-member')).toHaveLength(0);

    const before = memberCalls();
    await user.click(within(row('Budi Santoso')).getByRole('button', { name: 'Remove from group: Budi Santoso' }));
    await user.click(within(await dialog()).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.queryByText('Budi Santoso')).toBeNull();
    expect(callsTo('/v2/live-chat/detail/remove-member')[0]?.body).toEqual({ chat_room_uuid: ROOM_UUID, user_id: BUDI.id });
    expect(memberCalls()).toBeGreaterThan(before);
  });

  it('a refused removal shows the server error_message under "Error" and the member stays', async () => {
    server.refuse['/v2/live-chat/detail/remove-member'] = refusal(403, 'Only group admins can remove members.');
    const { user } = renderDetail(i18nInstance);
    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.click(within(row('Budi Santoso')).getByRole('button', { name: 'Remove from group: Budi Santoso' }));
    await user.click(within(await dialog()).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Only group admins can remove members.')).toBeTruthy();
    expect(within(await dialog()).getByRole('heading', { name: 'Error' })).toBeTruthy();
    await user.click(within(await dialog()).getByRole('button', { name: 'Ok' }));
    expect(rows()).toHaveLength(3);
    expect(row('Budi Santoso')).toBeTruthy();
  });

  it('removes several selected members at once after confirming', async () => {
    server.members = [...server.members, member(75, 'Rizky', 'Pratama', false)];
    const { user } = renderDetail(i18nInstance);
    await waitFor(() => expect(rows()).toHaveLength(4));
    await user.click(screen.getByRole('button', { name: 'Select members to remove' }));
    expect(within(row('Ayu Lestari')).queryByRole('checkbox')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Budi Santoso' }));
    await user.click(screen.getByRole('checkbox', { name: 'Rizky Pratama' }));
    await user.click(screen.getByRole('button', { name: 'Remove selected (2)' }));
    expect(within(await dialog()).getByText('Remove 2 members from the group?')).toBeTruthy();
    await user.click(within(await dialog()).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(callsTo('/v2/live-chat/remove-participants')[0]?.body).toEqual({ chat_room_uuid: ROOM_UUID, participants: [43, 75] });
    expect(screen.queryByRole('button', { name: /Remove selected/ })).toBeNull();
  });

  it('searches people not yet in the room, keeps choices across searches and adds them', async () => {
    server.candidates = [candidate(75, 'Rizky', 'Pratama'), candidate(76, 'Dewi', 'Anggraini')];
    const { user } = renderDetail(i18nInstance);
    await user.click(await screen.findByRole('button', { name: 'Add participants' }));
    const modal = screen.getByRole('dialog', { name: 'Add participants' });
    expect(within(modal).getByRole('button', { name: 'Add (0)' }).hasAttribute('disabled')).toBe(true);
    await user.type(within(modal).getByRole('textbox', { name: 'Employee name' }), 'Rizky');
    await user.click(within(modal).getByRole('button', { name: 'Search Employees' }));
    await user.click(await within(modal).findByRole('checkbox', { name: 'Rizky Pratama' }));
    expect(callsTo('/v2/live-chat/search-employee/')[0]?.body).toEqual({ employee_name: 'Rizky', chat_room_uuid: ROOM_UUID });

    server.candidates = [candidate(76, 'Dewi', 'Anggraini')];
    await user.clear(within(modal).getByRole('textbox', { name: 'Employee name' }));
    await user.type(within(modal).getByRole('textbox', { name: 'Employee name' }), 'Dewi');
    await user.click(within(modal).getByRole('button', { name: 'Search Employees' }));
    await waitFor(() => expect(within(modal).queryByRole('checkbox', { name: 'Rizky Pratama' })).toBeNull());
    await user.click(within(modal).getByRole('checkbox', { name: 'Dewi Anggraini' }));
    await user.click(within(modal).getByRole('button', { name: 'Add (2)' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('/v2/live-chat/add-participants')[0]?.body).toEqual({ chat_room_uuid: ROOM_UUID, participants: [75, 76] });
    await waitFor(() => expect(rows()).toHaveLength(5));
  });

  it('a refused addition keeps the modal and the choices', async () => {
    server.refuse['/v2/live-chat/add-participants'] = refusal(403, 'Only group admins can add participants.');
    const { user } = renderDetail(i18nInstance);
    await user.click(await screen.findByRole('button', { name: 'Add participants' }));
    await user.click(screen.getByRole('button', { name: 'Search Employees' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Rizky Pratama' }));
    await user.click(screen.getByRole('button', { name: 'Add (1)' }));
    expect(await screen.findByText('Only group admins can add participants.')).toBeTruthy();
    await user.click(within(await dialog()).getByRole('button', { name: 'Ok' }));
    expect(screen.getByRole('dialog', { name: 'Add participants' })).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Rizky Pratama' }) as HTMLInputElement).checked).toBe(true);
  });

  it('a failed detail shows why with a Retry that loads it', async () => {
    server.refuse['/v2/live-chat/detail'] = refusal(403, 'You are not a member of this chat room.');
    const { user } = renderDetail(i18nInstance);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The chat details could not be loaded.');
    expect(alert.textContent).toContain('You are not a member of this chat room.');
    delete server.refuse['/v2/live-chat/detail'];
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Tim Operasional Jakarta' })).toBeTruthy();
    expect(callsTo('/v2/live-chat/detail')).toHaveLength(2);
  });

  it('a direct chat shows the other person and no group controls', async () => {
    server.detail = groupDetail({
      chat_room: chatRoom({ id: ROOM_ID, uuid: ROOM_UUID, type: 'individual', individual_name: 'Budi Santoso' }),
      members: [member(USER_ID, 'Ayu', 'Lestari', false), BUDI],
      is_chat_admin: 0,
    });
    renderDetail(i18nInstance);
    expect(await screen.findByRole('heading', { name: 'Budi Santoso' })).toBeTruthy();
    expect(screen.getByText('Direct chat')).toBeTruthy();
    expect(screen.getByText('Inventory Staff - Jakarta')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /Members/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Leave group' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Create a poll' })).toBeNull();
    expect(callsTo(`/v2/live-chat/see-members/${ROOM_ID}`)).toHaveLength(0);
  });

  it("a direct chat the other person started shows the other person's picture, not one's own", async () => {
    const BUDI_PICTURE = 'https://cdn.example/avatars/43.jpg';
    const AYU_PICTURE = 'https://cdn.example/avatars/42.jpg';
    // Budi started it with Ayu (the signed-in user): from_* is Budi, `to` is Ayu. No member list to tell.
    server.detail = groupDetail({
      chat_room: chatRoom({ id: ROOM_ID, uuid: ROOM_UUID, type: 'individual', individual_name: 'Budi Santoso', to: USER_ID, from_user_name: 'Budi Santoso', to_user_name: 'Ayu Lestari', from_user_avatar: BUDI_PICTURE, to_user_avatar: AYU_PICTURE }),
      is_chat_admin: 0,
    });
    renderDetail(i18nInstance);
    expect(await screen.findByRole('heading', { name: 'Budi Santoso' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Budi Santoso' }).getAttribute('src')).toBe(BUDI_PICTURE);
  });

  it('leaves the group after confirming and goes to the chat list', async () => {
    const { user } = renderDetail(i18nInstance);
    await user.click(await screen.findByRole('button', { name: 'Leave group' }));
    await user.click(within(await dialog()).getByRole('button', { name: 'Leave group' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/chats'));
    expect(callsTo('/live-chat/leave-group')[0]?.body).toEqual({ chat_room_uuid: ROOM_UUID });
  });

  it('back goes to the room when the screen was opened directly', async () => {
    const { user } = renderDetail(i18nInstance);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('location').textContent).toBe(`/chats/chat?uuid=${ROOM_UUID}`);
  });
});
