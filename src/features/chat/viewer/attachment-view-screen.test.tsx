// @vitest-environment happy-dom
// The attachment viewer as a person meets it: the file the address names, pictures in the order they were
// sent with their position, a file that is not shown in place fetched only on Download, nothing from a
// javascript: URL, and the states (no file, gone, a failed list with Try again, no PDF viewer).
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubDocumentRequest } from '../../../api/testing/document-request.ts';
import type { Translator } from '../../../shared/i18n/translator.ts';
import { SessionProvider } from '../../../shared/session/session-context.tsx';
import type { SessionController } from '../../../shared/session/session-types.ts';
import { createTestQueryClient } from '../../../shared/testing/render-app.tsx';
import { createTestI18n } from '../../../shared/testing/test-i18n.ts';
import { memoryCaches } from '../testing/memory-caches.ts';
import { renderChat } from '../testing/render-chat.tsx';
import { AttachmentViewScreen } from './attachment-view-screen.tsx';

let i18nInstance: Translator;
beforeAll(() => {
  i18nInstance = createTestI18n();
});

const FILES = [
  { id: 6, message_uuid: 'm-sheet', file_name: 'rekap\u202Exslx.exe', mime_type: 'application/vnd.ms-excel', file_size: 18_432, signed_file_url: 'https://files.example/rekap?sig=6', created_at: '2026-11-20T10:00:00Z', from_user_name: 'Budi Santoso' },
  { id: 5, message_uuid: 'm-evil', file_name: 'evil.bin', mime_type: 'application/octet-stream', file_size: 10, file_url: 'javascript:alert(1)', created_at: '2026-11-20T09:50:00Z' },
  { id: 4, message_uuid: 'm-pdf', file_name: 'laporan.pdf', mime_type: 'application/pdf', file_size: 2048, signed_file_url: 'https://files.example/laporan.pdf?sig=4', created_at: '2026-11-20T09:40:00Z' },
  { id: 3, message_uuid: 'm-3', file_name: 'c.png', mime_type: 'image/png', file_size: 300, signed_file_url: 'https://files.example/c.png?sig=3', created_at: '2026-11-20T09:30:00Z' },
  { id: 2, message_uuid: 'm-2', file_name: 'b.png', mime_type: 'image/png', file_size: 200, signed_file_url: 'https://files.example/b.png?sig=2', created_at: '2026-11-20T09:20:00Z' },
  { id: 1, message_uuid: 'm-1', file_name: 'a.png', mime_type: 'image/png', file_size: 100, signed_file_url: 'https://files.example/a.png?sig=1', created_at: '2026-11-20T09:10:00Z' },
];

const signedIn = { status: 'signed-in', userData: { user: { id: 42 } } };
const session = {
  getState: () => signedIn,
  subscribe: () => () => undefined,
} as unknown as SessionController;

let requests: string[];
let listAnswer: () => Response;

beforeEach(() => {
  requests = [];
  listAnswer = () => Response.json({ error: false, status_code: 200, files: FILES });
  stubDocumentRequest();
  vi.stubGlobal('caches', memoryCaches().storage);
  let objectUrls = 0;
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => `blob:https://app.example/${(objectUrls += 1)}`), revokeObjectURL: vi.fn() }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string) => {
      const url = typeof input === 'string' ? input : input.url;
      requests.push(url);
      if (url.includes('/live-chat/chat-room/')) return listAnswer();
      return new Response(new Uint8Array([1, 2, 3]), { headers: { 'Content-Type': 'text/html' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const open = (query: string) =>
  renderChat(
    <SessionProvider controller={session}>
      <AttachmentViewScreen />
    </SessionProvider>,
    { queryClient: createTestQueryClient(), i18nInstance, at: `/attachment-view${query}`, path: '/attachment-view' },
  );
const location = () => screen.getByTestId('location').textContent;
const fileRequests = () => requests.filter((url) => url.startsWith('https://files.example/'));

describe('the attachment viewer', () => {
  it("shows the picture the address names, its place among the room's pictures in date order, and goes to the next", async () => {
    open('?uuid=room-1&message=m-2&family=v1');
    const picture = await screen.findByRole('img', { name: 'b.png' });
    expect(picture.getAttribute('src')).toMatch(/^blob:/);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('b.png');
    expect(screen.getByTestId('attachment-position').textContent).toBe('2 of 3');
    expect(fileRequests()).toEqual(['https://files.example/b.png?sig=2']);
    await userEvent.click(screen.getByRole('button', { name: 'Next picture' }));
    expect(location()).toBe('/attachment-view?uuid=room-1&message=m-3&family=v1');
    expect(await screen.findByRole('img', { name: 'c.png' })).toBeTruthy();
    expect(screen.getByTestId('attachment-position').textContent).toBe('3 of 3');
    expect((screen.getByRole('button', { name: 'Next picture' }) as HTMLButtonElement).disabled).toBe(true);
    // Opened from a link (no history in the app), Back is the room, of the family the address names.
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(location()).toBe('/live-chat/chat-room?uuid=room-1');
  });

  it('shows another file as its icon, name (without bidirectional controls) and size, and fetches it only on Download', async () => {
    const clicked: Array<{ href: string; download: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    open('?uuid=room-1&message=m-sheet&family=v2');
    expect(await screen.findByText('rekapxslx.exe', { selector: 'p' })).toBeTruthy();
    expect(screen.getByText('18 KB')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fileRequests()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(fileRequests()).toEqual(['https://files.example/rekap?sig=6']);
    expect(clicked[0]).toEqual({ href: expect.stringMatching(/^blob:/), download: 'rekapxslx.exe' });
  });

  it('never fetches or links a javascript: URL: its Download is disabled', async () => {
    const { container } = open('?uuid=room-1&message=m-evil&family=v2');
    const download = await screen.findByRole('button', { name: 'Download' });
    expect((download as HTMLButtonElement).disabled).toBe(true);
    expect(container.querySelector('[href^="javascript"], [src^="javascript"]')).toBeNull();
    expect(requests.some((url) => url.startsWith('javascript'))).toBe(false);
  });

  it("shows a PDF in the browser's own viewer, or Open and Download where the browser has none", async () => {
    const { unmount } = open('?uuid=room-1&message=m-pdf&family=v2');
    const frame = await screen.findByTestId('pdf-frame');
    expect(frame.getAttribute('title')).toBe('laporan.pdf');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toMatch(/^blob:/);
    unmount();
    // jsdom has no pdfViewerEnabled (read as a viewer, like Chromium's); a phone's browser says false.
    Object.defineProperty(navigator, 'pdfViewerEnabled', { configurable: true, get: () => false });
    open('?uuid=room-1&message=m-pdf&family=v2');
    expect(await screen.findByText('This browser cannot show PDFs here.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open' }).getAttribute('href')).toMatch(/^blob:/);
    expect(screen.getByRole('button', { name: 'Download' })).toBeTruthy();
    delete (navigator as { pdfViewerEnabled?: boolean }).pdfViewerEnabled;
  });

  it('says when no file was chosen, or the file is no longer in the chat', async () => {
    const { unmount } = open('');
    expect(screen.getByText('No file was chosen.')).toBeTruthy();
    unmount();
    open('?uuid=room-1&message=m-unknown&family=v2');
    expect(await screen.findByText('This file is no longer in the chat.')).toBeTruthy();
  });

  it('offers Try again when the list cannot be loaded', async () => {
    listAnswer = () => new Response('', { status: 500 });
    open('?uuid=room-1&message=m-1&family=v2');
    expect(await screen.findByText('This file could not be opened.')).toBeTruthy();
    listAnswer = () => Response.json({ error: false, status_code: 200, files: FILES });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('img', { name: 'a.png' })).toBeTruthy();
  });
});
