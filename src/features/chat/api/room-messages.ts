// A room's messages as a two-way infinite query: it starts at an anchor page (1, the newest; or the
// page of a message jumped to), pages backwards into older messages (next) and forwards into newer
// ones (previous). The cache is the room's one list (as Mattermost keeps pending posts beside sent
// ones): the messages still in the outbox are written into the newest page (marked `pending`), stay
// there when that page is fetched again, and give way to the server's message (matched by client id)
// once it is accepted. Messages that arrive while the room is open (the answer to a send, a live
// event) go into the cached newest page, matched by uuid so nothing shows twice.
import { infiniteQueryOptions, replaceEqualDeep, type InfiniteData, type Query, type QueryCache, type QueryClient, type QueryFilters, type QueryKey } from '@tanstack/react-query';
import type { ChatMessage as MessageV1 } from '../../../../generated/http/types.gen.ts';
import { fromV1, mergeV1, type RoomMessage } from './message-model.ts';
import type { MessagePage } from './messages.ts';
import type { RoomApi, RoomRef } from './room-api.ts';

export type RoomPages = InfiniteData<MessagePage, number>;

export const roomKey = (room: RoomRef) => ['chat-room', room.version, room.uuid] as const;
export const pinnedKey = (room: RoomRef) => ['chat-room-pinned', room.version, room.uuid] as const;

/** The outbox's messages of each room, oldest first (set by the outbox, read when a newest page arrives). */
let pendingByRoom = new Map<string, readonly RoomMessage[]>();
const roomId = (room: RoomRef) => `${room.version}:${room.uuid}`;
const pendingIn = (room: RoomRef) => pendingByRoom.get(roomId(room)) ?? [];

/**
 * The newest page with the outbox's messages of its room: each once, in place if it is there already,
 * a new one as the newest; one the outbox no longer holds, or whose server copy is in the page, goes.
 * The same page (same object) when nothing changes.
 */
function withPending(page: MessagePage, pending: readonly RoomMessage[]): MessagePage {
  const confirmed = new Set(page.messages.flatMap((message) => (!message.pending && message.clientId ? [message.clientId] : [])));
  const wanted = new Map(pending.filter((message) => !confirmed.has(message.clientId ?? '')).map((message) => [message.uuid, message]));
  let changed = false;
  const kept: RoomMessage[] = [];
  for (const message of page.messages) {
    if (!message.pending) {
      kept.push(message);
      continue;
    }
    const now = wanted.get(message.uuid);
    wanted.delete(message.uuid);
    if (now !== message) changed = true;
    if (now) kept.push(now);
  }
  if (!changed && wanted.size === 0) return page;
  return { ...page, messages: [...[...wanted.values()].reverse(), ...kept] };
}

/** A view's pages with their newest page changed, when the view holds page 1 (the newest of the room). */
function changeNewest(data: RoomPages | undefined, change: (page: MessagePage) => MessagePage): RoomPages | undefined {
  const [newest, ...rest] = data?.pages ?? [];
  if (!data || !newest || newest.page !== 1) return data;
  const next = change(newest);
  return next === newest ? data : { ...data, pages: [next, ...rest] };
}

/** The changes to make again once a fetch of a room's view under way when they were made has answered. */
const replays = new WeakMap<Query, Array<() => void>>();
const watched = new WeakSet<QueryCache>();

/**
 * Makes a change to a room's cached views (`views`: the filter that finds them), and makes it again on
 * the answer of every fetch of them that was under way: that answer was read before the change (a refetch, the catch-up on reconnection)
 * or is written over the pages as they were when it started (an older page), and would undo it (a live
 * message, a reaction just tapped, its confirmation, a mute). Each change is made as a person made it, on
 * whatever the views hold, so making it again on a newer answer changes nothing. A fetch that fails
 * writes nothing: its changes are forgotten.
 */
export function changeRoomViews(queryClient: QueryClient, views: QueryFilters, change: () => void) {
  change();
  const cache = queryClient.getQueryCache();
  const fetching = cache.findAll({ ...views, fetchStatus: 'fetching' });
  if (fetching.length === 0) return;
  if (!watched.has(cache)) {
    watched.add(cache);
    cache.subscribe((event) => {
      if (event.type !== 'updated' || !replays.has(event.query)) return;
      const { type } = event.action;
      // The fetch's answer (`success`, not a change of the app's own: `manual`), or a cancelled fetch
      // putting back the state from before it (`setState`): the changes go on top, once.
      if ((type === 'success' && !event.action.manual) || type === 'setState') {
        const again = replays.get(event.query)!;
        replays.delete(event.query);
        for (const made of again) made();
      } else if (type === 'error') replays.delete(event.query);
    });
  }
  for (const query of fetching) replays.set(query, [...(replays.get(query) ?? []), change]);
}

/** Changes the newest page of every cached view of the room that holds it. */
function updateNewest(queryClient: QueryClient, room: RoomRef, change: (page: MessagePage) => MessagePage) {
  changeRoomViews(queryClient, { queryKey: roomKey(room) }, () =>
    queryClient.setQueriesData<RoomPages>({ queryKey: roomKey(room) }, (data) => {
      const next = changeNewest(data, change);
      return next === data ? undefined : next; // undefined: that view is left as it is.
    }),
  );
}

/** A newest page holding only the outbox's messages (none: no data). */
function onlyPending(pending: readonly RoomMessage[]): RoomPages | undefined {
  if (pending.length === 0) return undefined;
  return { pages: [{ messages: [...pending].reverse(), page: 1, lastPage: 1, room: undefined, pinned: undefined }], pageParams: [1] };
}

export function roomMessagesOptions(room: RoomApi, anchorPage: number) {
  return infiniteQueryOptions({
    queryKey: [...roomKey(room), anchorPage] as const,
    queryFn: async ({ pageParam }) => {
      const page = await room.viewPage(pageParam);
      return pageParam === 1 ? withPending(page, pendingIn(room)) : page;
    },
    initialPageParam: anchorPage,
    getNextPageParam: (last: MessagePage) => (last.page < last.lastPage ? last.page + 1 : undefined),
    getPreviousPageParam: (first: MessagePage) => (first.page > 1 ? first.page - 1 : undefined),
    // A room opened with messages still in the outbox shows them at once, before its first page
    // arrives, or when it cannot (offline). Seen as stale: the page is fetched at once.
    initialData: () => (anchorPage === 1 ? onlyPending(pendingIn(room)) : undefined),
    initialDataUpdatedAt: 0,
    // A reopened room always asks again; what is cached shows meanwhile.
    staleTime: 0,
  });
}

/**
 * The outbox's messages, by room (every room with some; a room left out has none): written into the
 * newest page of each cached view, and remembered for the next time a newest page arrives.
 */
export function showPending(queryClient: QueryClient, byRoom: ReadonlyArray<{ room: RoomRef; messages: readonly RoomMessage[] }>) {
  pendingByRoom = new Map(byRoom.map(({ room, messages }) => [roomId(room), messages]));
  for (const [key, data] of queryClient.getQueriesData<RoomPages>({ queryKey: ['chat-room'] })) {
    const [, version, uuid, anchor] = key as QueryKey as [string, RoomRef['version'], string, number];
    const pending = pendingIn({ version, uuid });
    if (data === undefined) {
      // A room whose first page has not come (or could not: offline) shows its outbox's messages
      // meanwhile. Written beside its state, so a failed load still shows its error and Retry.
      const seed = anchor === 1 ? onlyPending(pending) : undefined;
      if (seed) queryClient.getQueryCache().find<RoomPages>({ queryKey: key, exact: true })?.setState({ data: seed, dataUpdatedAt: 0 });
      continue;
    }
    const next = changeNewest(data, (page) => withPending(page, pending));
    if (next !== data) queryClient.setQueryData(key, next);
  }
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

/**
 * One message into a newest-first list: over its own copy (same uuid), else over the outbox's copies
 * of it (same client id: one per file of a batch; it takes the place of the oldest), else as the
 * newest. The outbox's copies of it go either way.
 */
function placed(list: readonly RoomMessage[], message: RoomMessage): RoomMessage[] {
  const isCopy = (known: RoomMessage) => known.pending !== undefined && message.clientId !== null && known.clientId === message.clientId;
  const own = list.findIndex((known) => known.uuid === message.uuid);
  const at = own >= 0 ? own : list.findLastIndex(isCopy);
  if (at < 0) return [message, ...list];
  return list.flatMap((known, index) => (index === at ? [message] : isCopy(known) ? [] : [known]));
}

/** Puts messages into the newest page of every cached view of the room that holds it. */
export function insertMessages(queryClient: QueryClient, room: RoomRef, messages: readonly RoomMessage[]) {
  updateNewest(queryClient, room, (page) => ({ ...page, messages: messages.reduce(placed, page.messages) }));
}

/**
 * The server accepted an outbox entry: its messages (one, or one per file of a batch) take the place of
 * the entry's copies, together, where the oldest copy was; copies of them a live event brought go. An
 * answer without its messages: the copies go and the newest page is read again.
 */
export function confirmPending(queryClient: QueryClient, room: RoomRef, clientId: string, messages: readonly RoomMessage[]) {
  pendingByRoom.set(
    roomId(room),
    pendingIn(room).filter((message) => message.clientId !== clientId),
  );
  // The server echoes the client id on the first message only (a batch's others are new messages).
  const batch = messages.map((message, index) => (index === 0 ? { ...message, clientId: message.clientId ?? clientId } : message));
  const isCopy = (message: RoomMessage) => message.pending !== undefined && message.clientId === clientId;
  const uuids = new Set(batch.map((message) => message.uuid));
  updateNewest(queryClient, room, (page) => {
    const list = page.messages.filter((message) => !uuids.has(message.uuid));
    const at = list.findLastIndex(isCopy);
    const newestFirst = [...batch].reverse();
    return { ...page, messages: at < 0 ? [...newestFirst, ...list] : list.flatMap((message, index) => (index === at ? newestFirst : isCopy(message) ? [] : [message])) };
  });
  if (batch.length === 0) void queryClient.invalidateQueries({ queryKey: [...roomKey(room), 1] });
}

/** Changes one message wherever it is cached (pin, unpin, edit, delete). */
export function patchMessage(queryClient: QueryClient, room: RoomRef, messageUuid: string, patch: (message: RoomMessage) => RoomMessage | null) {
  changeRoomViews(queryClient, { queryKey: roomKey(room) }, () =>
    queryClient.setQueriesData<RoomPages>({ queryKey: roomKey(room) }, (data) =>
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
    ),
  );
}

/** What a live event's message did to the room's cached views. */
export interface LiveMessageOutcome {
  /** The message was not shown before (it arrived as the newest). */
  isNew: boolean;
  /** Whether it was pinned, or is pinned, changed (the pinned list is out of date). */
  pinChanged: boolean;
  /** The message as it shows now (null: it was deleted). */
  shown: RoomMessage | null;
}

/** The cached copy of a message, in whichever view of the room holds it. */
function cachedMessage(queryClient: QueryClient, room: RoomRef, uuid: string): RoomMessage | undefined {
  for (const [, data] of queryClient.getQueriesData<RoomPages>({ queryKey: roomKey(room) })) {
    for (const page of data?.pages ?? []) {
      const found = page.messages.find((message) => message.uuid === uuid);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * A live event's message: merged into the cached copy where there is one (a field the event leaves out
 * keeps what was shown: mergeV1), else arrives as the newest. A copy that changes nothing writes
 * nothing, so an echo of what is on screen re-renders nothing. Undefined for a message without a uuid.
 */
export function applyLiveMessage(queryClient: QueryClient, room: RoomRef, message: MessageV1): LiveMessageOutcome | undefined {
  const known = message.uuid === undefined ? undefined : cachedMessage(queryClient, room, message.uuid);
  if (!known) {
    const next = fromV1(message);
    if (!next) return undefined;
    if (!next.deleted) insertMessages(queryClient, room, [next]);
    return { isNew: !next.deleted, pinChanged: next.pinnedAt !== null && !next.deleted, shown: next.deleted ? null : next };
  }
  const merged = mergeV1(known, message);
  if (!merged) return undefined;
  if (replaceEqualDeep(known, merged) === known) return { isNew: false, pinChanged: false, shown: known };
  patchMessage(queryClient, room, known.uuid, () => (merged.deleted ? null : merged));
  const wasPinned = known.pinnedAt !== null;
  const isPinned = merged.pinnedAt !== null && !merged.deleted;
  return { isNew: false, pinChanged: wasPinned !== isPinned || (isPinned && merged.pinnedAt !== known.pinnedAt), shown: merged.deleted ? null : merged };
}

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

/** Seeds the view anchored at a jumped-to page with the page the jump already fetched. */
export function seedAnchor(queryClient: QueryClient, room: RoomRef, page: MessagePage) {
  queryClient.setQueryData<RoomPages>([...roomKey(room), page.page], { pages: [page], pageParams: [page.page] });
}
