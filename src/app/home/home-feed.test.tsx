// @vitest-environment jsdom
import type { QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../api/client.ts';
import type { Translator } from '../../shared/i18n/translator.ts';
import { getStorage, initAppStorage, STORAGE_KEYS } from '../../shared/storage/storage.ts';
import { createTestI18n, createTestQueryClient, json, renderApp, stubRequestAndFetch } from '../../shared/testing/render-app.tsx';
import { HomeFeed } from './home-feed.tsx';

const announcement = (id: number, title: string, extra: Record<string, unknown> = {}) => ({
  id,
  title,
  content: `<p>Join the <strong>${title}</strong>.</p><img src="x" onerror="window.__hacked = true"><script>window.__hacked = true</script>`,
  group_type: 'company_wide',
  user: { id: 7, first_name: 'Dewi', last_name: 'Kartika', signed_profile_picture_url: null },
  comments: [
    { id: id * 10 + 1, announcement_id: id, likes_count: 2, comment: 'See you there!', user: { id: 57, first_name: 'Rizky', last_name: 'Pratama' } },
    { id: id * 10 + 2, announcement_id: id, likes_count: 1234, comment: 'Will it be streamed?', user: { id: 61, first_name: 'Siti', last_name: 'Rahmawati' } },
  ],
  created_at: '2026-11-20T09:00:00Z',
  ...extra,
});

const feedPage = (items: unknown[], page = 1, lastPage = 1) => ({ error: false, status_code: 200, data: items, meta: { current_page: page, last_page: lastPage, per_page: 15, total: items.length } });
const LIKES = [
  { id: 1, user: { id: 42, signed_profile_picture_url: null, employee_number: '100234', first_name: 'Ayu', last_name: 'Lestari' } },
  { id: 2, user: { id: 57, signed_profile_picture_url: null, employee_number: '100871', first_name: 'Rizky', last_name: 'Pratama' } },
];

let i18nInstance: Translator;
let queryClient: QueryClient;
let feedAnswer: (url: URL) => Response | Promise<Response>;
let forumAnswer: (url: URL) => Response | Promise<Response>;
let likesAnswer: () => Response | Promise<Response>;
let fetchMock: ReturnType<typeof stubRequestAndFetch>;

const feedCalls = () =>
  fetchMock.mock.calls.map(([request]) => new URL((request as Request).url)).filter((url) => url.pathname === '/api/ess/feed');

beforeAll(() => {
  i18nInstance = createTestI18n();
});

beforeEach(async () => {
  await initAppStorage({});
  setAccessToken('test-access-token');
  queryClient = createTestQueryClient();
  feedAnswer = () => json(feedPage([announcement(1201, 'Town hall')]));
  forumAnswer = () =>
    json(
      feedPage([
        {
          id: 31,
          title: 'Car-pooling to the Cikarang site',
          content: 'Who drives from Bekasi on weekdays?',
          user: { id: 61, first_name: 'Siti', last_name: 'Rahmawati' },
          comments: [{ id: 301, thread_id: 31, comment: 'I do, leaving at 06:30.', likes_count: 1, user: { id: 42, first_name: 'Ayu', last_name: 'Lestari' } }],
        },
      ]),
    );
  likesAnswer = () => json({ error: false, status_code: 200, likes: LIKES });
  fetchMock = stubRequestAndFetch((url) => {
    if (url.pathname === '/api/ess/feed') return feedAnswer(url);
    if (url.pathname === '/api/ess/Forum/threads') return forumAnswer(url);
    if (url.pathname.includes('/likes') || url.pathname.includes('/comment-likes/')) return likesAnswer();
    return json({ error: true, status_code: 404, error_message: 'not stubbed' }, 404);
  });
});

afterEach(() => {
  cleanup();
  queryClient.clear();
  setAccessToken(undefined);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderFeed = () => renderApp(<HomeFeed />, { queryClient, i18nInstance });

describe('feed segments', () => {
  it('offers Company-wide, Department, Company and Forum as tabs, Company-wide first', async () => {
    renderFeed();
    expect(screen.getByRole('heading', { name: 'Company feed' })).toBeTruthy();
    const tabs = within(screen.getByRole('tablist', { name: 'Company feed' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Company-wide', 'Department', 'Company', 'Forum']);
    expect(tabs.map((tab) => tab.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false', 'false']);
    expect(screen.getByRole('tabpanel', { name: 'Company-wide' })).toBeTruthy();
    await screen.findByRole('heading', { name: 'Town hall' });
    expect(feedCalls()[0]?.searchParams.get('group_type')).toBe('company_wide');
    expect(feedCalls()[0]?.searchParams.get('page')).toBe('1');
  });

  it('moves between segments with the arrow keys and loads each group type', async () => {
    renderFeed();
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Town hall' });
    screen.getByRole('tab', { name: 'Company-wide' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Department' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Department' }));
    await waitFor(() => expect(feedCalls().map((url) => url.searchParams.get('group_type'))).toContain('department'));
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(feedCalls().map((url) => url.searchParams.get('group_type'))).toContain('company'));
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Forum' }).getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Company-wide' }).getAttribute('aria-selected')).toBe('true');
  });
});

describe('an announcement', () => {
  it('shows title, author, date, sanitised content and its comments with like counts', async () => {
    renderFeed();
    expect(screen.getByText('Loading...')).toBeTruthy();
    const post = await screen.findByRole('article', { name: 'Town hall' });
    expect(post.textContent).toContain('Dewi Kartika');
    expect(post.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-20T09:00:00Z');
    expect(post.querySelector('strong')?.textContent).toBe('Town hall');
    expect(post.querySelector('script')).toBeNull();
    expect(post.querySelector('[onerror]')).toBeNull();
    expect((window as { __hacked?: boolean }).__hacked).toBeUndefined();
    const comments = within(post).getAllByRole('listitem');
    expect(comments[0]?.textContent).toContain('Rizky Pratama');
    expect(comments[0]?.textContent).toContain('See you there!');
    expect(within(comments[0] as HTMLElement).getByRole('button', { name: / likes?$/ }).textContent).toBe('2 likes');
    expect(within(comments[1] as HTMLElement).getByRole('button', { name: / likes?$/ }).textContent).toBe('1,234 likes');
  });

  it('a like count opens the likes modal; once loaded the feed shows the list length', async () => {
    let release!: () => void;
    likesAnswer = async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return json({ error: false, status_code: 200, likes: LIKES });
    };
    renderFeed();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '1,234 likes' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.querySelector('h2')?.textContent).toBe('1,234 likes');
    expect(within(dialog).getByText('Loading...')).toBeTruthy();
    await waitFor(() => expect(release).toBeTypeOf('function'));
    act(() => release());
    await within(dialog).findByText('Ayu Lestari');
    expect(dialog.querySelector('h2')?.textContent).toBe('2 likes');
    expect(new URL((fetchMock.mock.calls.at(-1)?.[0] as Request).url).pathname).toBe('/api/ess/feed/company-wide/1201/comments/12012/likes');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: '1,234 likes' })).toBeNull();
    expect(screen.getAllByRole('button', { name: '2 likes' })).toHaveLength(2);
  });

  it('a department announcement asks the department likes endpoint', async () => {
    feedAnswer = () => json(feedPage([announcement(1300, 'Team lunch', { group_type: 'department' })]));
    renderFeed();
    await userEvent.setup().click(await screen.findByRole('button', { name: '2 likes' }));
    await within(await screen.findByRole('dialog')).findByText('Ayu Lestari');
    expect(new URL((fetchMock.mock.calls.at(-1)?.[0] as Request).url).pathname).toBe('/api/ess/feed/department/1300/comments/13001/likes');
  });
});

describe('list states', () => {
  it('says "No announcements yet." when the segment is empty', async () => {
    feedAnswer = () => json(feedPage([]));
    renderFeed();
    expect(await screen.findByText('No announcements yet.')).toBeTruthy();
  });

  it('shows the error with the server message and recovers with Try again', async () => {
    feedAnswer = () => json({ error: true, status_code: 500, error_message: 'The service is temporarily unavailable.' }, 500);
    renderFeed();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The feed could not be loaded.');
    expect(alert.textContent).toContain('The service is temporarily unavailable.');
    feedAnswer = () => json(feedPage([announcement(1201, 'Town hall')]));
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Town hall' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a malformed answer is an error state, not a crash', async () => {
    feedAnswer = () => json({ error: false, data: [{ id: 'not a number', content: 42 }] });
    renderFeed();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The feed could not be loaded.');
    expect(alert.textContent).toContain('Sorry, something went wrong. Please try again later.');
  });

  it('a network failure shows the default message', async () => {
    feedAnswer = () => {
      throw new TypeError('Failed to fetch');
    };
    renderFeed();
    expect((await screen.findByRole('alert')).textContent).toContain('Sorry, something went wrong. Please try again later.');
  });

  it('CHANGE_PASS in the feed body goes to /change-password', async () => {
    feedAnswer = () => json({ error: true, status_code: 'CHANGE_PASS', error_message: 'Please change your password to continue.' });
    renderFeed();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/change-password'));
  });

  it('loads the next page with the Load more fallback, then says all caught up', async () => {
    feedAnswer = (url) =>
      url.searchParams.get('page') === '2'
        ? json(feedPage([announcement(1202, 'Blood drive')], 2, 2))
        : json(feedPage([announcement(1201, 'Town hall')], 1, 2));
    renderFeed();
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Town hall' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('heading', { name: 'Blood drive' })).toBeTruthy();
    expect(feedCalls().map((url) => url.searchParams.get('page'))).toEqual(['1', '2']);
    expect(screen.getByText('You are all caught up.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('loads the next page when the end of the list scrolls into view', async () => {
    const observed: Array<(entries: Array<{ isIntersecting: boolean }>) => void> = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
          observed.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    feedAnswer = (url) =>
      url.searchParams.get('page') === '2'
        ? json(feedPage([announcement(1202, 'Blood drive')], 2, 2))
        : json(feedPage([announcement(1201, 'Town hall')], 1, 2));
    renderFeed();
    await screen.findByRole('heading', { name: 'Town hall' });
    await waitFor(() => expect(observed.length).toBeGreaterThan(0));
    act(() => observed.at(-1)?.([{ isIntersecting: true }]));
    expect(await screen.findByRole('heading', { name: 'Blood drive' })).toBeTruthy();
  });

  it('pull to refresh at the top of the list refetches, saying "Refreshing..." meanwhile', async () => {
    renderFeed();
    await screen.findByRole('heading', { name: 'Town hall' });
    const panel = screen.getByRole('tabpanel');
    const frame = panel.firstElementChild as HTMLElement;
    let release!: () => void;
    feedAnswer = async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return json(feedPage([announcement(1201, 'Town hall (updated)')]));
    };
    fireEvent.touchStart(frame, { touches: [{ clientY: 100 }] });
    fireEvent.touchMove(frame, { touches: [{ clientY: 140 }] });
    expect(screen.getByText('Pull to refresh')).toBeTruthy();
    fireEvent.touchMove(frame, { touches: [{ clientY: 200 }] });
    expect(screen.getByText('Release to refresh')).toBeTruthy();
    fireEvent.touchEnd(frame);
    expect(await screen.findByText('Refreshing...')).toBeTruthy();
    await waitFor(() => expect(feedCalls()).toHaveLength(2));
    act(() => release());
    expect(await screen.findByRole('heading', { name: 'Town hall (updated)' })).toBeTruthy();
    expect(screen.queryByText('Refreshing...')).toBeNull();
  });

  it('a short pull does not refresh; the Refresh button does', async () => {
    renderFeed();
    await screen.findByRole('heading', { name: 'Town hall' });
    const frame = screen.getByRole('tabpanel').firstElementChild as HTMLElement;
    fireEvent.touchStart(frame, { touches: [{ clientY: 100 }] });
    fireEvent.touchMove(frame, { touches: [{ clientY: 120 }] });
    fireEvent.touchEnd(frame);
    expect(feedCalls()).toHaveLength(1);
    feedAnswer = () => json(feedPage([announcement(1201, 'Town hall (updated)')]));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('heading', { name: 'Town hall (updated)' })).toBeTruthy();
    expect(feedCalls()).toHaveLength(2);
  });
});

describe('the Forum segment', () => {
  it('lists threads with comments whose like count opens the forum likes modal', async () => {
    renderFeed();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Forum' }));
    const thread = await screen.findByRole('article', { name: 'Car-pooling to the Cikarang site' });
    expect(thread.textContent).toContain('Who drives from Bekasi on weekdays?');
    expect(thread.textContent).toContain('I do, leaving at 06:30.');
    await user.click(within(thread).getByRole('button', { name: '1 like' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Rizky Pratama');
    expect(dialog.querySelector('h2')?.textContent).toBe('2 likes');
    expect(new URL((fetchMock.mock.calls.at(-1)?.[0] as Request).url).pathname).toBe('/api/ess/Forum/comment-likes/301');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(within(thread).getByRole('button', { name: '2 likes' })).toBeTruthy();
  });

  it('shows threads the server sent without an id (inferred, so optional), each in its place', async () => {
    forumAnswer = () =>
      json(
        feedPage([
          { title: 'Lunch menu', content: 'Nasi goreng on Friday', comments: [] },
          { title: 'Parking', content: 'Level B2 is closed', comments: [] },
          { id: 31, title: 'Car-pooling to the Cikarang site', comments: [] },
        ]),
      );
    renderFeed();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Forum' }));
    expect(await screen.findByRole('article', { name: 'Lunch menu' })).toBeTruthy();
    expect(screen.getAllByRole('article').map((article) => article.getAttribute('aria-labelledby') && article.querySelector('h3, h2')?.textContent)).toEqual([
      'Lunch menu',
      'Parking',
      'Car-pooling to the Cikarang site',
    ]);
  });

  it('says "No forum threads yet." when there are none', async () => {
    forumAnswer = () => json(feedPage([]));
    renderFeed();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Forum' }));
    expect(await screen.findByText('No forum threads yet.')).toBeTruthy();
  });
});

describe("a returning user's Home starts from the first page stored at the last visit", () => {
  const USER = { changed_password: 1, compliance_ping: null, user: { id: 42, first_name: 'Ayu', last_name: 'Lestari' } };
  const stored = (page: unknown, userId = 42) => ({ userId, savedAt: Date.now() - 3_600_000, page });

  beforeEach(async () => {
    const storage = await initAppStorage({});
    await storage.set(STORAGE_KEYS.userData, USER);
  });

  it('shows the stored posts at once, then the server’s, and keeps the server’s for next time', async () => {
    // Stored a moment ago (a reload): the server is asked all the same.
    await getStorage().set(STORAGE_KEYS.homeFeed, { ...stored(feedPage([announcement(1101, 'Stored town hall')])), savedAt: Date.now() });
    let answer!: (response: Response) => void;
    feedAnswer = () => new Promise((resolve) => (answer = resolve));
    renderFeed();
    // Painted from storage while the server is still asked.
    expect(screen.getByRole('heading', { name: 'Stored town hall' })).toBeTruthy();
    await waitFor(() => expect(feedCalls()).toHaveLength(1));
    expect(screen.getByText('Refreshing...')).toBeTruthy();
    answer(json(feedPage([announcement(1202, 'Fresh town hall')])));
    expect(await screen.findByRole('heading', { name: 'Fresh town hall' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Stored town hall' })).toBeNull();
    await waitFor(() =>
      expect(getStorage().get<{ userId: number; page: { data: Array<{ title: string }> } }>(STORAGE_KEYS.homeFeed)?.page.data[0]?.title).toBe('Fresh town hall'),
    );
    expect(getStorage().get<{ userId: number }>(STORAGE_KEYS.homeFeed)?.userId).toBe(42);
  });

  it('keeps the stored posts under an inline error when the server cannot be reached', async () => {
    await getStorage().set(STORAGE_KEYS.homeFeed, stored(feedPage([announcement(1101, 'Stored town hall')])));
    feedAnswer = () => {
      throw new TypeError('Failed to fetch');
    };
    renderFeed();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The feed could not be loaded.');
    expect(screen.getByRole('heading', { name: 'Stored town hall' })).toBeTruthy();
  });

  it('ignores and removes a page stored for another employee, one older than a week, or one the contract refuses', async () => {
    const weekOld = { ...stored(feedPage([announcement(1101, 'Old news')])), savedAt: Date.now() - 8 * 24 * 3_600_000 };
    for (const snapshot of [stored(feedPage([announcement(1101, 'Someone else’s post')]), 57), weekOld, stored({ error: false, data: [{ id: 'x', content: 42 }] })]) {
      await getStorage().set(STORAGE_KEYS.homeFeed, snapshot);
      feedAnswer = () => new Promise(() => undefined);
      const { unmount } = renderFeed();
      expect(screen.queryByRole('heading', { level: 3 })).toBeNull();
      expect(screen.getByText('Loading...')).toBeTruthy();
      expect(getStorage().get(STORAGE_KEYS.homeFeed)).toBeUndefined();
      unmount();
      queryClient.clear();
    }
  });
});
