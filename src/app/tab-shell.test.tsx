// @vitest-environment happy-dom
// Issue 37, item 8: the Chat tab's accessible name says what its badge sums (SPEC §2: unread chat
// messages + unread notifications + pending approvals), plural-aware, in both languages, zeros left out.
import { act, cleanup, render, screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, expect, it } from 'vitest';
import { badgeCounts, EMPTY_COUNTS } from '../shared/domain/badge-counts.ts';
import { I18nProvider } from '../shared/i18n/react.tsx';
import { createTranslator, type TranslationTree } from '../shared/i18n/translator.ts';
import { createTestI18n } from '../shared/testing/test-i18n.ts';
import { TabShell } from './tab-shell.tsx';

afterEach(() => {
  cleanup();
  badgeCounts.set(EMPTY_COUNTS);
});

const indonesian = () => {
  const id = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../public/assets/i18n/id.json'), 'utf8')) as TranslationTree;
  return createTranslator({ language: 'id', fallbackLanguage: 'id', resources: { id } });
};

function renderShell(i18n = createTestI18n()) {
  render(
    <I18nProvider i18n={i18n}>
      <MemoryRouter initialEntries={['/home']}>
        <Routes>
          <Route element={<TabShell />}>
            <Route path="/home" element={<h1>Home screen</h1>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </I18nProvider>,
  );
}

const chatTab = () => screen.getAllByRole('link').find((link) => link.getAttribute('href') === '/chats')!;

it('names the Chat tab with the number it shows and each part of it: "Chat 23, 10 unread messages, 10 notifications, 3 approvals"', () => {
  badgeCounts.set({ unreadMessages: 10, unreadNotifications: 10, pendingApprovals: 3 });
  renderShell();
  expect(screen.getByTestId('chat-badge').textContent).toBe('23');
  expect(chatTab().getAttribute('aria-label')).toBe('Chat 23, 10 unread messages, 10 notifications, 3 approvals');
  expect(screen.getByRole('link', { name: 'Chat 23, 10 unread messages, 10 notifications, 3 approvals' })).toBe(chatTab());
  // What is on screen is the start of the name (WCAG 2.5.3): the label, then the badge's number.
  expect(chatTab().textContent).toBe('Chat 23');
});

it('says one in the singular, leaves out the parts at zero, and is just "Chat" with nothing to count', () => {
  badgeCounts.set({ unreadMessages: 1, unreadNotifications: 0, pendingApprovals: 1 });
  renderShell();
  expect(chatTab().getAttribute('aria-label')).toBe('Chat 2, 1 unread message, 1 approval');
  act(() => badgeCounts.set({ unreadMessages: 0, unreadNotifications: 2, pendingApprovals: 0 }));
  expect(chatTab().getAttribute('aria-label')).toBe('Chat 2, 2 notifications');
  act(() => badgeCounts.set(EMPTY_COUNTS));
  expect(chatTab().getAttribute('aria-label')).toBe('Chat');
  expect(screen.queryByTestId('chat-badge')).toBeNull();
});

it('names it in Indonesian too', () => {
  badgeCounts.set({ unreadMessages: 10, unreadNotifications: 10, pendingApprovals: 3 });
  renderShell(indonesian());
  expect(chatTab().getAttribute('aria-label')).toBe('Chat 23, 10 pesan belum dibaca, 10 notifikasi, 3 persetujuan');
});
