// @vitest-environment happy-dom
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FeedResponse } from '../../../generated/http/types.gen.ts';
import { setAccessToken } from '../../api/client.ts';
import { subscribe } from '../../shared/events/app-events.ts';
import type { Translator } from '../../shared/i18n/translator.ts';
import { getStorage, initAppStorage, STORAGE_KEYS } from '../../shared/storage/storage.ts';
import { createTestI18n, createTestQueryClient, json, renderApp, stubRequestAndFetch } from '../../shared/testing/render-app.tsx';
import { feedQueryOptions } from './api/feed.ts';
import { CommentLikesModal } from './comment-likes-modal.tsx';

const LIKES = [
  {
    id: 1,
    user: { id: 42, signed_profile_picture_url: 'https://cdn.company.example/avatars/42.jpg?sig=abc123', employee_number: '100234', first_name: 'Ayu', last_name: 'Lestari' },
  },
  { id: 2, user: { id: 57, signed_profile_picture_url: null, employee_number: '100871', first_name: 'Rizky', last_name: 'Pratama' } },
];

const likesBody = (likes: unknown[] = LIKES) => ({ error: false, status_code: 200, likes });

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
  answer = () => json(likesBody());
  fetchMock = stubRequestAndFetch((url) => answer(url));
});

afterEach(() => {
  cleanup();
  queryClient.clear();
  setAccessToken(undefined);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function Harness({ groupType = 'company_wide', likesCount = 1234 }: { groupType?: string; likesCount?: number }) {
  const [open, setOpen] = useState(true);
  return open ? (
    <CommentLikesModal announcement={{ id: 1201, group_type: groupType }} comment={{ id: 89, likes_count: likesCount }} onClose={() => setOpen(false)} />
  ) : (
    <p>Modal closed</p>
  );
}

const open = (props: { groupType?: string; likesCount?: number } = {}) => renderApp(<Harness {...props} />, { queryClient, i18nInstance });
const title = () => screen.getByRole('dialog').querySelector('h2')?.textContent;
const location = () => screen.getByTestId('location').textContent;

/** Holds the likes call until released, to see the loading state. */
function holdAnswer(body: unknown) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  answer = async () => {
    await held;
    return json(body);
  };
  return () => act(() => release());
}

describe('feed comment likes modal: title, loading, list (SPEC §2)', () => {
  it('titles "1,234 likes" with a spinner while loading, then the list length once loaded', async () => {
    const release = holdAnswer(likesBody());
    open({ likesCount: 1234 });
    expect(screen.getByRole('dialog', { name: '1,234 likes' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    await release();
    expect(await screen.findByRole('dialog', { name: '2 likes' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says "1 like" for one like, singular', async () => {
    answer = () => json(likesBody([LIKES[1]]));
    open({ likesCount: 1 });
    expect(title()).toBe('1 like');
    await screen.findByText('Rizky Pratama');
    expect(title()).toBe('1 like');
  });

  it('says "0 like" and "No likes" when nobody liked the comment', async () => {
    answer = () => json(likesBody([]));
    open({ likesCount: 3 });
    expect(await screen.findByText('No likes')).toBeTruthy();
    expect(title()).toBe('0 like');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('formats large counts with thousands separators and no decimals', async () => {
    const release = holdAnswer(likesBody());
    open({ likesCount: 1234567 });
    expect(title()).toBe('1,234,567 likes');
    await release();
  });

  it('shows a row per user with avatar, employee number and full name', async () => {
    open();
    const rows = await screen.findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('Ayu Lestari');
    expect(rows[0]?.textContent).toContain('100234');
    expect(rows[1]?.textContent).toContain('Rizky Pratama');
    expect(rows[1]?.textContent).toContain('100871');

    const picture = within(rows[0] as HTMLElement).getByRole('img', { name: 'Ayu Lestari' });
    expect(picture.tagName).toBe('IMG');
    expect(picture.getAttribute('src')).toBe('https://cdn.company.example/avatars/42.jpg?sig=abc123');
    // No picture: the initials stand in, named like the picture would be.
    const initials = within(rows[1] as HTMLElement).getByRole('img', { name: 'Rizky Pratama' });
    expect(initials.tagName).toBe('SPAN');
    expect(initials.textContent).toBe('RP');

    // A picture that fails to load (expired signature) falls back to the initials.
    fireEvent.error(picture);
    const fallback = within(rows[0] as HTMLElement).getByRole('img', { name: 'Ayu Lestari' });
    expect(fallback.tagName).toBe('SPAN');
    expect(fallback.textContent).toBe('AL');
  });

  it('closes with the Close button', async () => {
    open();
    await screen.findByText('Ayu Lestari');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Modal closed')).toBeTruthy();
  });

  it('sets the comment likes_count in the cached feed to the list length (SPEC §4)', async () => {
    const feedKey = feedQueryOptions('company_wide').queryKey;
    const otherKey = feedQueryOptions('company').queryKey;
    const page: FeedResponse = {
      data: [
        {
          id: 1201,
          content: '<p>Town hall</p>',
          group_type: 'company_wide',
          comments: [
            { id: 88, announcement_id: 1201, likes_count: 7 },
            { id: 89, announcement_id: 1201, likes_count: 1234 },
          ],
        },
      ],
      meta: { current_page: 1, last_page: 1 },
    };
    queryClient.setQueryData<InfiniteData<FeedResponse>>(feedKey, { pages: [page], pageParams: [1] });
    queryClient.setQueryData<InfiniteData<FeedResponse>>(otherKey, { pages: [page], pageParams: [1] });
    open();
    await screen.findByText('Ayu Lestari');
    for (const key of [feedKey, otherKey]) {
      const comments = queryClient.getQueryData<InfiniteData<FeedResponse>>(key)?.pages[0]?.data?.[0]?.comments;
      expect(comments?.map((comment) => comment.likes_count)).toEqual([7, 2]);
    }
  });
});

describe('the group type picks the likes endpoint (SPEC §3)', () => {
  for (const [groupType, path] of [
    ['company_wide', '/api/ess/feed/company-wide/1201/comments/89/likes'],
    ['department', '/api/ess/feed/department/1201/comments/89/likes'],
    ['company', '/api/ess/feed/company/1201/comments/89/likes'],
    ['branch', '/api/ess/feed/company/1201/comments/89/likes'],
  ] as const) {
    it(`${groupType} → ${path}`, async () => {
      open({ groupType });
      await screen.findByText('Ayu Lestari');
      expect(fetchMock).toHaveBeenCalledTimes(1);
      const request = fetchMock.mock.calls[0]?.[0] as Request;
      expect(new URL(request.url).pathname).toBe(path);
      expect(request.method).toBe('GET');
    });
  }
});

describe('feed comment likes modal: errors (SPEC §8)', () => {
  async function dismissAlert(header: string, message: string) {
    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByRole('heading').textContent).toBe(header);
    expect(alert.querySelector('p')?.textContent).toBe(message);
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  }

  it('CHANGE_PASS: alert "Please change your password to continue." then /change-password', async () => {
    answer = () => json({ error: true, status_code: 'CHANGE_PASS', error_message: 'Please change your password to continue.' });
    open();
    const alert = await screen.findByRole('alertdialog');
    expect(location()).toBe('/home');
    expect(alert.textContent).toContain('Please change your password to continue.');
    await dismissAlert('Error', 'Please change your password to continue.');
    expect(location()).toBe('/change-password');
    expect(screen.getByRole('heading', { name: 'Change password screen' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  for (const [name, statusCode] of [
    ['401 as a number', 401],
    ['401 as a string', '401'],
  ] as const) {
    it(`${name} in the body: token removed, alert "Sorry, something went wrong. Please log in again.", logout`, async () => {
      const logout = vi.fn();
      const unsubscribe = subscribe('user:logout', logout);
      answer = () => json({ error: true, status_code: statusCode, error_message: 'Unauthenticated.' });
      open();
      await screen.findByRole('alertdialog');
      expect(getStorage().get(STORAGE_KEYS.accessToken)).toBeUndefined();
      expect(logout).not.toHaveBeenCalled();
      await dismissAlert('Error', 'Sorry, something went wrong. Please log in again.');
      expect(logout).toHaveBeenCalledWith({ reason: 'unauthorized' });
      expect(screen.queryByRole('dialog')).toBeNull();
      unsubscribe();
    });
  }

  it('an HTTP 401: the same token removal, alert and logout', async () => {
    const logout = vi.fn();
    const unsubscribe = subscribe('user:logout', logout);
    answer = () => json({ error: true, status_code: 401, error_message: 'Unauthenticated.' }, 401);
    open();
    await screen.findByRole('alertdialog');
    expect(getStorage().get(STORAGE_KEYS.accessToken)).toBeUndefined();
    await dismissAlert('Error', 'Sorry, something went wrong. Please log in again.');
    expect(logout).toHaveBeenCalledWith({ reason: 'unauthorized' });
    expect(screen.queryByRole('dialog')).toBeNull();
    unsubscribe();
  });

  it('any other error: alert "Error" with the server message, then the modal closes', async () => {
    answer = () => json({ error: true, status_code: 404, error_message: 'This comment has been removed.' });
    open();
    await screen.findByRole('alertdialog');
    // The modal waits behind the alert.
    expect(screen.getByRole('dialog')).toBeTruthy();
    await dismissAlert('Error', 'This comment has been removed.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Modal closed')).toBeTruthy();
    expect(location()).toBe('/home');
    expect(getStorage().get(STORAGE_KEYS.accessToken)).toBe('test-access-token');
  });

  it('an HTTP 500: alert "Error" with the server message, then the modal closes', async () => {
    answer = () => json({ error: true, status_code: 500, error_message: 'The service is temporarily unavailable.' }, 500);
    open();
    await dismissAlert('Error', 'The service is temporarily unavailable.');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a network failure: the modal closes, then "Sorry, something went wrong. Please try again later."', async () => {
    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    open();
    const alert = await screen.findByRole('alertdialog');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Modal closed')).toBeTruthy();
    expect(alert.textContent).toContain('Sorry, something went wrong. Please try again later.');
    await dismissAlert('Error', 'Sorry, something went wrong. Please try again later.');
    expect(location()).toBe('/home');
  });

  it('a malformed answer is an error, not a crash: default message, modal closes', async () => {
    answer = () => json({ error: false, likes: [{ id: 'x', user: 'nobody' }] });
    open();
    await dismissAlert('Error', 'Sorry, something went wrong. Please try again later.');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
