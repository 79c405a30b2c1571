// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import type { QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { setAccessToken } from '../../../api/client.ts';
import { getChatHomeQueryKey } from '../../../../generated/http/@tanstack/react-query.gen.ts';
import type { Translator } from '../../../shared/i18n/translator.ts';
import type { ChatMessage } from '../testing/chat-fixtures.ts';
import { publish, subscribe, type AppEvents } from '../../../shared/events/app-events.ts';
import { SessionProvider } from '../../../shared/session/session-context.tsx';
import type { SessionController } from '../../../shared/session/session-types.ts';
import { createTestQueryClient, json, stubRequestAndFetch } from '../../../shared/testing/render-app.tsx';
import { createTestI18n } from '../../../shared/testing/test-i18n.ts';
import { chatMessages } from '../store/chat-messages.ts';
import { chatDb } from '../outbox/chat-db.ts';
import { stopOutbox } from '../outbox/outbox-runner.ts';
import { chatRoom, messageV1, messageV2 } from '../testing/chat-fixtures.ts';
import { lastXhr, stubXhr } from '../testing/fake-xhr.ts';
import { keepBlobsInFakeIndexedDb } from '../testing/idb-blobs.ts';
import { renderChat } from '../testing/render-chat.tsx';
import { ChatRoomScreen } from './chat-room-screen.tsx';

vi.mock('virtua', () => import('../testing/virtua-mock.tsx'));

const USER_ID = 42;
const ROOM = 'room-budi';
const ROOM_DATA = chatRoom({ id: 5, uuid: ROOM, type: 'individual', individual_name: 'Budi Santoso', meta: { unread_messages: 4 } });

const SESSION_STATE = { status: 'signed-in', userData: { user: { id: USER_ID, first_name: 'Ayu', last_name: 'Lestari' } } };
const session = {
  getState: () => SESSION_STATE,
  subscribe: () => () => undefined,
} as unknown as SessionController;

let i18nInstance: Translator;
beforeAll(() => {
  i18nInstance = createTestI18n();
});

interface Call {
  path: string;
  body: Record<string, unknown> | undefined;
}

type SendAnswer = (body: Record<string, unknown>) => Response | Promise<Response>;
let calls: Call[];
let answerSend: SendAnswer;
let answerSticker: SendAnswer;
let answerPin: SendAnswer;
/** The current user's unread count for the room, as the server keeps it (a live message raises it, a read mark clears it). */
let serverUnread: number;
/** Whether the server has the room muted (POST /live-chat/mute-chat toggles it). */
let serverMuted: boolean;

const HISTORY: ChatMessage[] = [
  messageV1({ id: 2, uuid: 'm-2', user_id: 7, is_owner: 0, from_user_name: 'Budi Santoso', message_content: 'Are you coming?', created_at: '2024-05-01T08:01:00Z' }),
  messageV1({ id: 1, uuid: 'm-1', user_id: USER_ID, is_owner: 1, message_content: 'Good morning', created_at: '2024-05-01T08:00:00Z' }),
];

/** The server's answer to a send: the message with the client id echoed. */
const sentV1 = (body: Record<string, unknown>) =>
  json({ error: false, message: messageV1({ id: 99, uuid: `srv-${String(body.client_message_id)}`, is_owner: 1, message_content: String(body.message), client_message_id: String(body.client_message_id), created_at: new Date().toISOString() }) });

const STICKER = { id: 3, name: 'Semangat', image_url: 'https://files.example/stickers/semangat.png' };

/** The server's answer to a sticker: the sticker message with the client id echoed. */
const sentSticker = (body: Record<string, unknown>) =>
  json({ error: false, message: messageV1({ id: 98, uuid: `srv-${String(body.client_message_id)}`, is_owner: 1, type: 'sticker', message_content: null, sticker: STICKER, client_message_id: String(body.client_message_id), created_at: new Date().toISOString() }) });

beforeEach(async () => {
  calls = [];
  answerSend = sentV1;
  answerSticker = sentSticker;
  answerPin = () => json({ error: false, message: 'Pinned.' });
  serverUnread = 0;
  serverMuted = false;
  const db = await chatDb();
  await db.clear('outbox');
  await db.clear('drafts');
  stubRequestAndFetch(async (url, request) => {
    const text = request.method === 'GET' ? '' : await request.clone().text();
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
    const path = url.pathname.replace(/^\/api/, '');
    calls.push({ path, body });
    // A jump: the page around a message (v1's view-chat/{message_uuid}).
    if (path.startsWith('/live-chat/view-chat/')) return json({ error: false, chat_room: ROOM_DATA, messages: { current_page: 1, last_page: 1, data: HISTORY }, pinned_messages: [] });
    switch (path) {
      case '/live-chat/view-chat':
        return json({ error: false, chat_room: { ...ROOM_DATA, is_muted: serverMuted ? 1 : 0 }, messages: { current_page: 1, last_page: 1, data: HISTORY }, pinned_messages: [] });
      case '/v2/live-chat/view-chat':
        return json({
          error: false,
          chat_room: ROOM_DATA,
          messages: { current_page: 1, last_page: 1, data: [messageV2({ id: 1, uuid: 'm-1', message_content: 'Good morning (v2)', is_owner: true })] },
        });
      case '/v2/live-chat/pin-message-list':
        return json({ error: false, pinned_messages: [] });
      case '/live-chat/send':
      case '/v2/live-chat/send':
        return answerSend(body ?? {});
      case '/live-chat/stickers':
        return json({ error: false, stickers: [STICKER] });
      case '/live-chat/stickers/send':
        return answerSticker(body ?? {});
      case '/live-chat/reset-meta':
      case '/v2/live-chat/read-message':
        serverUnread = 0;
        return json({ error: false, message: 'ok' });
      case '/live-chat/home':
        return json({ error: false, chat_home: HOME, chat_rooms: [{ ...ROOM_DATA, is_muted: serverMuted ? 1 : 0, meta: { unread_messages: serverUnread } }, OTHER_ROOM] });
      case '/live-chat/pin-message':
        return answerPin(body ?? {});
      case '/live-chat/mute-chat':
        serverMuted = !serverMuted;
        return json({ error: false, message: serverMuted ? 'Chat muted.' : 'Chat unmuted.', chat_room: { ...ROOM_DATA, is_muted: serverMuted ? 1 : 0 } });
      default:
        return json({ error: true, error_message: `unexpected ${path}` }, 404);
    }
  });
});

afterEach(async () => {
  cleanup();
  stopOutbox();
  chatMessages.clear(); // The chat's store lives as long as the session: each test is a new one.
  vi.unstubAllGlobals();
  // Let what the outbox started settle before the next test clears the database.
  await new Promise((done) => setTimeout(done, 20));
});

const HOME = { id: 1, user_id: USER_ID, groupChatUuids: [], is_chat_admin: 0 };
const OTHER_ROOM = chatRoom({ id: 6, uuid: 'room-siti', type: 'individual', individual_name: 'Siti Rahma', meta: { unread_messages: 0 } });

function renderRoom({ at = `/live-chat/chat-room?uuid=${ROOM}`, homeCached = false } = {}) {
  const queryClient = createTestQueryClient();
  if (homeCached) queryClient.setQueryData(getChatHomeQueryKey(), { error: false, chat_home: HOME, chat_rooms: [ROOM_DATA, OTHER_ROOM] });
  const view = renderChat(
    <SessionProvider controller={session}>
      <ChatRoomScreen />
    </SessionProvider>,
    { queryClient, i18nInstance, at },
  );
  return { queryClient, view, user: userEvent.setup() };
}

const bubbles = () => screen.queryAllByTestId('message');
const bubbleTexts = () => bubbles().map((bubble) => bubble.querySelector('[class*="text"]')?.textContent);
const field = () => screen.getByRole('textbox', { name: 'Type a message' }) as HTMLTextAreaElement;
const callsTo = (path: string) => calls.filter((call) => call.path === path);

/** Opens the room menu once its code has come (until then its button is there, disabled). */
async function openRoomMenu(user: ReturnType<typeof userEvent.setup>) {
  await waitFor(() => expect((screen.getByRole('button', { name: 'Chat options' }) as HTMLButtonElement).disabled).toBe(false));
  await user.click(screen.getByRole('button', { name: 'Chat options' }));
}

/** A message's actions from the keyboard (Enter on the focused message; the list's listeners come with their own code, so it is pressed until the sheet shows). */
async function openActions(bubble: HTMLElement) {
  act(() => bubble.focus());
  await waitFor(() => {
    fireEvent.keyDown(bubble, { key: 'Enter' });
    expect(screen.getByRole('dialog', { name: 'Message actions' })).toBeTruthy();
  });
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => (resolve = res));
  return { promise, resolve };
}

describe('a chat room (SPEC §2, §4)', () => {
  it("shows the room's name and its messages, oldest first, own and others'", async () => {
    renderRoom();
    await waitFor(() => expect(bubbles()).toHaveLength(2));
    expect(screen.getByTestId('room-title').textContent).toBe('Budi Santoso');
    expect(bubbleTexts()).toEqual(['Good morning', 'Are you coming?']);
    expect(callsTo('/live-chat/view-chat')[0]!.body).toEqual({ chat_room_uuid: ROOM });
  });

  it('opens at the message a link names (a mention\'s notification): fetches its page and marks it; a malformed id is ignored (issue 37)', async () => {
    renderRoom({ at: `/live-chat/chat-room?uuid=${ROOM}&message=m-2` });
    await waitFor(() => expect(bubbles().find((bubble) => bubble.dataset.messageUuid === 'm-2')?.dataset.highlighted).toBe('true'));
    expect(callsTo('/live-chat/view-chat/m-2')).toHaveLength(1);
    expect(bubbles().find((bubble) => bubble.dataset.messageUuid === 'm-1')?.dataset.highlighted).toBeUndefined();
    cleanup();
    calls = [];
    renderRoom({ at: `/live-chat/chat-room?uuid=${ROOM}&message=..%2F..%2Fx` });
    await waitFor(() => expect(bubbles()).toHaveLength(2));
    expect(calls.filter((call) => call.path.startsWith('/live-chat/view-chat/'))).toEqual([]);
    expect(bubbles().some((bubble) => bubble.dataset.highlighted)).toBe(false);
  });

  it('opens with a "New messages" divider before the first message unread on opening, kept while the room is open (issue 37)', async () => {
    const { user } = renderRoom({ homeCached: true }); // the chat home says 4 unread: more than the page holds of Budi's, so from his oldest
    await waitFor(() => expect(screen.getByTestId('new-messages-divider').textContent).toBe('New messages'));
    expect(screen.getByTestId('new-messages-divider').nextElementSibling?.textContent).toContain('Are you coming?');
    // Reading the room (and sending in it) does not take the divider away.
    await user.type(field(), 'On my way{Enter}');
    await waitFor(() => expect(bubbles()).toHaveLength(3));
    expect(screen.getAllByTestId('new-messages-divider')).toHaveLength(1);
  });

  it('opens without a divider when nothing was unread (issue 37)', async () => {
    renderRoom(); // the chat home not loaded yet: nothing known unread
    await waitFor(() => expect(bubbles()).toHaveLength(2));
    expect(screen.queryByTestId('new-messages-divider')).toBeNull();
    expect(screen.queryByText('New messages')).toBeNull();
  });

  it('copies a message\'s text from its actions ("Copy text") and says "Copied"; a clipboard that refuses is said too (issue 35)', async () => {
    const { user } = renderRoom();
    await waitFor(() => expect(bubbles()).toHaveLength(2));
    await openActions(bubbles()[1]!);
    await user.click(await screen.findByRole('button', { name: 'Copy text' }));
    await waitFor(async () => expect(await navigator.clipboard.readText()).toBe('Are you coming?'));
    expect(await screen.findByText('Copied')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Not allowed', 'NotAllowedError'));
    await openActions(bubbles()[0]!);
    await user.click(await screen.findByRole('button', { name: 'Copy text' }));
    expect(await screen.findByText('The text could not be copied.')).toBeTruthy();
  });

  it("opens a message's actions from the keyboard as the sheet, and Escape closes it with the focus back on the message (issue 37)", async () => {
    const { user } = renderRoom();
    await waitFor(() => expect(bubbles()).toHaveLength(2));
    await openActions(bubbles()[1]!);
    const sheet = screen.getByRole('dialog', { name: 'Message actions' });
    expect(within(sheet).getByRole('button', { name: 'Reply' })).toBeTruthy();
    expect(within(sheet).getByRole('group', { name: 'React' })).toBeTruthy();
    expect(sheet.dataset.testid).toBeUndefined(); // the sheet, not the menu at a point
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(bubbles()[1]);
  });

  it('opens the same actions as a menu at the pointer on a right-click; Escape closes it with the focus back on the message (issue 37)', async () => {
    const { user } = renderRoom();
    await waitFor(() => expect(bubbles()).toHaveLength(2));
    const own = bubbles()[0]!;
    act(() => own.focus()); // as the press of a right-click does
    await waitFor(() => {
      fireEvent.contextMenu(own, { clientX: 120, clientY: 200 });
      expect(screen.getByTestId('message-menu')).toBeTruthy();
    });
    const menu = screen.getByRole('dialog', { name: 'Message actions' });
    expect(menu.dataset.testid).toBe('message-menu');
    expect(menu.style.left).toBe('120px');
    expect(menu.style.top).toBe('200px');
    // One's own message: every action the sheet has, Delete included.
    expect(within(menu).getAllByRole('button').map((button) => button.textContent || button.getAttribute('aria-label'))).toEqual(
      expect.arrayContaining(['Reply', 'Forward', 'Copy text', 'Pin', 'Delete message']),
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(own);
  });

  it('shows a pin at once, and takes it back with the reason when the server refuses (issue 35)', async () => {
    const answer = deferred<Response>();
    answerPin = async () => answer.promise;
    const { user } = renderRoom();
    await waitFor(() => expect(bubbles()).toHaveLength(2));
    await openActions(bubbles()[1]!);
    await user.click(await screen.findByRole('button', { name: 'Pin' }));
    await waitFor(() => expect(within(bubbles()[1]!).getByRole('img', { name: 'Pinned' })).toBeTruthy());
    expect(callsTo('/live-chat/pin-message')[0]!.body).toEqual({ message_uuid: 'm-2', chat_room_uuid: ROOM });
    answer.resolve(json({ error: true, status_code: 422, error_message: 'Only admins can pin.' }, 422));
    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByText('Only admins can pin.')).toBeTruthy();
    expect(within(bubbles()[1]!).queryByRole('img', { name: 'Pinned' })).toBeNull();
  });

  it('shows a mute at once in the header (the Muted mark) and in the menu (Unmute), and an unmute takes both away (issue 22 bug)', async () => {
    const { user, queryClient } = renderRoom();
    await waitFor(() => expect(bubbles()).toHaveLength(2));
    const header = screen.getByRole('heading', { level: 1 });
    expect(within(header).queryByRole('img', { name: 'Muted' })).toBeNull();

    await openRoomMenu(user);
    await user.click(await screen.findByRole('menuitem', { name: 'Mute' }));
    await waitFor(() => expect(callsTo('/live-chat/mute-chat')).toHaveLength(1));
    // At once: the room's own cache says so (the room's page is not fetched again).
    await waitFor(() => expect(within(header).getByRole('img', { name: 'Muted' })).toBeTruthy());
    expect(callsTo('/live-chat/view-chat')).toHaveLength(1);
    const listed = () => queryClient.getQueryData<{ chat_rooms: Array<{ uuid: string; is_muted: unknown }> }>(getChatHomeQueryKey())?.chat_rooms.find((room) => room.uuid === ROOM);
    await waitFor(() => expect(listed()?.is_muted).toBe(1));

    await openRoomMenu(user);
    await user.click(await screen.findByRole('menuitem', { name: 'Unmute' }));
    await waitFor(() => expect(callsTo('/live-chat/mute-chat')).toHaveLength(2));
    await waitFor(() => expect(within(header).queryByRole('img', { name: 'Muted' })).toBeNull());
    await openRoomMenu(user);
    expect(await screen.findByRole('menuitem', { name: 'Mute' })).toBeTruthy();
  });

  it('shows a sent message at once with "Sending…", then as sent with the same client id', async () => {
    const answer = deferred<Response>();
    answerSend = async () => answer.promise;
    const { user } = renderRoom();
    await waitFor(() => expect(bubbles()).toHaveLength(2));

    await user.type(field(), 'On my way{Enter}');
    const pending = await screen.findByText('On my way');
    const bubble = pending.closest('[data-testid="message"]') as HTMLElement;
    expect(bubble.dataset.delivery).toBe('sending');
    expect(within(bubble).getByText('Sending…')).toBeTruthy();
    expect(field().value).toBe('');

    await waitFor(() => expect(callsTo('/live-chat/send')).toHaveLength(1));
    const sent = callsTo('/live-chat/send')[0]!.body!;
    expect(sent).toMatchObject({ chat_room_uuid: ROOM, message: 'On my way' });
    expect(sent.client_message_id).toBe(bubble.dataset.clientId);

    answer.resolve(sentV1(sent));
    await waitFor(() => expect(screen.queryByText('Sending…')).toBeNull());
    expect(bubbleTexts()).toEqual(['Good morning', 'Are you coming?', 'On my way']);
    const delivered = bubbles().at(-1)!;
    expect(delivered.dataset.delivery).toBe('sent');
    expect(delivered.dataset.messageUuid).toBe(`srv-${String(sent.client_message_id)}`);
    expect(callsTo('/live-chat/send')).toHaveLength(1);
  });

  it('shows a message the server refuses (422) as "Not sent" with its reason, "Try again" and "Delete"', async () => {
    let refuse = true;
    answerSend = (body) =>
      refuse ? json({ error: true, status_code: 422, error_message: 'The message may not be greater than 5000 characters.' }, 422) : sentV1(body);
    const { user } = renderRoom();
    await waitFor(() => expect(bubbles()).toHaveLength(2));

    await user.type(field(), 'Too long{Enter}');
    const notSent = await screen.findByText('Not sent');
    const bubble = notSent.closest('[data-testid="message"]') as HTMLElement;
    expect(bubble.dataset.delivery).toBe('failed');
    expect(within(bubble).getByText('Too long')).toBeTruthy();
    expect(within(bubble).getByText('The message may not be greater than 5000 characters.')).toBeTruthy();
    expect(within(bubble).getByRole('button', { name: 'Delete' })).toBeTruthy();
    const firstId = callsTo('/live-chat/send')[0]!.body!.client_message_id;

    refuse = false;
    await user.click(within(bubble).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByText('Not sent')).toBeNull());
    await waitFor(() => expect(bubbles().at(-1)!.dataset.delivery).toBe('sent'));
    expect(callsTo('/live-chat/send').map((call) => call.body!.client_message_id)).toEqual([firstId, firstId]);
  });

  it('deletes a message that was not sent', async () => {
    answerSend = () => json({ error: true, status_code: 422, error_message: 'Refused.' }, 422);
    const { user } = renderRoom();
    await waitFor(() => expect(bubbles()).toHaveLength(2));
    await user.type(field(), 'Unwanted{Enter}');
    const bubble = (await screen.findByText('Not sent')).closest('[data-testid="message"]') as HTMLElement;
    await user.click(within(bubble).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Unwanted')).toBeNull());
    expect(bubbles()).toHaveLength(2);
    expect(await (await chatDb()).getAll('outbox')).toEqual([]);
  });

  it('keeps the typed draft across leaving and reopening the room (IndexedDB)', async () => {
    const first = renderRoom();
    await waitFor(() => expect(bubbles()).toHaveLength(2));
    await first.user.type(field(), 'half a thought');
    // The draft is saved after typing pauses.
    await waitFor(async () => expect((await (await chatDb()).getAll('drafts')).map((draft) => draft.text)).toEqual(['half a thought']));
    first.view.unmount();

    renderRoom();
    await waitFor(() => expect(field().value).toBe('half a thought'));
  });

  it('clears the saved draft once the message is sent', async () => {
    const { user, view } = renderRoom();
    await waitFor(() => expect(bubbles()).toHaveLength(2));
    await user.type(field(), 'ready');
    await waitFor(async () => expect(await (await chatDb()).getAll('drafts')).toHaveLength(1));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(bubbles().at(-1)!.dataset.delivery).toBe('sent'));
    await waitFor(async () => expect(await (await chatDb()).getAll('drafts')).toEqual([]));
    view.unmount();
    renderRoom();
    await waitFor(() => expect(bubbles()).toHaveLength(2));
    // Time for a stored draft to be read back.
    await new Promise((done) => setTimeout(done, 100));
    expect(field().value).toBe('');
  });

  it('keeps a draft typed just before leaving the room (within the 300 ms save debounce)', async () => {
    const first = renderRoom();
    await waitFor(() => expect(bubbles()).toHaveLength(2));
    await first.user.type(field(), 'left in a hurry');
    first.view.unmount();
    await new Promise((done) => setTimeout(done, 400));

    renderRoom();
    await waitFor(() => expect(bubbles()).toHaveLength(2));
    await waitFor(() => expect(field().value).toBe('left in a hurry'), { timeout: 1000 });
  });

  it("publishes chat:room-opened with the room's unread count, marks it read (v1 reset-meta), and chat:room-left on leaving", async () => {
    const events: Array<[string, unknown]> = [];
    const offs = (['chat:room-opened', 'chat:room-left'] as const).map((name) =>
      subscribe(name, (payload: AppEvents[typeof name]) => events.push([name, payload])),
    );
    try {
      const { view, queryClient } = renderRoom({ homeCached: true });
      // Mounted twice (StrictMode, as under npm start): the room ends open, and its 4 unread lower the badge once.
      expect(events.at(-1)).toEqual(['chat:room-opened', { uuid: ROOM, unread: expect.any(Number) }]);
      const lowered = events.filter(([name]) => name === 'chat:room-opened').reduce((sum, [, payload]) => sum + (payload as { unread: number }).unread, 0);
      expect(lowered).toBe(4);
      await waitFor(() => expect(callsTo('/live-chat/reset-meta')).toHaveLength(1));
      expect(callsTo('/live-chat/reset-meta')[0]!.body).toEqual({ chat_room_uuid: ROOM });
      expect(callsTo('/v2/live-chat/read-message')).toHaveLength(0);
      // The list's unread count for the room is cleared.
      const home = queryClient.getQueryData<{ chat_rooms: Array<{ uuid: string; meta?: { unread_messages?: number } }> }>(getChatHomeQueryKey());
      expect(home!.chat_rooms[0]!.meta?.unread_messages).toBe(0);

      view.unmount();
      expect(events.at(-1)).toEqual(['chat:room-left', {}]);
    } finally {
      offs.forEach((off) => off());
    }
  });

  it('marks a v2 room read through read-message and sends through /v2/live-chat/send', async () => {
    answerSend = (body) =>
      json({ error: false, message: messageV2({ id: 50, uuid: 'v2-sent', is_owner: true, message_content: String(body.message), client_message_id: String(body.client_message_id) }) });
    const { user } = renderRoom({ at: `/chats/chat?uuid=${ROOM}` });
    await waitFor(() => expect(bubbleTexts()).toEqual(['Good morning (v2)']));
    await waitFor(() => expect(callsTo('/v2/live-chat/read-message')).toHaveLength(1));
    expect(callsTo('/v2/live-chat/read-message')[0]!.body).toEqual({ chat_room_uuid: ROOM });
    expect(callsTo('/live-chat/reset-meta')).toHaveLength(0);

    await user.type(field(), 'v2 hello{Enter}');
    await waitFor(() => expect(bubbles().at(-1)!.dataset.messageUuid).toBe('v2-sent'));
    expect(callsTo('/v2/live-chat/send')[0]!.body).toMatchObject({ chat_room_uuid: ROOM, message: 'v2 hello' });
  });

  it('shows a live message in the open room', async () => {
    renderRoom();
    await waitFor(() => expect(bubbles()).toHaveLength(2));
    act(() =>
      publish('chat:live-chat', {
        roomId: 5,
        roomUuid: ROOM,
        unread: 1,
        lastMessage: { content: 'Live hello', createdAt: new Date().toISOString(), fromCurrentUser: false },
        message: messageV1({ id: 3, uuid: 'm-3', user_id: 7, is_owner: 0, message_content: 'Live hello', created_at: new Date().toISOString() }) as never,
      }),
    );
    await waitFor(() => expect(bubbleTexts()).toEqual(['Good morning', 'Are you coming?', 'Live hello']));
  });

  it('marks the room read again (debounced 1 s) after a live message arrives while it is open', async () => {
    renderRoom();
    await waitFor(() => expect(bubbles()).toHaveLength(2));
    await waitFor(() => expect(callsTo('/live-chat/reset-meta')).toHaveLength(1));
    act(() =>
      publish('chat:live-chat', {
        roomId: 5,
        roomUuid: ROOM,
        unread: 1,
        lastMessage: { content: 'Live hello', createdAt: new Date().toISOString(), fromCurrentUser: false },
        message: messageV1({ id: 3, uuid: 'm-3', user_id: 7, is_owner: 0, message_content: 'Live hello', created_at: new Date().toISOString() }) as never,
      }),
    );
    await waitFor(() => expect(bubbleTexts()).toContain('Live hello'));
    await waitFor(() => expect(callsTo('/live-chat/reset-meta')).toHaveLength(2), { timeout: 2500 });
  });

  it('keeps pending and sent messages in one list: the chat\'s store shows the outbox\'s message beside the server\'s, then the server\'s in its place', async () => {
    const answer = deferred<Response>();
    answerSend = async () => answer.promise;
    const { user } = renderRoom();
    await waitFor(() => expect(bubbles()).toHaveLength(2));
    await user.type(field(), 'Pending here{Enter}');
    await screen.findByText('Pending here');

    // Oldest first, as the room shows them: the sent ones, then the outbox's copy.
    const cached = () => [...chatMessages.view({ version: 'v1', uuid: ROOM }, null).messages].reverse();
    expect(cached().map((message) => [message.text, message.pending?.state ?? 'sent'])).toEqual([
      ['Pending here', 'sending'],
      ['Are you coming?', 'sent'],
      ['Good morning', 'sent'],
    ]);
    expect(bubbles().map((bubble) => bubble.dataset.delivery)).toEqual(['sent', 'sent', 'sending']);

    const sent = callsTo('/live-chat/send')[0]!.body!;
    answer.resolve(sentV1(sent));
    await waitFor(() => expect(cached()[0]!.uuid).toBe(`srv-${String(sent.client_message_id)}`));
    expect(cached()[0]!.pending).toBeUndefined();
    expect(cached()).toHaveLength(3);
    expect(bubbles().map((bubble) => bubble.dataset.delivery)).toEqual(['sent', 'sent', 'sent']);
  });

  it('sends a sticker through the outbox: stored first, shown at once as "Sending…", then as sent, with its client id', async () => {
    const answer = deferred<Response>();
    let storedWhenSent: unknown[] = [];
    answerSticker = async () => {
      storedWhenSent = await (await chatDb()).getAll('outbox');
      return answer.promise;
    };
    const { user } = renderRoom();
    await waitFor(() => expect(bubbles()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Stickers' }));
    await user.click(await screen.findByRole('button', { name: 'Semangat' }));

    const pending = (await screen.findByRole('img', { name: 'Semangat' })).closest('[data-testid="message"]') as HTMLElement;
    expect(pending.dataset.delivery).toBe('sending');
    expect(within(pending).getByText('Sending…')).toBeTruthy();
    await waitFor(() => expect(callsTo('/live-chat/stickers/send')).toHaveLength(1));
    const body = callsTo('/live-chat/stickers/send')[0]!.body!;
    expect(body).toEqual({ chat_room_uuid: ROOM, sticker_id: 3, client_message_id: pending.dataset.clientId });
    expect(storedWhenSent).toMatchObject([{ kind: 'sticker', clientId: pending.dataset.clientId, sticker: { id: 3 } }]);

    answer.resolve(sentSticker(body));
    await waitFor(() => expect(bubbles().at(-1)!.dataset.delivery).toBe('sent'));
    expect(screen.getAllByRole('img', { name: 'Semangat' })).toHaveLength(1);
    expect(await (await chatDb()).getAll('outbox')).toEqual([]);
  });

  it("shows an upload's progress on its pending message in the list, which the server's file message then replaces", async () => {
    const Xhr = stubXhr();
    keepBlobsInFakeIndexedDb();
    // Signed in: an upload, as every call that needs the session, is sent only with its token.
    setAccessToken('token-of-ayu');
    onTestFinished(() => setAccessToken(undefined));
    const { user } = renderRoom();
    await waitFor(() => expect(bubbles()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Attach a file' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload File' });
    await user.upload(within(dialog).getByLabelText('Choose a file'), new File(['%PDF report'], 'report.pdf', { type: 'application/pdf' }));
    await user.click(within(dialog).getByRole('button', { name: 'Upload File' }));
    await waitFor(() => expect(Xhr.instances).toHaveLength(1));

    // The file's name in its pending message (the name is cut in two spans, whole in its tooltip).
    const bubble = await waitFor(() => screen.getAllByTitle('report.pdf').map((name) => name.closest<HTMLElement>('[data-testid="message"]')).find(Boolean) ?? expect.fail('no message shows report.pdf'));
    expect(bubble.dataset.delivery).toBe('sending');
    act(() => lastXhr().progress(300, 1000));
    await waitFor(() => expect((within(bubble).getByRole('progressbar', { name: 'Uploading report.pdf' }) as HTMLProgressElement).value).toBe(30));
    expect(within(bubble).getByText('Uploading… 30%')).toBeTruthy();

    const clientId = lastXhr().body!.get('client_message_id') as string;
    expect(clientId).toBe(bubble.dataset.clientId);
    act(() =>
      lastXhr().respond(200, {
        error: false,
        message: messageV1({ id: 77, uuid: 'srv-file', type: 'file', is_owner: 1, message_content: null, client_message_id: clientId, file: { id: 1, file_name: 'report.pdf', file_size: 11, signed_file_url: 'https://files.example/report.pdf' } }),
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upload File' })).toBeNull());
    const sent = bubbles().at(-1)!;
    expect(sent.dataset.messageUuid).toBe('srv-file');
    expect(sent.dataset.delivery).toBe('sent');
    expect(screen.queryByTestId('message-upload-progress')).toBeNull();
    expect(within(sent).getByRole('link', { name: /^Download / })).toBeTruthy();
  });

  describe('the read mark after a live message (leaving the room)', () => {
    type Home = { chat_rooms: Array<{ uuid: string; meta?: { unread_messages?: number }; last_message?: { message_content?: string | null } }> };
    const listed = (queryClient: QueryClient, uuid = ROOM) => queryClient.getQueryData<Home>(getChatHomeQueryKey())!.chat_rooms.find((room) => room.uuid === uuid)!;
    /** Budi's message reaches the open room: the server counts it unread for Ayu until the room is marked read. */
    const liveFromBudi = (content: string, roomUuid = ROOM) => {
      if (roomUuid === ROOM) serverUnread += 1;
      publish('chat:live-chat', {
        roomId: roomUuid === ROOM ? 5 : 6,
        roomUuid,
        unread: roomUuid === ROOM ? serverUnread : 2,
        lastMessage: { content, createdAt: new Date().toISOString(), fromCurrentUser: false },
        message: messageV1({ id: 30, uuid: `live-${content}`, user_id: 7, is_owner: 0, message_content: content, created_at: new Date().toISOString() }) as never,
      });
    };

    it('is not cancelled by leaving a fraction of a second after the message: the server is told, and the list row stays at 0', async () => {
      const { queryClient, view } = renderRoom({ homeCached: true });
      await waitFor(() => expect(bubbles()).toHaveLength(2));
      await waitFor(() => expect(callsTo('/live-chat/reset-meta')).toHaveLength(1));
      act(() => liveFromBudi('Quick one'));
      await waitFor(() => expect(bubbleTexts()).toContain('Quick one'));
      await new Promise((done) => setTimeout(done, 200));
      view.unmount(); // Back to the list, well within the read mark's 1 s debounce.

      await waitFor(() => expect(callsTo('/live-chat/reset-meta')).toHaveLength(2));
      // The chat home refresh a live event brings (SPEC §7, 1 s later), which the list and the badge read.
      await queryClient.refetchQueries({ queryKey: getChatHomeQueryKey(), type: 'all' });
      expect(listed(queryClient).meta?.unread_messages).toBe(0);
    });

    it('clears the room in the list when a refresh overtook the read mark, without fetching the chat home again (the badge follows the list)', async () => {
      const stale = vi.fn();
      const off = subscribe('chat:home-stale', stale);
      try {
        let releaseMark: () => void = () => undefined;
        const { queryClient, view } = renderRoom({ homeCached: true });
        await waitFor(() => expect(callsTo('/live-chat/reset-meta')).toHaveLength(1));
        act(() => liveFromBudi('Overtaken'));
        // The next read mark is slow to reach the server; the chat home is fetched meanwhile (and still counts the message).
        const markArrived = new Promise<void>((resolve) => (releaseMark = resolve));
        const originalFetch = globalThis.fetch;
        vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
          const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
          if (url.pathname.endsWith('/live-chat/reset-meta')) await markArrived;
          return originalFetch(input, init);
        });
        view.unmount();
        await queryClient.refetchQueries({ queryKey: getChatHomeQueryKey(), type: 'all' });
        expect(listed(queryClient).meta?.unread_messages).toBe(1);
        const homeFetches = callsTo('/live-chat/home').length;
        releaseMark();
        await waitFor(() => expect(callsTo('/live-chat/reset-meta')).toHaveLength(2));
        await waitFor(() => expect(listed(queryClient).meta?.unread_messages).toBe(0));
        // One read mark costs one request: nothing asks for the chat home again.
        expect(callsTo('/live-chat/home')).toHaveLength(homeFetches);
        expect(stale).not.toHaveBeenCalled();
      } finally {
        off();
      }
    });

    it("updates the list while the room is open: the open room's row counts no live message, another room's does", async () => {
      const { queryClient } = renderRoom({ homeCached: true });
      await waitFor(() => expect(bubbles()).toHaveLength(2));
      act(() => liveFromBudi('In the open room'));
      act(() => liveFromBudi('Elsewhere', 'room-siti'));
      expect(listed(queryClient)).toMatchObject({ meta: { unread_messages: 0 }, last_message: { message_content: 'In the open room' } });
      expect(listed(queryClient, 'room-siti')).toMatchObject({ meta: { unread_messages: 2 }, last_message: { message_content: 'Elsewhere' } });
    });
  });
});