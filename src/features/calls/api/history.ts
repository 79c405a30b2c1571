// The Call tab's recent calls (issue 23, item 4): GET /live-chat/chat-room-calls (x-inferred: SPEC's
// calls cannot list calls), page by page, newest first. A call that ends makes the list out of date:
// the call registry says when a call was last over for the user, and a list older than that is fetched
// again as it shows (the list is not on screen while a call is: its screen replaces the tab).
import { infiniteQueryOptions, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { listChatRoomCallsInfiniteOptions } from '../../../../generated/http/@tanstack/react-query.gen.ts';
import type { ChatRoom, ChatRoomCallListResponse, ChatRoomCallLogEntry } from '../../../../generated/http/types.gen.ts';
import { nextPageOf } from '../../../shared/ui/paged-list/next-page.ts';
import { callRegistry } from '../registry/call-registry.ts';

/** A call of the history that can be shown and called back: one with its room (the contract's fallback leaves the others out). */
export type CallLogEntry = ChatRoomCallLogEntry & { chat_room: ChatRoom };

export function callHistoryQueryOptions() {
  return infiniteQueryOptions({
    ...listChatRoomCallsInfiniteOptions(),
    initialPageParam: 1,
    getNextPageParam: (page: ChatRoomCallListResponse) => nextPageOf(page.meta),
  });
}

const keyOf = (entry: ChatRoomCallLogEntry, place: number) => entry.id ?? `place-${place}`;

/** The entries of the pages loaded, each once (a new call moves the pages along: one may show up twice). */
export function entriesOf(pages: readonly ChatRoomCallListResponse[] | undefined): CallLogEntry[] {
  const all = (pages ?? []).flatMap((page) => page.data ?? []).filter((entry): entry is CallLogEntry => Boolean(entry.chat_room?.uuid));
  return [...new Map(all.map((entry, place) => [keyOf(entry, place), entry])).values()];
}

export function useCallHistory() {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(callHistoryQueryOptions());
  const lastCallOver = useSyncExternalStore(callRegistry.subscribeCallOver, callRegistry.lastCallOverAt);
  const { dataUpdatedAt } = query;
  useEffect(() => {
    if (lastCallOver > 0 && dataUpdatedAt > 0 && lastCallOver > dataUpdatedAt) {
      void queryClient.invalidateQueries({ queryKey: callHistoryQueryOptions().queryKey });
    }
  }, [lastCallOver, dataUpdatedAt, queryClient]);
  return query;
}

/** The history as the Recent segment loaded it, without asking for it (the People segment's recent contacts). */
export function useLoadedCallHistory() {
  return useInfiniteQuery({ ...callHistoryQueryOptions(), enabled: false });
}
