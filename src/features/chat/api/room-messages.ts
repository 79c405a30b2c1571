// A room's messages as a two-way infinite query: it starts at an anchor page (1, the newest; or the
// page of a message jumped to), pages backwards into older messages (next) and forwards into newer
// ones (previous). Messages that arrive while the room is open (the server's answer to a send, a live
// event) go into the cached newest page, matched by uuid so nothing shows twice.
import { infiniteQueryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { RoomMessage } from './message-model.ts';
import { chatAdapter, type ChatVersion, type MessagePage } from './messages.ts';

export type RoomPages = InfiniteData<MessagePage, number>;

export const roomKey = (version: ChatVersion, roomUuid: string) => ['chat-room', version, roomUuid] as const;

export function roomMessagesOptions(version: ChatVersion, roomUuid: string, anchorPage: number) {
  return infiniteQueryOptions({
    queryKey: [...roomKey(version, roomUuid), anchorPage] as const,
    queryFn: ({ pageParam }) => chatAdapter(version).viewPage(roomUuid, pageParam),
    initialPageParam: anchorPage,
    getNextPageParam: (last: MessagePage) => (last.page < last.lastPage ? last.page + 1 : undefined),
    getPreviousPageParam: (first: MessagePage) => (first.page > 1 ? first.page - 1 : undefined),
    // A reopened room always asks again; what is cached shows meanwhile.
    staleTime: 0,
  });
}

/** Oldest first, each message once (server pages shift as messages arrive, so neighbours overlap). */
export function flattenPages(data: { pages: readonly MessagePage[] } | undefined): RoomMessage[] {
  if (!data) return [];
  const seen = new Set<string>();
  const newestFirst: RoomMessage[] = [];
  for (const page of data.pages) {
    for (const message of page.messages) {
      if (seen.has(message.uuid)) continue;
      seen.add(message.uuid);
      newestFirst.push(message);
    }
  }
  return newestFirst.reverse();
}

/** Puts messages into the newest page of every cached view of the room that holds it (the anchor-1 view). */
export function insertMessages(queryClient: QueryClient, version: ChatVersion, roomUuid: string, messages: readonly RoomMessage[]) {
  queryClient.setQueryData<RoomPages>([...roomKey(version, roomUuid), 1], (data) => {
    if (!data || data.pages.length === 0) return data;
    const [newest, ...rest] = data.pages;
    if (!newest) return data;
    let list = newest.messages;
    for (const message of messages) {
      const at = list.findIndex((known) => known.uuid === message.uuid || (message.clientId !== null && known.clientId === message.clientId));
      list = at >= 0 ? list.map((known, index) => (index === at ? message : known)) : [message, ...list];
    }
    return { ...data, pages: [{ ...newest, messages: list }, ...rest] };
  });
}

/** Changes one message wherever it is cached (pin, unpin, edit, delete). */
export function patchMessage(queryClient: QueryClient, version: ChatVersion, roomUuid: string, messageUuid: string, patch: (message: RoomMessage) => RoomMessage | null) {
  queryClient.setQueriesData<RoomPages>({ queryKey: roomKey(version, roomUuid) }, (data) =>
    data && {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        messages: page.messages.flatMap((message) => {
          if (message.uuid !== messageUuid) return [message];
          const changed = patch(message);
          return changed ? [changed] : [];
        }),
      })),
    },
  );
}

/** A live message: changes the cached copy where there is one, else arrives as the newest. */
export function applyLiveMessage(queryClient: QueryClient, version: ChatVersion, roomUuid: string, message: RoomMessage) {
  const cached = queryClient.getQueriesData<RoomPages>({ queryKey: roomKey(version, roomUuid) });
  const known = cached.some(([, data]) => data?.pages.some((page) => page.messages.some((m) => m.uuid === message.uuid)));
  if (known) patchMessage(queryClient, version, roomUuid, message.uuid, () => (message.deleted ? null : message));
  else if (!message.deleted) insertMessages(queryClient, version, roomUuid, [message]);
}

/** Seeds the view anchored at a jumped-to page with the page the jump already fetched. */
export function seedAnchor(queryClient: QueryClient, version: ChatVersion, roomUuid: string, page: MessagePage) {
  queryClient.setQueryData<RoomPages>([...roomKey(version, roomUuid), page.page], { pages: [page], pageParams: [page.page] });
}
