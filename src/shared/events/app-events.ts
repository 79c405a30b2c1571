// App-wide broadcasts between features that must not import each other (SPEC names `user:logout`,
// `global-long-poll:{name}` and a modal-dismiss event). Typed, synchronous, unsubscribe by return value.
// Broadcasts only: something happened, and anyone may listen. A request to one feature to do something
// is a call between ports, connected in src/app/wiring.tsx (the typing sender, call events). The
// payloads two features share are domain types (src/shared/domain).

export interface AppEvents {
  /** Anything that learns the session is over (HTTP 401, a 401 in a body) publishes this. */
  'user:logout': { reason: 'unauthorized' | 'user' };
  /** A chat room was opened (its unread count leaves the badge) or left (uuid null). */
  'chat:room-opened': { uuid: string; unread: number };
  'chat:room-left': Record<string, never>;
  /** A live `new_chat_room` event reached the app (`lastMessageAt`: its last message's created_at). */
  'chat:new-chat-room': { roomUuid: string; fromCurrentUser: boolean; lastMessageAt?: string };
  /** A notification was marked read. */
  'notification:read': Record<string, never>;
  /** A live `live_chat` event: a room changed (a new message…). The chat screens update from it. */
  'chat:live-chat': LiveChatRoomUpdate;
  /** The live-chat socket (re)connected: whatever waited for the network can go now (the chat outbox). */
  'chat:socket-connected': Record<string, never>;
  /** The chat home is out of date (SPEC §7: a global live_chat event, debounced 1000 ms): refetch it. */
  'chat:home-stale': Record<string, never>;
  /** Another member is typing in a room, or stopped (the live-chat socket's `typing`, x-inferred). */
  'chat:typing': { roomUuid: string; userId: number; userName: string | null; isTyping: boolean };
  /**
   * A feed post's likes and comments as the server now counts them (the broadcast's `feed_counts`,
   * x-inferred, issue 37): the feed applies them to the posts it has cached.
   */
  'feed:counts': FeedCounts;
  /**
   * Any long-poll event that is not a call event (SPEC §4: published as 'global-long-poll:{name}').
   * Nothing listens today: SPEC §4 shows only that the app publishes them, not who reacts. A feature
   * that must react to a named server event (an approval, an attendance change…) subscribes to
   * `global-long-poll:<name>` here, never to the long poll or the socket itself.
   */
  [longPollEvent: `global-long-poll:${string}`]: { id: string | number; data: unknown };
}

import type { LiveChatRoomUpdate } from '../domain/live-chat.ts';

export type { LiveChatRoomUpdate };

/** One feed post's counts after a change (and its comment's, when the change concerns one). */
export interface FeedCounts {
  announcementId: number;
  likesCount: number;
  commentsCount: number;
  commentId?: number;
  commentLikesCount?: number;
  /** The comment was deleted: it leaves the post. */
  commentDeleted?: true;
}

type Handler<T> = (payload: T) => void;

const handlers = new Map<keyof AppEvents, Set<Handler<never>>>();

export function publish<K extends keyof AppEvents>(name: K, payload: AppEvents[K]): void {
  for (const handler of [...(handlers.get(name) ?? [])]) (handler as Handler<AppEvents[K]>)(payload);
}

export function subscribe<K extends keyof AppEvents>(name: K, handler: Handler<AppEvents[K]>): () => void {
  let set = handlers.get(name);
  if (!set) handlers.set(name, (set = new Set()));
  set.add(handler as Handler<never>);
  return () => set.delete(handler as Handler<never>);
}
