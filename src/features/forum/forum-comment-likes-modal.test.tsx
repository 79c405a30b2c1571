// @vitest-environment happy-dom
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ForumThreadsResponse } from '../../../generated/http/types.gen.ts';
import { setAccessToken } from '../../api/client.ts';
import { subscribe } from '../../shared/events/app-events.ts';
import type { Translator } from '../../shared/i18n/translator.ts';
import { getStorage, initAppStorage, STORAGE_KEYS } from '../../shared/storage/storage.ts';
import { createTestI18n, createTestQueryClient, json, renderApp, stubRequestAndFetch } from '../../shared/testing/render-app.tsx';
import { forumQueryOptions } from './api.ts';
import { ForumCommentLikesModal } from './forum-comment-likes-modal.tsx';

const LIKE = { id: 9, user: { id: 57, signed_profile_picture_url: null, employee_number: '100871', first_name: 'Rizky', last_name: 'Pratama' } };

let i18nInstance: Translator;
let queryClient: QueryClient;
let answer: (url: URL) => Response | Promise<Response>;
let fetchMock: ReturnType<typeof stubRequestAndFetch>;

beforeAll(() => {
  i18nInstance = createTestI18n();
});

beforeEach(async () => {
  await initAppStorage({});
  await getStorage().set(STORAGE_KEYS.accessToken, 'test-access-token');
  setAccessToken('test-access-token');
  queryClient = createTestQueryClient();
  answer = () => json({ error: false, status_code: 200, likes: [LIKE] });
  fetchMock = stubRequestAndFetch((url) => answer(url));
});

afterEach(() => {
  cleanup();
  queryClient.clear();
  setAccessToken(undefined);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function Harness({ likesCount }: { likesCount: number }) {
  const [open, setOpen] = useState(true);
  return open ? <ForumCommentLikesModal comment={{ id: 301, likes_count: likesCount }} onClose={() => setOpen(false)} /> : <p>Modal closed</p>;
}

const open = (likesCount = 1) => renderApp(<Harness likesCount={likesCount} />, { queryClient, i18nInstance });
const title = () => screen.getByRole('dialog').querySelector('h2')?.textContent;

async function dismissAlert(header: string, message: string) {
  const alert = await screen.findByRole('alertdialog');
  expect(within(alert).getByRole('heading').textContent).toBe(header);
  expect(alert.querySelector('p')?.textContent).toBe(message);
  await userEvent.setup().click(within(alert).getByRole('button', { name: 'Ok' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
}

describe('forum comment likes modal (SPEC §2: same layout as the feed)', () => {
  it('loads GET /ess/Forum/comment-likes/{comment_id} and lists the users', async () => {
    open(1);
    expect(title()).toBe('1 like');
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    const row = await screen.findByRole('listitem');
    expect(row.textContent).toContain('Rizky Pratama');
    expect(row.textContent).toContain('100871');
    expect(within(row).getByRole('img', { name: 'Rizky Pratama' }).textContent).toBe('RP');
    expect(new URL((fetchMock.mock.calls[0]?.[0] as Request).url).pathname).toBe('/api/ess/Forum/comment-likes/301');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByText('Modal closed')).toBeTruthy();
  });

  it('"1,234 likes" before loading, then the list length; "0 like" and "No likes" when empty', async () => {
    answer = () => json({ error: false, status_code: 200, likes: [] });
    open(1234);
    expect(title()).toBe('1,234 likes');
    expect(await screen.findByText('No likes')).toBeTruthy();
    expect(title()).toBe('0 like');
  });

  it('sets likes_count in the cached forum to the list length', async () => {
    const key = forumQueryOptions().queryKey;
    const page: ForumThreadsResponse = {
      data: [{ id: 31, title: 'Car-pooling', comments: [{ id: 301, thread_id: 31, likes_count: 40 }] }],
      meta: { current_page: 1, last_page: 1 },
    };
    queryClient.setQueryData<InfiniteData<ForumThreadsResponse>>(key, { pages: [page], pageParams: [1] });
    open(40);
    await screen.findByText('Rizky Pratama');
    expect(queryClient.getQueryData<InfiniteData<ForumThreadsResponse>>(key)?.pages[0]?.data?.[0]?.comments?.[0]?.likes_count).toBe(1);
  });

  it('CHANGE_PASS: alert then /change-password', async () => {
    answer = () => json({ error: true, status_code: 'CHANGE_PASS', error_message: 'Please change your password to continue.' });
    open();
    await dismissAlert('Error', 'Please change your password to continue.');
    expect(screen.getByTestId('location').textContent).toBe('/change-password');
  });

  for (const statusCode of [401, '401'] as const) {
    it(`401 (${typeof statusCode}) in the body: token removed, "log in again", logout`, async () => {
      const logout = vi.fn();
      const unsubscribe = subscribe('user:logout', logout);
      answer = () => json({ error: true, status_code: statusCode, error_message: 'Unauthenticated.' });
      open();
      await screen.findByRole('alertdialog');
      expect(getStorage().get(STORAGE_KEYS.accessToken)).toBeUndefined();
      await dismissAlert('Error', 'Sorry, something went wrong. Please log in again.');
      expect(logout).toHaveBeenCalledWith({ reason: 'unauthorized' });
      unsubscribe();
    });
  }

  it('another error: "Error" with the server message, then the modal closes', async () => {
    answer = () => json({ error: true, status_code: 404, error_message: 'This comment has been removed.' });
    open();
    await screen.findByRole('alertdialog');
    expect(screen.getByRole('dialog')).toBeTruthy();
    await dismissAlert('Error', 'This comment has been removed.');
    expect(screen.getByText('Modal closed')).toBeTruthy();
  });

  it('a network failure: the modal closes and the default message shows', async () => {
    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    open();
    await screen.findByRole('alertdialog');
    expect(screen.getByText('Modal closed')).toBeTruthy();
    await dismissAlert('Error', 'Sorry, something went wrong. Please try again later.');
  });
});
