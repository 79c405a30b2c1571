// @vitest-environment happy-dom
// One message on the design system (issue 22): a system line is centred text without a bubble or a menu;
// a file is a card with its type icon, its size and a download button named with the file; an image is
// a thumbnail that opens the whole picture; pending and failed states keep their words.
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Translator } from '../../../shared/i18n/translator.ts';
import { createTestQueryClient } from '../../../shared/testing/render-app.tsx';
import { createTestI18n } from '../../../shared/testing/test-i18n.ts';
import type { RoomMessage } from '../api/message-model.ts';
import { renderChat } from '../testing/render-chat.tsx';
import { MessageBubble } from './message-bubble.tsx';
import { RoomControllerContext, type RoomController } from './room-controller.ts';

let i18nInstance: Translator;
beforeAll(() => {
  i18nInstance = createTestI18n();
});
afterEach(cleanup);

const base: RoomMessage = {
  id: 1,
  uuid: 'm-1',
  clientId: null,
  senderId: 7,
  senderName: 'Ayu Lestari',
  senderAvatar: null,
  own: false,
  kind: 'text',
  text: null,
  file: null,
  sticker: null,
  poll: null,
  createdAt: '2024-05-01T08:00:00Z',
  pinnedAt: null,
  edited: false,
  deleted: false,
};

/** A bubble, alone or in a room (`inRoom`: its controller opens the message's actions and retries what was not sent). */
const show = (message: RoomMessage, { isGroup = true, inRoom = false } = {}) => {
  const bubble = <MessageBubble message={message} showSender isGroup={isGroup} highlighted={false} />;
  const room = { api: { version: 'v2', uuid: 'room-1' }, openActions: () => undefined, retry: () => undefined, discard: () => undefined } as unknown as RoomController;
  return renderChat(inRoom ? <RoomControllerContext.Provider value={room}>{bubble}</RoomControllerContext.Provider> : bubble, { queryClient: createTestQueryClient(), i18nInstance, at: '/chats/chat' });
};

describe('a message (issue 22)', () => {
  it('shows a system line as centred text, without a bubble, a sender or a message menu', () => {
    show({ ...base, kind: 'system', text: 'Ayu Lestari created the group' });
    const line = screen.getByTestId('message');
    expect(line.textContent).toBe('Ayu Lestari created the group');
    expect(line.dataset.kind).toBe('system');
    expect(line.className).toMatch(/systemLine/);
    expect(line.hasAttribute('tabindex')).toBe(false); // no actions to open from it
    expect(screen.queryByRole('img')).toBeNull();
  });

  it("shows another's group message with the sender's name and picture; it takes the focus for its actions, with no permanent button (issue 37)", () => {
    show({ ...base, text: 'Selamat pagi' }, { inRoom: true });
    const bubble = screen.getByTestId('message');
    expect(within(bubble).getByText('Ayu Lestari')).toBeTruthy();
    expect(screen.getByText('AL')).toBeTruthy(); // the sender's initials, no picture sent
    expect(bubble.tabIndex).toBe(0);
    expect(within(bubble).queryByRole('button')).toBeNull();
  });

  it('shows a file as a card: the whole name as its tooltip, the size, and a download button named with the file', async () => {
    const name = 'Laporan Stok Gudang Desember final.xlsx';
    show({ ...base, kind: 'file', file: { name, size: 48_000, url: 'https://files.example/laporan.xlsx', mimeType: null } });
    const download = await screen.findByRole('link', { name: `Download ${name}` });
    expect(download.getAttribute('href')).toBe('https://files.example/laporan.xlsx');
    expect(download.getAttribute('download')).toBe(name);
    expect(screen.getByTitle(name).textContent).toBe(name); // cut in the middle on screen, whole in the text
    expect(screen.getByText('47 KB')).toBeTruthy();
    expect(download.closest('[data-testid="message"]')!.querySelector('svg.lucide-file-spreadsheet')).not.toBeNull();
  });

  it('shows an image as a thumbnail that opens the whole picture in a new tab, with its download', async () => {
    show({ ...base, kind: 'file', file: { name: 'foto-gudang.png', size: 2048, url: 'https://files.example/foto.png', mimeType: 'image/png' } });
    const picture = await screen.findByRole('img', { name: 'foto-gudang.png' });
    const open = picture.closest('a')!;
    expect(open.getAttribute('href')).toBe('https://files.example/foto.png');
    expect(open.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: 'Download foto-gudang.png' })).toBeTruthy();
  });

  it('opens a sent file, its thumbnail or its card, in the attachment viewer of its room; a file still in the outbox does not (issue 24)', async () => {
    const file = { name: 'foto-gudang.png', size: 2048, url: 'https://files.example/foto.png', mimeType: 'image/png' };
    const room = { api: { version: 'v1', uuid: 'room-9' }, outbox: {}, openActions: () => undefined } as unknown as RoomController;
    const inRoom = (message: RoomMessage) =>
      renderChat(
        <RoomControllerContext.Provider value={room}>
          <MessageBubble message={message} showSender isGroup highlighted={false} />
        </RoomControllerContext.Provider>,
        { queryClient: createTestQueryClient(), i18nInstance, at: '/live-chat/chat-room' },
      );
    const { unmount } = inRoom({ ...base, uuid: 'm-42', kind: 'file', file });
    const links = await screen.findAllByRole('link', { name: /^Open foto-gudang\.png/ });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/attachment-view?uuid=room-9&message=m-42&family=v1', '/attachment-view?uuid=room-9&message=m-42&family=v1']);
    expect(links[0]!.querySelector('img')?.getAttribute('alt')).toBe('foto-gudang.png');
    // The card's link is named by all it shows, said once: the name whole (not its two halves) and the size.
    expect(screen.getByRole('link', { name: 'Open foto-gudang.png, 2 KB' })).toBe(links[1]);
    expect(screen.getByRole('link', { name: 'Download foto-gudang.png' }).getAttribute('href')).toBe('https://files.example/foto.png');
    unmount();
    inRoom({ ...base, uuid: 'client-1', kind: 'file', file, own: true, pending: { state: 'sending' } });
    await screen.findByRole('img', { name: 'foto-gudang.png' });
    expect(screen.queryByRole('link', { name: /^Open foto-gudang\.png/ })).toBeNull();
  });

  it('keeps the words of a pending and a failed message (an icon on screen, the words for assistive technology)', () => {
    const { unmount } = show({ ...base, own: true, text: 'Halo', pending: { state: 'sending' } as RoomMessage['pending'] });
    expect(screen.getByText('Sending…')).toBeTruthy();
    unmount();
    show({ ...base, own: true, text: 'Halo', clientId: 'c-1', pending: { state: 'failed', error: 'Too long' } as RoomMessage['pending'] }, { inRoom: true });
    expect(screen.getByText('Not sent')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
  });
});
