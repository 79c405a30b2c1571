// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../../api/client.ts';
import type { Translator } from '../../../shared/i18n/translator.ts';
import { createTestQueryClient } from '../../../shared/testing/render-app.tsx';
import { createTestI18n } from '../../../shared/testing/test-i18n.ts';
import { roomApi, type ChatVersion } from '../api/room-api.ts';
import { chatDb } from '../outbox/chat-db.ts';
import { ensureOutbox, stopOutbox } from '../outbox/outbox-runner.ts';
import { RoomControllerContext, type RoomController } from '../room/room-controller.ts';
import { messageV1, messageV2 } from '../testing/chat-fixtures.ts';
import { lastXhr, stubXhr, type FakeXhr } from '../testing/fake-xhr.ts';
import { keepBlobsInFakeIndexedDb } from '../testing/idb-blobs.ts';
import { renderChat } from '../testing/render-chat.tsx';
import { UploadFileModal, type UploadResult } from './upload-file-modal.tsx';

let i18nInstance: Translator;
let Xhr: typeof FakeXhr;

beforeAll(() => {
  i18nInstance = createTestI18n();
});

beforeEach(async () => {
  // Signed in: an upload, as every call that needs the session, is sent only with its token.
  setAccessToken('token-of-ayu');
  Xhr = stubXhr();
  keepBlobsInFakeIndexedDb();
  await (await chatDb()).clear('outbox');
});

afterEach(() => {
  cleanup();
  stopOutbox();
  setAccessToken(undefined);
  vi.unstubAllGlobals();
});

const ROOM = 'room-uuid-1';
const report = new File(['%PDF-1.4 quarterly report'], 'report.pdf', { type: 'application/pdf' });
const photo = new File(['\x89PNG photo bytes'], 'photo.png', { type: 'image/png' });

/** The modal as a room opens it: the room bound to its version, and the outbox its files go through. */
function renderModal(version: ChatVersion = 'v1', { strict }: { strict?: boolean } = {}) {
  const onClose = vi.fn<(result: UploadResult) => void>();
  const at = version === 'v1' ? `/live-chat/chat-room?uuid=${ROOM}` : `/chats/chat?uuid=${ROOM}`;
  const queryClient = createTestQueryClient();
  const room = { api: roomApi({ version, uuid: ROOM }), outbox: Promise.resolve(ensureOutbox({ queryClient, currentUserId: () => 42 })) } as unknown as RoomController;
  const modal = (
    <RoomControllerContext.Provider value={room}>
      <UploadFileModal onClose={onClose} />
    </RoomControllerContext.Provider>
  );
  renderChat(modal, { queryClient, i18nInstance, at, strict });
  return { onClose, user: userEvent.setup() };
}

const dialog = () => screen.getByRole('dialog', { name: 'Upload File' });
const submit = () => within(dialog()).getByRole('button', { name: 'Upload File' }) as HTMLButtonElement;
const fileInput = () => within(dialog()).getByLabelText('Choose a file') as HTMLInputElement;
const location = () => screen.getByTestId('location').textContent;

async function dismissAlert(text: string) {
  const alert = await screen.findByRole('alertdialog');
  expect(within(alert).getByRole('heading').textContent).toBe('Error');
  expect(within(alert).getByText(text)).toBeTruthy();
  await userEvent.click(within(alert).getByRole('button', { name: 'Ok' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
}

/** Chooses the files, types the message and presses Upload File; the request is then on the wire. */
async function startUpload(user: ReturnType<typeof userEvent.setup>, files: File[], message = '') {
  await user.upload(fileInput(), files);
  if (message) await user.type(within(dialog()).getByPlaceholderText('Message... (Optional)'), message);
  await user.click(submit());
  await waitFor(() => expect(Xhr.instances).toHaveLength(1));
  return lastXhr();
}

describe('the Upload File modal (SPEC §2, §4, §8)', () => {
  it('shows the title, an optional message field, and an Upload File button disabled until a file is chosen', async () => {
    const { user } = renderModal();
    expect(within(dialog()).getByRole('heading', { name: 'Upload File' })).toBeTruthy();
    const textarea = within(dialog()).getByRole('textbox');
    expect(textarea.getAttribute('placeholder')).toBe('Message... (Optional)');
    expect(submit().disabled).toBe(true);
    await user.click(submit());
    expect(Xhr.instances).toHaveLength(0);

    await user.upload(fileInput(), report);
    expect(within(dialog()).getByText(/report\.pdf/)).toBeTruthy();
    expect(submit().disabled).toBe(false);
    expect(submit().getAttribute('aria-busy')).not.toBe('true');
    expect(submit().querySelector('[aria-hidden="true"]')).toBeNull();
  });

  it('uploads the file with the room uuid and message to /api/live-chat/upload-file (v1) and closes with the returned message', async () => {
    const { onClose, user } = renderModal('v1');
    const xhr = await startUpload(user, [report], 'Here is the report');

    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/live-chat/upload-file');
    expect(xhr.headers.Accept).toBe('application/json');
    const form = xhr.body!;
    expect(form.get('uuid')).toBe(ROOM);
    expect(form.get('message')).toBe('Here is the report');
    const sent = form.get('file') as File;
    expect(sent.name).toBe('report.pdf');
    expect(await sent.text()).toBe('%PDF-1.4 quarterly report');
    expect(form.getAll('files')).toEqual([]);

    const message = messageV1({
      id: 555,
      uuid: 'msg-555',
      type: 'file',
      message_content: 'Here is the report',
      is_owner: 1,
      file: { id: 9, file_name: 'report.pdf', file_size: 25, signed_file_url: 'https://files.example/report.pdf?sig=1', mime_type: 'application/pdf' },
    });
    act(() => xhr.respond(200, { error: false, status_code: 200, message }));

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    const result = onClose.mock.calls[0]![0];
    expect(result.success).toBe(true);
    if (!result.success) throw new Error('unreachable');
    expect(result.message).toMatchObject({
      id: 555,
      uuid: 'msg-555',
      own: true,
      kind: 'file',
      text: 'Here is the report',
      file: { name: 'report.pdf', size: 25, url: 'https://files.example/report.pdf?sig=1', mimeType: 'application/pdf' },
    });
    expect(result.messages).toEqual([result.message]);
  });

  it('closes after a successful upload under React StrictMode (the development double mount), having sent one request', async () => {
    // Under `npm start` React mounts, unmounts and mounts again: the modal once stopped waiting for its
    // upload at the first unmount, so it stayed open after success and a second tap sent the file again.
    const { onClose, user } = renderModal('v1', { strict: true });
    const xhr = await startUpload(user, [report], 'Twice mounted');
    const message = messageV1({ id: 556, uuid: 'msg-556', type: 'file', message_content: 'Twice mounted', is_owner: 1, file: { id: 10, file_name: 'report.pdf', file_size: 25, signed_file_url: 'https://files.example/report.pdf?sig=2', mime_type: 'application/pdf' } });
    act(() => xhr.respond(200, { error: false, status_code: 200, message }));

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onClose.mock.calls[0]![0]).toMatchObject({ success: true, message: { id: 556, text: 'Twice mounted' } });
    expect(Xhr.instances).toHaveLength(1);
  });

  it('sends no message field when the message is left empty', async () => {
    const { user } = renderModal('v1');
    const xhr = await startUpload(user, [report]);
    expect(xhr.body!.has('message')).toBe(false);
    expect(xhr.body!.get('uuid')).toBe(ROOM);
  });

  it('disables Upload File with a spinner while uploading and shows the progress of the request', async () => {
    const { user } = renderModal('v1');
    const xhr = await startUpload(user, [report]);

    expect(submit().disabled).toBe(true);
    // The button says it is busy (its name stays "Upload File") and shows the spinning mark.
    expect(submit().getAttribute('aria-busy')).toBe('true');
    expect(submit().querySelector('[aria-hidden="true"]')).not.toBeNull();
    expect((within(dialog()).getByRole('textbox') as HTMLTextAreaElement).disabled).toBe(true);
    const bar = within(dialog()).getByRole('progressbar', { name: 'Upload progress' }) as HTMLProgressElement;
    expect(bar.value).toBe(0);

    act(() => xhr.progress(512, 1024));
    expect(bar.value).toBe(50);
    expect(within(dialog()).getByText('50%')).toBeTruthy();
    expect((within(dialog()).getByRole('progressbar', { name: 'report.pdf' }) as HTMLProgressElement).value).toBe(50);

    act(() => xhr.progress(1024, 1024));
    expect(bar.value).toBe(100);
    expect(within(dialog()).getByText('100%')).toBeTruthy();
  });

  it('closes with success false when closed without uploading', async () => {
    const { onClose, user } = renderModal();
    await user.upload(fileInput(), report);
    await user.click(within(dialog()).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledWith({ success: false });
    expect(Xhr.instances).toHaveLength(0);
  });

  it('goes to /home with the home icon (and closes with success false)', async () => {
    const { onClose, user } = renderModal();
    expect(location()).toBe(`/live-chat/chat-room?uuid=${ROOM}`);
    await user.click(within(dialog()).getByRole('button', { name: 'Home' }));
    expect(onClose).toHaveBeenCalledWith({ success: false });
    expect(location()).toBe('/home');
    expect(screen.getByRole('heading', { name: 'Home screen' })).toBeTruthy();
  });

  it("shows the server's error_message under the header Error on an HTTP 500 and stays open with the chosen file", async () => {
    const { onClose, user } = renderModal('v1');
    const xhr = await startUpload(user, [report], 'Report');
    act(() => xhr.respond(500, { error: true, status_code: 500, error_message: 'Storage is full, try again tomorrow.' }));

    await dismissAlert('Storage is full, try again tomorrow.');
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog()).toBeTruthy();
    expect(within(dialog()).getByText(/report\.pdf/)).toBeTruthy();
    expect((within(dialog()).getByRole('textbox') as HTMLTextAreaElement).value).toBe('Report');
    expect(submit().disabled).toBe(false);
    expect(within(dialog()).queryByRole('progressbar')).toBeNull();
  });

  it("shows the server's error_message when a 200 answer carries the error envelope", async () => {
    const { onClose, user } = renderModal('v1');
    const xhr = await startUpload(user, [report]);
    act(() => xhr.respond(200, { error: true, status_code: 400, error_message: 'This file type is not allowed.' }));
    await dismissAlert('This file type is not allowed.');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('asks to check the internet connection when the request gets no answer', async () => {
    const { onClose, user } = renderModal('v1');
    const xhr = await startUpload(user, [report]);
    act(() => xhr.failNetwork());
    await dismissAlert('Sorry, something went wrong. Please check your internet connection and try again later.');
    expect(onClose).not.toHaveBeenCalled();
    expect(submit().disabled).toBe(false);
  });

  it('sends a dropped upload again with Upload File, and closes with the message once it arrives', async () => {
    const { onClose, user } = renderModal('v2');
    const dropped = await startUpload(user, [report], 'Notulen rapat');
    act(() => dropped.failNetwork());
    await dismissAlert('Sorry, something went wrong. Please check your internet connection and try again later.');
    expect(dialog()).toBeTruthy();
    expect(within(dialog()).getByText(/report\.pdf/)).toBeTruthy();

    await user.click(submit());
    await waitFor(() => expect(Xhr.instances).toHaveLength(2));
    const again = lastXhr();
    expect(again.url).toBe('/api/v2/live-chat/upload-file');
    expect((again.body!.get('file') as File).name).toBe('report.pdf');
    expect(again.body!.get('message')).toBe('Notulen rapat');
    const message = messageV2({ id: 12, uuid: 'retried', message_type: 'file', file_name: 'report.pdf', file_url: 'https://files.example/report.pdf', message_content: 'Notulen rapat' });
    act(() => again.respond(200, { error: false, message }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onClose.mock.calls[0]![0]).toMatchObject({ success: true, message: { uuid: 'retried' } });
  });

  it('says the file is too large on a 413', async () => {
    const { onClose, user } = renderModal('v1');
    const xhr = await startUpload(user, [report]);
    act(() => xhr.respond(413, '<html><body>413 Request Entity Too Large</body></html>'));
    await dismissAlert('This file is too large to send. Choose a smaller file.');
    expect(onClose).not.toHaveBeenCalled();
    // The modal stays, with the file still chosen.
    expect(dialog()).toBeTruthy();
    expect(within(dialog()).getByText(/report\.pdf/)).toBeTruthy();
    expect(submit().disabled).toBe(false);
  });

  it('refuses a file above the upload limit (25 MB by default) as it is picked, and sends nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { onClose, user } = renderModal('v2');
    const video = new File(['mp4'], 'rapat-tahunan.mp4', { type: 'video/mp4' });
    Object.defineProperty(video, 'size', { value: 25 * 1024 * 1024 + 1 });
    await user.upload(fileInput(), [report, video]);

    expect(within(dialog()).getByRole('alert').textContent).toBe('rapat-tahunan.mp4 is larger than 25 MB. Choose a file up to 25 MB.');
    expect(fileInput().getAttribute('aria-describedby')!.split(' ')).toContain(within(dialog()).getByRole('alert').id);
    // Nothing of that choice is kept: no file listed, Upload File stays disabled and sends nothing.
    expect(within(dialog()).queryByText(/report\.pdf/)).toBeNull();
    expect(submit().disabled).toBe(true);
    await user.click(submit());
    expect(Xhr.instances).toHaveLength(0);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();

    // A file of exactly the limit may go; the message goes away.
    const fits = new File(['mp4'], 'cuplikan.mp4', { type: 'video/mp4' });
    Object.defineProperty(fits, 'size', { value: 25 * 1024 * 1024 });
    await user.upload(fileInput(), [fits]);
    expect(within(dialog()).queryByRole('alert')).toBeNull();
    await user.click(submit());
    await waitFor(() => expect(Xhr.instances).toHaveLength(1));
    expect((lastXhr().body!.get('file') as File).name).toBe('cuplikan.mp4');
  });

  it('lists a chosen file’s name without bidirectional controls', async () => {
    const { user } = renderModal('v1');
    await user.upload(fileInput(), new File(['x'], 'invoice\u202Egnp.exe', { type: 'application/octet-stream' }));
    expect(within(dialog()).getByText(/invoicegnp\.exe/)).toBeTruthy();
  });

  it('Cancel aborts the request and returns to idle with the file still chosen, without an alert', async () => {
    const { onClose, user } = renderModal('v1');
    const xhr = await startUpload(user, [report]);
    act(() => xhr.progress(100, 1000));
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));

    expect(xhr.aborted).toBe(true);
    await waitFor(() => expect(submit().disabled).toBe(false));
    expect(within(dialog()).queryByRole('progressbar')).toBeNull();
    expect(within(dialog()).queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(within(dialog()).getByText(/report\.pdf/)).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('v2 with one file uses /api/v2/live-chat/upload-file', async () => {
    const { onClose, user } = renderModal('v2');
    const xhr = await startUpload(user, [photo]);
    expect(xhr.url).toBe('/api/v2/live-chat/upload-file');
    expect((xhr.body!.get('file') as File).name).toBe('photo.png');
    const message = messageV2({ id: 9, uuid: 'v2-photo', message_type: 'file', file_name: 'photo.png', file_url: 'https://files.example/photo.png', message_content: null });
    act(() => xhr.respond(200, { error: false, message }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onClose.mock.calls[0]![0]).toMatchObject({ success: true, message: { uuid: 'v2-photo', kind: 'file', file: { name: 'photo.png' } } });
  });

  it('v2 with two files sends one batch request with two files parts and closes with both messages', async () => {
    const { onClose, user } = renderModal('v2');
    const xhr = await startUpload(user, [report, photo], 'Both');
    expect(xhr.url).toBe('/api/v2/live-chat/batch-upload-file');
    const parts = xhr.body!.getAll('files') as File[];
    expect(parts.map((file) => file.name)).toEqual(['report.pdf', 'photo.png']);
    expect(xhr.body!.has('file')).toBe(false);
    expect(xhr.body!.get('uuid')).toBe(ROOM);
    expect(xhr.body!.get('message')).toBe('Both');

    const messages = [
      messageV2({ id: 1, uuid: 'b-1', message_type: 'file', file_name: 'report.pdf', file_url: 'https://files.example/r.pdf', message_content: 'Both' }),
      messageV2({ id: 2, uuid: 'b-2', message_type: 'file', file_name: 'photo.png', file_url: 'https://files.example/p.png', message_content: null }),
    ];
    act(() => xhr.respond(200, { error: false, status_code: 200, messages }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    const result = onClose.mock.calls[0]![0];
    if (!result.success) throw new Error('expected success');
    expect(result.message?.uuid).toBe('b-1');
    expect(result.messages.map((message) => message.uuid)).toEqual(['b-1', 'b-2']);
  });

  it('v1 lets one file be chosen, v2 several', () => {
    renderModal('v1');
    expect(fileInput().multiple).toBe(false);
    cleanup();
    renderModal('v2');
    expect(fileInput().multiple).toBe(true);
  });

  it('stores nothing in the outbox for a file above the upload limit', async () => {
    const { user } = renderModal('v2');
    const video = new File(['mp4'], 'rapat-tahunan.mp4', { type: 'video/mp4' });
    Object.defineProperty(video, 'size', { value: 25 * 1024 * 1024 + 1 });
    await user.upload(fileInput(), [video]);
    await user.click(submit());
    expect(await (await chatDb()).getAll('outbox')).toEqual([]);
    expect(Xhr.instances).toHaveLength(0);
  });

  it('offline, stores the file with its message in the outbox and closes; it is uploaded once the browser is online again', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { onClose, user } = renderModal('v1');
    await user.upload(fileInput(), report);
    await user.type(within(dialog()).getByPlaceholderText('Message... (Optional)'), 'For later');
    await user.click(submit());
    await waitFor(() => expect(onClose).toHaveBeenCalledWith({ success: false, queued: true }));
    const [entry] = await (await chatDb()).getAll('outbox');
    expect(entry).toMatchObject({ kind: 'file', text: 'For later', roomUuid: ROOM, version: 'v1', status: 'pending', files: [{ name: 'report.pdf', type: 'application/pdf' }] });

    online.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(Xhr.instances.length).toBeGreaterThan(0));
    const xhr = lastXhr();
    expect(xhr.body!.get('message')).toBe('For later');
    expect(xhr.body!.get('client_message_id')).toBe(entry!.clientId);
    expect(await (xhr.body!.get('file') as File).text()).toBe('%PDF-1.4 quarterly report');
    act(() => xhr.respond(200, { error: false, message: messageV1({ uuid: 'later-1', type: 'file', client_message_id: entry!.clientId }) }));
    await waitFor(async () => expect(await (await chatDb()).getAll('outbox')).toEqual([]));
    online.mockRestore();
  });
});

/** Files dragged onto the drop zone and let go there, as a desktop browser sends them. */
function dragOnto(zone: HTMLElement, files: File[]) {
  const dataTransfer = { types: ['Files'], files, dropEffect: 'none' };
  fireEvent.dragEnter(zone, { dataTransfer });
  fireEvent.dragOver(zone, { dataTransfer });
  return {
    drop: () => fireEvent.drop(zone, { dataTransfer }),
    leave: () => fireEvent.dragLeave(zone, { dataTransfer }),
  };
}

describe('the Upload File modal’s file picker (issue 37)', () => {
  const chosen = () => within(dialog()).queryByRole('list', { name: 'Chosen files' });
  const rows = () => within(chosen()!).getAllByRole('listitem');

  it('is a button labelling the real file input, with the limits beside it; the browser’s own control is not shown', () => {
    renderModal('v2');
    const input = fileInput();
    expect(input.type).toBe('file');
    // The input is in the page (focusable, named by its label) but visually hidden; the label is the button people see.
    expect(input.tabIndex).not.toBe(-1);
    expect(input.className).toMatch(/visuallyHidden/);
    const label = dialog().querySelector(`label[for="${input.id}"]`)!;
    expect(label.textContent).toBe('Choose a file');
    expect(within(dialog()).getByText('Up to 25 MB per file')).toBeTruthy();
    expect(input.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)?.textContent)).toContain('Up to 25 MB per file');
  });

  it('says a v1 room takes one file at a time', () => {
    renderModal('v1');
    expect(within(dialog()).getByText('One file, up to 25 MB')).toBeTruthy();
  });

  it('lists the chosen files with their sizes, adds a second choice to the first (v2), and removes one with its button', async () => {
    const { user } = renderModal('v2');
    const big = new File(['x'], 'laporan-tahunan.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 3 * 1024 * 1024 });
    await user.upload(fileInput(), [report]);
    await user.upload(fileInput(), [big, photo]);
    expect(rows().map((row) => row.textContent)).toEqual(['report.pdf25 B', 'laporan-tahunan.pdf3 MB', 'photo.png17 B']);

    await user.click(within(dialog()).getByRole('button', { name: 'Remove laporan-tahunan.pdf' }));
    expect(rows().map((row) => row.textContent)).toEqual(['report.pdf25 B', 'photo.png17 B']);

    // What is listed is what goes.
    await user.click(submit());
    await waitFor(() => expect(Xhr.instances).toHaveLength(1));
    const sent = [...lastXhr().body!.values()].filter((value): value is File => value instanceof File).map((file) => file.name);
    expect(sent).toEqual(['report.pdf', 'photo.png']);
  });

  it('removing the last file disables Upload File again', async () => {
    const { user } = renderModal('v1');
    await user.upload(fileInput(), [report]);
    expect(submit().disabled).toBe(false);
    await user.click(within(dialog()).getByRole('button', { name: 'Remove report.pdf' }));
    expect(chosen()).toBeNull();
    expect(submit().disabled).toBe(true);
  });

  it('a v1 room’s second choice replaces the first', async () => {
    const { user } = renderModal('v1');
    await user.upload(fileInput(), [report]);
    await user.upload(fileInput(), [photo]);
    expect(rows().map((row) => row.textContent)).toEqual(['photo.png17 B']);
  });

  it('marks the drop zone while files are dragged over it, and chooses the files dropped', async () => {
    renderModal('v2');
    const zone = within(dialog()).getByTestId('drop-zone');
    expect(zone.hasAttribute('data-dragging')).toBe(false);
    const dragged = dragOnto(zone, [report]);
    expect(zone.hasAttribute('data-dragging')).toBe(true);
    expect(within(zone).getByText('Drop to add')).toBeTruthy();
    dragged.leave();
    expect(zone.hasAttribute('data-dragging')).toBe(false);

    dragOnto(zone, [report, photo]).drop();
    expect(zone.hasAttribute('data-dragging')).toBe(false);
    expect(rows().map((row) => row.textContent)).toEqual(['report.pdf25 B', 'photo.png17 B']);
    expect(submit().disabled).toBe(false);
  });

  it('refuses a dropped file above the limit with the limit’s text, keeping what was chosen before', async () => {
    const { user } = renderModal('v2');
    await user.upload(fileInput(), [report]);
    const video = new File(['mp4'], 'rapat-tahunan.mp4', { type: 'video/mp4' });
    Object.defineProperty(video, 'size', { value: 25 * 1024 * 1024 + 1 });
    dragOnto(within(dialog()).getByTestId('drop-zone'), [video]).drop();
    expect(within(dialog()).getByRole('alert').textContent).toBe('rapat-tahunan.mp4 is larger than 25 MB. Choose a file up to 25 MB.');
    expect(rows().map((row) => row.textContent)).toEqual(['report.pdf25 B']);
  });

  it('refuses several files dropped on a room that takes one at a time', () => {
    renderModal('v1');
    dragOnto(within(dialog()).getByTestId('drop-zone'), [report, photo]).drop();
    expect(within(dialog()).getByRole('alert').textContent).toBe('Only one file can be sent here at a time. Choose one file.');
    expect(chosen()).toBeNull();
    expect(submit().disabled).toBe(true);
  });

  it('chooses files let go beside the drop zone too, instead of the browser opening them', () => {
    renderModal('v2');
    const beside = within(dialog()).getByPlaceholderText('Message... (Optional)');
    const dataTransfer = { types: ['Files'], files: [report], dropEffect: 'none' };
    expect(fireEvent.dragOver(beside, { dataTransfer })).toBe(false);
    expect(fireEvent.drop(beside, { dataTransfer })).toBe(false);
    expect(rows().map((row) => row.textContent)).toEqual(['report.pdf25 B']);
    // Dropped on the zone, a file is chosen once.
    dragOnto(within(dialog()).getByTestId('drop-zone'), [photo]).drop();
    expect(rows().map((row) => row.textContent)).toEqual(['report.pdf25 B', 'photo.png17 B']);
  });
});
