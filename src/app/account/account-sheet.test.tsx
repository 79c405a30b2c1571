// @vitest-environment happy-dom
// The account sheet (issue 37) as a person meets it from a tab screen's header: the avatar named after
// them opens it, it shows who is signed in, My QR opens their code, the settings are Home's controls,
// Log out runs the session's logout flow, and Escape closes it with focus back on the avatar.
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../shared/i18n/react.tsx';
import type { Translator } from '../../shared/i18n/translator.ts';
import { SessionProvider } from '../../shared/session/session-context.tsx';
import type { SessionController, SessionState } from '../../shared/session/session-types.ts';
import { createTestI18n, createTestQueryClient } from '../../shared/testing/render-app.tsx';
import { HeaderAccountContext } from '../../shared/ui/header-account.tsx';
import { ScreenHeader } from '../../shared/ui/screen-header.tsx';
import { AccountButton } from './account-button.tsx';

let i18nInstance: Translator;
beforeAll(() => {
  i18nInstance = createTestI18n();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const SIGNED_IN: SessionState = {
  status: 'signed-in',
  userData: { changed_password: 1, compliance_ping: null, user: { id: 7, first_name: 'Ayu', last_name: 'Lestari', employee_number: 'EMP-0007', email: 'ayu@example.com' } },
};

function renderHeader(state: SessionState = SIGNED_IN) {
  const signOut = vi.fn(() => Promise.resolve());
  const controller = { getState: () => state, subscribe: () => () => undefined, signOut } as unknown as SessionController;
  render(
    <I18nProvider i18n={i18nInstance}>
      <QueryClientProvider client={createTestQueryClient()}>
        <SessionProvider controller={controller}>
          <MemoryRouter initialEntries={['/chats']}>
            <HeaderAccountContext.Provider value={<AccountButton />}>
              <ScreenHeader title="Chats" />
            </HeaderAccountContext.Provider>
          </MemoryRouter>
        </SessionProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { user: userEvent.setup(), signOut };
}

describe('the account sheet', () => {
  it('opens from the avatar named after the person and shows who is signed in', async () => {
    const { user } = renderHeader();
    const avatar = screen.getByRole('button', { name: 'Account and settings, Ayu Lestari' });
    expect(avatar.textContent).toBe('AL');
    await user.click(avatar);
    const sheet = await screen.findByRole('dialog', { name: 'Account' });
    expect(within(sheet).getByTestId('account-name').textContent).toBe('Ayu Lestari');
    expect(within(sheet).getByText('Employee number EMP-0007')).toBeTruthy();
    expect(within(sheet).getByText('ayu@example.com')).toBeTruthy();
    // Home's settings controls, not a copy: the language and the theme.
    expect(within(sheet).getByRole('heading', { name: 'Settings' })).toBeTruthy();
    expect(within(sheet).getByRole('combobox', { name: 'Language' })).toBeTruthy();
    expect(within(sheet).getByRole('radiogroup', { name: 'Theme' })).toBeTruthy();
    expect(avatar.getAttribute('aria-expanded')).toBe('true');
  });

  it('shows the picture when the person has one, and says "Account and settings" without a name', async () => {
    renderHeader({ status: 'signed-in', userData: { changed_password: 1, compliance_ping: null, user: { id: 8, signed_profile_picture_url: 'https://cdn.example.com/me.jpg' } } });
    const avatar = screen.getByRole('button', { name: 'Account and settings' });
    expect(avatar.querySelector('img')?.getAttribute('src')).toBe('https://cdn.example.com/me.jpg');
  });

  it('My QR closes the sheet and opens the employee code', async () => {
    const { user } = renderHeader();
    await user.click(screen.getByRole('button', { name: 'Account and settings, Ayu Lestari' }));
    const sheet = await screen.findByRole('dialog', { name: 'Account' });
    await user.click(within(sheet).getByRole('button', { name: 'My QR' }));
    const myQr = await screen.findByRole('dialog', { name: 'My QR' });
    expect(within(myQr).getByText('Employee number EMP-0007')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Account' })).toBeNull();
  });

  it('Log out runs the logout flow once and closes the sheet', async () => {
    const { user, signOut } = renderHeader();
    await user.click(screen.getByRole('button', { name: 'Account and settings, Ayu Lestari' }));
    const sheet = await screen.findByRole('dialog', { name: 'Account' });
    expect(signOut).not.toHaveBeenCalled();
    await user.click(within(sheet).getByRole('button', { name: 'Log out' }));
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: 'Account' })).toBeNull();
  });

  it('Escape closes it and focus returns to the avatar', async () => {
    const { user } = renderHeader();
    const avatar = screen.getByRole('button', { name: 'Account and settings, Ayu Lestari' });
    await user.click(avatar);
    await screen.findByRole('dialog', { name: 'Account' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Account' })).toBeNull());
    expect(document.activeElement).toBe(avatar);
    expect(avatar.getAttribute('aria-expanded')).toBe('false');
  });
});
