// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../shared/storage/storage.ts';
import type { Translator } from '../../shared/i18n/translator.ts';
import { SessionProvider } from '../../shared/session/session-context.tsx';
import type { SessionController } from '../../shared/session/session-types.ts';
import { createTestI18n, createTestQueryClient, json, renderApp, stubRequestAndFetch } from '../../shared/testing/render-app.tsx';
import { ChangePasswordPage } from './change-password-page.tsx';
import { LoginPage } from './login-page.tsx';

let i18nInstance: Translator;
beforeAll(() => {
  i18nInstance = createTestI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const signedOut = { status: 'signed-out' };
function renderWithSession(ui: React.ReactNode, controller: Partial<SessionController> = {}) {
  const fake = { signIn: vi.fn(async () => undefined), signOut: vi.fn(async () => undefined), subscribe: () => () => undefined, getState: () => signedOut, ...controller } as unknown as SessionController;
  renderApp(<SessionProvider controller={fake}>{ui}</SessionProvider>, { queryClient: createTestQueryClient(), i18nInstance });
  return { controller: fake, user: userEvent.setup() };
}

describe('the login screen', () => {
  it('shows the brand: the app name and the PWA version of SPEC §1', () => {
    renderWithSession(<LoginPage />);
    expect(screen.getByText('ESS Workplace')).toBeTruthy();
    expect(screen.getByText('Version 2.2.031')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
  });

  it('shows and hides the password with its named button, and signs in with what was typed', async () => {
    stubRequestAndFetch((url) => (url.pathname === '/api/auth/login' ? json({ error: false, status_code: 200, access_token: 'token-1' }) : json({}, 404)));
    const { controller, user } = renderWithSession(<LoginPage />);
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(password.type).toBe('password');

    await user.type(password, 's3cret');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.type).toBe('text');
    expect(password.value).toBe('s3cret');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.type).toBe('password');
    expect(screen.getByRole('button', { name: 'Show password' })).toBeTruthy();

    await user.type(screen.getByLabelText('Employee number or username'), 'ayu.lestari');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(controller.signIn).toHaveBeenCalledWith('token-1', undefined));
  });

  it('keeps the SPEC §8 form checks: an empty form says what is missing', async () => {
    const { controller, user } = renderWithSession(<LoginPage />);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your employee number or username.')).toBeTruthy();
    expect(screen.getByText('Enter your password.')).toBeTruthy();
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(controller.signIn).not.toHaveBeenCalled();
  });

  it('keeps the button busy, "Signing in..." and disabled, while the login call runs', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    stubRequestAndFetch(async (url) => {
      await held;
      return url.pathname === '/api/auth/login' ? json({ error: false, status_code: 200, access_token: 'token-1' }) : json({}, 404);
    });
    const { controller, user } = renderWithSession(<LoginPage />);
    await user.type(screen.getByLabelText('Employee number or username'), '100234');
    await user.type(screen.getByLabelText('Password'), 's3cret-Passw0rd');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const busy = await screen.findByRole('button', { name: /Signing in/ });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(controller.signIn).not.toHaveBeenCalled();
    release();
    await waitFor(() => expect(controller.signIn).toHaveBeenCalledWith('token-1', undefined));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy());
  });

  it("wrong credentials (the contract's 401) show the server's message and keep what was typed", async () => {
    stubRequestAndFetch((url) =>
      url.pathname === '/api/auth/login' ? json({ error: true, status_code: 401, error_message: 'These credentials do not match our records.' }, 401) : json({}, 404),
    );
    const { controller, user } = renderWithSession(<LoginPage />);
    await user.type(screen.getByLabelText('Employee number or username'), '100234');
    await user.type(screen.getByLabelText('Password'), 's3cret-Passw0rd');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('These credentials do not match our records.');
    expect((screen.getByLabelText('Employee number or username') as HTMLInputElement).value).toBe('100234');
    expect(controller.signIn).not.toHaveBeenCalled();
    expect(screen.getByTestId('location').textContent).toBe('/home');
  });
});

describe('the change-password screen', () => {
  it('is on the same layout (brand and version) and each password field has its own show button', async () => {
    const { user } = renderWithSession(<ChangePasswordPage />);
    expect(screen.getByText('Version 2.2.031')).toBeTruthy();
    const fields = ['Current password', 'New password', 'Confirm new password'].map((label) => screen.getByLabelText(label) as HTMLInputElement);
    const toggles = screen.getAllByRole('button', { name: 'Show password' });
    expect(toggles).toHaveLength(3);
    await user.click(toggles[1]!);
    expect(fields.map((field) => field.type)).toEqual(['password', 'text', 'password']);
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
  });

  it('checks its fields (too short, not matching), then sends the three fields and completes the change', async () => {
    const sent: unknown[] = [];
    stubRequestAndFetch(async (url, request) => {
      if (url.pathname !== '/api/auth/change-password') return json({}, 404);
      sent.push(await request.json());
      return json({ error: false, status_code: 200, message: 'Password changed successfully.' });
    });
    const completePasswordChange = vi.fn(async () => undefined);
    const { user } = renderWithSession(<ChangePasswordPage />, { completePasswordChange });
    const submit = () => user.click(screen.getByRole('button', { name: 'Change password' }));

    await user.type(screen.getByLabelText('Current password'), 's3cret-Passw0rd');
    await user.type(screen.getByLabelText('New password'), 'short');
    await submit();
    expect(await screen.findByText('Use at least 8 characters.')).toBeTruthy();

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'N3w-s3cret-Passw0rd');
    await user.type(screen.getByLabelText('Confirm new password'), 'N3w-s3cret-Passw0rd-typo');
    await submit();
    expect(await screen.findByText('The passwords do not match.')).toBeTruthy();
    expect(sent).toEqual([]);

    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'N3w-s3cret-Passw0rd');
    await submit();
    await waitFor(() => expect(completePasswordChange).toHaveBeenCalledTimes(1));
    expect(sent).toEqual([{ current_password: 's3cret-Passw0rd', new_password: 'N3w-s3cret-Passw0rd', new_password_confirmation: 'N3w-s3cret-Passw0rd' }]);
  });
});

describe('the login screen\'s language choice', () => {
  const file = (language: string): unknown => JSON.parse(readFileSync(resolve(import.meta.dirname, `../../../public/assets/i18n/${language}.json`), 'utf8'));

  /** The app's own modules afresh (the app translator and the storage are module state), started as bootstrap starts them. */
  async function startLogin(stored?: string) {
    stubRequestAndFetch((url) => {
      const language = /^\/assets\/i18n\/(en|id)\.json$/.exec(url.pathname)?.[1];
      return language ? json(file(language)) : json({}, 404);
    });
    vi.resetModules();
    const { initAppStorage } = await import('../../shared/storage/storage.ts');
    const { initI18n } = await import('../../shared/i18n/i18n.ts');
    const { SessionProvider: FreshSessionProvider } = await import('../../shared/session/session-context.tsx');
    const { LoginPage: FreshLoginPage } = await import('./login-page.tsx');
    const storage = await initAppStorage({});
    if (stored) await storage.set(STORAGE_KEYS.language, stored);
    await initI18n(storage);
    const controller = { signIn: vi.fn(), signOut: vi.fn(), subscribe: () => () => undefined, getState: () => signedOut } as unknown as SessionController;
    render(
      <FreshSessionProvider controller={controller}>
        <FreshLoginPage />
      </FreshSessionProvider>,
    );
    return { storage, user: userEvent.setup() };
  }

  it('switches every text to Indonesian and back with one tap, and keeps the choice for the next start', async () => {
    const { storage, user } = await startLogin();
    const choice = screen.getByRole('group', { name: 'Language' });
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('true');
    expect(choice.contains(screen.getByRole('button', { name: 'Bahasa Indonesia' }))).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Bahasa Indonesia' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Masuk' })).toBeTruthy();
    expect(screen.getByLabelText('Kata sandi')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Bahasa' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Bahasa Indonesia' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => expect(storage.get(STORAGE_KEYS.language)).toBe('id'));
    expect(document.documentElement.lang).toBe('id');

    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    await waitFor(() => expect(storage.get(STORAGE_KEYS.language)).toBe('en'));
  });

  it('opens in the stored language, its button pressed', async () => {
    await startLogin('id');
    expect(screen.getByRole('heading', { level: 1, name: 'Masuk' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Bahasa Indonesia' }).getAttribute('aria-pressed')).toBe('true');
  });
});
