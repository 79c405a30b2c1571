// The chat's messages, stored once (as Mattermost's posts reducer keeps posts by id and each channel's
// order as blocks of ids): every message of a room by its uuid; per room, ordered blocks of uuids (the
// newest block, and a block opened by a jump to an older message), merged when their pages meet; the
// outbox's messages beside them (shown after the newest, until the server's copy with the same client
// id is there); and a layer of changes the user made that the server has not answered yet (a reaction,
// a pin, an edit, a delete), applied when read and dropped when the server answers (tldraw's sync
// client keeps its own changes the same way, rebased on each answer).
//
// Every write carries the store's clock: a page records when its fetch started, and a message written
// after that (a live event, a confirmed action, a send's answer) is newer than the page's copy, so a
// page that was on its way never undoes it. Which writer came first decides nothing else, so the
// races of a shared cache (a refetch under a reaction, a live message under an older page, a mute under
// a refetch, a confirmation under a refetch) have nothing to race over.
//
// Pure: no React, no TanStack Query, no network. chat-messages.ts holds the app's one store.
import { replaceEqualDeep } from '@tanstack/react-query';
import { fromV1, mergeV1, type ChatRoom, type MessageV1, type RoomMessage } from '../api/message-model.ts';
import type { MessagePage } from '../api/messages.ts';
import type { RoomRef } from '../api/room-api.ts';

/** What a view of a room shows: null, the newest messages; a uuid, the messages around it (a jump). */
export type ViewAnchor = string | null;

export interface RoomView {
  /** Oldest first, as shown: the server's messages with the user's unanswered changes, then the outbox's. */
  messages: readonly RoomMessage[];
  /** The room as its pages describe it. */
  room: ChatRoom | undefined;
  /** The pinned messages, when the room's pages carry them (v1). */
  pinned: RoomMessage[] | undefined;
}

/** What a live event's message did to the room. */
export interface LiveMessageOutcome {
  /** The message was not known before (it arrived as the newest). */
  isNew: boolean;
  /** Whether it was pinned, or is pinned, changed (the pinned list is out of date). */
  pinChanged: boolean;
  /** The message as it shows now (null: it was deleted). */
  shown: RoomMessage | null;
}

/** A change the user made, shown until the server answers it. */
export interface PendingChange {
  /** The server agreed: its copy (`confirmed`, a change of what it had; the change itself when left out) becomes what is stored. */
  confirm(confirmed?: (message: RoomMessage) => RoomMessage | null): void;
  /** The server refused: the message shows as it was stored. */
  undo(): void;
}

/** How a fetched page joins the room's blocks. */
export interface PageArrival {
  /** The store's clock when the fetch started (`now()`): what was written after it is newer than the page. */
  startedAt: number;
  /** The view that asked for it. */
  view: ViewAnchor;
  /** The page continues the view's block (older or newer than it) even where they share no message. */
  adjacent: 'older' | 'newer' | null;
}

interface Written<T> {
  value: T;
  at: number;
}

interface Block {
  /** Oldest first. */
  ids: string[];
  /** Holds the room's newest messages (page 1). */
  newest: boolean;
}

interface RoomState {
  messages: Map<string, Written<RoomMessage>>;
  blocks: Block[];
  info: Written<{ room: ChatRoom | undefined; pinned: RoomMessage[] | undefined }> | undefined;
  /** The outbox's messages of the room, oldest first. */
  pending: readonly RoomMessage[];
  /** The user's unanswered changes, in the order made. */
  layer: Map<number, { uuid: string; change(message: RoomMessage): RoomMessage | null }>;
  /** Views read since the last change (each view object stays the same until the room changes). */
  views: Map<ViewAnchor, RoomView>;
}

const EMPTY_VIEW: RoomView = Object.freeze({ messages: Object.freeze([]) as readonly RoomMessage[], room: undefined, pinned: undefined });

const keyOf = (room: RoomRef) => `${room.version}:${room.uuid}`;

/**
 * `b` with the items of `a` it lacks, each after the item it followed in `a` that both hold (before
 * all, if none did). Both oldest first; `b`'s order wins where they disagree.
 */
export function mergeOrdered(a: readonly string[], b: readonly string[]): string[] {
  const inB = new Set(b);
  const after = new Map<string | null, string[]>();
  let last: string | null = null;
  for (const id of a) {
    if (inB.has(id)) last = id;
    else (after.get(last) ?? after.set(last, []).get(last)!).push(id);
  }
  const merged = [...(after.get(null) ?? [])];
  for (const id of b) merged.push(id, ...(after.get(id) ?? []));
  return merged;
}

export interface MessageStoreOptions {
  /**
   * When the readers hear of a fetched page (default: at once). The app tells them with the query's own
   * notifications (TanStack's notifyManager), so a page's messages and its query's state (more pages,
   * still loading) reach the screen in one render: the list never sees the one without the other.
   */
  schedulePageNotice?: (notify: () => void) => void;
}

export function createMessageStore({ schedulePageNotice = (notify) => notify() }: MessageStoreOptions = {}) {
  let clock = 0;
  const rooms = new Map<string, RoomState>();
  const listeners = new Set<() => void>();

  const tick = () => ++clock;

  function stateOf(room: RoomRef): RoomState {
    const key = keyOf(room);
    let state = rooms.get(key);
    if (!state) {
      state = { messages: new Map(), blocks: [], info: undefined, pending: [], layer: new Map(), views: new Map() };
      rooms.set(key, state);
    }
    return state;
  }

  function changed(state: RoomState) {
    state.views.clear();
    for (const listener of [...listeners]) listener();
  }

  /** Views are read anew from now on; the readers are told when the page's query tells its own. */
  function pageChanged(state: RoomState) {
    state.views.clear();
    schedulePageNotice(() => {
      for (const listener of [...listeners]) listener();
    });
  }

  /** Stores a copy unless a newer one is stored; an equal copy keeps the stored object. True when the message shows differently. */
  function write(state: RoomState, message: RoomMessage, at: number): boolean {
    const known = state.messages.get(message.uuid);
    if (known && known.at > at) return false;
    const value = known ? replaceEqualDeep(known.value, message) : message;
    state.messages.set(message.uuid, { value, at });
    return value !== known?.value;
  }

  const newestBlock = (state: RoomState) => state.blocks.find((block) => block.newest);
  const blockOf = (state: RoomState, view: ViewAnchor) => (view === null ? newestBlock(state) : state.blocks.find((block) => block.ids.includes(view)));
  const placed = (state: RoomState, uuid: string) => state.blocks.some((block) => block.ids.includes(uuid));

  /** Puts a message among the newest, after the last one the server numbered lower (numbers unknown: last). */
  function placeNewest(state: RoomState, message: RoomMessage) {
    const block = newestBlock(state);
    if (!block || block.ids.includes(message.uuid)) return;
    let at = block.ids.length;
    if (message.id > 0) {
      while (at > 0 && (state.messages.get(block.ids[at - 1]!)?.value.id ?? 0) > message.id) at -= 1;
    }
    block.ids.splice(at, 0, message.uuid);
  }

  /** New messages (a live one, a send's answer, a poll just made): stored, and placed among the newest when the room's newest messages are here. */
  function insert(state: RoomState, messages: readonly RoomMessage[], at: number): boolean {
    let shows = false;
    for (const message of messages) {
      shows = write(state, message, at) || shows;
      if (!placed(state, message.uuid)) {
        placeNewest(state, message);
        shows = true;
      }
    }
    return shows;
  }

  function receivePage(room: RoomRef, page: MessagePage, { startedAt, view, adjacent }: PageArrival) {
    const state = stateOf(room);
    for (const message of page.messages) write(state, message, startedAt);
    if ((page.room || page.pinned) && !(state.info && state.info.at > startedAt)) {
      state.info = { value: { room: page.room ?? state.info?.value.room, pinned: page.pinned ?? state.info?.value.pinned }, at: startedAt };
    }
    const ids = [...new Set(page.messages.map((message) => message.uuid))].reverse();
    const inPage = new Set(ids);
    const joined = state.blocks.filter((block) => block.ids.some((id) => inPage.has(id)));
    const continued = adjacent ? blockOf(state, view) : undefined;
    let merged = ids;
    let newest = page.page === 1;
    for (const block of joined) {
      merged = mergeOrdered(block.ids, merged);
      newest ||= block.newest;
    }
    if (continued && !joined.includes(continued)) {
      merged = adjacent === 'older' ? [...merged, ...continued.ids] : [...continued.ids, ...merged];
      newest ||= continued.newest;
    }
    const others = state.blocks.filter((block) => !joined.includes(block) && block !== continued);
    if (page.page === 1) {
      // The newest page shares nothing with the newest messages held (more arrived than a page while
      // away): those become history, but what arrived after the fetch started stays among the newest.
      const late = [...state.messages.entries()].filter(([uuid, written]) => written.at > startedAt && !inPage.has(uuid) && !joined.some((block) => block.ids.includes(uuid)) && (!placed(state, uuid) || newestBlock(state)?.ids.includes(uuid))).map(([uuid]) => uuid);
      merged = [...merged, ...late.filter((uuid) => !merged.includes(uuid))];
      for (const block of others) {
        block.ids = block.ids.filter((id) => !late.includes(id));
        block.newest = false;
      }
    }
    // The page is the server's word on the messages it spans (and the newest page on everything after
    // it): one held there that the page leaves out is gone from the server, unless it was written
    // after the fetch started (a live message, a send's answer: newer than the page).
    const first = merged.findIndex((id) => inPage.has(id));
    const last = merged.findLastIndex((id) => inPage.has(id));
    merged = merged.filter((id, index) => {
      if (inPage.has(id)) return true;
      const spanned = (first >= 0 && index > first && index < last) || (page.page === 1 && index > last);
      return !spanned || (state.messages.get(id)?.at ?? 0) > startedAt;
    });
    state.blocks = [...others.filter((block) => block.ids.length > 0), { ids: merged, newest }];
    pageChanged(state);
  }

  function view(room: RoomRef, anchor: ViewAnchor): RoomView {
    const state = rooms.get(keyOf(room));
    if (!state) return EMPTY_VIEW;
    const cached = state.views.get(anchor);
    if (cached) return cached;
    const block = blockOf(state, anchor);
    const messages: RoomMessage[] = [];
    const sent = new Set<string>();
    for (const uuid of block?.ids ?? []) {
      let message: RoomMessage | null | undefined = state.messages.get(uuid)?.value;
      for (const { uuid: changedUuid, change } of state.layer.values()) {
        if (message && changedUuid === uuid) message = change(message);
      }
      if (!message || message.deleted) continue;
      messages.push(message);
      if (message.clientId) sent.add(message.clientId);
    }
    if (anchor === null || block?.newest) {
      for (const message of state.pending) if (!sent.has(message.clientId ?? '')) messages.push(message);
    }
    const shown: RoomView = { messages, room: state.info?.value.room, pinned: state.info?.value.pinned };
    state.views.set(anchor, shown);
    return shown;
  }

  return {
    /** The clock, for a fetch about to start (`PageArrival.startedAt`). */
    now: () => clock,

    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },

    /** A page of a room from the server: its messages stored (unless newer ones are) and its order merged into the room's blocks. */
    receivePage,

    view,

    /** Whether a message is held in the view (a jump to it needs no fetch). */
    holds: (room: RoomRef, anchor: ViewAnchor, uuid: string) => view(room, anchor).messages.some((message) => message.uuid === uuid),

    /** New messages from the server (a poll just made): placed among the newest. */
    insert(room: RoomRef, messages: readonly RoomMessage[]) {
      const state = stateOf(room);
      if (insert(state, messages, tick())) changed(state);
    },

    /**
     * A live event's message: merged into the stored copy where there is one (a field the event leaves
     * out keeps what was known: mergeV1), else the newest. A copy that changes nothing writes nothing,
     * so the echo of what is on screen re-renders nothing. Undefined for a message without a uuid.
     */
    applyLive(room: RoomRef, message: MessageV1): LiveMessageOutcome | undefined {
      const state = stateOf(room);
      const known = message.uuid === undefined ? undefined : state.messages.get(message.uuid)?.value;
      if (!known) {
        const next = fromV1(message);
        if (!next) return undefined;
        if (next.deleted) return { isNew: false, pinChanged: false, shown: null };
        insert(state, [next], tick());
        changed(state);
        return { isNew: true, pinChanged: next.pinnedAt !== null, shown: next };
      }
      const merged = mergeV1(known, message);
      if (!merged) return undefined;
      if (!write(state, merged, tick())) return { isNew: false, pinChanged: false, shown: known.deleted ? null : known };
      changed(state);
      const wasPinned = known.pinnedAt !== null && !known.deleted;
      const isPinned = merged.pinnedAt !== null && !merged.deleted;
      return { isNew: false, pinChanged: wasPinned !== isPinned || (isPinned && merged.pinnedAt !== known.pinnedAt), shown: merged.deleted ? null : merged };
    },

    /** A change the server has made already (a vote's counts, an edit's answer): stored as the newest copy. */
    patch(room: RoomRef, uuid: string, change: (message: RoomMessage) => RoomMessage | null) {
      const state = stateOf(room);
      const known = state.messages.get(uuid)?.value;
      if (!known) return;
      const next = change(known) ?? { ...known, deleted: true };
      if (write(state, next, tick())) changed(state);
    },

    /** A change the user made: shown at once, on whatever copy is stored, until the server answers (PendingChange). */
    change(room: RoomRef, uuid: string, change: (message: RoomMessage) => RoomMessage | null): PendingChange {
      const state = stateOf(room);
      const key = tick();
      state.layer.set(key, { uuid, change });
      changed(state);
      const settle = (confirmed?: (message: RoomMessage) => RoomMessage | null) => {
        if (!state.layer.delete(key)) return;
        const known = state.messages.get(uuid)?.value;
        if (confirmed && known) write(state, confirmed(known) ?? { ...known, deleted: true }, tick());
        changed(state);
      };
      return { confirm: (confirmed = change) => settle(confirmed), undo: () => settle() };
    },

    /** The outbox's messages, by room (a room left out has none). */
    setPending(byRoom: ReadonlyArray<{ room: RoomRef; messages: readonly RoomMessage[] }>) {
      const next = new Map(byRoom.map(({ room, messages }) => [keyOf(room), { room, messages }]));
      for (const [key, state] of rooms) if (!next.has(key) && state.pending.length > 0) next.set(key, { room: parseKey(key), messages: [] });
      for (const { room, messages } of next.values()) {
        const state = stateOf(room);
        if (state.pending.length === messages.length && state.pending.every((message, index) => message === messages[index])) continue;
        state.pending = messages;
        changed(state);
      }
    },

    /**
     * The server accepted an outbox entry: its messages (one, or one per file of a batch; the first
     * echoes the client id) take the place of the entry's copies, among the newest.
     */
    confirmSent(room: RoomRef, clientId: string, messages: readonly RoomMessage[]) {
      const state = stateOf(room);
      state.pending = state.pending.filter((message) => message.clientId !== clientId);
      insert(state, messages.map((message, index) => (index === 0 ? { ...message, clientId: message.clientId ?? clientId } : message)), tick());
      changed(state);
    },

    /** The room's own fields changed (a mute), in whichever API family's views hold it. */
    patchRoom(roomUuid: string, fields: Partial<ChatRoom>) {
      for (const [key, state] of rooms) {
        if (!key.endsWith(`:${roomUuid}`) || !state.info?.value.room) continue;
        state.info = { value: { ...state.info.value, room: { ...state.info.value.room, ...fields } }, at: tick() };
        changed(state);
      }
    },

    /** The room as its pages describe it, in either API family. */
    roomOf: (roomUuid: string): ChatRoom | undefined => [...rooms].find(([key, state]) => key.endsWith(`:${roomUuid}`) && state.info?.value.room)?.[1].info?.value.room,

    /** Everything goes (logout). */
    clear() {
      const held = [...rooms.values()];
      rooms.clear();
      for (const state of held) changed(state);
    },
  };
}

function parseKey(key: string): RoomRef {
  const at = key.indexOf(':');
  return { version: key.slice(0, at) as RoomRef['version'], uuid: key.slice(at + 1) };
}
