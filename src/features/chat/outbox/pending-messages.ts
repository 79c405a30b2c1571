// The outbox's entries as messages of their rooms' lists (the chat's store shows them beside the
// server's, store/message-store.ts): each entry as the message it will be (a text, a sticker, one message per file
// with the text on the first, as the server makes them), marked with where it stands: sending (with
// an upload's progress), waiting for the network, or refused.
import { displayText } from '../../../shared/format/display-text.ts';
import type { PendingDelivery, RoomMessage } from '../api/message-model.ts';
import type { RoomRef } from '../api/room-api.ts';
import { entryRoom, type OutboxEntry } from './chat-db.ts';
import type { OutboxSnapshot } from './outbox.ts';

export const pendingUuid = (clientId: string, part = 0) => (part === 0 ? `outbox:${clientId}` : `outbox:${clientId}:${part}`);

function deliveryOf(entry: OutboxEntry, snapshot: OutboxSnapshot): PendingDelivery {
  if (entry.status === 'failed') return { state: 'failed', error: entry.error };
  if (snapshot.sending === entry.clientId) {
    return entry.kind === 'file' ? { state: 'sending', progress: Math.round((snapshot.progress ?? 0) * 100) } : { state: 'sending' };
  }
  return { state: snapshot.offline ? 'waiting' : 'sending' };
}

function messagesOf(entry: OutboxEntry, pending: PendingDelivery): RoomMessage[] {
  const base = {
    id: 0,
    clientId: entry.clientId,
    senderId: entry.userId,
    senderName: null,
    senderAvatar: null,
    own: true,
    text: null,
    file: null,
    sticker: null,
    poll: null,
    createdAt: entry.createdAt,
    pinnedAt: null,
    edited: false,
    deleted: false,
    pending,
  } satisfies Omit<RoomMessage, 'uuid' | 'kind'>;
  switch (entry.kind) {
    case 'text':
      return [{ ...base, uuid: pendingUuid(entry.clientId), kind: 'text', text: entry.text, replyTo: entry.replyTo ?? null }];
    case 'sticker':
      return [{ ...base, uuid: pendingUuid(entry.clientId), kind: 'sticker', sticker: { name: displayText(entry.sticker.name) || null, imageUrl: entry.sticker.imageUrl } }];
    case 'file':
      return entry.files.map((file, part) => ({
        ...base,
        uuid: pendingUuid(entry.clientId, part),
        kind: 'file',
        text: part === 0 && entry.text.trim() !== '' ? entry.text : null,
        file: { name: displayText(file.name) || 'file', size: file.size, url: null, mimeType: file.type || null },
      }));
  }
}

const sameDelivery = (a: PendingDelivery, b: PendingDelivery) => a.state === b.state && a.error === b.error && a.progress === b.progress;

/**
 * Turns snapshots into each room's pending messages, keeping the message objects of an entry whose
 * state did not change (the room's rows are memoised on them: a progress step re-renders one row).
 */
export function createPendingMessages() {
  let made = new Map<string, { delivery: PendingDelivery; messages: RoomMessage[] }>();
  return (snapshot: OutboxSnapshot): Array<{ room: RoomRef; messages: RoomMessage[] }> => {
    const next = new Map<string, { delivery: PendingDelivery; messages: RoomMessage[] }>();
    const byRoom = new Map<string, { room: RoomRef; messages: RoomMessage[] }>();
    for (const entry of snapshot.entries) {
      const delivery = deliveryOf(entry, snapshot);
      const known = made.get(entry.clientId);
      const current = known && sameDelivery(known.delivery, delivery) ? known : { delivery, messages: messagesOf(entry, delivery) };
      next.set(entry.clientId, current);
      const room = entryRoom(entry);
      const key = `${room.version}:${room.uuid}`;
      const list = byRoom.get(key) ?? byRoom.set(key, { room, messages: [] }).get(key)!;
      list.messages.push(...current.messages);
    }
    made = next;
    return [...byRoom.values()];
  };
}
