// App-wide events between features that must not import each other (SPEC names `user:logout`,
// `global-long-poll:{name}` and a modal-dismiss event). Typed, synchronous, unsubscribe by return value.

export interface AppEvents {
  /** Anything that learns the session is over (HTTP 401, a 401 in a body) publishes this. */
  'user:logout': { reason: 'unauthorized' | 'user' };
  /** A chat room was opened (its unread count leaves the badge) or left (uuid null). */
  'chat:room-opened': { uuid: string; unread: number };
  'chat:room-left': Record<string, never>;
  /** A live `new_chat_room` event reached the app. */
  'chat:new-chat-room': { roomUuid: string; fromCurrentUser: boolean };
  /** A notification was marked read. */
  'notification:read': Record<string, never>;
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
