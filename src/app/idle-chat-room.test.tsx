// @vitest-environment happy-dom
// What an open room costs while nobody touches it: the read mark, its echo over the live-chat socket
// and the next read mark went round for ever (about 4.5 requests a second: the chat home, the pins and
// the read mark again). The echo is replayed here through the realtime feature's real handler, as a
// backend that sends a read mark's event back to its sender would.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getChatHomeQueryKey } from '../../generated/http/@tanstack/react-query.gen.ts';
import type { ChatRoomEvent } from '../../generated/realtime/types.gen.ts';
import { subscribe } from '../shared/events/app-events.ts';
import { createTestQueryClient } from '../shared/testing/render-app.tsx';
import { createChatRoomEvents, type ChatRoomEvents } from '../features/realtime/chat-room-events.ts';
import type { MessagePage } from '../features/chat/api/messages.ts';
import type { RoomApi } from '../features/chat/api/room-api.ts';
import { roomMessage, type ChatMessage } from '../features/chat/testing/chat-fixtures.ts';
import { useRoom } from '../features/chat/room/use-room.ts';
import { chatMessages, NEWEST } from '../features/chat/store/chat-messages.ts';

const ROOM = 'room-budi';
const ROOM_DATA = { id: 5, uuid: ROOM, type: 'individual' as const, individual_name: 'Budi Santoso' };
const BUDI_SAID: ChatMessage = { id: 2, uuid: 'm-2', user_id: 43, is_owner: 0, from_user_name: 'Budi Santoso', message_content: 'Are you coming?', created_at: '2024-05-01T08:01:00Z', pinned_at: null, deleted_at: null };

/** The room's live_chat event as the sandbox sends it: the room as Ayu sees it, with its newest message. */
const liveChat = (unread: number, message: ChatMessage = BUDI_SAID): ChatRoomEvent => ({
  ...ROOM_DATA,
  event_type: 'live_chat',
  meta: { unread_messages: unread },
  last_message: { message_content: message.message_content, created_at: message.created_at, is_owner: message.is_owner },
  message,
});

let events: ChatRoomEvents;
let homeStale: number;
let offStale: () => void;
beforeEach(() => {
  events = createChatRoomEvents();
  homeStale = 0;
  offStale = subscribe('chat:home-stale', () => (homeStale += 1));
});
afterEach(() => {
  cleanup();
  chatMessages.clear(); // The chat's store lives as long as the session: each test is a new one.
  offStale();
  events.dispose();
  vi.useRealTimers();
});

function fakeRoom(markRead: () => Promise<void>) {
  const page: MessagePage = {
    messages: [roomMessage({ id: 2, uuid: 'm-2', senderId: 43, senderName: 'Budi Santoso', text: 'Are you coming?', createdAt: '2024-05-01T08:01:00Z' })],
    page: 1,
    lastPage: 1,
    room: ROOM_DATA,
    pinned: undefined,
  };
  const api = {
    version: 'v2',
    uuid: ROOM,
    viewPage: vi.fn(async () => page),
    viewAround: vi.fn(),
    markRead: vi.fn(markRead),
    pinnedList: vi.fn(async () => []),
  } as unknown as RoomApi & { markRead: ReturnType<typeof vi.fn>; pinnedList: ReturnType<typeof vi.fn> };
  return api;
}

function openRoom(api: RoomApi, queryClient: QueryClient = createTestQueryClient()) {
  queryClient.setQueryData(getChatHomeQueryKey(), { error: false, chat_home: { id: 1, user_id: 42, groupChatUuids: [], is_chat_admin: 0 }, chat_rooms: [{ ...ROOM_DATA, meta: { unread_messages: 0 } }] });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return renderHook(() => useRoom(api, NEWEST), { wrapper });
}

describe('an open room left idle', () => {
  it("marks the room read once: the read mark's echo brings no second mark, no refetch of the pins and no chat home refresh loop", async () => {
    // The backend answers every read mark with a live_chat event back to the reader: the same newest message, nothing unread.
    const echo = () => events.handle(liveChat(0));
    const api = fakeRoom(async () => queueMicrotask(echo));
    const view = openRoom(api);
    await waitFor(() => expect(view.result.current.messages).toHaveLength(1));
    await waitFor(() => expect(api.pinnedList).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(api.markRead).toHaveBeenCalledTimes(1));
    vi.useFakeTimers();
    // The opening mark's echo (again, now that time is the test's: whatever it starts runs in the 15 s below).
    act(echo);
    await act(() => vi.advanceTimersByTimeAsync(15_000));

    expect(api.markRead).toHaveBeenCalledTimes(1);
    expect(api.pinnedList).toHaveBeenCalledTimes(1);
    // The first echo is the first event this session saw for the room: at most that one refresh.
    expect(homeStale).toBeLessThanOrEqual(1);
  });

  it('marks a live message from someone else read once, after the 1 s debounce, and its echo marks nothing more', async () => {
    // The echo carries the room's newest message as the server has it.
    let newest = BUDI_SAID;
    const api = fakeRoom(async () => queueMicrotask(() => events.handle(liveChat(0, newest))));
    const view = openRoom(api);
    await waitFor(() => expect(view.result.current.messages).toHaveLength(1));
    await waitFor(() => expect(api.markRead).toHaveBeenCalledTimes(1));
    vi.useFakeTimers();
    newest = { ...BUDI_SAID, id: 3, uuid: 'm-3', message_content: 'Lunch?' };
    act(() => events.handle(liveChat(1, newest)));
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(view.result.current.messages.map((message) => message.text)).toEqual(['Are you coming?', 'Lunch?']);

    expect(api.markRead).toHaveBeenCalledTimes(2);
    expect(api.pinnedList).toHaveBeenCalledTimes(1);
    // Budi's message changed the room (one refresh); the echo of the mark only its unread count (at most one more).
    expect(homeStale).toBeLessThanOrEqual(2);
  });

  it('shows a burst of pins at once and fetches the pinned list once for it, after the 1 s debounce', async () => {
    const api = fakeRoom(async () => undefined);
    const view = openRoom(api);
    await waitFor(() => expect(view.result.current.messages).toHaveLength(1));
    await waitFor(() => expect(api.pinnedList).toHaveBeenCalledTimes(1));
    vi.useFakeTimers();
    act(() => events.handle(liveChat(0, { ...BUDI_SAID, pinned_at: '2024-05-01T09:00:00Z' })));
    act(() => events.handle(liveChat(0, { ...BUDI_SAID, pinned_at: null })));
    act(() => events.handle(liveChat(0, { ...BUDI_SAID, pinned_at: '2024-05-01T09:00:02Z' })));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(view.result.current.pinned.data?.map((message) => message.uuid)).toEqual(['m-2']);
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(api.pinnedList).toHaveBeenCalledTimes(2);
  });
});
