// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../../shared/i18n/react.tsx';
import type { Translator } from '../../../shared/i18n/translator.ts';
import { createTestI18n } from '../../../shared/testing/test-i18n.ts';
import { chatDb, readDraft } from '../outbox/chat-db.ts';
import { Composer } from './composer.tsx';

let i18nInstance: Translator;
beforeAll(() => {
  i18nInstance = createTestI18n();
});
beforeEach(async () => {
  await (await chatDb()).clear('drafts');
});
afterEach(cleanup);

const field = () => screen.getByRole('textbox', { name: 'Type a message' }) as HTMLTextAreaElement;

/** A composer whose sends resolve only when the test says so (the outbox's IndexedDB write, slowed down). */
function renderComposer() {
  const stored: string[] = [];
  const waiting: (() => void)[] = [];
  const onSend = vi.fn(
    (text: string) =>
      new Promise<void>((done) =>
        waiting.push(() => {
          stored.push(text);
          done();
        }),
      ),
  );
  render(
    <I18nProvider i18n={i18nInstance}>
      <Composer draftKey="room-1" onSend={onSend} onAttach={() => undefined} onStickers={() => undefined} />
    </I18nProvider>,
  );
  const storeNext = async () => {
    await waitFor(() => expect(waiting.length).toBeGreaterThan(0));
    waiting.shift()!();
  };
  return { onSend, stored, storeNext, user: userEvent.setup() };
}

describe('the message field', () => {
  it('clears once the outbox has stored the message, not before', async () => {
    const { user, storeNext, stored } = renderComposer();
    await user.type(field(), 'On my way{Enter}');
    expect(field().value).toBe('On my way');
    await storeNext();
    await waitFor(() => expect(field().value).toBe(''));
    expect(stored).toEqual(['On my way']);
  });

  it('keeps a second message typed and sent while the first is still being stored, and sends both in order', async () => {
    const { user, storeNext, stored, onSend } = renderComposer();
    await user.type(field(), 'First{Enter}');
    await user.clear(field());
    await user.type(field(), 'Second{Enter}');
    await user.type(field(), '{Enter}'); // a double Enter does not send it twice
    await storeNext();
    // The first is stored; the field still holds the second, which is not lost.
    await waitFor(() => expect(stored).toEqual(['First']));
    expect(field().value).toBe('Second');
    await storeNext();
    await waitFor(() => expect(field().value).toBe(''));
    expect(stored).toEqual(['First', 'Second']);
    expect(onSend).toHaveBeenCalledTimes(2);
  });

  it('keeps what is typed after sending, and its draft, when the send finishes', async () => {
    const { user, storeNext } = renderComposer();
    await user.type(field(), 'Sent{Enter}');
    await user.clear(field());
    await user.type(field(), 'Half a thought');
    await storeNext();
    await waitFor(async () => expect(await readDraft('room-1')).toBe('Half a thought'));
    expect(field().value).toBe('Half a thought');
  });

  it('keeps the text when storing fails', async () => {
    const onSend = vi.fn(() => Promise.reject(new Error('QuotaExceededError')));
    render(
      <I18nProvider i18n={i18nInstance}>
        <Composer draftKey="room-1" onSend={onSend} onAttach={() => undefined} onStickers={() => undefined} />
      </I18nProvider>,
    );
    await userEvent.setup().type(field(), 'Keep me{Enter}');
    await waitFor(() => expect(onSend).toHaveBeenCalledOnce());
    expect(field().value).toBe('Keep me');
  });
});
