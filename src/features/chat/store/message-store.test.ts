// The chat's message store: pages merged into ordered blocks, live events merged into what is known,
// the outbox's messages beside the server's, and the user's changes shown until the server answers.
// The races that a shared page cache had to replay changes for are written here as the order in
// which things happen (a fetch starts, a change is made, the fetch answers): the store gets them
// right by construction, since a page never overwrites what was written after its fetch started.
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../../generated/http/types.gen.ts';
import type { ChatRoom, RoomMessage } from '../api/message-model.ts';
import type { MessagePage } from '../api/messages.ts';
import { roomMessage } from '../testing/chat-fixtures.ts';
import { createMessageStore, mergeOrdered, type ViewAnchor } from './message-store.ts';

const ROOM = { version: 'v2', uuid: 'room-1' } as const;
const OTHER = { version: 'v2', uuid: 'room-2' } as const;
const m = (n: number, overrides: Partial<RoomMessage> = {}) => roomMessage({ id: n, uuid: `m-${n}`, text: `message ${n}`, ...overrides });
/** A message as a live_chat event carries it (v1 shape): only what the event says. */
const live = (n: number, fields: Partial<ChatMessage> = {}): ChatMessage => ({ id: n, uuid: `m-${n}`, message_content: `message ${n}`, ...fields });
/** A server page: newest first. */
const page = (number: number, ids: number[], extra: Partial<MessagePage> = {}): MessagePage => ({ messages: ids.map((id) => m(id)), page: number, lastPage: 9, room: undefined, pinned: undefined, ...extra });
/** The outbox's copy of a message (as outbox/pending-messages.ts makes it). */
const pending = (clientId: string, text: string, state: 'sending' | 'waiting' | 'failed' = 'sending') => roomMessage({ id: 0, uuid: `outbox:${clientId}`, clientId, text, own: true, pending: { state } });

function opened(pages: MessagePage[] = [page(1, [3, 2, 1])]) {
  const store = createMessageStore();
  for (const [index, each] of pages.entries()) store.receivePage(ROOM, each, { startedAt: store.now(), view: null, adjacent: index === 0 ? null : 'older' });
  const texts = (anchor: ViewAnchor = null) => store.view(ROOM, anchor).messages.map((message) => message.text);
  const shown = (uuid: string) => store.view(ROOM, null).messages.find((message) => message.uuid === uuid);
  return { store, texts, shown };
}

describe('mergeOrdered', () => {
  it("keeps the second list's order and puts the first's others after what they followed", () => {
    expect(mergeOrdered(['a', 'b', 'c'], ['b', 'c', 'd'])).toEqual(['a', 'b', 'c', 'd']);
    expect(mergeOrdered(['b', 'x', 'c'], ['a', 'b', 'c', 'd'])).toEqual(['a', 'b', 'x', 'c', 'd']);
    expect(mergeOrdered(['x', 'b'], ['b', 'c'])).toEqual(['x', 'b', 'c']);
  });
});

describe('pages into blocks', () => {
  it('gives a view its messages oldest first, each once, when neighbouring pages overlap', () => {
    // Page 2 was fetched after two new messages arrived: it repeats 4 and 5.
    const { texts } = opened([page(1, [7, 6, 5, 4]), page(2, [5, 4, 3, 2])]);
    expect(texts()).toEqual(['message 2', 'message 3', 'message 4', 'message 5', 'message 6', 'message 7']);
  });

  it('joins an older page to the view even where it shares no message (the pages did not shift)', () => {
    const { texts } = opened([page(1, [6, 5, 4]), page(2, [3, 2, 1])]);
    expect(texts()).toEqual(['message 1', 'message 2', 'message 3', 'message 4', 'message 5', 'message 6']);
  });

  it('keeps a jump to an older message in a block of its own until its pages meet the newest', () => {
    const { store, texts } = opened([page(1, [9, 8])]);
    store.receivePage(ROOM, page(4, [3, 2]), { startedAt: store.now(), view: 'm-2', adjacent: null });
    expect(texts('m-2')).toEqual(['message 2', 'message 3']);
    expect(texts()).toEqual(['message 8', 'message 9']);
    // Paging forwards from the jump (newer pages) until one shares messages with the newest block.
    store.receivePage(ROOM, page(3, [5, 4]), { startedAt: store.now(), view: 'm-2', adjacent: 'newer' });
    store.receivePage(ROOM, page(2, [8, 7, 6]), { startedAt: store.now(), view: 'm-2', adjacent: 'newer' });
    expect(texts('m-2')).toEqual(['message 2', 'message 3', 'message 4', 'message 5', 'message 6', 'message 7', 'message 8', 'message 9']);
    expect(texts()).toEqual(texts('m-2'));
  });

  it('starts the newest block again when the newest page shares nothing with it (many arrived while away), keeping the old one as history', () => {
    const { store, texts } = opened([page(1, [3, 2, 1])]);
    store.receivePage(ROOM, page(1, [30, 29]), { startedAt: store.now(), view: null, adjacent: null });
    expect(texts()).toEqual(['message 29', 'message 30']);
    expect(texts('m-2')).toEqual(['message 1', 'message 2', 'message 3']);
  });

  it("drops a message the server no longer has: one inside a page's span, or after the newest page, that the page leaves out", () => {
    const { store, texts } = opened([page(1, [5, 4, 3]), page(2, [2, 1])]);
    // 4 was deleted while the room was away, 3 kept; 5 too; and nothing came after it.
    store.receivePage(ROOM, page(1, [5, 3]), { startedAt: store.now(), view: null, adjacent: null });
    expect(texts()).toEqual(['message 1', 'message 2', 'message 3', 'message 5']);
    store.receivePage(ROOM, page(1, [3, 2]), { startedAt: store.now(), view: null, adjacent: null });
    expect(texts()).toEqual(['message 1', 'message 2', 'message 3']);
  });

  it('takes the room and its pinned messages from the page, and leaves other rooms alone', () => {
    const { store } = opened([page(1, [1], { room: { uuid: 'room-1', name: 'Design' } as ChatRoom, pinned: [m(1)] })]);
    expect(store.view(ROOM, null).room?.name).toBe('Design');
    expect(store.view(ROOM, null).pinned?.map((message) => message.uuid)).toEqual(['m-1']);
    expect(store.view(OTHER, null).messages).toEqual([]);
    expect(store.view({ version: 'v1', uuid: 'room-1' }, null).messages).toEqual([]);
  });

  it('gives the same view object until the room changes, and tells its readers once per change', () => {
    const { store } = opened();
    let told = 0;
    store.subscribe(() => (told += 1));
    const before = store.view(ROOM, null);
    expect(store.view(ROOM, null)).toBe(before);
    store.applyLive(ROOM, live(4));
    expect(told).toBe(1);
    expect(store.view(ROOM, null)).not.toBe(before);
  });
});

describe('live messages', () => {
  it('adds an unknown message as the newest', () => {
    const { store, texts } = opened();
    expect(store.applyLive(ROOM, live(4))).toMatchObject({ isNew: true, pinChanged: false });
    expect(texts()).toEqual(['message 1', 'message 2', 'message 3', 'message 4']);
  });

  it('places a message the server numbered lower before the newer ones it arrives after', () => {
    const { store, texts } = opened();
    store.applyLive(ROOM, live(6));
    store.insert(ROOM, [m(5)]);
    expect(texts()).toEqual(['message 1', 'message 2', 'message 3', 'message 5', 'message 6']);
  });

  it('merges into a known message in place, even on an older page, and reports a pin change', () => {
    const { store, texts, shown } = opened([page(1, [4, 3]), page(2, [2, 1])]);
    expect(store.applyLive(ROOM, live(2, { pinned_at: '2024-05-03T00:00:00Z' }))).toMatchObject({ isNew: false, pinChanged: true });
    expect(texts()).toEqual(['message 1', 'message 2', 'message 3', 'message 4']);
    expect(shown('m-2')!.pinnedAt).toBe('2024-05-03T00:00:00Z');
  });

  it('removes a known message that was deleted, and ignores an unknown deleted one', () => {
    const { store, texts } = opened();
    store.applyLive(ROOM, live(2, { deleted_at: '2024-05-03T00:00:00Z' }));
    expect(texts()).toEqual(['message 1', 'message 3']);
    expect(store.applyLive(ROOM, live(9, { deleted_at: '2024-05-03T00:00:00Z' }))).toMatchObject({ isNew: false, pinChanged: false, shown: null });
    expect(texts()).toEqual(['message 1', 'message 3']);
  });

  it('keeps the "edited" mark, reactions and receipt when the event\'s real copy leaves them out', () => {
    const { store, shown } = opened();
    store.patch(ROOM, 'm-2', (message) => ({ ...message, text: 'fixed', edited: true, reactions: [{ reaction: 'like', count: 1, mine: true }], receipt: { read: 1, of: 1 } }));
    // The sandbox's and the backend's live_chat copy of the message (v1 shape, without is_edited).
    store.applyLive(ROOM, { id: 2, uuid: 'm-2', message_content: 'fixed', pinned_at: null, created_at: '2024-05-01T00:00:00Z', deleted_at: null });
    expect(shown('m-2')).toMatchObject({ text: 'fixed', edited: true, reactions: [{ reaction: 'like', count: 1, mine: true }], receipt: { read: 1, of: 1 } });
  });

  it('changes nothing for a copy that repeats what is shown (a read mark\'s echo)', () => {
    const { store, shown } = opened();
    const before = store.view(ROOM, null);
    let told = 0;
    store.subscribe(() => (told += 1));
    expect(store.applyLive(ROOM, live(2, { created_at: shown('m-2')!.createdAt, pinned_at: null, deleted_at: null }))).toMatchObject({ isNew: false, pinChanged: false });
    expect(told).toBe(0);
    expect(store.view(ROOM, null)).toBe(before);
  });
});

describe("the outbox's messages", () => {
  it('show after the newest with their state, change in place, and go when the outbox lets them go', () => {
    const { store, texts } = opened([page(1, [2, 1])]);
    store.setPending([{ room: ROOM, messages: [pending('a', 'typed first', 'waiting'), pending('b', 'typed second', 'waiting')] }]);
    expect(store.view(ROOM, null).messages.map((message) => [message.text, message.pending?.state ?? 'sent'])).toEqual([
      ['message 1', 'sent'],
      ['message 2', 'sent'],
      ['typed first', 'waiting'],
      ['typed second', 'waiting'],
    ]);
    store.setPending([{ room: ROOM, messages: [pending('a', 'typed first')] }]);
    expect(texts()).toEqual(['message 1', 'message 2', 'typed first']);
    store.setPending([]);
    expect(texts()).toEqual(['message 1', 'message 2']);
  });

  it('show in a room whose first page has not come (offline), and not in a view of older messages', () => {
    const store = createMessageStore();
    store.setPending([{ room: ROOM, messages: [pending('a', 'typed offline', 'waiting')] }]);
    expect(store.view(ROOM, null).messages.map((message) => message.text)).toEqual(['typed offline']);
    store.receivePage(ROOM, page(5, [2, 1]), { startedAt: store.now(), view: 'm-1', adjacent: null });
    expect(store.view(ROOM, 'm-1').messages.map((message) => message.text)).toEqual(['message 1', 'message 2']);
  });

  it("give way to the server's messages once accepted: a batch's copies (one per file) together, the first echoing the client id", () => {
    const { store, texts } = opened([page(1, [2, 1])]);
    store.setPending([{ room: ROOM, messages: [pending('f', 'report.pdf'), { ...pending('f', 'photo.png'), uuid: 'outbox:f:1' }] }]);
    store.confirmSent(ROOM, 'f', [m(7, { text: 'report.pdf (server)' }), m(8, { text: 'photo.png (server)' })]);
    expect(texts()).toEqual(['message 1', 'message 2', 'report.pdf (server)', 'photo.png (server)']);
    expect(store.view(ROOM, null).messages.find((message) => message.uuid === 'm-7')?.clientId).toBe('f');
    // The outbox's next snapshot may still name the entry for a moment: its copy stays hidden.
    store.setPending([{ room: ROOM, messages: [pending('f', 'report.pdf')] }]);
    expect(texts()).toEqual(['message 1', 'message 2', 'report.pdf (server)', 'photo.png (server)']);
  });

  it("hide a copy whose server message came in a page first (an answer that was lost)", () => {
    const { store, texts } = opened([page(1, [2, 1])]);
    store.setPending([{ room: ROOM, messages: [pending('a', 'typed')] }]);
    store.receivePage(ROOM, { ...page(1, [2, 1]), messages: [m(3, { text: 'typed (server)', clientId: 'a' }), m(2), m(1)] }, { startedAt: store.now(), view: null, adjacent: null });
    expect(texts()).toEqual(['message 1', 'message 2', 'typed (server)']);
  });
});

describe("the user's changes, shown until the server answers", () => {
  it('shows a change at once, keeps the server\'s copy when it agrees, and puts the message back when it refuses', () => {
    const { store, shown } = opened();
    const like = store.change(ROOM, 'm-2', (message) => ({ ...message, reactions: [{ reaction: 'like', count: 1, mine: true }] }));
    expect(shown('m-2')!.reactions).toEqual([{ reaction: 'like', count: 1, mine: true }]);
    like.confirm((message) => ({ ...message, reactions: [{ reaction: 'like', count: 2, mine: true }] }));
    expect(shown('m-2')!.reactions).toEqual([{ reaction: 'like', count: 2, mine: true }]);

    const pin = store.change(ROOM, 'm-1', (message) => ({ ...message, pinnedAt: '2024-05-04T00:00:00Z' }));
    expect(shown('m-1')!.pinnedAt).toBe('2024-05-04T00:00:00Z');
    pin.undo();
    expect(shown('m-1')!.pinnedAt).toBeNull();
  });

  it('hides a deleted message at once and for good once the server agrees', () => {
    const { store, texts } = opened();
    const deletion = store.change(ROOM, 'm-2', () => null);
    expect(texts()).toEqual(['message 1', 'message 3']);
    deletion.confirm();
    // A page fetched before the delete reached the server still holds it: it stays gone.
    store.receivePage(ROOM, page(1, [3, 2, 1]), { startedAt: 0, view: null, adjacent: null });
    expect(texts()).toEqual(['message 1', 'message 3']);
  });
});

describe('the races of a shared page cache, passed by construction', () => {
  it('keeps a reaction tapped while the newest page was fetched again (its answer was read before the tap)', () => {
    const { store, shown } = opened();
    const refetchStarted = store.now();
    const tap = store.change(ROOM, 'm-2', (message) => ({ ...message, reactions: [{ reaction: 'like', count: 1, mine: true }] }));
    store.receivePage(ROOM, page(1, [3, 2, 1]), { startedAt: refetchStarted, view: null, adjacent: null });
    expect(shown('m-2')!.reactions).toEqual([{ reaction: 'like', count: 1, mine: true }]);
    tap.confirm();
    // Another refetch that started before the server's answer: still the user's reaction.
    store.receivePage(ROOM, page(1, [3, 2, 1]), { startedAt: refetchStarted, view: null, adjacent: null });
    expect(shown('m-2')!.reactions).toEqual([{ reaction: 'like', count: 1, mine: true }]);
    // A fetch that started after it: the server's word (this server kept no reactions).
    store.receivePage(ROOM, page(1, [3, 2, 1]), { startedAt: store.now(), view: null, adjacent: null });
    expect(shown('m-2')!.reactions).toBeUndefined();
  });

  it('keeps a live message that arrived while an older page was loading', () => {
    const { store, texts } = opened();
    const olderStarted = store.now();
    store.applyLive(ROOM, live(4, { message_content: 'live from Budi' }));
    store.receivePage(ROOM, page(2, [0]), { startedAt: olderStarted, view: null, adjacent: 'older' });
    expect(texts()).toEqual(['message 0', 'message 1', 'message 2', 'message 3', 'live from Budi']);
  });

  it('keeps a live message that arrived while the newest page was fetched again (the page does not have it yet)', () => {
    const { store, texts } = opened();
    const refetchStarted = store.now();
    store.applyLive(ROOM, live(4, { message_content: 'live from Budi' }));
    store.receivePage(ROOM, page(1, [3, 2, 1]), { startedAt: refetchStarted, view: null, adjacent: null });
    expect(texts()).toEqual(['message 1', 'message 2', 'message 3', 'live from Budi']);
  });

  it('keeps a live message that arrived before the room\'s first page did', () => {
    const store = createMessageStore();
    const firstStarted = store.now();
    store.applyLive(ROOM, live(4, { message_content: 'live from Budi' }));
    store.receivePage(ROOM, page(1, [3, 2, 1]), { startedAt: firstStarted, view: null, adjacent: null });
    expect(store.view(ROOM, null).messages.map((message) => message.text)).toEqual(['message 1', 'message 2', 'message 3', 'live from Budi']);
  });

  it('keeps a mute toggled while the room was fetched again (the header reads it from the pages)', () => {
    const { store } = opened([page(1, [1], { room: { uuid: 'room-1', is_muted: 0 } as ChatRoom })]);
    const refetchStarted = store.now();
    store.patchRoom('room-1', { is_muted: 1 });
    store.receivePage(ROOM, page(1, [1], { room: { uuid: 'room-1', is_muted: 0 } as ChatRoom }), { startedAt: refetchStarted, view: null, adjacent: null });
    expect(store.view(ROOM, null).room?.is_muted).toBe(1);
  });

  it('keeps a sent message confirmed while the room was fetched again', () => {
    const { store, texts } = opened();
    store.setPending([{ room: ROOM, messages: [pending('a', 'typed')] }]);
    const refetchStarted = store.now();
    store.confirmSent(ROOM, 'a', [m(4, { text: 'typed (server)' })]);
    store.setPending([]);
    store.receivePage(ROOM, page(1, [3, 2, 1]), { startedAt: refetchStarted, view: null, adjacent: null });
    expect(texts()).toEqual(['message 1', 'message 2', 'message 3', 'typed (server)']);
  });

  it('shows a message once when it arrives live and in a page', () => {
    const { store, texts } = opened();
    store.applyLive(ROOM, live(4));
    store.receivePage(ROOM, page(1, [4, 3, 2]), { startedAt: store.now(), view: null, adjacent: null });
    store.insert(ROOM, [m(4)]);
    expect(texts()).toEqual(['message 1', 'message 2', 'message 3', 'message 4']);
  });

  it('forgets nothing when a refetch fails: it writes nothing, and a change waits for its answer', () => {
    const { store, shown } = opened();
    const edit = store.change(ROOM, 'm-2', (message) => ({ ...message, text: 'edited', edited: true }));
    // (The failed fetch never calls the store.)
    expect(shown('m-2')!.text).toBe('edited');
    edit.undo();
    expect(shown('m-2')!.text).toBe('message 2');
  });
});

describe('clear', () => {
  it('forgets every room (logout)', () => {
    const { store } = opened();
    store.setPending([{ room: ROOM, messages: [pending('a', 'typed')] }]);
    store.clear();
    expect(store.view(ROOM, null).messages).toEqual([]);
  });
});
