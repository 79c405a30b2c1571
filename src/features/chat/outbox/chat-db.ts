// The chat's own IndexedDB database (ARCHITECTURE "storage per purpose": not Ionic's `_ionickv`):
// the outbox of messages not yet accepted by the server (texts, stickers, and files with their bytes
// as Blobs), and each room's draft. Both belong to the
// signed-in person: logout closes this connection, and the session deletes the database by name
// (src/shared/domain/clear-device-data.ts).
import type { DBSchema, IDBPDatabase } from 'idb';
import { onLogout } from '../../../shared/domain/logout-cleanup.ts';
import type { ChatVersion, OutgoingMessage, RoomRef } from '../api/room-api.ts';
import { CHAT_DB_NAME } from './pending-count.ts';

export { CHAT_DB_NAME };

/** One message waiting for the server: a text, a sticker, or files with their message (OutgoingMessage). */
export type OutboxEntry = OutgoingMessage & {
  /** Given before any network call; the server echoes it as `client_message_id`. */
  clientId: string;
  /** Send order (creation order across rooms and tabs). */
  seq: number;
  userId: number;
  version: ChatVersion;
  roomUuid: string;
  /** pending: will be sent (again) by itself; failed: the server refused it, the user decides. */
  status: 'pending' | 'failed';
  /** What the server said when it refused (shown under the message). */
  error?: string;
  createdAt: string;
};

/** The room an entry goes to. */
export const entryRoom = (entry: Pick<OutboxEntry, 'version' | 'roomUuid'>): RoomRef => ({ version: entry.version, uuid: entry.roomUuid });

export interface Draft {
  key: string;
  text: string;
  updatedAt: number;
}

interface ChatDb extends DBSchema {
  outbox: { key: string; value: OutboxEntry; indexes: { bySeq: number } };
  drafts: { key: string; value: Draft };
}

let opened: Promise<IDBPDatabase<ChatDb>> | undefined;

export function chatDb(): Promise<IDBPDatabase<ChatDb>> {
  // idb arrives with the first use of the database (a draft read as the room opens, the outbox after the
  // first content), not with the code a chat room evaluates before its first content.
  opened ??= import('idb').then(({ openDB }) => openDB<ChatDb>(CHAT_DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('outbox', { keyPath: 'clientId' }).createIndex('bySeq', 'seq');
      db.createObjectStore('drafts', { keyPath: 'key' });
    },
    // Another tab upgrading later, or a logout deleting the database (in this tab or another), must not
    // be blocked by this connection.
    blocking: () => void closeChatDb(),
  }));
  return opened;
}

/** Closes the connection (the next use opens it again). */
export async function closeChatDb(): Promise<void> {
  const closing = opened;
  opened = undefined;
  (await closing?.catch(() => undefined))?.close();
}

/**
 * Which session the chat's data is written in: every logout starts the next one. A write begun in an
 * earlier session (a room's draft saved as its screen closes after the logout) is dropped, so it
 * cannot bring the deleted database back with the previous person's text.
 */
let session = 0;

export const chatSession = (): number => session;

onLogout(() => {
  session += 1;
  return closeChatDb();
});

export const draftKey = (userId: number, room: RoomRef) => `${userId}:${room.version}:${room.uuid}`;

export async function readDraft(key: string): Promise<string> {
  return (await (await chatDb()).get('drafts', key))?.text ?? '';
}

/** `from`: the session the text was typed in (chatSession() when the composer opened). */
export async function writeDraft(key: string, text: string, from: number = session): Promise<void> {
  if (from !== session) return;
  const db = await chatDb();
  if (from !== session) return;
  if (text === '') await db.delete('drafts', key);
  else await db.put('drafts', { key, text, updatedAt: Date.now() });
}
