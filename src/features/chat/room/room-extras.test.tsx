// @vitest-environment happy-dom
// Issue 24's room extras, as a person in the room notices them: the typing signal the composer sends
// (throttled, stopped), "Budi is typing…" from the others' signals (never one's own, gone after 6 s or
// with their message), and the search's words marked in message texts (text only, never HTML).
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publish, type AppEvents } from '../../../shared/events/app-events.ts';
import { I18nProvider } from '../../../shared/i18n/react.tsx';
import { createTestI18n } from '../../../shared/testing/test-i18n.ts';
import { MessageText } from './message-text.tsx';
import { SearchTermContext } from './search-term.ts';
import { TypingIndicator, TYPING_SHOWN_MS } from './typing-indicator.tsx';
import { SendTypingContext } from './send-typing.ts';
import { createTypingSignal, TYPING_SIGNAL_EVERY_MS } from './typing-signal.ts';

const ROOM = 'b3f1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
afterEach(cleanup);

describe('the typing signal', () => {
  it('says "typing" at most every 3 s while the field changes, and "stopped" once when it is emptied or stopped', () => {
    let now = 1_000;
    const sent: Array<{ roomUuid: string; isTyping: boolean }> = [];
    const typing = createTypingSignal(ROOM, (roomUuid, isTyping) => sent.push({ roomUuid, isTyping }), () => now);
    typing.input('H');
    typing.input('Ha');
    now += TYPING_SIGNAL_EVERY_MS - 1;
    typing.input('Hal');
    expect(sent).toEqual([{ roomUuid: ROOM, isTyping: true }]);
    now += 1;
    typing.input('Halo');
    expect(sent).toHaveLength(2);
    typing.input('   ');
    typing.stop();
    expect(sent.slice(2)).toEqual([{ roomUuid: ROOM, isTyping: false }]);
    typing.stop(); // nothing was being typed: nothing to say
    expect(sent).toHaveLength(3);
  });
});

describe('who is typing', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  const typing = (userId: number, userName: string | null, isTyping = true, roomUuid = ROOM) => act(() => publish('chat:typing', { roomUuid, userId, userName, isTyping }));
  const shown = () => screen.getByTestId('typing-indicator').textContent;

  async function showIndicator(messages?: Array<{ id: number }>) {
    const i18n = createTestI18n();
    render(
      <I18nProvider i18n={i18n}>
        <TypingIndicator roomUuid={ROOM} currentUserId={42} messages={messages} />
      </I18nProvider>,
    );
  }

  it('names one, two, then counts three or more, never oneself nor another room, and forgets a name 6 s after its last signal', async () => {
    await showIndicator();
    expect(shown()).toBe('');
    typing(42, 'Ayu Lestari'); // oneself (another window of the same person)
    typing(57, 'Rizky Pratama', true, 'another-room');
    expect(shown()).toBe('');
    typing(43, 'Budi Santoso');
    expect(shown()).toBe('Budi is typing…');
    expect(screen.getByRole('status')).toBe(screen.getByTestId('typing-indicator'));
    act(() => void vi.advanceTimersByTime(2000));
    typing(61, 'Siti Rahmawati');
    expect(shown()).toBe('Budi and Siti are typing…');
    typing(57, 'Rizky Pratama');
    expect(shown()).toBe('3 people are typing…');
    act(() => void vi.advanceTimersByTime(TYPING_SHOWN_MS - 2000));
    expect(shown()).toBe('Siti and Rizky are typing…');
    act(() => void vi.advanceTimersByTime(2000));
    expect(shown()).toBe('');
  });

  it('hands the room its typing signal once its code is there, and says "stopped" when the room goes', async () => {
    const i18n = createTestI18n();
    const signals: unknown[] = [];
    const sent: Array<{ roomUuid: string; isTyping: boolean }> = [];
    // What src/app hands the chat feature: the live-chat socket's sender.
    const { unmount } = render(
      <I18nProvider i18n={i18n}>
        <SendTypingContext.Provider value={(roomUuid, isTyping) => sent.push({ roomUuid, isTyping })}>
          <TypingIndicator roomUuid={ROOM} currentUserId={42} onSignal={(signal) => signals.push(signal)} />
        </SendTypingContext.Provider>
      </I18nProvider>,
    );
    // The signal handed last is the live one (StrictMode mounts twice: the first was handed, stopped and taken back).
    const signal = signals.at(-1) as { input(text: string): void };
    signal.input('Halo');
    unmount();
    expect(signals.at(-1)).toBeUndefined();
    expect(sent).toEqual([
      { roomUuid: ROOM, isTyping: true },
      { roomUuid: ROOM, isTyping: false },
    ]);
  });

  it('keeps a name while only an older message of theirs changes (a read mark, a reaction)', async () => {
    await showIndicator([{ id: 40 }, { id: 50 }]);
    typing(43, 'Budi Santoso');
    const liveMessage = (id: number) =>
      act(() =>
        publish('chat:live-chat', { roomId: 1201, roomUuid: ROOM, unread: 0, lastMessage: null, message: { id, uuid: `m-${id}`, user_id: 43 } as AppEvents['chat:live-chat']['message'] }),
      );
    liveMessage(50);
    liveMessage(40);
    expect(shown()).toBe('Budi is typing…');
    liveMessage(51);
    expect(shown()).toBe('');
  });

  it('drops a name when that person stops or their message arrives, and says "Someone" without a name', async () => {
    await showIndicator();
    typing(43, 'Budi Santoso');
    typing(43, 'Budi Santoso', false);
    expect(shown()).toBe('');
    typing(61, null);
    expect(shown()).toBe('Someone is typing…');
    act(() =>
      publish('chat:live-chat', {
        roomId: 1201,
        roomUuid: ROOM,
        unread: 0,
        lastMessage: null,
        message: { id: 1, uuid: 'm-1', user_id: 61, message_content: 'Halo' } as AppEvents['chat:live-chat']['message'],
      }),
    );
    expect(shown()).toBe('');
  });
});

describe("the search's marks in a message", () => {
  const show = (text: string, term: string) =>
    render(
      <SearchTermContext.Provider value={term}>
        <p data-testid="text">
          <MessageText text={text} />
        </p>
      </SearchTermContext.Provider>,
    ).container.querySelector('p')!;

  it('marks every occurrence case-insensitively and keeps the text as it is', () => {
    const text = show('Laporan stok: LAPORAN minggu ini ada di https://intranet.example/laporan', 'laporan');
    expect([...text.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['Laporan', 'LAPORAN']);
    expect(text.textContent).toBe('Laporan stok: LAPORAN minggu ini ada di https://intranet.example/laporan');
    expect(text.querySelector('a')?.getAttribute('href')).toBe('https://intranet.example/laporan');
  });

  it('takes the words as text, never as a pattern or HTML', () => {
    const text = show('Harga (a+b) <b>naik</b>? Ya.', '(a+b) <b>');
    expect([...text.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['(a+b) <b>']);
    expect(text.querySelector('b')).toBeNull();
    expect(show('no match here', '.*').querySelectorAll('mark')).toHaveLength(0);
  });

  it('marks nothing while no search is open', () => {
    expect(show('Laporan', '').querySelectorAll('mark')).toHaveLength(0);
  });
});
