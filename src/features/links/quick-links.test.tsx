// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
// The app's configured HTTP client (base '/api', error wrapping, zod validation), as at runtime.
import '../../api/client.ts';
import { subscribe } from '../../shared/events/app-events.ts';
import { stubDocumentRequest } from '../../api/testing/document-request.ts';
import type { Translator } from '../../shared/i18n/translator.ts';
import { renderApp } from '../../shared/testing/render-app.tsx';
import { createTestI18n } from '../../shared/testing/test-i18n.ts';
import { toHttpUrl } from './external-window.ts';
import { QuickLinks } from './quick-links.tsx';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const SSO_URL = 'https://sunfish.company.example/sso?token=6f1d0c2b9e';
const JOB_URL = 'https://jobs.company.example/login?token=a81c77e0';
const SSO_DEFAULT = 'Something went wrong. Please try again later!';
const CHECK_CONNECTION = 'Sorry, something went wrong. Please check your internet connection and try again.';

interface FakeWindow {
  opener: unknown;
  closed: boolean;
  location: { href: string };
  close: ReturnType<typeof vi.fn>;
}

const fetchMock = vi.fn<(request: Request) => Promise<Response>>();
let i18nInstance: Translator;
let popup: FakeWindow;
let openMock: ReturnType<typeof vi.fn>;
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
  vi.stubGlobal('fetch', fetchMock);
  popup = { opener: window, closed: false, location: { href: 'about:blank' }, close: vi.fn() };
  openMock = vi.fn(() => popup);
  vi.spyOn(window, 'open').mockImplementation(openMock as unknown as typeof window.open);
  logouts = 0;
  unsubscribe = subscribe('user:logout', () => logouts++);
});

afterEach(() => {
  unsubscribe();
  cleanup();
  vi.restoreAllMocks();
});

function renderLinks() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  renderApp(<QuickLinks />, { queryClient, i18nInstance });
  return { queryClient, user: userEvent.setup() };
}

const location = () => screen.getByTestId('location').textContent;
const ssoButton = () => screen.getByRole('button', { name: /Sunfish HR/ });
const jobButton = () => screen.getByRole('button', { name: /Job portal/ });

function answerWith(body: unknown, status = 200) {
  fetchMock.mockImplementation(async () => json(body, status));
}

function failNetwork() {
  fetchMock.mockImplementation(async () => {
    throw new TypeError('Failed to fetch');
  });
}

/** Holds the answer until released, to see the busy state. */
function holdAnswer(body: unknown) {
  let release!: () => void;
  const held = new Promise<void>((done) => (release = done));
  fetchMock.mockImplementation(async () => {
    await held;
    return json(body);
  });
  return release;
}

async function dismissAlert(text: string) {
  const alert = await screen.findByRole('alertdialog');
  expect(within(alert).getByRole('heading').textContent).toBe('Error');
  expect(within(alert).getByText(text)).toBeTruthy();
  await userEvent.click(within(alert).getByRole('button', { name: 'Ok' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
}

describe('the quick links section', () => {
  it('has a heading and the two named buttons in a list', () => {
    renderLinks();
    expect(screen.getByRole('heading', { name: 'Quick links' })).toBeTruthy();
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Sunfish HR', 'Job portal']);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('single sign-on (SPEC §7, §8)', () => {
  it('POSTs /sunfish-sso/request-token with an empty body and opens the returned URL in the window opened on tap', async () => {
    const release = holdAnswer({ status: true, data: SSO_URL });
    const { user } = renderLinks();
    await user.click(ssoButton());
    // The blank window is opened during the tap itself (popup blockers), before the answer.
    expect(openMock).toHaveBeenCalledWith('', '_blank');
    expect(ssoButton().hasAttribute('disabled')).toBe(true);
    expect(within(ssoButton()).getByRole('status').textContent).toBe('Opening...');
    expect(jobButton().hasAttribute('disabled')).toBe(false);

    release();
    await waitFor(() => expect(popup.location.href).toBe(SSO_URL));
    expect(popup.opener).toBeNull();
    expect(popup.close).not.toHaveBeenCalled();
    expect(openMock).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(ssoButton().hasAttribute('disabled')).toBe(false));

    const request = fetchMock.mock.calls[0]![0];
    expect(new URL(request.url).pathname).toBe('/api/sunfish-sso/request-token');
    expect(request.method).toBe('POST');
    expect(await request.text()).toBe('');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('falls back to opening the URL directly when the browser refused the blank window', async () => {
    openMock.mockImplementation(() => null);
    answerWith({ status: true, data: SSO_URL });
    const { user } = renderLinks();
    await user.click(ssoButton());
    await waitFor(() => expect(openMock).toHaveBeenLastCalledWith(SSO_URL, '_blank', 'noopener'));
  });

  it.each([
    ['data null', { status: false, data: null, error_message: 'Your Sunfish account is not active.' }],
    ['no data', { status: false, error_message: 'Your Sunfish account is not active.' }],
  ])("status false with an error_message (%s) → dialog 'Error' with the server's message and Ok; the blank window closes", async (_label, body) => {
    answerWith(body);
    const { user } = renderLinks();
    await user.click(ssoButton());
    await dismissAlert('Your Sunfish account is not active.');
    expect(popup.close).toHaveBeenCalled();
    expect(popup.location.href).toBe('about:blank');
  });

  for (const [name, body] of [
    ['status false without a message', { status: false, data: null }],
    ['no status at all', { data: SSO_URL }],
    ['an empty message', { status: 0, error_message: '' }],
  ] as const) {
    it(`${name} → '${SSO_DEFAULT}'`, async () => {
      answerWith(body);
      const { user } = renderLinks();
      await user.click(ssoButton());
      await dismissAlert(SSO_DEFAULT);
      expect(popup.close).toHaveBeenCalled();
    });
  }

  it("an error in the body shows the server's message", async () => {
    answerWith({ error: true, status_code: 500, error_message: 'Sunfish is down.' });
    const { user } = renderLinks();
    await user.click(ssoButton());
    await dismissAlert('Sunfish is down.');
  });

  it("an HTTP 500 shows the server's message", async () => {
    answerWith({ error: true, status_code: 500, error_message: 'The service is temporarily unavailable.' }, 500);
    const { user } = renderLinks();
    await user.click(ssoButton());
    await dismissAlert('The service is temporarily unavailable.');
    expect(popup.close).toHaveBeenCalled();
  });

  it('an HTTP 500 without a message shows the default', async () => {
    fetchMock.mockImplementation(async () => new Response('Bad gateway', { status: 502 }));
    const { user } = renderLinks();
    await user.click(ssoButton());
    await dismissAlert(SSO_DEFAULT);
  });

  it('a network failure → the default, the blank window closes', async () => {
    failNetwork();
    const { user } = renderLinks();
    await user.click(ssoButton());
    await dismissAlert(SSO_DEFAULT);
    expect(popup.close).toHaveBeenCalled();
    await waitFor(() => expect(ssoButton().hasAttribute('disabled')).toBe(false));
  });

  for (const hostile of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'ftp://files.example/x', '/relative']) {
    it(`a non-http URL (${hostile}) is refused: never opened, the default shown`, async () => {
      answerWith({ status: true, data: hostile });
      const { user } = renderLinks();
      await user.click(ssoButton());
      await dismissAlert(SSO_DEFAULT);
      expect(popup.location.href).toBe('about:blank');
      expect(popup.close).toHaveBeenCalled();
      expect(openMock).toHaveBeenCalledTimes(1);
    });
  }

  it('an HTTP 401 logs out without a dialog', async () => {
    answerWith({ error: true, status_code: 401, error_message: 'Unauthenticated.' }, 401);
    const { user } = renderLinks();
    await user.click(ssoButton());
    await waitFor(() => expect(logouts).toBe(1));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(popup.close).toHaveBeenCalled();
  });

  it('a second tap while the call runs does nothing', async () => {
    const release = holdAnswer({ status: true, data: SSO_URL });
    const { user } = renderLinks();
    await user.click(ssoButton());
    await user.click(ssoButton());
    release();
    await waitFor(() => expect(popup.location.href).toBe(SSO_URL));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(openMock).toHaveBeenCalledTimes(1);
  });
});

describe('the job portal (SPEC §7, §8)', () => {
  it('GETs /city-job/generate-token on tap (not before) and opens the url in a new tab', async () => {
    const release = holdAnswer({ error: false, status_code: 200, url: JOB_URL });
    const { user } = renderLinks();
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(jobButton());
    expect(openMock).toHaveBeenCalledWith('', '_blank');
    expect(jobButton().hasAttribute('disabled')).toBe(true);
    expect(within(jobButton()).getByRole('status').textContent).toBe('Opening...');
    release();
    await waitFor(() => expect(popup.location.href).toBe(JOB_URL));
    expect(popup.opener).toBeNull();
    const request = fetchMock.mock.calls[0]![0];
    expect(new URL(request.url).pathname).toBe('/api/city-job/generate-token');
    expect(request.method).toBe('GET');
    await waitFor(() => expect(jobButton().hasAttribute('disabled')).toBe(false));
  });

  it('asks for a new token on every tap', async () => {
    answerWith({ error: false, url: JOB_URL });
    const { user } = renderLinks();
    await user.click(jobButton());
    await waitFor(() => expect(popup.location.href).toBe(JOB_URL));
    await waitFor(() => expect(jobButton().hasAttribute('disabled')).toBe(false));
    await user.click(jobButton());
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
  });

  it('a network failure → the check-connection message', async () => {
    failNetwork();
    const { user } = renderLinks();
    await user.click(jobButton());
    await dismissAlert(CHECK_CONNECTION);
    expect(popup.close).toHaveBeenCalled();
    expect(location()).toBe('/home');
  });

  it('CHANGE_PASSWORD → /change-password, the blank window closes', async () => {
    answerWith({ error: true, status_code: 'CHANGE_PASSWORD', error_message: 'Please change your password to continue.' });
    const { user } = renderLinks();
    await user.click(jobButton());
    await waitFor(() => expect(location()).toBe('/change-password'));
    expect(popup.close).toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  for (const [name, body, status] of [
    ['401 as a number in the body', { error: true, status_code: 401, error_message: 'Unauthenticated.' }, 200],
    ['401 as a string in the body', { error: true, status_code: '401', error_message: 'Unauthenticated.' }, 200],
    ['an HTTP 401', { error: true, status_code: 401, error_message: 'Unauthenticated.' }, 401],
  ] as const) {
    it(`${name} → logout`, async () => {
      answerWith(body, status);
      const { user } = renderLinks();
      await user.click(jobButton());
      await waitFor(() => expect(logouts).toBe(1));
      expect(screen.queryByRole('alertdialog')).toBeNull();
    });
  }

  it("another error in the body → its message", async () => {
    answerWith({ error: true, status_code: 503, error_message: 'The job portal is under maintenance.' });
    const { user } = renderLinks();
    await user.click(jobButton());
    await dismissAlert('The job portal is under maintenance.');
    expect(location()).toBe('/home');
  });

  it('an answer without a usable url → the default message, nothing opened', async () => {
    answerWith({ error: false });
    const { user } = renderLinks();
    await user.click(jobButton());
    await dismissAlert('Sorry, something went wrong. Please try again later.');
    expect(popup.location.href).toBe('about:blank');
    expect(popup.close).toHaveBeenCalled();
  });

  it('a javascript: url is refused', async () => {
    answerWith({ error: false, url: 'javascript:alert(1)' });
    const { user } = renderLinks();
    await user.click(jobButton());
    await dismissAlert('Sorry, something went wrong. Please try again later.');
    expect(popup.location.href).toBe('about:blank');
  });
});

describe('toHttpUrl', () => {
  it('keeps absolute http(s) URLs only', () => {
    expect(toHttpUrl(SSO_URL)).toBe(SSO_URL);
    expect(toHttpUrl('http://jobs.example/x')).toBe('http://jobs.example/x');
    for (const value of ['javascript:alert(1)', ' JAVASCRIPT:alert(1)', 'data:text/html,x', 'vbscript:x', '//evil.example', '/home', '', null, 42]) {
      expect(toHttpUrl(value)).toBeNull();
    }
  });
});
