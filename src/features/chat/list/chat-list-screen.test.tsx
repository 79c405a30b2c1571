// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_HOME_FRESH_MS } from '../../../api/chat-home.ts';
import { badgeCounts, EMPTY_COUNTS } from '../../../shared/domain/badge-counts.ts';
import { publish } from '../../../shared/events/app-events.ts';
import type { TranslationTree, Translator } from '../../../shared/i18n/translator.ts';
import { createTestQueryClient, json, stubRequestAndFetch } from '../../../shared/testing/render-app.tsx';
import { createTestI18n } from '../../../shared/testing/test-i18n.ts';
import type { ChatRoom } from '../api/message-model.ts';
import { chatRoom } from '../testing/chat-fixtures.ts';
import { renderChat } from '../testing/render-chat.tsx';
import { ChatList, ChatListScreen } from './chat-list-screen.tsx';

vi.mock('virtua', () => import('../testing/virtua-mock.tsx'));

let i18nInstance: Translator;

beforeAll(() => {
  i18nInstance = createTestI18n();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TODAY = new Date();
const ago = (minutes: number) => new Date(TODAY.getTime() - minutes * 60_000).toISOString();

// Contract-like rooms: a group, a direct chat, an HR chat, an urgent muted one, and a pinned one that is older.
const ROOMS: ChatRoom[] = [
  chatRoom({ id: 1, uuid: 'r-group', type: 'group', name: 'Payroll team', individual_name: null, last_message: { message_content: 'Slips are out', created_at: ago(5), is_owner: 1 }, meta: { unread_messages: 0 } }),
  chatRoom({ id: 2, uuid: 'r-budi', type: 'individual', individual_name: 'Budi Santoso', last_message: { message_content: 'See you at 9', created_at: ago(1), is_owner: 0 }, meta: { unread_messages: 3 } }),
  chatRoom({ id: 3, uuid: 'r-hr', type: 'individual', individual_name: 'HR Helpdesk', is_chat_with_hr: 1, last_message: { message_content: 'How can we help?', created_at: ago(30), is_owner: false }, meta: { unread_messages: 0 } }),
  chatRoom({ id: 4, uuid: 'r-urgent', type: 'group', name: 'Outage', is_urgent_chat: 1, is_muted: 1, last_message: { message_content: 'Servers down', created_at: ago(60), is_owner: 0 }, meta: { unread_messages: 120 } }),
  chatRoom({ id: 5, uuid: 'r-pinned', type: 'individual', individual_name: 'Citra Dewi', pinned_at: ago(600), last_message: { message_content: 'Old news', created_at: ago(60 * 24 * 3), is_owner: 0 }, meta: { unread_messages: 0 } }),
];

const home = (rooms: unknown[]) => ({ error: false, status_code: 200, chat_home: { id: 9, user_id: 42, groupChatUuids: ['r-group', 'r-urgent'], is_chat_admin: 0 }, chat_rooms: rooms });

type Handler = (url: URL) => Response | Promise<Response>;
let handler: Handler;
let fetchMock: ReturnType<typeof stubRequestAndFetch>;

beforeEach(() => {
  handler = (url) => (url.pathname === '/api/live-chat/home' ? json(home(ROOMS)) : json({ error: true, error_message: `unexpected ${url.pathname}` }, 404));
  fetchMock = stubRequestAndFetch((url) => handler(url));
});

const calls = (path: string) => fetchMock.mock.calls.map(([request]) => new URL(request.url)).filter((url) => url.pathname === path);

function renderList(at = '/chats') {
  const queryClient = createTestQueryClient();
  renderChat(<ChatListScreen />, { queryClient, i18nInstance, at });
  return { queryClient, user: userEvent.setup() };
}

const rows = () => screen.queryAllByTestId('chat-room-row');
const rowNames = () => rows().map((row) => row.querySelector('[title]')?.textContent);
const row = (uuid: string) => {
  const found = rows().find((element) => element.dataset.roomUuid === uuid);
  if (!found) throw new Error(`no row for ${uuid}`);
  return found;
};

describe('the chat list (SPEC §2)', () => {
  it('shows "Loading..." until the chat home answers, then the rooms, pinned first and then by last activity', async () => {
    let release!: () => void;
    const held = new Promise<void>((done) => (release = done));
    const answer = handler;
    handler = async (url) => {
      await held;
      return answer(url);
    };
    renderList();
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(rows()).toHaveLength(0);
    release();
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(screen.queryByRole('status')).toBeNull();
    expect(rowNames()).toEqual(['Citra Dewi', 'Budi Santoso', 'Payroll team', 'HR Helpdesk', 'Outage']);
    const [request] = calls('/api/live-chat/home');
    expect(request).toBeDefined();
    expect(fetchMock.mock.calls[0]![0].method).toBe('GET');
  });

  it('shows each room with its name, last message ("You: " for own), unread count and marks', async () => {
    renderList();
    await waitFor(() => expect(rows()).toHaveLength(5));

    const group = row('r-group');
    expect(group.textContent).toContain('Payroll team');
    expect(group.textContent).toContain('You: Slips are out');
    expect(within(group).queryByLabelText(/unread message/)).toBeNull();

    const budi = row('r-budi');
    expect(budi.textContent).toContain('See you at 9');
    expect(budi.textContent).not.toContain('You:');
    expect(within(budi).getByLabelText('3 unread messages').textContent).toBe('3');
    expect(budi.getAttribute('href')).toBe('/chats/chat?uuid=r-budi');

    const hr = row('r-hr');
    expect(within(hr).getByText('HR')).toBeTruthy();
    expect(within(hr).queryByText('Urgent')).toBeNull();
    expect(hr.textContent).not.toContain('You:');

    const urgent = row('r-urgent');
    expect(within(urgent).getByText('Urgent')).toBeTruthy();
    expect(within(urgent).getByLabelText('Muted')).toBeTruthy();
    expect(within(urgent).getByLabelText('120 unread messages').textContent).toBe('99+');
    expect(within(budi).queryByLabelText('Muted')).toBeNull();

    expect(within(row('r-pinned')).getByLabelText('Pinned')).toBeTruthy();
    expect(within(budi).queryByLabelText('Pinned')).toBeNull();
  });

  it('links rooms to the v1 room route under /live-chat', async () => {
    renderList('/live-chat');
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(row('r-budi').getAttribute('href')).toBe('/live-chat/chat-room?uuid=r-budi');
    await userEvent.click(row('r-budi'));
    expect(screen.getByTestId('location').textContent).toBe('/live-chat/chat-room?uuid=r-budi');
  });

  it('leaves a row tapped with a modifier key (a new tab or window) to the browser, and opens one tapped plainly', async () => {
    renderList();
    await waitFor(() => expect(rows()).toHaveLength(5));
    const before = screen.getByTestId('location').textContent;
    for (const modifier of ['Control', 'Meta', 'Shift'] as const) {
      const user = userEvent.setup();
      await user.keyboard(`{${modifier}>}`);
      const click = vi.fn((event: MouseEvent) => event.defaultPrevented);
      row('r-budi').addEventListener('click', click);
      await user.click(row('r-budi'));
      await user.keyboard(`{/${modifier}}`);
      row('r-budi').removeEventListener('click', click);
      expect(screen.getByTestId('location').textContent).toBe(before);
    }
    row('r-hr').focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByTestId('location').textContent).toBe('/chats/chat?uuid=r-hr');
  });

  it('says the rows in the language the person switches to', async () => {
    renderList();
    await waitFor(() => expect(rows()).toHaveLength(5));
    const id = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../../public/assets/i18n/id.json'), 'utf8')) as TranslationTree;
    i18nInstance.addResources('id', id);
    await act(() => i18nInstance.changeLanguage('id'));
    try {
      expect(within(row('r-budi')).getByLabelText('3 pesan belum dibaca').textContent).toBe('3');
      expect(row('r-group').textContent).toContain('Anda: Slips are out');
    } finally {
      await act(() => i18nInstance.changeLanguage('en'));
    }
  });

  it('says "No chats yet." when there are no rooms', async () => {
    handler = () => json(home([]));
    renderList();
    expect(await screen.findByText('No chats yet.')).toBeTruthy();
    expect(rows()).toHaveLength(0);
  });

  it('shows an error with "Try again" when the chat home fails, and the rooms after a successful retry', async () => {
    let fail = true;
    handler = () => (fail ? json({ error: true, status_code: 500, error_message: 'Server error' }, 500) : json(home(ROOMS.slice(0, 2))));
    const { user } = renderList();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The chats could not be loaded.')).toBeTruthy();
    expect(rows()).toHaveLength(0);
    expect(calls('/api/live-chat/home')).toHaveLength(1);

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls('/api/live-chat/home')).toHaveLength(2);
  });

  it('shows the error state, not a crash, when the answer breaks the contract', async () => {
    handler = () => json({ error: false, chat_home: { id: 9, user_id: 42, groupChatUuids: [], is_chat_admin: 0 }, chat_rooms: [{ id: 'not-a-number', uuid: 5 }] });
    renderList();
    expect(within(await screen.findByRole('alert')).getByText('The chats could not be loaded.')).toBeTruthy();
    expect(rows()).toHaveLength(0);
  });

  it('shows the error state on an error envelope in a 200 answer', async () => {
    handler = () => json({ error: true, status_code: 500, error_message: 'Database unavailable' });
    renderList();
    expect(within(await screen.findByRole('alert')).getByText('The chats could not be loaded.')).toBeTruthy();
  });

  it('searches through /live-chat/search once typing pauses (300 ms) and shows the results', async () => {
    handler = (url) => {
      if (url.pathname === '/api/live-chat/search') return json({ error: false, chat_rooms: [ROOMS[1]] });
      return json(home(ROOMS));
    };
    const { user } = renderList();
    await waitFor(() => expect(rows()).toHaveLength(5));

    const input = screen.getByRole('searchbox', { name: 'Search chats' });
    expect(input.getAttribute('placeholder')).toBe('Search chats');
    const typedAt = Date.now();
    await user.type(input, 'budi');
    // Nothing asked while typing.
    expect(calls('/api/live-chat/search')).toHaveLength(0);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(Date.now() - typedAt).toBeGreaterThanOrEqual(300);
    expect(rowNames()).toEqual(['Budi Santoso']);
    const searches = calls('/api/live-chat/search');
    expect(searches).toHaveLength(1);
    expect(searches[0]!.searchParams.get('keyword')).toBe('budi');

    // Clearing the search shows the chat home's rooms again without asking again.
    await user.clear(input);
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(calls('/api/live-chat/search')).toHaveLength(1);
  });

  it('says "No chats match your search." when the search finds nothing', async () => {
    handler = (url) => (url.pathname === '/api/live-chat/search' ? json({ error: false, chat_rooms: [] }) : json(home(ROOMS)));
    const { user } = renderList();
    await waitFor(() => expect(rows()).toHaveLength(5));
    await user.type(screen.getByRole('searchbox', { name: 'Search chats' }), 'nobody');
    expect(await screen.findByText('No chats match your search.')).toBeTruthy();
    expect(rows()).toHaveLength(0);
  });

  it("updates a room's last message and unread count from a live event, and moves it up, without asking the server", async () => {
    renderList();
    await waitFor(() => expect(rows()).toHaveLength(5));
    const fetches = fetchMock.mock.calls.length;

    act(() =>
      publish('chat:live-chat', {
        roomId: 3,
        roomUuid: 'r-hr',
        unread: 2,
        lastMessage: { content: 'Your leave is approved', createdAt: new Date().toISOString(), fromCurrentUser: false },
        message: undefined,
      }),
    );

    await waitFor(() => expect(row('r-hr').textContent).toContain('Your leave is approved'));
    expect(within(row('r-hr')).getByLabelText('2 unread messages').textContent).toBe('2');
    // Pinned stays first; the room with the newest message comes next.
    expect(rowNames()).toEqual(['Citra Dewi', 'HR Helpdesk', 'Budi Santoso', 'Payroll team', 'Outage']);
    expect(fetchMock.mock.calls.length).toBe(fetches);

    act(() =>
      publish('chat:live-chat', {
        roomId: 1,
        roomUuid: 'r-group',
        unread: undefined,
        lastMessage: { content: 'Thanks all', createdAt: new Date().toISOString(), fromCurrentUser: true },
        message: undefined,
      }),
    );
    await waitFor(() => expect(row('r-group').textContent).toContain('You: Thanks all'));
    expect(within(row('r-group')).queryByLabelText(/unread message/)).toBeNull();
    expect(fetchMock.mock.calls.length).toBe(fetches);
  });

  it('opens the Start Live Chat modal with the "New chat" button, and closes it again', async () => {
    const { user } = renderList();
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(screen.queryByRole('dialog', { name: 'Start Live Chat' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'New chat' }));
    const modal = screen.getByRole('dialog', { name: 'Start Live Chat' });
    expect(within(modal).getByRole('button', { name: 'Start Group Chat' })).toBeTruthy();
    expect(within(modal).getByRole('heading', { name: 'Start Direct Chat' })).toBeTruthy();
    await user.click(within(modal).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Start Live Chat' })).toBeNull();
    expect(rows()).toHaveLength(5);
  });

  it('shows HTML in a room name or last message as text', async () => {
    const hostile = '<img src=x onerror="alert(1)">';
    handler = () => json(home([chatRoom({ id: 7, uuid: 'r-x', type: 'group', name: hostile, last_message: { message_content: '<script>alert(2)</script>', created_at: ago(1), is_owner: 0 } })]));
    renderList();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rowNames()).toEqual([hostile]);
    expect(row('r-x').textContent).toContain('<script>alert(2)</script>');
    expect(document.querySelector('img[src="x"], script')).toBeNull();
  });
});

describe('a direct room in the list shows the other person', () => {
  const AYU = 42; // the signed-in person (chat_home.user_id)
  const AYU_PICTURE = 'https://cdn.example/avatars/42.jpg';
  const RIZKY_PICTURE = 'https://cdn.example/avatars/57.jpg';
  const SITI_PICTURE = 'https://cdn.example/avatars/61.jpg';
  const direct = [
    // Rizky started this chat with Ayu: from_* is Rizky, to is Ayu.
    chatRoom({ id: 11, uuid: 'r-rizky', individual_name: 'Rizky Pratama', to: AYU, from_user_name: 'Rizky Pratama', to_user_name: 'Ayu Lestari', from_user_avatar: RIZKY_PICTURE, to_user_avatar: AYU_PICTURE }),
    // Ayu started this one with Siti.
    chatRoom({ id: 12, uuid: 'r-siti', individual_name: 'Siti Rahayu', to: 61, from_user_name: 'Ayu Lestari', to_user_name: 'Siti Rahayu', from_user_avatar: AYU_PICTURE, to_user_avatar: SITI_PICTURE }),
  ];
  const picture = (uuid: string) => row(uuid).querySelector('img')?.getAttribute('src');

  it("shows Rizky's picture on the chat Rizky started, and Siti's on the one Ayu started (never Ayu's own)", async () => {
    handler = () => json(home(direct));
    renderList();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(picture('r-rizky')).toBe(RIZKY_PICTURE);
    expect(picture('r-siti')).toBe(SITI_PICTURE);
  });
});

describe('long names and wide screens', () => {
  it('cuts a long group name to one line and keeps the whole name as its tooltip', async () => {
    const name = 'Tim Operasional Jakarta Selatan dan Sekitarnya';
    handler = () => json(home([chatRoom({ id: 20, uuid: 'r-long', type: 'group', name })]));
    renderList();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(row('r-long')).getByText(name).getAttribute('title')).toBe(name);
  });

  it('beside an open room, selects its row (aria-current) and no other', async () => {
    const queryClient = createTestQueryClient();
    renderChat(<ChatList selectedUuid="r-hr" />, { queryClient, i18nInstance, at: '/chats/chat?uuid=r-hr' });
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(row('r-hr').getAttribute('aria-current')).toBe('page');
    expect(rows().filter((element) => element.getAttribute('aria-current'))).toHaveLength(1);
    expect(screen.queryByRole('main')).toBeNull();
  });

  it('at 1024 px and wider, /chats shows the list beside "Select a chat to start messaging"; narrower, the list alone', async () => {
    const listeners = new Set<() => void>();
    let wide = true;
    vi.stubGlobal('matchMedia', (query: string) => ({
      get matches() {
        return query === '(min-width: 1024px)' && wide;
      },
      media: query,
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    }));
    renderList();
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(screen.getByTestId('no-room-open').textContent).toBe('Select a chat to start messaging');
    wide = false;
    act(() => listeners.forEach((listener) => listener()));
    expect(screen.queryByTestId('no-room-open')).toBeNull();
    expect(rows()).toHaveLength(5);
  });

  it('filters: Unread keeps the rooms with unread messages, Groups the group chats; the choice is in the address and All clears it', async () => {
    const { user } = renderList();
    await waitFor(() => expect(rows()).toHaveLength(5));
    const filters = screen.getByRole('group', { name: 'Show chats' });
    expect(within(filters).getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');

    await user.click(within(filters).getByRole('button', { name: 'Unread' }));
    expect(rowNames()).toEqual(['Budi Santoso', 'Outage']);
    expect(screen.getByTestId('location').textContent).toBe('/chats?filter=unread');

    await user.click(within(filters).getByRole('button', { name: 'Groups' }));
    expect(rowNames()).toEqual(['Payroll team', 'Outage']);
    expect(within(filters).getByRole('button', { name: 'Groups' }).getAttribute('aria-pressed')).toBe('true');

    await user.click(within(filters).getByRole('button', { name: 'All' }));
    expect(rows()).toHaveLength(5);
    expect(screen.getByTestId('location').textContent).toBe('/chats');
  });

  it('opened at ?filter=groups (what /social-group leads to) shows the group chats, and says so when there are none', async () => {
    renderList('/chats?filter=groups');
    await waitFor(() => expect(rowNames()).toEqual(['Payroll team', 'Outage']));
    cleanup();
    handler = () => json(home(ROOMS.filter((room) => room.type !== 'group')));
    renderList('/chats?filter=groups');
    expect(await screen.findByText('No group chats yet.')).toBeTruthy();
  });

  it('opened with the start-chat request (messages/direct-chat without a person), shows the Start Live Chat modal once', async () => {
    const queryClient = createTestQueryClient();
    renderChat(<ChatListScreen />, { queryClient, i18nInstance, at: '/chats', state: { startChat: true } });
    expect(await screen.findByRole('dialog', { name: 'Start Live Chat' })).toBeTruthy();
  });
});

describe('the list after the live-chat socket connects', () => {
  it('fetches the rooms again when its answer is more than a few seconds old (events sent while the socket was down), not when it is fresh', async () => {
    const { queryClient } = renderList();
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(calls('/api/live-chat/home')).toHaveLength(1);
    // The socket connects just after the list opened: the list's answer stands.
    act(() => publish('chat:socket-connected', {}));
    await act(async () => undefined);
    expect(calls('/api/live-chat/home')).toHaveLength(1);
    // A reconnection once the answer is older than CHAT_HOME_FRESH_MS: the rooms are fetched again.
    const query = queryClient.getQueryCache().getAll().find((cached) => JSON.stringify(cached.queryKey).includes('getChatHome'))!;
    query.setState({ dataUpdatedAt: Date.now() - CHAT_HOME_FRESH_MS - 1 });
    act(() => publish('chat:socket-connected', {}));
    await waitFor(() => expect(calls('/api/live-chat/home')).toHaveLength(2));
  });
});

describe("the line that explains the Chat badge (issue 37, item 8)", () => {
  afterEach(() => badgeCounts.set(EMPTY_COUNTS));

  it('says the badge also counts the notifications and approvals, each a link to the notifications screen', async () => {
    badgeCounts.set({ unreadMessages: 123, unreadNotifications: 10, pendingApprovals: 3 });
    const { user } = renderList();
    await waitFor(() => expect(rows()).toHaveLength(5));
    const line = screen.getByTestId('chat-badge-line');
    expect(line.textContent).toBe('The Chat badge also counts 10 notifications and 3 approvals.');
    expect(within(line).getByRole('link', { name: '10 notifications' }).getAttribute('href')).toBe('/notification');
    expect(within(line).getByRole('link', { name: '3 approvals' }).getAttribute('href')).toBe('/notification');
    await user.click(within(line).getByRole('link', { name: '3 approvals' }));
    expect(screen.getByTestId('location').textContent).toBe('/notification');
  });

  it('names only what is there, follows the counts, and is gone when the badge counts chat messages alone', async () => {
    badgeCounts.set({ unreadMessages: 4, unreadNotifications: 1, pendingApprovals: 0 });
    renderList();
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(screen.getByTestId('chat-badge-line').textContent).toBe('The Chat badge also counts 1 notification.');
    act(() => badgeCounts.set({ unreadMessages: 4, unreadNotifications: 0, pendingApprovals: 0 }));
    expect(screen.queryByTestId('chat-badge-line')).toBeNull();
  });
});
