// The app's one message store (message-store.ts), what reads it (useRoomView) and the query that fills
// it: TanStack Query fetches a room's pages (which pages a view holds, whether there are more, loading
// and errors) and hands each page's messages to the store; the screens read the messages from the store.
import { infiniteQueryOptions, notifyManager, type QueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { onLogout } from '../../../shared/domain/logout-cleanup.ts';
import type { RoomMessage } from '../api/message-model.ts';
import type { RoomApi, RoomRef } from '../api/room-api.ts';
import { createMessageStore, type RoomView, type ViewAnchor } from './message-store.ts';

// Module state because it is the chat's memory for the signed-in session: every room's screen, the
// outbox and the live events write the same messages. Emptied at logout.
export const chatMessages = createMessageStore({ schedulePageNotice: notifyManager.schedule });
onLogout(() => chatMessages.clear());

/** A room's messages as a view shows them (oldest first), re-rendering only when that room changes. */
export function useRoomView(room: RoomRef, anchor: ViewAnchor): RoomView {
  const read = useCallback(() => chatMessages.view(room, anchor), [room, anchor]);
  return useSyncExternalStore(chatMessages.subscribe, read);
}

export const roomKey = (room: RoomRef) => ['chat-room', room.version, room.uuid] as const;
export const pinnedKey = (room: RoomRef) => ['chat-room-pinned', room.version, room.uuid] as const;

/** Which pages a view holds: what the room's query keeps (the messages are the store's). */
export interface PageMark {
  page: number;
  lastPage: number;
}

/** Where a view starts: the newest page (anchor null), or the page of a message jumped to. */
export interface ViewStart {
  page: number;
  anchor: ViewAnchor;
}

export const NEWEST: ViewStart = { page: 1, anchor: null };

/**
 * A view of a room as a two-way infinite query: from its first page it pages backwards into older
 * messages (next) and forwards into newer ones (previous); every page's messages go to the store.
 */
export function roomPagesOptions(room: RoomApi, start: ViewStart) {
  return infiniteQueryOptions({
    queryKey: [...roomKey(room), start.page] as const,
    queryFn: async ({ pageParam }): Promise<PageMark> => {
      const startedAt = chatMessages.now();
      const page = await room.viewPage(pageParam);
      const adjacent = pageParam === start.page ? null : pageParam > start.page ? 'older' : 'newer';
      chatMessages.receivePage(room, page, { startedAt, view: start.anchor, adjacent });
      return { page: page.page, lastPage: page.lastPage };
    },
    initialPageParam: start.page,
    getNextPageParam: (last: PageMark) => (last.page < last.lastPage ? last.page + 1 : undefined),
    getPreviousPageParam: (first: PageMark) => (first.page > 1 ? first.page - 1 : undefined),
    // A reopened room always asks again; what the store holds shows meanwhile.
    staleTime: 0,
  });
}

/** A jump to a message not held: the page holding it goes to the store, and its view starts there (the query seeded with it). */
export async function openAround(queryClient: QueryClient, room: RoomApi, messageUuid: string): Promise<ViewStart> {
  const startedAt = chatMessages.now();
  const page = await room.viewAround(messageUuid);
  const start = { page: page.page, anchor: messageUuid };
  chatMessages.receivePage(room, page, { startedAt, view: messageUuid, adjacent: null });
  queryClient.setQueryData([...roomKey(room), page.page], { pages: [{ page: page.page, lastPage: page.lastPage }], pageParams: [page.page] });
  return start;
}

/** Reads the newest page again (the catch-up after a reconnection, an event without its message). */
export const refetchNewest = (queryClient: QueryClient, room: RoomRef) => queryClient.invalidateQueries({ queryKey: [...roomKey(room), NEWEST.page] });

/**
 * A message's pin changed (a live event): the cached pinned lists of the room show it at once — taken
 * out, and put first when it is pinned (the most recently pinned lead) — until they are fetched again.
 */
export function showPinChange(queryClient: QueryClient, room: RoomRef, uuid: string, shown: RoomMessage | null) {
  queryClient.setQueriesData<RoomMessage[]>({ queryKey: pinnedKey(room) }, (list) => {
    if (!list) return list;
    const others = list.filter((message) => message.uuid !== uuid);
    return shown?.pinnedAt ? [shown, ...others] : others;
  });
}
