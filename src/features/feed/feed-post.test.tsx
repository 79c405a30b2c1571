// @vitest-environment happy-dom
// The feed one can like and comment on (issue 37): the like toggles (optimistic, the server's count,
// put back with SPEC §8's message on failure), the comment composer (disabled while sending, the
// text kept on failure), delete on one's own comments only, hostile text shown as text, and the
// other readers' counts arriving live.
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FeedResponse } from '../../../generated/http/types.gen.ts';
import { setAccessToken } from '../../api/client.ts';
import { publish } from '../../shared/events/app-events.ts';
import type { Translator } from '../../shared/i18n/translator.ts';
import { getStorage, initAppStorage, STORAGE_KEYS } from '../../shared/storage/storage.ts';
import { createTestI18n, createTestQueryClient, json, renderApp, stubRequestAndFetch } from '../../shared/testing/render-app.tsx';
import { FeedSection } from './feed-section.tsx';

const HOSTILE = '<img src=x onerror="alert(1)"> <b>bold</b>';

const feedPage = (): FeedResponse => ({
  error: false,
  status_code: 200,
  data: [
    {
      id: 1201,
      title: 'Town hall on Friday',
      content: '<p>Join the town hall.</p>',
      group_type: 'company_wide',
      user: { id: 7, first_name: 'Dewi', last_name: 'Kartika', signed_profile_picture_url: null },
      likes_count: 12,
      liked_by_me: false,
      comments_count: 2,
      comments: [
        { id: 88, announcement_id: 1201, likes_count: 2, liked_by_me: false, comment: 'See you there!', user: { id: 57, first_name: 'Rizky', last_name: 'Pratama' } },
        { id: 89, announcement_id: 1201, likes_count: 0, liked_by_me: false, comment: HOSTILE, user: { id: 42, first_name: 'Ayu', last_name: 'Lestari' } },
      ],
      created_at: '2026-11-20T09:00:00Z',
    },
  ],
  meta: { current_page: 1, last_page: 1, per_page: 15, total: 1 },
});

/** The like toggles, delete buttons and composer come after the first content (their code loads then). */
const LATER = { timeout: 4000 };

type Handler = (url: URL, request: Request) => Response | Promise<Response>;

let i18nInstance: Translator;
let queryClient: QueryClient;
let handle: Handler;
let fetchMock: ReturnType<typeof stubRequestAndFetch>;

beforeAll(() => {
  i18nInstance = createTestI18n();
});

beforeEach(async () => {
  await initAppStorage({});
  await getStorage().set(STORAGE_KEYS.accessToken, 'test-access-token');
  await getStorage().set(STORAGE_KEYS.userData, { changed_password: true, compliance_ping: false, user: { id: 42, first_name: 'Ayu', last_name: 'Lestari' } });
  setAccessToken('test-access-token');
  queryClient = createTestQueryClient();
  handle = () => json({ error: true, status_code: 404, error_message: 'unexpected' }, 404);
  fetchMock = stubRequestAndFetch((url, request) => (url.pathname.endsWith('/ess/feed') ? json(feedPage()) : handle(url, request)));
});

afterEach(() => {
  cleanup();
  queryClient.clear();
  setAccessToken(undefined);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function showFeed() {
  renderApp(<FeedSection forum={null} />, { queryClient, i18nInstance });
  return screen.findByRole('article', { name: 'Town hall on Friday' });
}

/** Holds an answer until released. */
function held(answer: () => Response | Promise<Response>) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return {
    answer: async () => {
      await gate;
      return answer();
    },
    release: () => act(() => release()),
  };
}

const calls = (path: string) => fetchMock.mock.calls.filter(([request]) => new URL(request.url).pathname.endsWith(path));

async function dismissAlert(message: string) {
  const alert = await screen.findByRole('alertdialog');
  expect(within(alert).getByRole('heading').textContent).toBe('Error');
  expect(alert.querySelector('p')?.textContent).toBe(message);
  await userEvent.setup().click(within(alert).getByRole('button', { name: 'Ok' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
}

describe("a post's like toggle", () => {
  it('is pressed with one more like at once, then shows the count the server answers, sending {liked: true}', async () => {
    const post = await showFeed();
    const toggle = await within(post).findByRole('button', { name: 'Like this post' }, LATER);
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(within(post).getByText('12 likes')).toBeDefined();
    const answer = held(() => json({ error: false, status_code: 200, liked: true, likes_count: 20 }));
    handle = answer.answer;

    await userEvent.setup().click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-pressed')).toBe('true'));
    expect(within(post).getByText('13 likes')).toBeDefined();
    const [request] = calls('/ess/feed/1201/like')[0]!;
    expect(request.method).toBe('POST');
    expect(await request.clone().json()).toEqual({ liked: true });

    await answer.release();
    expect(await within(post).findByText('20 likes')).toBeDefined();
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
  });

  it('goes back to what it was and says "Sorry, something went wrong. Please try again later." when the call fails', async () => {
    const post = await showFeed();
    const toggle = await within(post).findByRole('button', { name: 'Like this post' }, LATER);
    const answer = held(() => Promise.reject(new TypeError('Failed to fetch')));
    handle = answer.answer;
    await userEvent.setup().click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-pressed')).toBe('true'));
    await answer.release();

    await dismissAlert('Sorry, something went wrong. Please try again later.');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(within(post).getByText('12 likes')).toBeDefined();
  });

  it("shows the server's error_message under \"Error\" when the server refuses, and puts the like back", async () => {
    const post = await showFeed();
    handle = () => json({ error: true, status_code: 429, error_message: 'Too many requests. Please wait a moment.' }, 429);
    const toggle = await within(post).findByRole('button', { name: 'Like this post' }, LATER);
    await userEvent.setup().click(toggle);
    await dismissAlert('Too many requests. Please wait a moment.');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(within(post).getByText('12 likes')).toBeDefined();
  });
});

describe("a comment's like toggle", () => {
  it('likes the comment at once and keeps its likes button (SPEC §2 modal) with the new count; a failure puts it back', async () => {
    const post = await showFeed();
    const comment = within(post).getByText('See you there!').closest('li')!;
    const toggle = await within(comment).findByRole('button', { name: 'Like this comment' }, LATER);
    handle = () => json({ error: false, status_code: 200, liked: true, likes_count: 3 });
    await userEvent.setup().click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-pressed')).toBe('true'));
    expect(within(comment).getByRole('button', { name: '3 likes' }).getAttribute('aria-haspopup')).toBe('dialog');
    expect(await (calls('/ess/feed/1201/comments/88/like')[0]![0] as Request).clone().json()).toEqual({ liked: true });

    handle = () => Promise.reject(new TypeError('Failed to fetch'));
    await userEvent.setup().click(toggle);
    await dismissAlert('Sorry, something went wrong. Please try again later.');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(within(comment).getByRole('button', { name: '3 likes' })).toBeDefined();
  });
});

describe('comments one can write and delete', () => {
  it('shows a delete button on the user’s own comment only, and hostile text as text', async () => {
    const post = await showFeed();
    const own = within(post).getByText(HOSTILE).closest('li')!;
    const others = within(post).getByText('See you there!').closest('li')!;
    expect(await within(own).findByRole('button', { name: 'Delete your comment' }, LATER)).toBeDefined();
    expect(within(others).getByRole('button', { name: 'Like this comment' })).toBeDefined();
    expect(within(others).queryByRole('button', { name: 'Delete your comment' })).toBeNull();
    expect(own.querySelector('img, b')).toBeNull();
    expect(own.textContent).toContain(HOSTILE);
  });

  it('deletes the own comment after confirming, and the comment count follows the server', async () => {
    const post = await showFeed();
    handle = () => json({ error: false, status_code: 200, comments_count: 1 });
    const own = within(post).getByText(HOSTILE).closest('li')!;
    await userEvent.setup().click(await within(own).findByRole('button', { name: 'Delete your comment' }, LATER));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.querySelector('p')?.textContent).toBe('Delete your comment? This cannot be undone.');
    expect(calls('/delete')).toHaveLength(0);
    await userEvent.setup().click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(post).queryByText(HOSTILE)).toBeNull());
    expect(calls('/ess/feed/1201/comments/89/delete')).toHaveLength(1);
    expect(within(post).getByText('See you there!')).toBeDefined();
  });

  it('keeps the text when sending fails (field and button disabled while it is sent), then sends it and empties the field', async () => {
    const post = await showFeed();
    const field = await within(post).findByRole('textbox', { name: 'Write a comment' }, LATER);
    const send = within(post).getByRole('button', { name: 'Send comment' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    const failing = held(() => json({ error: true, status_code: 500, error_message: 'The server is busy.' }, 500));
    handle = failing.answer;
    const user = userEvent.setup();
    await user.type(field, 'I will be there.');
    await user.click(send);
    await waitFor(() => expect((field as HTMLTextAreaElement).disabled).toBe(true));
    expect((send as HTMLButtonElement).disabled).toBe(true);
    await failing.release();
    await dismissAlert('The server is busy.');
    expect((field as HTMLTextAreaElement).value).toBe('I will be there.');
    expect((field as HTMLTextAreaElement).disabled).toBe(false);

    handle = async (_url, request) => {
      const { comment } = (await request.clone().json()) as { comment: string };
      return json({
        error: false,
        status_code: 200,
        comment: { id: 90, announcement_id: 1201, likes_count: 0, liked_by_me: false, comment, user: { id: 42, first_name: 'Ayu', last_name: 'Lestari' }, created_at: '2026-11-20T10:12:00Z' },
        comments_count: 3,
      });
    };
    await user.click(send);
    await waitFor(() => expect((field as HTMLTextAreaElement).value).toBe(''));
    const added = within(post).getByText('I will be there.').closest('li')!;
    expect(within(added).getByRole('button', { name: 'Delete your comment' })).toBeDefined();
    expect(calls('/ess/feed/1201/comments')).toHaveLength(2);

    // The contract's limit: 1000 characters, and how many are left once near it.
    expect((field as HTMLTextAreaElement).maxLength).toBe(1000);
    expect(within(post).queryByText(/characters left/)).toBeNull();
    fireEvent.change(field, { target: { value: 'x'.repeat(950) } });
    expect(within(post).getByText('50 characters left')).toBeDefined();
  });
});

describe("other readers' likes and comments, live", () => {
  it('move the counts without a refetch; an event with nothing new changes nothing', async () => {
    const post = await showFeed();
    const feedCalls = calls('/ess/feed').length;
    act(() => publish('feed:counts', { announcementId: 1201, likesCount: 14, commentsCount: 3, commentId: 88, commentLikesCount: 5 }));
    expect(await within(post).findByText('14 likes')).toBeDefined();
    expect(within(post).getByRole('button', { name: '5 likes' })).toBeDefined();
    expect(within(post).getByText('3')).toBeDefined();

    const cached = () => queryClient.getQueriesData<InfiniteData<FeedResponse>>({ queryKey: [{ _id: 'getFeed' }] })[0]![1];
    const before = cached();
    act(() => publish('feed:counts', { announcementId: 1201, likesCount: 14, commentsCount: 3, commentId: 88, commentLikesCount: 5 }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(cached()).toBe(before);

    act(() => publish('feed:counts', { announcementId: 1201, likesCount: 14, commentsCount: 2, commentId: 88, commentDeleted: true }));
    await waitFor(() => expect(within(post).queryByText('See you there!')).toBeNull());
    expect(calls('/ess/feed').length).toBe(feedCalls);
  });
});
