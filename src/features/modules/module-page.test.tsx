// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../api/client.ts';
import { config } from '../../api/config.ts';
import { stubDocumentRequest } from '../../api/testing/document-request.ts';
import { I18nProvider } from '../../shared/i18n/react.tsx';
import type { Translator } from '../../shared/i18n/translator.ts';
import { getStorage, initAppStorage } from '../../shared/storage/storage.ts';
import { createTestI18n } from '../../shared/testing/test-i18n.ts';
import { MODULE_LOAD_TIMEOUT_MS, ModulePage } from './module-page.tsx';

let i18nInstance: Translator;

beforeAll(async () => {
  i18nInstance = createTestI18n();
  // The module token is asked through the app's real HTTP client (base '/api'); only fetch is faked.
  stubDocumentRequest();
});

afterAll(() => {
  vi.unstubAllGlobals();
});

const originalIframeBase = config.iframeBase;
const originalModuleTokens = config.moduleTokens;
const originalModulePermissions = config.modulePermissions;
// The company's modules (and the mock's stand-ins) live on their own origin.
const MODULE_ORIGIN = 'http://127.0.0.1:6001';
const BEARER = 'test-access-token';
const MODULE_TOKEN = 'mt_7d1f0c9a4b2e8f6051c3a9d7e2b4f680';
let onLine = true;

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const moduleTokenAnswer = (module = 'online-meetings') => json({ error: false, status_code: 200, token: MODULE_TOKEN, expires_in: 300, scope: `module:${module}` });
const fetchMock = vi.fn<(request: Request) => Promise<Response>>();

// The user's permission list (SPEC §6), stored at sign-in: handed to the modules with the session.
const PERMISSIONS = ['qa-audit', 'live-chat'];

beforeEach(async () => {
  await initAppStorage({});
  await getStorage().set('permissions', PERMISSIONS);
  onLine = true;
  config.iframeBase = `${MODULE_ORIGIN}/modules`;
  config.moduleTokens = 'auto';
  config.modulePermissions = undefined;
  vi.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => onLine);
  setAccessToken(BEARER);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => moduleTokenAnswer());
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  for (const channel of channels.splice(0)) {
    channel.port1.close();
    channel.port2.close();
  }
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  config.iframeBase = originalIframeBase;
  config.moduleTokens = originalModuleTokens;
  config.modulePermissions = originalModulePermissions;
  setAccessToken(undefined);
});

function renderModule(entries: string[] = ['/online-meetings']) {
  return render(
    <I18nProvider i18n={i18nInstance}>
      <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
        <Routes>
          <Route path="/home" element={<p>Home screen</p>} />
          <Route path="/online-meetings" element={<ModulePage path="online-meetings" titleKey="routes.online-meetings" />} />
          <Route path="/faq" element={<ModulePage path="faq" titleKey="routes.faq" />} />
          <Route path="/pick-work-location" element={<ModulePage path="pick-work-location" titleKey="routes.pick-work-location" />} />
          <Route path="/qr-location-checkin" element={<ModulePage path="qr-location-checkin" titleKey="routes.qr-location-checkin" />} />
          <Route path="/employee-qr-scan" element={<ModulePage path="employee-qr-scan" titleKey="routes.employee-qr-scan" />} />
        </Routes>
      </MemoryRouter>
    </I18nProvider>,
  );
}

// The frame by its title (the screen header's title carries the same text as its tooltip).
const frame = (title = 'Online meetings') => {
  const found = screen.getAllByTitle(title).find((element) => element instanceof HTMLIFrameElement);
  if (!found) throw new Error(`no frame titled ${title}`);
  return found as HTMLIFrameElement;
};

const channels: MessageChannel[] = [];

function messageFrom(source: Window | null, origin: string, data: unknown, ports: MessagePort[] = []) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source, ports }));
  });
}

interface AskOptions {
  source?: Window | null;
  origin?: string;
  /** The request's data; by default `{type: 'ess:session-request', handshake}` with the frame's value. */
  data?: unknown;
  /** Whether a port goes with the request (a module sends one to be answered on). */
  withPort?: boolean;
}

/**
 * The module in a frame, as its page would act: it reads the handshake value from its URL and asks
 * with a port; `answers` holds what arrived on its ports, `windowPosts` what was posted to its window
 * (nothing ever should be: the session goes on the asking page's port only).
 */
function moduleIn(iframe = frame()) {
  const target = iframe.contentWindow;
  if (!target) throw new Error('the iframe has no window');
  const windowPosts = vi.spyOn(target, 'postMessage').mockImplementation(() => undefined);
  const handshake = new URLSearchParams(new URL(iframe.src).hash.slice(1)).get('ess-handshake');
  const answers: unknown[] = [];
  const ask = ({ source = target, origin = MODULE_ORIGIN, data = { type: 'ess:session-request', handshake }, withPort = true }: AskOptions = {}) => {
    const channel = new MessageChannel();
    channels.push(channel);
    vi.spyOn(channel.port2, 'postMessage').mockImplementation((message: unknown) => void answers.push(message));
    messageFrom(source, origin, data, withPort ? [channel.port2] : []);
  };
  return { target, handshake, answers, windowPosts, ask };
}

/** Lets the module-token call and the answer run (they are asynchronous), so a missing answer is really missing. */
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 30)));

const moduleTokenCalls = () => fetchMock.mock.calls.filter(([request]) => new URL(request.url).pathname === '/api/auth/module-token');

const session = (fields: Record<string, unknown>) => ({ type: 'ess:session', language: 'en', permissions: PERMISSIONS, ...fields });
const moduleSession = session({ accessToken: MODULE_TOKEN, tokenType: 'module', expiresIn: 300, scope: 'module:online-meetings' });
const bearerSession = session({ accessToken: BEARER, tokenType: 'bearer', expiresIn: null, scope: null });
const noSession = session({ accessToken: null, tokenType: null, expiresIn: null, scope: null });

describe('ModulePage', () => {
  it('shows the loading state first, then the module, and posts nothing when the module loads', async () => {
    renderModule();
    expect(screen.getByRole('status').textContent).toContain('Loading...');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Online meetings');

    const iframe = frame();
    // The module's URL, with this frame's one-time handshake value in the fragment.
    expect(iframe.getAttribute('src')).toMatch(new RegExp(`^${MODULE_ORIGIN}/modules/online-meetings\\?lang=en#ess-handshake=[0-9a-f]{32}$`));
    expect(iframe.getAttribute('sandbox')).toBe(
      'allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-downloads allow-same-origin',
    );
    const { windowPosts } = moduleIn(iframe);

    fireEvent.load(iframe);
    await settle();

    expect(screen.queryByRole('status')).toBeNull();
    expect(windowPosts).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('gives every frame its own handshake value', () => {
    renderModule();
    const first = moduleIn().handshake;
    cleanup();
    renderModule();
    expect(moduleIn().handshake).not.toBe(first);
  });

  it("answers the module's request on its port with a short-lived token scoped to that module, not the bearer token", async () => {
    renderModule();
    const module = moduleIn();
    fireEvent.load(frame());

    module.ask();
    await vi.waitFor(() => expect(module.answers).toHaveLength(1));
    expect(module.answers).toEqual([moduleSession]);
    expect(JSON.stringify(module.answers)).not.toContain(BEARER);
    expect(module.windowPosts).not.toHaveBeenCalled();

    // Asked of the backend for this module, with the user's bearer token (which stays in the app).
    expect(moduleTokenCalls()).toHaveLength(1);
    const [request] = moduleTokenCalls()[0]!;
    expect(request.method).toBe('POST');
    expect(request.headers.get('Authorization')).toBe(`Bearer ${BEARER}`);
    expect(await request.clone().json()).toEqual({ module: 'online-meetings' });
  });

  it('answers a request that comes before the frame has finished loading (a module asks while it is parsed)', async () => {
    renderModule();
    const module = moduleIn();
    module.ask();
    fireEvent.load(frame());
    await vi.waitFor(() => expect(module.answers).toEqual([moduleSession]));
  });

  it('ignores requests from another window or origin, without the handshake value, or without a port', async () => {
    renderModule();
    const module = moduleIn();
    fireEvent.load(frame());

    module.ask({ origin: 'https://evil.example' });
    module.ask({ origin: window.location.origin });
    module.ask({ source: window });
    module.ask({ source: null });
    module.ask({ data: { type: 'something-else', handshake: module.handshake } });
    module.ask({ data: 'ess:session-request' });
    module.ask({ data: { type: 'ess:session-request' } });
    module.ask({ data: { type: 'ess:session-request', handshake: 'f'.repeat(32) } });
    module.ask({ withPort: false });
    await settle();
    expect(module.answers).toEqual([]);
    expect(module.windowPosts).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();

    // The real request is still the first one of this load: answered.
    module.ask();
    await vi.waitFor(() => expect(module.answers).toEqual([moduleSession]));
  });

  it('answers once per module load: a second request of the same load gets nothing', async () => {
    renderModule();
    const module = moduleIn();
    fireEvent.load(frame());
    module.ask();
    module.ask();
    await vi.waitFor(() => expect(module.answers).toHaveLength(1));
    module.ask();
    await settle();
    expect(module.answers).toHaveLength(1);
    expect(moduleTokenCalls()).toHaveLength(1);
  });

  it('gives nothing to another page of the module origin the frame navigated to', async () => {
    renderModule();
    const module = moduleIn();
    fireEvent.load(frame());
    module.ask();
    await vi.waitFor(() => expect(module.answers).toHaveLength(1));

    // The module navigates: the frame loads another page, which asks (even were it to know the value).
    fireEvent.load(frame());
    module.ask();
    await settle();
    expect(module.answers).toHaveLength(1);
    expect(moduleTokenCalls()).toHaveLength(1);
  });

  it('gives nothing to another page even when the first page never asked', async () => {
    renderModule();
    const module = moduleIn();
    fireEvent.load(frame());
    fireEvent.load(frame());
    module.ask();
    await settle();
    expect(module.answers).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('gives nothing to a page the module navigated to before its first load event (that page is the first to load, but never had the value)', async () => {
    renderModule();
    const module = moduleIn();
    // The first page navigated within its origin while it was parsed: it never fired a load event, and
    // the page it landed on has the module's address without the fragment. That page loads, and asks.
    fireEvent.load(frame());
    module.ask({ data: { type: 'ess:session-request' } });
    module.ask({ data: { type: 'ess:session-request', handshake: '' } });
    module.ask({ data: { type: 'ess:session-request', handshake: null } });
    await settle();
    expect(module.answers).toEqual([]);
    expect(module.windowPosts).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps the token when the frame navigates while it is being issued', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderModule();
    const module = moduleIn();
    fireEvent.load(frame());
    module.ask();
    await vi.waitFor(() => expect(moduleTokenCalls()).toHaveLength(1));

    fireEvent.load(frame());
    answer(moduleTokenAnswer());
    await settle();
    expect(module.answers).toEqual([]);
    expect(module.windowPosts).not.toHaveBeenCalled();
  });

  it("sends the token only on the asking page's port, never to the frame's window (which shows whatever page the frame holds by then)", async () => {
    // The page asked, then navigated before its own load event; the page it lands on has not loaded
    // yet when the token arrives. The answer goes on the first page's port (gone with that page).
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderModule();
    const module = moduleIn();
    module.ask();
    await vi.waitFor(() => expect(moduleTokenCalls()).toHaveLength(1));
    answer(moduleTokenAnswer());
    await vi.waitFor(() => expect(module.answers).toEqual([moduleSession]));
    expect(module.windowPosts).not.toHaveBeenCalled();
  });

  it('hands over the bearer token when the backend does not offer module tokens (404, 501)', async () => {
    for (const status of [404, 501]) {
      fetchMock.mockImplementation(async () => json({ error: true, status_code: status, error_message: 'Not found.' }, status));
      renderModule();
      const module = moduleIn();
      fireEvent.load(frame());
      module.ask();
      await vi.waitFor(() => expect(module.answers).toHaveLength(1));
      expect(module.answers, String(status)).toEqual([bearerSession]);
      cleanup();
    }
  });

  it('hands over nothing when the module token fails otherwise, or is required and not offered', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const cases: Array<['auto' | 'required', number]> = [
      ['auto', 500],
      ['required', 404],
    ];
    for (const [mode, status] of cases) {
      config.moduleTokens = mode;
      fetchMock.mockImplementation(async () => json({ error: true, status_code: status, error_message: 'No.' }, status));
      renderModule();
      const module = moduleIn();
      fireEvent.load(frame());
      module.ask();
      await vi.waitFor(() => expect(module.answers).toHaveLength(1));
      expect(module.answers, `${mode} ${status}`).toEqual([noSession]);
      cleanup();
    }
    expect(warn).toHaveBeenCalled();
  });

  it('hands over the bearer token without asking the backend when module tokens are off', async () => {
    config.moduleTokens = 'off';
    renderModule();
    const module = moduleIn();
    fireEvent.load(frame());
    module.ask();
    await vi.waitFor(() => expect(module.answers).toEqual([bearerSession]));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('delegates the camera, microphone and location only to the modules configured to need them', () => {
    const allowOf = (path: string, title: string) => {
      renderModule([path]);
      const allow = frame(title).getAttribute('allow');
      cleanup();
      return allow;
    };
    // The defaults.
    expect(allowOf('/online-meetings', 'Online meetings')).toBe('camera; microphone; clipboard-write');
    expect(allowOf('/pick-work-location', 'Pick work location')).toBe('geolocation; clipboard-write');
    // The QR routes are native screens now (issue 24): were a module of theirs framed, it would get no camera.
    expect(allowOf('/qr-location-checkin', 'QR location check-in')).toBe('clipboard-write');
    expect(allowOf('/employee-qr-scan', 'Employee QR scan')).toBe('clipboard-write');
    expect(allowOf('/faq', 'FAQ')).toBe('clipboard-write');

    config.modulePermissions = 'faq:microphone';
    expect(allowOf('/faq', 'FAQ')).toBe('microphone; clipboard-write');
    expect(allowOf('/online-meetings', 'Online meetings')).toBe('clipboard-write');

    config.modulePermissions = '';
    expect(allowOf('/online-meetings', 'Online meetings')).toBe('clipboard-write');
  });

  it('runs a module served from the app origin on an opaque origin, without the session', async () => {
    // With allow-scripts and allow-same-origin a same-origin frame could lift its sandbox (Chromium warns).
    config.iframeBase = '/modules';
    renderModule();
    const iframe = frame();
    expect(iframe.getAttribute('src')).toBe('/modules/online-meetings?lang=en');
    expect(iframe.getAttribute('sandbox')).toBe('allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-downloads');
    expect(iframe.getAttribute('sandbox')).not.toContain('allow-same-origin');

    const module = moduleIn(iframe);
    fireEvent.load(iframe);
    module.ask({ origin: 'null' });
    module.ask({ origin: window.location.origin });
    await settle();
    expect(screen.queryByRole('status')).toBeNull();
    expect(module.answers).toEqual([]);
    expect(module.windowPosts).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offers a retry when the module has not loaded within 20 s, and the retry loads it again (its handshake afresh)', async () => {
    vi.useFakeTimers();
    renderModule();
    const shownAt = Date.now();
    const firstFrame = frame();
    // The first frame's module asked (and was answered) while it was still loading.
    const first = moduleIn(firstFrame);
    first.ask();
    await vi.waitFor(() => expect(first.answers).toHaveLength(1));

    act(() => {
      vi.advanceTimersByTime(shownAt + MODULE_LOAD_TIMEOUT_MS - 1 - Date.now());
    });
    expect(screen.getByRole('status')).toBeTruthy();

    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole('alert').textContent).toContain('This page could not be loaded.');
    expect(screen.queryByRole('status')).toBeNull();
    expect(document.querySelector('iframe')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('status').textContent).toContain('Loading...');
    expect(screen.queryByRole('alert')).toBeNull();
    const secondFrame = frame();
    expect(secondFrame).not.toBe(firstFrame);
    expect(secondFrame.getAttribute('src')).toMatch(new RegExp(`^${MODULE_ORIGIN}/modules/online-meetings\\?lang=en#ess-handshake=[0-9a-f]{32}$`));

    fireEvent.load(secondFrame);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();

    // The new frame is a new module load, with a new handshake value: its first request is answered,
    // and one with the old frame's value is not.
    vi.useRealTimers();
    const second = moduleIn(secondFrame);
    expect(second.handshake).not.toBe(first.handshake);
    second.ask({ data: { type: 'ess:session-request', handshake: first.handshake } });
    second.ask();
    await vi.waitFor(() => expect(second.answers).toEqual([moduleSession]));
  });

  it('says so at once when the device is offline, and retries when it comes back online', () => {
    onLine = false;
    renderModule();
    expect(screen.getByRole('alert').textContent).toContain('You are offline. Connect to the internet and try again.');
    expect(document.querySelector('iframe')).toBeNull();

    onLine = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Loading...');
    expect(frame()).toBeTruthy();
  });

  it('reacts to the offline event while loading, but keeps a loaded module on screen', () => {
    renderModule();
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByRole('alert').textContent).toContain('You are offline.');

    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    const iframe = frame();
    fireEvent.load(iframe);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(frame()).toBe(iframe);
  });

  it('explains when this installation has no iframe base, without a retry', () => {
    config.iframeBase = '';
    renderModule();
    expect(screen.getByRole('alert').textContent).toContain('This service is not available in this installation.');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('goes back in history, or home when the page is the first entry', () => {
    renderModule(['/home', '/online-meetings']);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('Home screen')).toBeTruthy();
    cleanup();

    renderModule(['/online-meetings']);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('Home screen')).toBeTruthy();
  });
});
