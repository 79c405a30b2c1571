// The live-chat socket events the sandbox sends through the realtime mock's socket.io server. Each
// member's app listens on an event named after their chat home's `websocket_id`, and every payload is
// the room as that member sees it (their unread count, their `is_owner`), as the backend would send.
import type { SandboxContext } from '../routes.ts';
import { memberState, websocketIdOf, type Room, type StoredMessage } from './store.ts';
import { messageV1, roomView } from './views.ts';

export interface LiveChatEmitter {
  /** `event` is the recipient's websocket_id; socket.io sends it to every connected socket. */
  emit(event: string, payload: unknown): void;
  /** Tells the socket server who is in each room (it relays typing signals only within a room). */
  knowRooms?(membersOf: (roomUuid: string) => readonly number[] | undefined): void;
}

type Urls = Pick<SandboxContext, 'publicUrl'>;

function liveChat(urls: Urls, room: Room, member: number, message: StoredMessage | undefined) {
  return { ...roomView(urls, room, member), event_type: 'live_chat', ...(message ? { message: messageV1(urls, room, message, member) } : {}) };
}

/**
 * A new message: the others' unread counts go up (and a room they had deleted comes back), every
 * member gets `live_chat` with the message, and everyone but the sender also `new_chat_room` (except
 * for a call's line that counts as unread for nobody).
 */
export function announceMessage(urls: Urls, emitter: LiveChatEmitter | undefined, room: Room, message: StoredMessage, options: { countsAsUnread?: boolean } = {}): void {
  for (const member of room.members) {
    const state = memberState(room, member);
    state.deletedAt = null;
    if (member === message.userId) state.readUpTo = Math.max(state.readUpTo, message.id);
    else if (options.countsAsUnread !== false) state.unread += 1;
  }
  if (!emitter) return;
  for (const member of room.members) emitter.emit(websocketIdOf(member), liveChat(urls, room, member, message));
  // new_chat_room adds one to the others' badge (SPEC §4): not for the line of a call they talked in or declined.
  if (message.kind === 'call' && options.countsAsUnread === false) return;
  for (const member of room.members) {
    if (member === message.userId) continue;
    emitter.emit(websocketIdOf(member), { ...roomView(urls, room, member), event_type: 'new_chat_room' });
  }
}

/** A change to a message or to the room's counters (pin, unpin, delete, edit, read): `live_chat` to every member. */
export function announceChange(urls: Urls, emitter: LiveChatEmitter | undefined, room: Room, message: StoredMessage | undefined, only?: readonly number[]): void {
  if (!emitter) return;
  for (const member of only ?? room.members) emitter.emit(websocketIdOf(member), liveChat(urls, room, member, message));
}

/**
 * Read receipts (issue 24): a member read the room past `before`. Each other sender whose messages
 * they just read gets their newest such message again (`live_chat`, to them only), with its new
 * `read_count`, so "Seen" shows live under it.
 */
export function announceReceipts(urls: Urls, emitter: LiveChatEmitter | undefined, room: Room, reader: number, before: number): void {
  if (!emitter) return;
  const upTo = memberState(room, reader).readUpTo;
  const newestBySender = new Map<number, StoredMessage>();
  for (let index = room.messages.length - 1; index >= 0; index -= 1) {
    const message = room.messages[index]!;
    if (message.id <= before) break;
    if (message.id > upTo || message.userId === reader || message.deletedAt || newestBySender.has(message.userId)) continue;
    newestBySender.set(message.userId, message);
  }
  for (const [sender, message] of newestBySender) if (room.members.includes(sender)) announceChange(urls, emitter, room, message, [sender]);
}
