// @vitest-environment happy-dom
// Issue 33: one message whose date cannot be read (a contract-valid `string` that is no date) takes
// nothing down: it has no day separator and no time, the messages around it show with theirs, and the
// day it sits in is not named twice.
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatDay, formatTime } from '../../../shared/format/formatters.ts';
import type { Translator } from '../../../shared/i18n/translator.ts';
import { createTestQueryClient } from '../../../shared/testing/render-app.tsx';
import { createTestI18n } from '../../../shared/testing/test-i18n.ts';
import type { RoomMessage } from '../api/message-model.ts';
import { renderChat } from '../testing/render-chat.tsx';
import { MessageList } from './message-list.tsx';
import { firstUnreadOf } from './use-room.ts';

vi.mock('virtua', () => import('../testing/virtua-mock.tsx'));

let i18nInstance: Translator;
beforeAll(() => {
  i18nInstance = createTestI18n();
});
afterEach(cleanup);

const message = (id: number, text: string, createdAt: string | null): RoomMessage => ({
  id,
  uuid: `m-${id}`,
  clientId: null,
  senderId: 7,
  senderName: 'Budi Santoso',
  senderAvatar: null,
  own: false,
  kind: 'text',
  text,
  file: null,
  sticker: null,
  poll: null,
  createdAt,
  pinnedAt: null,
  edited: false,
  deleted: false,
});

const show = (messages: RoomMessage[], firstUnread: string | null = null) =>
  renderChat(
    <MessageList
      messages={messages}
      isGroup={false}
      hasOlder={false}
      hasNewer={false}
      loadingOlder={false}
      onLoadOlder={() => undefined}
      onLoadNewer={() => undefined}
      focus={null}
      firstUnread={firstUnread}
    />,
    { queryClient: createTestQueryClient(), i18nInstance, at: '/chats/chat' },
  );

const separators = () => screen.queryAllByRole('separator').map((separator) => separator.textContent);
const bubble = (text: string) => screen.getAllByTestId('message').find((row) => row.textContent?.includes(text))!;

describe('the day separators of a room (issue 33)', () => {
  it('shows the rest of the room around a message whose date is no date: no separator and no time for it, the day named once', () => {
    const first = '2024-05-01T08:00:00Z';
    const later = '2024-05-01T09:30:00Z';
    const next = '2024-05-02T10:00:00Z';
    show([message(1, 'Good morning', first), message(2, 'Broken clock', 'yesterday-ish'), message(3, 'Still the first', later), message(4, 'Next day', next)]);

    expect(screen.getAllByTestId('message')).toHaveLength(4);
    expect(separators()).toEqual([formatDay(new Date(first), 'en'), formatDay(new Date(next), 'en')]);
    expect(within(bubble('Broken clock')).queryByText(/\d/)).toBeNull();
    expect(bubble('Broken clock').querySelector('time')).toBeNull();
    expect(within(bubble('Still the first')).getByText(formatTime(new Date(later), 'en'))).toBeTruthy();
  });

  it('names the day of good dates as before, also after a message without a date', () => {
    const first = '2024-05-01T08:00:00Z';
    const next = '2024-05-03T08:00:00Z';
    show([message(1, 'One', first), message(2, 'Two', null), message(3, 'Three', next)]);
    expect(separators()).toEqual([formatDay(new Date(first), 'en'), formatDay(new Date(next), 'en')]);
  });

  it('takes a room of nothing but unreadable dates without a separator or a time, every message shown', () => {
    const odd = ['', 'not a date', '2024-13-45T99:99:99Z', '+275760-09-13T00:00:00.001Z', '9'.repeat(400), '\u0000'];
    show(odd.map((createdAt, index) => message(index + 1, `Message ${index + 1}`, createdAt)));
    expect(screen.getAllByTestId('message')).toHaveLength(odd.length);
    expect(separators()).toEqual([]);
    expect(document.querySelector('time')).toBeNull();
  });
});

describe('the "New messages" divider (issue 37)', () => {
  const day = '2024-05-01T08:00:00Z';
  const mine = (id: number, text: string): RoomMessage => ({ ...message(id, text, day), own: true, senderId: 42, senderName: 'Ayu Lestari' });
  const room = [message(1, 'Old news', day), mine(2, 'My answer'), message(3, 'First new', day), mine(4, 'Typed meanwhile'), message(5, 'Second new', day)];
  const divider = () => screen.queryByTestId('new-messages-divider');

  it('stands right before the first unread message, between what was read and what is new', () => {
    show(room, 'm-3');
    expect(divider()?.textContent).toBe('New messages');
    expect(divider()?.getAttribute('role')).toBe('separator');
    const order = [...document.querySelectorAll('[data-testid="new-messages-divider"], [data-testid="message"]')].map((node) => node.textContent?.includes('New messages') ? 'divider' : node.textContent?.replace(/\d.*$/, ''));
    expect(order).toEqual(['Old news', 'My answer', 'divider', 'First new', 'Typed meanwhile', 'Second new']);
    expect(screen.getAllByTestId('new-messages-divider')).toHaveLength(1);
  });

  it('is not there when nothing was unread', () => {
    show(room, null);
    expect(divider()).toBeNull();
    expect(screen.queryByText('New messages')).toBeNull();
  });

  it("counts others' messages back from the newest (one's own and a group's events are never unread)", () => {
    expect(firstUnreadOf(room, 2)).toBe('m-3');
    expect(firstUnreadOf(room, 1)).toBe('m-5');
    expect(firstUnreadOf(room, 0)).toBeNull();
    expect(firstUnreadOf([...room, { ...message(6, 'Budi joined', day), kind: 'system' }], 2)).toBe('m-3');
    // More unread than loaded: the oldest of others' loaded messages (everything of theirs shown is new).
    expect(firstUnreadOf(room, 9)).toBe('m-1');
    expect(firstUnreadOf([mine(2, 'Only mine')], 3)).toBeNull();
  });
});
