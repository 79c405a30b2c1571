// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
// The app's configured HTTP client (base '/api', error wrapping, zod validation), as at runtime.
import '../../api/client.ts';
import { getUserDataQueryKey } from '../../../generated/http/@tanstack/react-query.gen.ts';
import { subscribe } from '../../shared/events/app-events.ts';
import { stubDocumentRequest } from '../../api/testing/document-request.ts';
import type { Translator } from '../../shared/i18n/translator.ts';
import { renderApp, unlessAbortedAtOnce } from '../../shared/testing/render-app.tsx';
import { createTestI18n } from '../../shared/testing/test-i18n.ts';
import { MoreButton } from './more-button.tsx';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const USER = { id: 42, first_name: 'Ayu', last_name: 'Lestari' };
const fetchMock = vi.fn<(request: Request) => Promise<Response>>();
let i18nInstance: Translator;
let logouts = 0;
let unsubscribe: () => void;

beforeAll(async () => {
  i18nInstance = createTestI18n();
  stubDocumentRequest();
});

afterAll(() => {
  vi.unstubAllGlobals();
});

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => json({ changed_password: 1, compliance_ping: 0, error: false, status_code: 200, user: USER }));
  // A request the StrictMode double mount cancels at once never goes out (render-app.tsx).
  vi.stubGlobal('fetch', unlessAbortedAtOnce(fetchMock));
  logouts = 0;
  unsubscribe = subscribe('user:logout', () => logouts++);
});

afterEach(() => {
  unsubscribe();
  cleanup();
});

function renderMore({ cached }: { cached?: unknown } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The session's copy from sign-in: the menu must not trust it.
  if (cached) queryClient.setQueryData(getUserDataQueryKey(), cached);
  renderApp(<MoreButton />, { queryClient, i18nInstance });
  return { queryClient, user: userEvent.setup() };
}

const location = () => screen.getByTestId('location').textContent;

/** Holds the user-data answer until released, to see the loading state. */
function holdAnswer(body: unknown, status = 200) {
  let release!: () => void;
  const held = new Promise<void>((done) => (release = done));
  fetchMock.mockImplementation(async () => {
    await held;
    return json(body, status);
  });
  return release;
}

async function dismissAlert(text: string) {
  const alert = await screen.findByRole('alertdialog');
  expect(within(alert).getByRole('heading').textContent).toBe('Error');
  expect(alert.textContent).toContain(text);
  await userEvent.click(within(alert).getByRole('button', { name: 'Ok' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
}

describe('the More button', () => {
  it('is a named button that opens the More dialog', async () => {
    const { user } = renderMore();
    const button = screen.getByRole('button', { name: 'More' });
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'More' });
    expect(within(dialog).getByRole('heading', { name: 'More' })).toBeTruthy();
  });
});

describe('the More modal (SPEC §2, §4)', () => {
  it('shows the title, a Close button and "Loading..." until user data arrives, then exactly one tile "QA Audit"', async () => {
    const release = holdAnswer({ changed_password: 1, compliance_ping: 0, error: false, user: USER });
    const { user } = renderMore();
    await user.click(screen.getByRole('button', { name: 'More' }));
    const dialog = await screen.findByRole('dialog', { name: 'More' });
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy();
    expect(within(dialog).getByRole('status').textContent).toBe('Loading...');
    expect(within(dialog).queryByRole('button', { name: 'QA Audit' })).toBeNull();

    release();
    const tile = await within(dialog).findByRole('button', { name: 'QA Audit' });
    expect(within(dialog).queryByRole('status')).toBeNull();
    const items = within(dialog).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]!.textContent).toBe('QA Audit');
    expect(tile).toBeTruthy();
    const request = fetchMock.mock.calls[0]![0];
    expect(new URL(request.url).pathname).toBe('/api/auth/user-data');
    expect(request.method).toBe('GET');
  });

  it('fetches afresh on every opening even when the session holds user data', async () => {
    const release = holdAnswer({ changed_password: 1, compliance_ping: 0, error: false, user: USER });
    const { user } = renderMore({ cached: { changed_password: 1, compliance_ping: 0, error: false, user: USER } });
    await user.click(screen.getByRole('button', { name: 'More' }));
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(screen.queryByRole('button', { name: 'QA Audit' })).toBeNull();
    release();
    await screen.findByRole('button', { name: 'QA Audit' });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'More' }));
    await screen.findByRole('button', { name: 'QA Audit' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('tapping QA Audit closes the modal and the opener goes to /qa-audit/home', async () => {
    const { user } = renderMore();
    await user.click(screen.getByRole('button', { name: 'More' }));
    await user.click(await screen.findByRole('button', { name: 'QA Audit' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(location()).toBe('/qa-audit/home');
  });

  it('Close and Escape close it without navigating', async () => {
    const { user } = renderMore();
    await user.click(screen.getByRole('button', { name: 'More' }));
    await screen.findByRole('button', { name: 'QA Audit' });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'More' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(location()).toBe('/home');
  });

  it('closing while loading does not navigate later', async () => {
    const release = holdAnswer({ changed_password: 0, compliance_ping: 0, error: false, user: USER });
    const { user } = renderMore();
    await user.click(screen.getByRole('button', { name: 'More' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    release();
    await new Promise((done) => setTimeout(done, 20));
    expect(location()).toBe('/home');
  });

  for (const changed of [0, 2]) {
    it(`changed_password ${String(changed)} sends the user to /change-password and closes the modal`, async () => {
      fetchMock.mockImplementation(async () => json({ changed_password: changed, compliance_ping: 0, error: false, user: USER }));
      const { user } = renderMore();
      await user.click(screen.getByRole('button', { name: 'More' }));
      await waitFor(() => expect(location()).toBe('/change-password'));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(screen.queryByRole('alertdialog')).toBeNull();
    });
  }
});

describe('the More modal errors (SPEC §8)', () => {
  it('CHANGE_PASSWORD in the body → /change-password, no alert', async () => {
    fetchMock.mockImplementation(async () =>
      json({ error: true, status_code: 'CHANGE_PASSWORD', error_message: 'Please change your password to continue.' }),
    );
    const { user } = renderMore();
    await user.click(screen.getByRole('button', { name: 'More' }));
    await waitFor(() => expect(location()).toBe('/change-password'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(logouts).toBe(0);
  });

  for (const [name, body, status] of [
    ['401 as a number in the body', { error: true, status_code: 401, error_message: 'Unauthenticated.' }, 200],
    ['401 as a string in the body', { error: true, status_code: '401', error_message: 'Unauthenticated.' }, 200],
    ['an HTTP 401', { error: true, status_code: 401, error_message: 'Unauthenticated.' }, 401],
  ] as const) {
    it(`${name} → user:logout published, the modal closes`, async () => {
      fetchMock.mockImplementation(async () => json(body, status));
      const { user } = renderMore();
      await user.click(screen.getByRole('button', { name: 'More' }));
      await waitFor(() => expect(logouts).toBe(1));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(screen.queryByRole('alertdialog')).toBeNull();
      expect(location()).toBe('/home');
    });
  }

  it("another error in the body → alert 'Error' with the server's message, then the modal closes", async () => {
    fetchMock.mockImplementation(async () => json({ error: true, status_code: 500, error_message: 'Your account is being synchronised.' }));
    const { user } = renderMore();
    await user.click(screen.getByRole('button', { name: 'More' }));
    await dismissAlert('Your account is being synchronised.');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location()).toBe('/home');
    expect(logouts).toBe(0);
  });

  it('an HTTP 500 → alert with its message, then the modal closes', async () => {
    fetchMock.mockImplementation(async () => json({ error: true, status_code: 500, error_message: 'The service is temporarily unavailable.' }, 500));
    const { user } = renderMore();
    await user.click(screen.getByRole('button', { name: 'More' }));
    await dismissAlert('The service is temporarily unavailable.');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a network failure → the default message, then the modal closes', async () => {
    fetchMock.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    const { user } = renderMore();
    await user.click(screen.getByRole('button', { name: 'More' }));
    await dismissAlert('Sorry, something went wrong. Please try again later.');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('button', { name: 'QA Audit' })).toBeNull();
  });

  it('a malformed answer → the default message, not a crash', async () => {
    fetchMock.mockImplementation(async () => json({ changed_password: 'yes' }));
    const { user } = renderMore();
    await user.click(screen.getByRole('button', { name: 'More' }));
    await dismissAlert('Sorry, something went wrong. Please try again later.');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
