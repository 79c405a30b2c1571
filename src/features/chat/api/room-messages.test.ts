import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../../generated/http/types.gen.ts';
import { roomMessage } from '../testing/chat-fixtures.ts';
import type { ChatRoom, RoomMessage } from './message-model.ts';
import { setMutedFromAnswer } from './rooms.ts';
import type { MessagePage } from './messages.ts';
import type { RoomApi } from './room-api.ts';
import { applyLiveMessage, confirmPending, flattenPages, insertMessages, patchMessage, pinnedKey, roomKey, roomMessagesOptions, seedAnchor, showPending, showPinChange, type RoomPages } from './room-messages.ts';

const ROOM = 'room-1';
const V2_ROOM = { version: 'v2', uuid: ROOM } as const;
const room = (version: 'v1' | 'v2', uuid: string) => ({ version, uuid });
const m = (n: number, overrides: Partial<RoomMessage> = {}) => roomMessage({ id: n, uuid: `m-${n}`, text: `message ${n}`, ...overrides });
/** A message as a live_chat event carries it (v1 shape): only what the event says. */
const live = (n: number, fields: Partial<ChatMessage> = {}): ChatMessage => ({ id: n, uuid: `m-${n}`, message_content: `message ${n}`, ...fields });

/** A server page: newest first. */
const page = (number: number, ids: number[], lastPage = 3): MessagePage => ({ messages: ids.map((id) => m(id)), page: number, lastPage, room: undefined, pinned: undefined });

function cached(pages: MessagePage[], anchor = 1) {
  const queryClient = new QueryClient();
  queryClient.setQueryData<RoomPages>([...roomKey(V2_ROOM), anchor], { pages, pageParams: pages.map((p) => p.page) });
  return queryClient;
}

const texts = (queryClient: QueryClient, anchor = 1) => flattenPages(queryClient.getQueryData<RoomPages>([...roomKey(V2_ROOM), anchor])).map((message) => message.text);

describe('flattenPages', () => {
  it('gives the messages oldest first across pages', () => {
    expect(flattenPages({ pages: [page(1, [6, 5, 4]), page(2, [3, 2, 1])] }).map((message) => message.id)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('shows each message once when neighbouring pages overlap (new messages shifted the pages)', () => {
    // Page 2 was fetched after two new messages arrived: it repeats 4 and 5.
    const flat = flattenPages({ pages: [page(1, [7, 6, 5, 4]), page(2, [5, 4, 3, 2])] });
    expect(flat.map((message) => message.uuid)).toEqual(['m-2', 'm-3', 'm-4', 'm-5', 'm-6', 'm-7']);
  });

  it('gives nothing without data', () => {
    expect(flattenPages(undefined)).toEqual([]);
    expect(flattenPages({ pages: [] })).toEqual([]);
  });
});

describe('insertMessages', () => {
  it('adds a new message as the newest', () => {
    const queryClient = cached([page(1, [2, 1])]);
    insertMessages(queryClient, V2_ROOM, [m(3)]);
    expect(texts(queryClient)).toEqual(['message 1', 'message 2', 'message 3']);
  });

  it("replaces the outbox's copy (same client id) with the server's message instead of adding it twice", () => {
    const queryClient = cached([page(1, [2, 1])]);
    // The outbox's optimistic copy, shown at once (marked pending, as the outbox writes it).
    insertMessages(queryClient, V2_ROOM, [m(0, { uuid: 'local-c1', clientId: 'c1', text: 'typed', pending: { state: 'sending' } })]);
    expect(texts(queryClient)).toEqual(['message 1', 'message 2', 'typed']);
    // The server's answer (or its live echo) carries the same client id.
    insertMessages(queryClient, V2_ROOM, [m(10, { clientId: 'c1', text: 'typed (server)' })]);
    const flat = flattenPages(queryClient.getQueryData<RoomPages>([...roomKey(V2_ROOM), 1]));
    expect(flat.map((message) => message.text)).toEqual(['message 1', 'message 2', 'typed (server)']);
    expect(flat.at(-1)!.uuid).toBe('m-10');
  });

  it('replaces a message with the same uuid (answer and live event both arrive)', () => {
    const queryClient = cached([page(1, [2, 1])]);
    insertMessages(queryClient, V2_ROOM, [m(3)]);
    insertMessages(queryClient, V2_ROOM, [m(3, { text: 'message 3 again' })]);
    expect(texts(queryClient)).toEqual(['message 1', 'message 2', 'message 3 again']);
  });

  it('leaves an uncached room alone and touches only that room and version', () => {
    const queryClient = cached([page(1, [1])]);
    insertMessages(queryClient, room('v2', 'other-room'), [m(9)]);
    insertMessages(queryClient, room('v1', ROOM), [m(9)]);
    expect(queryClient.getQueryData([...roomKey(room('v2', 'other-room')), 1])).toBeUndefined();
    expect(queryClient.getQueryData([...roomKey(room('v1', ROOM)), 1])).toBeUndefined();
    expect(texts(queryClient)).toEqual(['message 1']);
  });
});

describe('applyLiveMessage', () => {
  it('patches a known message in place (pinned) instead of inserting it again, even on an older page', () => {
    const queryClient = cached([page(1, [4, 3]), page(2, [2, 1])]);
    expect(applyLiveMessage(queryClient, V2_ROOM, live(2, { pinned_at: '2024-05-03T00:00:00Z' }))).toMatchObject({ isNew: false, pinChanged: true });
    const flat = flattenPages(queryClient.getQueryData<RoomPages>([...roomKey(V2_ROOM), 1]));
    expect(flat.map((message) => message.id)).toEqual([1, 2, 3, 4]);
    expect(flat.find((message) => message.id === 2)!.pinnedAt).toBe('2024-05-03T00:00:00Z');
  });

  it('patches the message in a view anchored at a jumped-to page too', () => {
    const queryClient = cached([page(1, [4, 3])]);
    seedAnchor(queryClient, V2_ROOM, page(3, [2, 1]));
    applyLiveMessage(queryClient, V2_ROOM, live(1, { message_content: 'edited text', is_edited: true }));
    expect(texts(queryClient, 3)).toEqual(['edited text', 'message 2']);
    expect(texts(queryClient, 1)).toEqual(['message 3', 'message 4']);
  });

  it('removes a known message that was deleted, and ignores an unknown deleted one', () => {
    const queryClient = cached([page(1, [3, 2, 1])]);
    applyLiveMessage(queryClient, V2_ROOM, live(2, { deleted_at: '2024-05-03T00:00:00Z' }));
    expect(texts(queryClient)).toEqual(['message 1', 'message 3']);
    expect(applyLiveMessage(queryClient, V2_ROOM, live(9, { deleted_at: '2024-05-03T00:00:00Z' }))).toMatchObject({ isNew: false, pinChanged: false });
    expect(texts(queryClient)).toEqual(['message 1', 'message 3']);
  });

  it('inserts an unknown message as the newest', () => {
    const queryClient = cached([page(1, [2, 1])]);
    expect(applyLiveMessage(queryClient, V2_ROOM, live(3))).toMatchObject({ isNew: true, pinChanged: false });
    expect(texts(queryClient)).toEqual(['message 1', 'message 2', 'message 3']);
  });

  it('keeps the "edited" mark, reactions and receipt when the event\'s copy leaves them out', () => {
    const queryClient = cached([page(1, [2, 1])]);
    patchMessage(queryClient, V2_ROOM, 'm-2', (message) => ({ ...message, text: 'fixed', edited: true, reactions: [{ reaction: 'like', count: 1, mine: true }], receipt: { read: 1, of: 1 } }));
    // The sandbox's and the backend's live_chat copy of the message (v1 shape, without is_edited).
    applyLiveMessage(queryClient, V2_ROOM, { id: 2, uuid: 'm-2', message_content: 'fixed', pinned_at: null, created_at: '2024-05-01T00:00:00Z', deleted_at: null });
    const shown = flattenPages(queryClient.getQueryData<RoomPages>([...roomKey(V2_ROOM), 1])).find((message) => message.id === 2)!;
    expect(shown).toMatchObject({ text: 'fixed', edited: true, reactions: [{ reaction: 'like', count: 1, mine: true }], receipt: { read: 1, of: 1 } });
  });

  it('shows "edited" from a live copy that carries it', () => {
    const queryClient = cached([page(1, [2, 1])]);
    applyLiveMessage(queryClient, V2_ROOM, live(2, { message_content: 'fixed', is_edited: 1 }));
    expect(flattenPages(queryClient.getQueryData<RoomPages>([...roomKey(V2_ROOM), 1])).find((message) => message.id === 2)!.edited).toBe(true);
  });

  it('shows a pin change in the cached pinned list at once: pinned first, unpinned out', () => {
    const queryClient = cached([page(1, [3, 2, 1])]);
    patchMessage(queryClient, V2_ROOM, 'm-1', (message) => ({ ...message, pinnedAt: '2024-05-02T00:00:00Z' }));
    queryClient.setQueryData([...pinnedKey(V2_ROOM), 5], [m(1, { pinnedAt: '2024-05-02T00:00:00Z' })]);
    const pinned = () => queryClient.getQueryData<RoomMessage[]>([...pinnedKey(V2_ROOM), 5])!.map((message) => message.uuid);
    const outcome = applyLiveMessage(queryClient, V2_ROOM, live(3, { pinned_at: '2024-05-03T00:00:00Z' }))!;
    showPinChange(queryClient, V2_ROOM, 'm-3', outcome.shown);
    expect(pinned()).toEqual(['m-3', 'm-1']);
    const unpinned = applyLiveMessage(queryClient, V2_ROOM, live(1, { pinned_at: null }))!;
    expect(unpinned.pinChanged).toBe(true);
    showPinChange(queryClient, V2_ROOM, 'm-1', unpinned.shown);
    expect(pinned()).toEqual(['m-3']);
  });

  it('writes nothing for a copy that repeats what is shown (a read mark\'s echo)', () => {
    const queryClient = cached([page(1, [2, 1])]);
    const before = queryClient.getQueryData<RoomPages>([...roomKey(V2_ROOM), 1]);
    const shown = flattenPages(before).find((message) => message.id === 2)!;
    expect(applyLiveMessage(queryClient, V2_ROOM, live(2, { created_at: shown.createdAt, pinned_at: null, deleted_at: null }))).toMatchObject({ isNew: false, pinChanged: false });
    expect(queryClient.getQueryData<RoomPages>([...roomKey(V2_ROOM), 1])).toBe(before);
  });
});

describe('patchMessage', () => {
  it('changes one message wherever it is cached and can drop it', () => {
    const queryClient = cached([page(1, [3, 2]), page(2, [1])]);
    patchMessage(queryClient, V2_ROOM, 'm-1', (message) => ({ ...message, text: 'changed' }));
    expect(texts(queryClient)).toEqual(['changed', 'message 2', 'message 3']);
    patchMessage(queryClient, V2_ROOM, 'm-3', () => null);
    expect(texts(queryClient)).toEqual(['changed', 'message 2']);
  });
});

describe('one list: the outbox\'s messages in the room\'s pages', () => {
  /** The outbox's copy of a message (as outbox/pending-messages.ts makes it). */
  const pending = (clientId: string, text: string, state: 'sending' | 'waiting' | 'failed' = 'sending') =>
    roomMessage({ uuid: `outbox:${clientId}`, clientId, text, own: true, pending: { state } });
  const flat = (queryClient: QueryClient, anchor = 1) => flattenPages(queryClient.getQueryData<RoomPages>([...roomKey(V2_ROOM), anchor]));

  afterEach(() => showPending(new QueryClient(), []));

  it('writes them into the newest page after the sent messages, with their state, and changes them in place', () => {
    const queryClient = cached([page(1, [2, 1]), page(2, [0])]);
    showPending(queryClient, [{ room: V2_ROOM, messages: [pending('a', 'typed first', 'waiting'), pending('b', 'typed second', 'waiting')] }]);
    expect(flat(queryClient).map((message) => [message.text, message.pending?.state ?? 'sent'])).toEqual([
      ['message 0', 'sent'],
      ['message 1', 'sent'],
      ['message 2', 'sent'],
      ['typed first', 'waiting'],
      ['typed second', 'waiting'],
    ]);
    showPending(queryClient, [{ room: V2_ROOM, messages: [pending('a', 'typed first', 'sending'), pending('b', 'typed second', 'failed')] }]);
    expect(flat(queryClient).slice(-2).map((message) => message.pending?.state)).toEqual(['sending', 'failed']);
    // Deleted from the outbox: gone from the list.
    showPending(queryClient, [{ room: V2_ROOM, messages: [pending('a', 'typed first')] }]);
    expect(flat(queryClient).map((message) => message.text)).toEqual(['message 0', 'message 1', 'message 2', 'typed first']);
  });

  it('leaves a view that does not hold the newest page alone', () => {
    const queryClient = cached([page(1, [4, 3])]);
    seedAnchor(queryClient, V2_ROOM, page(3, [2, 1]));
    showPending(queryClient, [{ room: V2_ROOM, messages: [pending('a', 'typed')] }]);
    expect(texts(queryClient, 3)).toEqual(['message 1', 'message 2']);
    expect(texts(queryClient, 1)).toEqual(['message 3', 'message 4', 'typed']);
  });

  it('keeps them when the newest page is fetched again, and drops the copy once the server has the message', async () => {
    const queryClient = cached([page(1, [2, 1], 1)]);
    showPending(queryClient, [{ room: V2_ROOM, messages: [pending('a', 'typed')] }]);
    let serverPage = page(1, [3, 2, 1], 1);
    const api = { ...V2_ROOM, viewPage: async () => serverPage } as unknown as RoomApi;
    await queryClient.fetchInfiniteQuery({ ...roomMessagesOptions(api, 1), staleTime: 0 });
    expect(flat(queryClient).map((message) => message.text)).toEqual(['message 1', 'message 2', 'message 3', 'typed']);
    // The server stored it (a lost answer): its copy echoes the client id, and the outbox's copy goes.
    serverPage = { ...page(1, [3, 2, 1], 1), messages: [m(4, { text: 'typed (server)', clientId: 'a' }), ...page(1, [3, 2, 1], 1).messages] };
    await queryClient.fetchInfiniteQuery({ ...roomMessagesOptions(api, 1), staleTime: 0 });
    expect(flat(queryClient).map((message) => message.text)).toEqual(['message 1', 'message 2', 'message 3', 'typed (server)']);
  });

  it("replaces a batch's copies (one per file) with the server's messages, where the first copy was", () => {
    const queryClient = cached([page(1, [2, 1])]);
    const copies = [pending('f', 'report.pdf'), { ...pending('f', 'photo.png'), uuid: 'outbox:f:1' }];
    showPending(queryClient, [{ room: V2_ROOM, messages: copies }]);
    insertMessages(queryClient, V2_ROOM, [m(9, { text: 'live from Budi' })]);
    confirmPending(queryClient, V2_ROOM, 'f', [m(7, { text: 'report.pdf (server)', clientId: 'f' }), m(8, { text: 'photo.png (server)' })]);
    expect(flat(queryClient).map((message) => message.text)).toEqual(['message 1', 'message 2', 'report.pdf (server)', 'photo.png (server)', 'live from Budi']);
    expect(flat(queryClient).some((message) => message.pending)).toBe(false);
  });

  it('shows them in a room whose first page has not come, keeping its error', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const api = { ...V2_ROOM, viewPage: () => Promise.reject(new Error('offline')) } as unknown as RoomApi;
    await queryClient.prefetchInfiniteQuery(roomMessagesOptions(api, 1));
    showPending(queryClient, [{ room: V2_ROOM, messages: [pending('a', 'typed offline', 'waiting')] }]);
    const state = queryClient.getQueryState([...roomKey(V2_ROOM), 1]);
    expect(state?.status).toBe('error');
    expect(flat(queryClient).map((message) => message.text)).toEqual(['typed offline']);
    // And a room opened afterwards starts with them.
    const other = new QueryClient();
    expect(other.getQueryData([...roomKey(V2_ROOM), 1])).toBeUndefined();
    const options = roomMessagesOptions(api, 1);
    expect(flattenPages((options.initialData as () => RoomPages | undefined)()).map((message) => message.text)).toEqual(['typed offline']);
  });
});

describe('changes made while a fetch of the room is under way', () => {
  /** A room whose pages (the newest: 2 and 1; older: 0) answer only when the test says so. */
  function slowRoom() {
    const asked: Array<{ answer: () => void; fail: () => void }> = [];
    const api = {
      ...V2_ROOM,
      viewPage: (number: number) =>
        new Promise<MessagePage>((resolve, reject) => {
          const answer = number === 1 ? { ...page(1, [2, 1]), room: { uuid: ROOM, is_muted: 0 } as ChatRoom } : page(number, [0]);
          asked.push({ answer: () => resolve(answer), fail: () => reject(new Error('offline')) });
        }),
    } as unknown as RoomApi;
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const observer = new InfiniteQueryObserver(queryClient, roomMessagesOptions(api, 1));
    return { queryClient, observer, next: () => asked.shift()! };
  }
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
  const reactions = (queryClient: QueryClient) => flattenPages(queryClient.getQueryData<RoomPages>([...roomKey(V2_ROOM), 1])).find((message) => message.uuid === 'm-2')?.reactions;
  const like = [{ reaction: 'like' as const, count: 2, mine: true }];

  async function opened() {
    const room = slowRoom();
    const first = room.observer.refetch();
    await tick();
    room.next().answer();
    await first;
    return room;
  }

  it('keeps a reaction tapped while the newest page was fetched again (its answer was read before the tap)', async () => {
    const { queryClient, observer, next } = await opened();
    const refetch = observer.refetch();
    await tick();
    patchMessage(queryClient, V2_ROOM, 'm-2', (message) => ({ ...message, reactions: like }));
    next().answer();
    await refetch;
    expect(reactions(queryClient)).toEqual(like);
    // Made again once only: later answers are the server's.
    const again = observer.refetch();
    await tick();
    next().answer();
    await again;
    expect(reactions(queryClient)).toBeUndefined();
  });

  it('keeps a live message that arrived while an older page was loading (its answer writes back the pages as they were)', async () => {
    const { queryClient, observer, next } = await opened();
    const older = observer.fetchNextPage();
    await tick();
    applyLiveMessage(queryClient, V2_ROOM, live(3, { message_content: 'live from Budi' }));
    next().answer();
    await older;
    expect(texts(queryClient)).toEqual(['message 0', 'message 1', 'message 2', 'live from Budi']);
  });

  it('keeps a mute toggled while the room was fetched again (the header reads it from the page)', async () => {
    const { queryClient, observer, next } = await opened();
    const refetch = observer.refetch();
    await tick();
    setMutedFromAnswer(queryClient, ROOM, { chat_room: { is_muted: 1 } });
    next().answer();
    await refetch;
    expect(queryClient.getQueryData<RoomPages>([...roomKey(V2_ROOM), 1])?.pages[0]?.room?.is_muted).toBe(1);
  });

  it('forgets them when the fetch fails (it wrote nothing)', async () => {
    const { queryClient, observer, next } = await opened();
    const refetch = observer.refetch();
    await tick();
    patchMessage(queryClient, V2_ROOM, 'm-2', (message) => ({ ...message, text: 'edited' }));
    next().fail();
    await refetch;
    expect(texts(queryClient)).toEqual(['message 1', 'edited']);
    // Nothing is made again on the next answer.
    const again = observer.refetch();
    await tick();
    next().answer();
    await again;
    expect(texts(queryClient)).toEqual(['message 1', 'message 2']);
  });
});
