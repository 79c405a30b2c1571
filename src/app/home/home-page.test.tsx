// @vitest-environment happy-dom
// Home's header bell, its Services grid with the search, and the theme setting (issue 22).
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { dispatchBadge } from '../../features/badge/badge-store.ts';
import { I18nProvider } from '../../shared/i18n/react.tsx';
import type { TranslationTree, Translator } from '../../shared/i18n/translator.ts';
import { createTestI18n, createTestQueryClient } from '../../shared/testing/render-app.tsx';
import { startTheme } from '../../shared/ui/theme.ts';
import { HomeServices, SERVICES } from './home-services.tsx';
import { HomeSettings } from './home-settings.tsx';
import { NotificationBell } from './notification-bell.tsx';

let i18nInstance: Translator;

beforeAll(async () => {
  i18nInstance = createTestI18n();
  const id = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../public/assets/i18n/id.json'), 'utf8')) as TranslationTree;
  i18nInstance.addResources('id', id);
});

beforeEach(async () => {
  await i18nInstance.changeLanguage('en');
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  act(() => dispatchBadge({ type: 'reset' }));
  vi.unstubAllGlobals();
});

function renderAtHome(ui: ReactNode) {
  return render(
    <I18nProvider i18n={i18nInstance}>
      <QueryClientProvider client={createTestQueryClient()}>
        <MemoryRouter initialEntries={['/home']}>
          <Routes>
            <Route path="/home" element={ui} />
            <Route path="/notification" element={<h1>Notifications screen</h1>} />
            <Route path="/online-meetings" element={<h1>Online meetings screen</h1>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

describe('the notification bell', () => {
  it('shows the unread notification count, says it in its name, and opens /notification', async () => {
    renderAtHome(<NotificationBell />);
    act(() => dispatchBadge({ type: 'counters', unreadNotifications: 3, unreadMessages: 20 }));
    const bell = screen.getByRole('link', { name: 'Notifications, 3 unread' });
    expect(bell.getAttribute('href')).toBe('/notification');
    expect(within(bell).getByTestId('notification-badge').textContent).toBe('3');

    // SPEC §4: marking one read lowers it by one.
    act(() => dispatchBadge({ type: 'notification-read' }));
    expect(screen.getByRole('link', { name: 'Notifications, 2 unread' })).toBe(bell);

    await userEvent.click(bell);
    expect(screen.getByRole('heading', { name: 'Notifications screen' })).toBeTruthy();
  });

  it('has no count at zero and says none are unread', () => {
    renderAtHome(<NotificationBell />);
    const bell = screen.getByRole('link', { name: 'Notifications, none unread' });
    expect(within(bell).queryByTestId('notification-badge')).toBeNull();
  });

  it('caps the count at 99+', () => {
    renderAtHome(<NotificationBell />);
    act(() => dispatchBadge({ type: 'counters', unreadNotifications: 250 }));
    expect(screen.getByTestId('notification-badge').textContent).toBe('99+');
    expect(screen.getByRole('link', { name: 'Notifications, 250 unread' })).toBeTruthy();
  });
});

describe('Services', () => {
  const tiles = () => within(screen.getByRole('list')).queryAllByRole('link');

  it('lists every service as an icon and its name, each a link to its module', async () => {
    renderAtHome(<HomeServices />);
    expect(SERVICES).toHaveLength(40);
    expect(tiles()).toHaveLength(40);
    const meetings = screen.getByRole('link', { name: 'Online meetings' });
    expect(meetings.getAttribute('href')).toBe('/online-meetings');
    expect(meetings.querySelector('svg')).not.toBeNull();
    expect(meetings.getAttribute('title')).toBe('Online meetings');
    await userEvent.click(meetings);
    expect(screen.getByRole('heading', { name: 'Online meetings screen' })).toBeTruthy();
  });

  it('offers nothing Home already offers elsewhere: chat (the Chat tab), notifications (the bell), a file viewer without a file', () => {
    renderAtHome(<HomeServices />);
    const hrefs = tiles().map((tile) => tile.getAttribute('href'));
    for (const elsewhere of ['/chat', '/live-chat', '/social', '/social-group', '/notification', '/attachment-view', '/workspace', '/main'])
      expect(hrefs, elsewhere).not.toContain(elsewhere);
    expect(new Set(hrefs).size).toBe(hrefs.length);
    expect(hrefs).toContain('/employee-qr-scan');
  });

  it('filters by name as the person types (case aside), and shows an empty state when nothing matches', async () => {
    const user = userEvent.setup();
    renderAtHome(<HomeServices />);
    const search = screen.getByRole('searchbox', { name: 'Search services' });
    await user.type(search, 'STORE');
    expect(tiles().map((tile) => tile.textContent)).toEqual(['Store operations', 'Store operations CP']);

    await user.clear(search);
    await user.type(search, 'zzz');
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getByText('No services match your search')).toBeTruthy();
    expect(screen.getByText('Try another word, or clear the search.')).toBeTruthy();

    await user.clear(search);
    expect(tiles()).toHaveLength(40);
  });

  it('searches the names in the language shown', async () => {
    const user = userEvent.setup();
    await act(() => i18nInstance.changeLanguage('id'));
    renderAtHome(<HomeServices />);
    const search = screen.getByRole('searchbox', { name: 'Cari layanan' });
    const id = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../public/assets/i18n/id.json'), 'utf8')) as { routes: Record<string, string> };
    const helpdesk = id.routes.helpdesk!;
    await user.type(search, helpdesk.toLowerCase());
    expect(tiles().map((tile) => tile.textContent)).toContain(helpdesk);
    expect(tiles().every((tile) => tile.textContent!.toLowerCase().includes(helpdesk.toLowerCase()))).toBe(true);
  });
});

describe('the theme setting', () => {
  it('offers System, Light and Dark; a choice applies data-theme at once and is remembered on this device', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }));
    startTheme();
    renderAtHome(<HomeSettings onLogout={() => undefined} />);
    const group = screen.getByRole('radiogroup', { name: 'Theme' });
    expect(within(group).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(['System', 'Light', 'Dark']);
    expect(within(group).getByRole('radio', { name: 'System' })).toHaveProperty('checked', true);
    expect(document.documentElement.dataset.theme).toBe('light');

    await user.click(within(group).getByRole('radio', { name: 'Dark' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(within(group).getByRole('radio', { name: 'Dark' })).toHaveProperty('checked', true);

    // A new visit (the app starts again): the choice is read back.
    cleanup();
    document.documentElement.removeAttribute('data-theme');
    startTheme();
    expect(document.documentElement.dataset.theme).toBe('dark');
    renderAtHome(<HomeSettings onLogout={() => undefined} />);
    expect(screen.getByRole('radio', { name: 'Dark' })).toHaveProperty('checked', true);

    // System follows the device again.
    await user.click(screen.getByRole('radio', { name: 'System' }));
    expect(document.documentElement.dataset.theme).toBe('light');
    startTheme();
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('keeps Language and Log out beside it', async () => {
    const onLogout = vi.fn();
    renderAtHome(<HomeSettings onLogout={onLogout} />);
    expect(screen.getByLabelText('Language')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });
});
