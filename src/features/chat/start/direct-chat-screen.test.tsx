// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Translator } from '../../../shared/i18n/translator.ts';
import { createTestQueryClient, json, stubRequestAndFetch } from '../../../shared/testing/render-app.tsx';
import { createTestI18n } from '../../../shared/testing/test-i18n.ts';
import { renderChat } from '../testing/render-chat.tsx';
import { DirectChatScreen, parseDirectChatTarget } from './direct-chat-screen.tsx';

const ROOM = 'b3f1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const BUDI = {
  id: 43,
  first_name: 'Budi',
  last_name: 'Santoso',
  employee_number: 'EMP-0043',
  signed_profile_picture_url: null,
  ess_employee_profile: { full_job_title: 'Warehouse Supervisor', job_title: 'Supervisor' },
  ess_company: { name: 'PT Contoh' },
};

type Handler = (url: URL, body: unknown) => Response | Promise<Response>;
let handler: Handler;
let fetchMock: ReturnType<typeof stubRequestAndFetch>;
let i18nInstance: Translator;

beforeAll(() => {
  i18nInstance = createTestI18n();
});
beforeEach(() => {
  handler = (url, body) =>
    url.pathname === '/api/video-call/search-employees'
      ? json({ error: false, status_code: 200, users: (body as { user_id?: number }).user_id === 43 ? [BUDI] : [] })
      : url.pathname === '/api/live-chat/start-individual-chat'
        ? json({ error: false, status_code: 200, chat_room: { id: 7, uuid: ROOM, type: 'individual', name: null } })
        : json({ error: true, error_message: `unexpected ${url.pathname}` }, 404);
  fetchMock = stubRequestAndFetch(async (url, request) => handler(url, request.method === 'POST' ? await request.clone().json() : undefined));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const writes = () =>
  fetchMock.mock.calls.map(([request]) => new URL(request.url).pathname).filter((path) => path === '/api/live-chat/start-individual-chat');
const location = () => screen.getByTestId('location').textContent;

function renderAt(query: string) {
  renderChat(<DirectChatScreen />, { queryClient: createTestQueryClient(), i18nInstance, at: `/messages/direct-chat${query}` });
  return userEvent.setup();
}

describe('what a direct-chat address names', () => {
  it('reads one person or one room, and refuses anything else', () => {
    const of = (query: string) => parseDirectChatTarget(new URLSearchParams(query));
    expect(of('?user_id=43')).toEqual({ kind: 'person', userId: 43 });
    expect(of(`?uuid=${ROOM}`)).toEqual({ kind: 'room', roomUuid: ROOM });
    expect(of(`?chat_room_uuid=${ROOM}`)).toEqual({ kind: 'room', roomUuid: ROOM });
    expect(of('')).toEqual({ kind: 'none' });
    for (const bad of ['?user_id=0', '?user_id=43abc', '?user_id=-1', `?user_id=43&uuid=${ROOM}`, '?uuid=../../etc', `?uuid=${ROOM}&chat_room_uuid=other`, '?uuid='])
      expect(of(bad), bad).toEqual({ kind: 'invalid' });
  });
});

describe('messages/direct-chat', () => {
  it('with a user_id, shows whom the chat is with and starts nothing until Start chat is tapped; then opens the room in its place', async () => {
    const user = renderAt('?user_id=43');
    expect(await screen.findByRole('heading', { name: 'Budi Santoso' })).toBeTruthy();
    expect(screen.getByText('Warehouse Supervisor')).toBeTruthy();
    expect(screen.getByText('Start a chat with Budi Santoso?')).toBeTruthy();
    expect(writes()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Start chat' }));
    await waitFor(() => expect(location()).toBe(`/chats/chat?uuid=${ROOM}`));
    expect(writes()).toHaveLength(1);
  });

  it('a failed start is only logged (SPEC §8) and Start chat can be tapped again', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const normal = handler;
    handler = (url, body) => (url.pathname === '/api/live-chat/start-individual-chat' ? json({ error: true, error_message: 'No' }, 500) : normal(url, body));
    const user = renderAt('?user_id=43');
    await user.click(await screen.findByRole('button', { name: 'Start chat' }));
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Starting a direct chat failed', expect.anything()));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Start chat' })).toBeTruthy();
    expect(location()).toBe('/messages/direct-chat?user_id=43');
  });

  it('with a room, opens that room in the Chat tab', async () => {
    renderAt(`?uuid=${ROOM}`);
    await waitFor(() => expect(location()).toBe(`/chats/chat?uuid=${ROOM}`));
    expect(writes()).toEqual([]);
  });

  it('without a person or a room, opens the chat list (where the Start Live Chat modal opens)', async () => {
    renderAt('');
    await waitFor(() => expect(location()).toBe('/chats'));
  });

  it('an unknown person and a malformed address are said, with nothing started', async () => {
    renderAt('?user_id=999');
    expect(await screen.findByText('No employee was found for this link.')).toBeTruthy();
    cleanup();
    renderAt('?user_id=javascript:alert(1)');
    expect(await screen.findByText('This link does not name a chat.')).toBeTruthy();
    expect(writes()).toEqual([]);
  });

  it('a failed look-up of the person offers Try again', async () => {
    const normal = handler;
    let fail = true;
    handler = (url, body) => (url.pathname === '/api/video-call/search-employees' && fail ? json({ error: true, error_message: 'Down' }, 503) : normal(url, body));
    const user = renderAt('?user_id=43');
    expect(await screen.findByText('Who this chat is with could not be loaded.')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Budi Santoso' })).toBeTruthy();
  });
});
