// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Translator } from '../../../shared/i18n/translator.ts';
import { createTestI18n } from '../../../shared/testing/test-i18n.ts';
import { ROOM_ID, refusal, renderDetail, startFakeServer, type FakeServer } from '../testing/detail-test-kit.tsx';

let i18nInstance: Translator;
let server: FakeServer;
beforeAll(() => {
  i18nInstance = createTestI18n();
});
beforeEach(() => {
  server = startFakeServer();
  // jsdom has no object URLs; the preview only needs an address.
  URL.createObjectURL = vi.fn(() => 'blob:preview-1');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const EDIT_PATH = `/v2/live-chat/detail/${ROOM_ID}`;
const edits = () => server.calls.filter((call) => call.path === EDIT_PATH);
const nameField = () => screen.getByRole('textbox', { name: 'Group name' });

async function openEditor() {
  const rendered = renderDetail(i18nInstance);
  await rendered.user.click(await screen.findByRole('button', { name: 'Edit group' }));
  return rendered;
}

describe('editing a group (admins)', () => {
  it('sends only what changed, as multipart with _method PATCH, and shows the new name', async () => {
    const { user } = await openEditor();
    expect((nameField() as HTMLInputElement).value).toBe('Tim Operasional Jakarta');
    await user.clear(nameField());
    await user.type(nameField(), 'Tim Operasional Jabodetabek');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('heading', { name: 'Tim Operasional Jabodetabek' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Group name' })).toBeNull();
    expect(edits()).toHaveLength(1);
    expect(edits()[0]).toMatchObject({ method: 'POST', form: { _method: 'PATCH', name: 'Tim Operasional Jabodetabek' } });
    expect(Object.keys(edits()[0]!.form!).sort()).toEqual(['_method', 'name']);
  });

  it('sends a new description and a chosen photo, with a preview of the photo', async () => {
    const { user } = await openEditor();
    const description = screen.getByRole('textbox', { name: 'Description' });
    await user.clear(description);
    await user.type(description, 'Jadwal shift dan stok harian.');
    const photo = new File(['png'], 'logo-tim.png', { type: 'image/png' });
    const appended = vi.spyOn(FormData.prototype, 'append');
    await user.upload(screen.getByLabelText('Group photo'), photo);
    expect(screen.getByRole('img', { name: 'New group photo' }).getAttribute('src')).toBe('blob:preview-1');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(edits()).toHaveLength(1));
    expect(edits()[0]!.form).toEqual({ _method: 'PATCH', description: 'Jadwal shift dan stok harian.', avatar: '(file)' });
    expect(appended.mock.calls.find(([name]) => name === 'avatar')?.[1]).toBe(photo);
  });

  it('refuses a photo above the upload limit as it is picked: says so, shows no preview, and sends no photo', async () => {
    const { user } = await openEditor();
    const huge = new File(['png'], 'poster.png', { type: 'image/png' });
    Object.defineProperty(huge, 'size', { value: 25 * 1024 * 1024 + 1 });
    const appended = vi.spyOn(FormData.prototype, 'append');
    await user.upload(screen.getByLabelText('Group photo'), huge);
    expect(screen.getByRole('alert').textContent).toBe('This photo is larger than 25 MB. Choose a photo up to 25 MB.');
    expect(screen.queryByRole('img', { name: 'New group photo' })).toBeNull();
    expect(URL.createObjectURL).not.toHaveBeenCalled();

    // A photo within the limit then goes as usual, and the message goes away.
    const fits = new File(['png'], 'logo.png', { type: 'image/png' });
    Object.defineProperty(fits, 'size', { value: 25 * 1024 * 1024 });
    await user.upload(screen.getByLabelText('Group photo'), fits);
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(edits()).toHaveLength(1));
    expect(appended.mock.calls.filter(([name]) => name === 'avatar').map(([, value]) => value)).toEqual([fits]);
  });

  it('refuses a blank name with the alert of SPEC §5 and sends nothing', async () => {
    const { user } = await openEditor();
    await user.clear(nameField());
    await user.type(nameField(), '   ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByRole('heading', { name: 'Alert' })).toBeTruthy();
    expect(within(alert).getByText('Please enter the group name!')).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Ok' }));
    expect(edits()).toHaveLength(0);
    expect(nameField()).toBeTruthy();
  });

  it('a refused save shows the server message and keeps the form as typed', async () => {
    server.refuse[EDIT_PATH] = refusal(403, 'Only group admins can edit the group.');
    const { user } = await openEditor();
    await user.clear(nameField());
    await user.type(nameField(), 'Nama baru');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByRole('heading', { name: 'Error' })).toBeTruthy();
    expect(within(alert).getByText('Only group admins can edit the group.')).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Ok' }));
    expect((nameField() as HTMLInputElement).value).toBe('Nama baru');
  });

  it('shows a spinner on Save while saving', async () => {
    let answer!: (response: Response) => void;
    server.refuse[EDIT_PATH] = () => new Promise<Response>((resolve) => (answer = resolve));
    const { user } = await openEditor();
    await user.type(nameField(), ' 2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true));
    expect(screen.getByRole('button', { name: 'Save' }).getAttribute('aria-busy')).toBe('true');
    answer(refusal(500, 'Try again later.')());
    await screen.findByText('Try again later.');
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(false);
  });
});
