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

const show = (messages: RoomMessage[]) =>
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
