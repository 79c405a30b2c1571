// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PopupAnnouncementResponse } from '../../../generated/http/types.gen.ts';
import { ApiError } from '../../api/api-error.ts';
import { subscribe } from '../../shared/events/app-events.ts';
import { I18nProvider } from '../../shared/i18n/react.tsx';
import type { Translator } from '../../shared/i18n/translator.ts';
import { findUnsafe } from '../../shared/safe-html/xss-checks.ts';
import { XSS_CORPUS } from '../../shared/safe-html/xss-corpus.ts';
import { SessionProvider } from '../../shared/session/session-context.tsx';
import type { SessionController } from '../../shared/session/session-types.ts';
import { createTestI18n } from '../../shared/testing/test-i18n.ts';
import { AnnouncementPopup, AnnouncementPopupHost, POPUP_LOADING_MS } from './announcement-popup.tsx';
import { popupMemory } from './popup-memory.ts';

const sdk = vi.hoisted(() => ({ getPopupAnnouncement: vi.fn(), markPopupAsViewed: vi.fn() }));
// Home's first content counts as shown: these tests are about the pop-up, not about when it may start.
vi.mock('../../shared/scheduling/after-first-content.ts', () => ({ useAfterFirstContent: () => true }));

vi.mock('../../../generated/http/sdk.gen.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  // A fetch cancelled in the task that made it (StrictMode's double mount: the first mount's query goes
  // with its observer) never reaches the server, so the mock is not asked (src/shared/testing/render-app.tsx).
  getPopupAnnouncement: async (options?: { signal?: AbortSignal }) => {
    await Promise.resolve();
    if (options?.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    return sdk.getPopupAnnouncement(options);
  },
  markPopupAsViewed: sdk.markPopupAsViewed,
}));

interface Traps {
  __xss?: unknown;
  alert: (message?: unknown) => void;
}
// Inline handlers run in jsdom's own window (the `window` they see is not vitest's global one); vitest
// exposes the JSDOM instance as `jsdom`, so the traps are set where a surviving handler would spring them.
const traps = (globalThis as unknown as { jsdom: { window: Traps } }).jsdom.window;

const EXAMPLE_CONTENT =
  '<h2>Year-end leave</h2><p>Submit your leave requests before <b>1 December</b>. See the <a href="https://hr.company.example/leave">leave policy</a>.</p><ul><li>Annual leave</li><li>Special leave</li></ul>';

function answer(body: PopupAnnouncementResponse) {
  return Promise.resolve({ data: body, request: new Request('http://localhost/api/popup/announcement'), response: new Response() });
}

/** An error in a 200 body, as the client reports it (src/api/client.ts throws it before the schema check). */
const bodyError = (body: object) => Promise.reject(new ApiError('body', 200, { error: true, ...body }));

function announcementAnswer(id: number, content: string) {
  return answer({ error: false, status_code: 200, announcement: { id, title: 'Title', content } });
}

const sessionState = { status: 'signed-in', userData: { changed_password: 1, user: { id: 42, first_name: 'Ayu', last_name: 'Lestari' } } };
const session = {
  getState: () => sessionState,
  subscribe: () => () => undefined,
} as unknown as SessionController;

let i18nInstance: Translator;
beforeAll(() => {
  i18nInstance = createTestI18n();
});

function renderHost(queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  return render(
    <I18nProvider i18n={i18nInstance}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider controller={session}>
          <MemoryRouter initialEntries={['/home']}>
            <AnnouncementPopupHost />
          </MemoryRouter>
        </SessionProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

/** Lets promises, React Query's scheduled notifications and the given time run under fake timers. */
async function advance(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** Fires every event an inline handler in the corpus listens for, on every element of the dialog. */
function provoke(root: Element) {
  const events = ['error', 'load', 'focus', 'click', 'mouseover', 'toggle', 'animationstart', 'start', 'submit', 'input', 'pageshow'];
  for (const element of [root, ...root.querySelectorAll('*')]) {
    for (const type of events) element.dispatchEvent(new Event(type, { bubbles: false, cancelable: true }));
  }
}

let warn: ReturnType<typeof vi.spyOn>;
let error: ReturnType<typeof vi.spyOn>;
const preventNavigation = (event: Event) => event.preventDefault();

beforeEach(() => {
  vi.useFakeTimers();
  popupMemory.reset();
  sdk.getPopupAnnouncement.mockReset();
  sdk.markPopupAsViewed.mockReset();
  sdk.markPopupAsViewed.mockImplementation(() =>
    Promise.resolve({ data: { error: false, status_code: 200, message: 'Announcement marked as viewed.' } }),
  );
  delete traps.__xss;
  traps.alert = vi.fn();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  error = vi.spyOn(console, 'error');
  // Clicking a surviving link must not make jsdom try to navigate.
  document.addEventListener('click', preventNavigation, true);
});

afterEach(() => {
  cleanup();
  document.removeEventListener('click', preventNavigation, true);
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the XSS corpus rendered through the pop-up', () => {
  it('the traps work: an unsanitised handler would be caught', () => {
    const probe = document.createElement('div');
    probe.innerHTML = '<img src="x" onerror="window.__xss=1"><b onclick="alert(1)">b</b>';
    document.body.append(probe);
    provoke(probe);
    probe.remove();
    expect(traps.__xss).toBe(1);
    expect(traps.alert).toHaveBeenCalled();
  });

  it.each(XSS_CORPUS.map((vector, index) => ({ ...vector, id: 5000 + index })))('$name', async ({ html, id }) => {
    sdk.getPopupAnnouncement.mockImplementation(() => announcementAnswer(id, `<p>Before</p>${html}<p>After</p>`));
    renderHost();
    await advance();
    await advance(POPUP_LOADING_MS);

    const dialog = screen.getByRole('dialog', { name: 'Announcement' });
    const content = within(dialog).getByTestId('announcement-content');
    expect(content).toHaveProperty('ariaBusy', 'false');
    expect(content.textContent).toContain('Before');
    provoke(content);
    await advance(50);

    expect(traps.__xss).toBeUndefined();
    expect(traps.alert).not.toHaveBeenCalled();
    expect(content.querySelector('script')).toBeNull();
    expect(findUnsafe(content)).toEqual([]);
    expect(sdk.markPopupAsViewed).toHaveBeenCalledWith(expect.objectContaining({ body: { announcement_id: id } }));
    expect(error).not.toHaveBeenCalled();
  });
});

describe('AnnouncementPopupHost', () => {
  it('opens "Announcement" with the content, marks it viewed once, and never pops it up again after Close', async () => {
    sdk.getPopupAnnouncement.mockImplementation(() => announcementAnswer(1300, EXAMPLE_CONTENT));
    const first = renderHost();
    await advance();

    const dialog = screen.getByRole('dialog', { name: 'Announcement' });
    expect(sdk.markPopupAsViewed).toHaveBeenCalledTimes(1);
    expect(sdk.markPopupAsViewed).toHaveBeenCalledWith(expect.objectContaining({ body: { announcement_id: 1300 } }));
    await advance(POPUP_LOADING_MS);
    expect(within(dialog).getByRole('heading', { name: 'Year-end leave' })).toBeTruthy();
    const link = within(dialog).getByRole('link', { name: 'leave policy' });
    expect(link.getAttribute('href')).toBe('https://hr.company.example/leave');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(dialog).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Annual leave', 'Special leave']);

    // Marking viewed refetched the announcement; the (mock) server still offers the same one.
    await advance(100);
    expect(sdk.getPopupAnnouncement.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(screen.getAllByRole('dialog')).toHaveLength(1);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await advance();
    expect(screen.queryByRole('dialog')).toBeNull();

    // Leaving Home and coming back (a fresh mount, a fresh cache): not again.
    first.unmount();
    renderHost();
    await advance(POPUP_LOADING_MS);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sdk.markPopupAsViewed).toHaveBeenCalledTimes(1);
    expect(error).not.toHaveBeenCalled();
  });

  it('shows the next announcement the server offers once the first is closed', async () => {
    sdk.getPopupAnnouncement
      .mockImplementationOnce(() => announcementAnswer(1, '<p>First</p>'))
      .mockImplementation(() => announcementAnswer(2, '<p>Second</p>'));
    renderHost();
    await advance(POPUP_LOADING_MS);
    expect(screen.getByRole('dialog').textContent).toContain('First');
    await advance(100);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await advance(POPUP_LOADING_MS);
    expect(screen.getByRole('dialog').textContent).toContain('Second');
    expect(sdk.markPopupAsViewed.mock.calls.map(([options]) => (options as { body: unknown }).body)).toEqual([
      { announcement_id: 1 },
      { announcement_id: 2 },
    ]);
  });

  it('shows nothing when there is no announcement', async () => {
    sdk.getPopupAnnouncement.mockImplementation(() => answer({ error: false, status_code: 200, announcement: null }));
    renderHost();
    await advance(POPUP_LOADING_MS);
    expect(sdk.getPopupAnnouncement).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sdk.markPopupAsViewed).not.toHaveBeenCalled();
  });

  it.each([
    ['no answer', new ApiError('network', undefined, undefined)],
    ['an HTTP 500', new ApiError('http', 500, { error: true, status_code: 500, error_message: 'Server error' })],
    ['a malformed answer', new ApiError('malformed', 200, undefined)],
  ])('a failed fetch (%s) is silent: a warning, no dialog, no alert, no console error', async (_name, failure) => {
    sdk.getPopupAnnouncement.mockImplementation(() => Promise.reject(failure));
    const logouts: unknown[] = [];
    const unsubscribe = subscribe('user:logout', (payload) => logouts.push(payload));
    renderHost();
    await advance(POPUP_LOADING_MS);
    unsubscribe();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Announcement pop-up: fetch failed'));
    expect(error).not.toHaveBeenCalled();
    expect(logouts).toEqual([]);
  });

  it('an error in the body is silent too', async () => {
    sdk.getPopupAnnouncement.mockImplementation(() => bodyError({ status_code: 500, error_message: 'Database down' }));
    renderHost();
    await advance(POPUP_LOADING_MS);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('fetch failed (server)'));
    expect(error).not.toHaveBeenCalled();
  });

  it.each([401, '401'])('a 401 (%j) in the body logs out through the catalogue', async (statusCode) => {
    sdk.getPopupAnnouncement.mockImplementation(() => bodyError({ status_code: statusCode, error_message: 'Unauthenticated.' }));
    const logouts: unknown[] = [];
    const unsubscribe = subscribe('user:logout', (payload) => logouts.push(payload));
    renderHost();
    await advance(POPUP_LOADING_MS);
    unsubscribe();
    expect(logouts).toEqual([{ reason: 'unauthorized' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('an HTTP 401 is left to the client (which logs out once); the pop-up adds nothing', async () => {
    sdk.getPopupAnnouncement.mockImplementation(() => Promise.reject(new ApiError('http', 401, { message: 'Unauthenticated.' })));
    const logouts: unknown[] = [];
    const unsubscribe = subscribe('user:logout', (payload) => logouts.push(payload));
    renderHost();
    await advance(POPUP_LOADING_MS);
    unsubscribe();
    expect(logouts).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a failed mark-as-viewed is silent and the pop-up still closes normally (and stays closed)', async () => {
    sdk.getPopupAnnouncement.mockImplementation(() => announcementAnswer(7, '<p>Hello</p>'));
    sdk.markPopupAsViewed.mockImplementation(() => Promise.reject(new ApiError('network', undefined, undefined)));
    renderHost();
    await advance(POPUP_LOADING_MS);
    const dialog = screen.getByRole('dialog', { name: 'Announcement' });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('mark-as-viewed failed (network)'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await advance(POPUP_LOADING_MS);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(error).not.toHaveBeenCalled();
  });

  it('a 401 in the mark-as-viewed answer logs out', async () => {
    sdk.getPopupAnnouncement.mockImplementation(() => announcementAnswer(8, '<p>Hello</p>'));
    sdk.markPopupAsViewed.mockImplementation(() => bodyError({ status_code: 401, error_message: 'Unauthenticated.' }));
    const logouts: unknown[] = [];
    const unsubscribe = subscribe('user:logout', (payload) => logouts.push(payload));
    renderHost();
    await advance(POPUP_LOADING_MS);
    unsubscribe();
    expect(logouts).toEqual([{ reason: 'unauthorized' }]);
  });
});

describe('AnnouncementPopup', () => {
  it('is busy (aria-busy, "Loading...") for 200 ms after opening, then shows the content', async () => {
    const onClose = vi.fn();
    render(
      <I18nProvider i18n={i18nInstance}>
        <AnnouncementPopup announcement={{ id: 1, content: '<p>Body text</p>' }} onClose={onClose} />
      </I18nProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Announcement' });
    const content = within(dialog).getByTestId('announcement-content');
    expect(content.getAttribute('aria-busy')).toBe('true');
    expect(within(dialog).getByRole('status').textContent).toBe('Loading...');
    // Laid out already (so the sheet keeps its size) but not shown.
    const body = within(dialog).getByText('Body text');
    expect(content.contains(body)).toBe(true);
    expect((content.firstElementChild as HTMLElement).style.visibility).toBe('hidden');

    await advance(POPUP_LOADING_MS - 1);
    expect(content.getAttribute('aria-busy')).toBe('true');
    await advance(1);
    expect(content.getAttribute('aria-busy')).toBe('false');
    expect(content.getAttribute('data-loading')).toBe('false');
    expect(within(dialog).queryByRole('status')).toBeNull();
    expect((content.firstElementChild as HTMLElement).style.visibility).toBe('');
    expect(content.firstElementChild?.contains(within(dialog).getByText('Body text'))).toBe(true);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
