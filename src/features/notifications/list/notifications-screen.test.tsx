// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { subscribe } from '../../../shared/events/app-events.ts';
import { formatDateTime } from '../../../shared/format/formatters.ts';
import type { Translator } from '../../../shared/i18n/translator.ts';
import { createTestQueryClient, json, stubRequestAndFetch } from '../../../shared/testing/render-app.tsx';
import { createTestI18n } from '../../../shared/testing/test-i18n.ts';
import type { NotificationItem } from '../api.ts';
import { renderNotifications } from '../testing/render-notifications.tsx';
import { NotificationsScreen } from './notifications-screen.tsx';

let i18nInstance: Translator;

beforeAll(() => {
  i18nInstance = createTestI18n();
});

const notification = (id: number, overrides: Partial<NotificationItem> = {}): NotificationItem => ({
  id,
  title: `Notification ${id}`,
  body: `Body of ${id}`,
  target_page: '/chats',
  nav_params: null,
  read_at: '2026-11-20T12:00:00Z',
  created_at: `2026-11-${String(10 + (id % 15)).padStart(2, '0')}T08:00:00Z`,
  ...overrides,
});

const FIRST_PAGE = [
  notification(5001, { title: 'Leave request approved', body: 'Your leave for 24-26 December was approved.', read_at: null, created_at: '2026-11-21T08:00:00Z' }),
  notification(5000, { title: 'New message from HR', target_page: '/live-chat/chat-room', nav_params: { uuid: 'room-9' } }),
  notification(4999, { title: 'Verify your account', target_page: 'https://evil.example', read_at: null }),
  notification(4998, { title: 'Reminder', target_page: null, read_at: null }),
];
const SECOND_PAGE = [notification(4000, { title: 'Older one' })];

const page = (data: NotificationItem[], current: number, last: number) => ({ error: false, status_code: 200, data, meta: { current_page: current, last_page: last, per_page: 20, total: 0 } });

type Handler = (url: URL, request: Request) => Response | Promise<Response>;
let handler: Handler;
let fetchMock: ReturnType<typeof stubRequestAndFetch>;
let published: number;
let unsubscribe: () => void;

const defaultHandler: Handler = (url) => {
  if (url.pathname === '/api/notification/list') return json(url.searchParams.get('page') === '2' ? page(SECOND_PAGE, 2, 2) : page(FIRST_PAGE, 1, 2));
  if (url.pathname === '/api/notification/approvals/pending') return json({ error: false, status_code: 200, total_approval: 3 });
  if (/^\/api\/notification\/\d+\/read$/.test(url.pathname)) return json({ error: false, status_code: 200, message: 'Notification marked as read.' });
  return json({ error: true, error_message: `unexpected ${url.pathname}` }, 404);
};

beforeEach(() => {
  handler = defaultHandler;
  fetchMock = stubRequestAndFetch((url, request) => handler(url, request));
  published = 0;
  unsubscribe = subscribe('notification:read', () => (published += 1));
});

afterEach(() => {
  unsubscribe();
  cleanup();
  vi.unstubAllGlobals();
});

const calls = (pattern: RegExp) => fetchMock.mock.calls.map(([request]) => request).filter((request) => pattern.test(new URL(request.url).pathname + new URL(request.url).search));
const rows = () => screen.queryAllByTestId('notification-row');
const row = (title: string) => {
  const found = rows().find((element) => element.textContent?.includes(title));
  if (!found) throw new Error(`no row ${title}`);
  return found;
};
const location = () => screen.getByTestId('location').textContent;

function renderScreen() {
  const queryClient = createTestQueryClient();
  renderNotifications(<NotificationsScreen />, { queryClient, i18nInstance });
  return { queryClient, user: userEvent.setup() };
}

describe('the list', () => {
  it('shows notifications the server sent without an id (inferred, so optional): each in its place, opened but never marked read', async () => {
    const withoutId: Partial<NotificationItem> = notification(0, { title: 'Town hall today', target_page: '/home', read_at: null });
    delete withoutId.id;
    const second = { ...withoutId, title: 'Canteen closed' };
    handler = (url, request) =>
      url.pathname === '/api/notification/list' ? json(page([withoutId as NotificationItem, second as NotificationItem, ...FIRST_PAGE.slice(0, 1)], 1, 1)) : defaultHandler(url, request);
    const { user } = renderScreen();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows().map((element) => element.textContent?.includes('Town hall today') || element.textContent?.includes('Canteen closed'))).toEqual([true, true, false]);
    await user.click(row('Town hall today'));
    await waitFor(() => expect(location()).toBe('/home'));
    expect(calls(/\/read$/)).toHaveLength(0);
  });

  it('a page without its list (inferred, so optional) has no notifications', async () => {
    handler = (url, request) =>
      url.pathname === '/api/notification/list' ? json({ error: false, status_code: 200, meta: { current_page: 1, last_page: 1 } }) : defaultHandler(url, request);
    renderScreen();
    expect(await screen.findByText('No notifications yet.')).toBeTruthy();
  });

  it('shows "Loading..." then each notification with title, body and time; unread ones marked', async () => {
    renderScreen();
    expect(screen.getAllByRole('status').some((status) => status.textContent === 'Loading...')).toBe(true);
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Notifications');

    const unread = row('Leave request approved');
    expect(unread.textContent).toContain('Your leave for 24-26 December was approved.');
    expect(within(unread).getByText(formatDateTime(new Date('2026-11-21T08:00:00Z'), 'en')).getAttribute('datetime')).toBe('2026-11-21T08:00:00Z');
    expect(within(unread).getByText('Unread')).toBeDefined();
    expect(within(unread).queryByTestId('unread-dot')).not.toBeNull();
    expect(unread.className).toMatch(/unread/);

    const read = row('New message from HR');
    expect(within(read).queryByText('Unread')).toBeNull();
    expect(within(read).queryByTestId('unread-dot')).toBeNull();
    expect(read.className).not.toMatch(/unread/);
    expect(rows().filter((element) => element.dataset.unread === 'true')).toHaveLength(3);
  });

  it('gives each row an icon and keeps a long title whole in its tooltip', async () => {
    const long = 'Your leave request for the whole of the last week of December has been approved by your manager';
    handler = (url, request) =>
      url.pathname === '/api/notification/list' ? json(page([notification(7, { title: long, read_at: null })], 1, 1)) : defaultHandler(url, request);
    renderScreen();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rows()[0]!).getByText(long).getAttribute('title')).toBe(long);
    expect(rows()[0]!.querySelector('svg')).not.toBeNull();
  });

  it.each([
    [3, '3 approvals waiting'],
    [1, '1 approval waiting'],
  ])('shows %i pending approvals at the top', async (count, text) => {
    const list = handler;
    handler = (url, request) => (url.pathname === '/api/notification/approvals/pending' ? json({ error: false, status_code: 200, total_approval: count }) : list(url, request));
    renderScreen();
    await waitFor(() => expect(screen.getByTestId('pending-approvals').textContent).toBe(text));
  });

  it('shows a title without bidirectional controls, which would reorder it', async () => {
    handler = (url) =>
      url.pathname === '/api/notification/list'
        ? json(page([notification(6000, { title: 'Payslip: slip\u202Efdp.exe' })], 1, 1))
        : defaultHandler(url, new Request(url));
    renderScreen();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rows()[0]!).getByText('Payslip: slipfdp.exe')).toBeDefined();
    expect(rows()[0]!.textContent).not.toContain('\u202E');
  });

  it('shows no approvals line when none wait, or when the count fails (silent, SPEC §8)', async () => {
    handler = (url, request) => (url.pathname === '/api/notification/approvals/pending' ? json({ error: true, status_code: 500, error_message: 'down' }, 500) : defaultHandler(url, request));
    renderScreen();
    await waitFor(() => expect(rows()).toHaveLength(4));
    await waitFor(() => expect(calls(/approvals\/pending/)).toHaveLength(1));
    expect(screen.queryByTestId('pending-approvals')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says "No notifications yet." when there are none', async () => {
    handler = (url, request) => (url.pathname === '/api/notification/list' ? json(page([], 1, 1)) : defaultHandler(url, request));
    renderScreen();
    await waitFor(() => expect(screen.getByText('No notifications yet.')).toBeDefined());
    expect(rows()).toHaveLength(0);
  });

  it('a failing first page shows an error with Try again, which loads the list', async () => {
    let fail = true;
    handler = (url, request) =>
      url.pathname === '/api/notification/list' && fail ? json({ error: true, status_code: 500, error_message: 'Server Error' }, 500) : defaultHandler(url, request);
    const { user } = renderScreen();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('The notifications could not be loaded.'));
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('SPEC §8 on the list', () => {
  it('the server\'s message is shown under the error', async () => {
    handler = (url, request) =>
      url.pathname === '/api/notification/list' ? json({ error: true, status_code: 503, error_message: 'Maintenance until 10:00.' }) : defaultHandler(url, request);
    renderScreen();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Maintenance until 10:00.'));
  });

  it('CHANGE_PASSWORD in the answer sends the person to /change-password', async () => {
    handler = (url, request) =>
      url.pathname === '/api/notification/list' ? json({ error: true, status_code: 'CHANGE_PASSWORD', error_message: 'Change it.' }) : defaultHandler(url, request);
    renderScreen();
    await waitFor(() => expect(location()).toBe('/change-password'));
  });
});

describe('paging', () => {
  it('loads the next page with "Load more"; a failing one keeps the loaded rows with a retry row; then the end', async () => {
    let failSecond = true;
    handler = (url, request) =>
      url.pathname === '/api/notification/list' && url.searchParams.get('page') === '2' && failSecond
        ? json({ error: true, status_code: 500, error_message: 'Server Error' }, 500)
        : defaultHandler(url, request);
    const { user } = renderScreen();
    await waitFor(() => expect(rows()).toHaveLength(4));

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    const retryRow = await screen.findByTestId('notifications-retry-row');
    expect(retryRow.textContent).toContain('More notifications could not be loaded.');
    expect(rows()).toHaveLength(4);

    failSecond = false;
    await user.click(within(retryRow).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(row('Older one')).toBeDefined();
    expect(screen.getByText('You are all caught up.')).toBeDefined();
    expect(calls(/\/notification\/list\?page=2$/)).toHaveLength(2);
  });

  it('asks for the next page by itself when the end of the list comes near', async () => {
    const observed: Array<{ callback: IntersectionObserverCallback; options?: IntersectionObserverInit }> = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
          observed.push({ callback, options });
        }
        observe() {}
        disconnect() {}
      },
    );
    renderScreen();
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(observed.at(-1)?.options?.rootMargin).toBe('0px 0px 400px 0px');
    expect(calls(/page=2/)).toHaveLength(0);
    act(() => observed.at(-1)!.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
    await waitFor(() => expect(rows()).toHaveLength(5));
  });
});

describe('refreshing', () => {
  it('Refresh loads the list and the approvals count again', async () => {
    const { user } = renderScreen();
    await waitFor(() => expect(rows()).toHaveLength(4));
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(calls(/\/notification\/list\?page=1$/)).toHaveLength(2));
    expect(calls(/approvals\/pending/)).toHaveLength(2);
  });

  it('pulling down from the top and letting go refreshes; a short pull does not', async () => {
    renderScreen();
    await waitFor(() => expect(rows()).toHaveLength(4));
    const area = rows()[0]!.closest('ul')!.parentElement!;
    const pull = (distance: number) => {
      fireEvent.touchStart(area, { touches: [{ clientY: 100 }] });
      fireEvent.touchMove(area, { touches: [{ clientY: 100 + distance }] });
    };
    pull(30);
    expect(screen.getByText('Pull to refresh')).toBeDefined();
    fireEvent.touchEnd(area);
    pull(80);
    expect(screen.getByText('Release to refresh')).toBeDefined();
    fireEvent.touchEnd(area);
    await waitFor(() => expect(calls(/\/notification\/list\?page=1$/)).toHaveLength(2));
  });
});

describe('tapping a notification', () => {
  it('an unread one: marks it read on the server, tells the badge once, and opens its target', async () => {
    const { user } = renderScreen();
    await waitFor(() => expect(rows()).toHaveLength(4));
    await user.click(row('Leave request approved'));

    expect(location()).toBe('/chats');
    await waitFor(() => expect(published).toBe(1));
    const marks = calls(/\/read$/);
    expect(marks.map((request) => `${request.method} ${new URL(request.url).pathname}`)).toEqual(['POST /api/notification/5001/read']);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(published).toBe(1);
  });

  it('the row reads as read at once, and goes back to unread when the server refuses (no badge change)', async () => {
    let answer!: (response: Response) => void;
    handler = (url, request) => (/\/read$/.test(url.pathname) ? new Promise<Response>((resolve) => (answer = resolve)) : defaultHandler(url, request));
    const { user } = renderScreen();
    await waitFor(() => expect(rows()).toHaveLength(4));
    // "Reminder" has no target: the screen stays, so the outcome shows.
    await user.click(row('Reminder'));

    await waitFor(() => expect(row('Reminder').dataset.unread).toBe('false'));
    expect(within(row('Reminder')).queryByText('Unread')).toBeNull();
    expect(location()).toBe('/notification');

    answer(json({ error: true, status_code: 500, error_message: 'Server Error' }, 500));
    await waitFor(() => expect(row('Reminder').dataset.unread).toBe('true'));
    expect(within(row('Reminder')).getByText('Unread')).toBeDefined();
    expect(screen.getByRole('alert').textContent).toContain('The notification could not be marked as read.');
    expect(published).toBe(0);
  });

  it('a read one: no call, no badge change, opens its target with nav_params', async () => {
    const { user } = renderScreen();
    await waitFor(() => expect(rows()).toHaveLength(4));
    await user.click(row('New message from HR'));
    expect(location()).toBe('/live-chat/chat-room?uuid=room-9');
    expect(calls(/\/read$/)).toHaveLength(0);
    expect(published).toBe(0);
  });

  it('a hostile target lands on /home (and the notification is still marked read)', async () => {
    const { user } = renderScreen();
    await waitFor(() => expect(rows()).toHaveLength(4));
    await user.click(row('Verify your account'));
    expect(location()).toBe('/home');
    await waitFor(() => expect(calls(/\/notification\/4999\/read$/)).toHaveLength(1));
  });
});
