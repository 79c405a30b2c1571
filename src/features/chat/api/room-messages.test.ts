import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { roomMessage } from '../testing/chat-fixtures.ts';
import type { RoomMessage } from './message-model.ts';
import type { MessagePage } from './messages.ts';
import { applyLiveMessage, flattenPages, insertMessages, patchMessage, roomKey, seedAnchor, type RoomPages } from './room-messages.ts';

const ROOM = 'room-1';
const V2_ROOM = { version: 'v2', uuid: ROOM } as const;
const room = (version: 'v1' | 'v2', uuid: string) => ({ version, uuid });
const m = (n: number, overrides: Partial<RoomMessage> = {}) => roomMessage({ id: n, uuid: `m-${n}`, text: `message ${n}`, ...overrides });

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
    applyLiveMessage(queryClient, V2_ROOM, m(2, { pinnedAt: '2024-05-03T00:00:00Z' }));
    const flat = flattenPages(queryClient.getQueryData<RoomPages>([...roomKey(V2_ROOM), 1]));
    expect(flat.map((message) => message.id)).toEqual([1, 2, 3, 4]);
    expect(flat.find((message) => message.id === 2)!.pinnedAt).toBe('2024-05-03T00:00:00Z');
  });

  it('patches the message in a view anchored at a jumped-to page too', () => {
    const queryClient = cached([page(1, [4, 3])]);
    seedAnchor(queryClient, V2_ROOM, page(3, [2, 1]));
    applyLiveMessage(queryClient, V2_ROOM, m(1, { text: 'edited text', edited: true }));
    expect(texts(queryClient, 3)).toEqual(['edited text', 'message 2']);
    expect(texts(queryClient, 1)).toEqual(['message 3', 'message 4']);
  });

  it('removes a known message that was deleted, and ignores an unknown deleted one', () => {
    const queryClient = cached([page(1, [3, 2, 1])]);
    applyLiveMessage(queryClient, V2_ROOM, m(2, { deleted: true }));
    expect(texts(queryClient)).toEqual(['message 1', 'message 3']);
    applyLiveMessage(queryClient, V2_ROOM, m(9, { deleted: true }));
    expect(texts(queryClient)).toEqual(['message 1', 'message 3']);
  });

  it('inserts an unknown message as the newest', () => {
    const queryClient = cached([page(1, [2, 1])]);
    applyLiveMessage(queryClient, V2_ROOM, m(3));
    expect(texts(queryClient)).toEqual(['message 1', 'message 2', 'message 3']);
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
