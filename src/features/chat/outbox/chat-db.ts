// The chat's own IndexedDB database (ARCHITECTURE "storage per purpose": not Ionic's `_ionickv`):
// the outbox of messages not yet accepted by the server (texts, stickers, and files with their bytes
// as Blobs), and each room's draft. Both belong to the
// signed-in person: logout closes this connection, and the session deletes the database by name
// (src/shared/domain/clear-device-data.ts).
import type { DBSchema, IDBPDatabase } from 'idb';
import { lazyValue } from '../../../api/lazy-value.ts';
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

/**
 * The connection, opened on first use. idb arrives with it (a draft read as the room opens, the outbox
 * after the first content), not with the code a chat room evaluates before its first content.
 */
const connection = lazyValue(() =>
  import('idb').then(({ openDB }) => openDB<ChatDb>(CHAT_DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('outbox', { keyPath: 'clientId' }).createIndex('bySeq', 'seq');
      db.createObjectStore('drafts', { keyPath: 'key' });
    },
    // Another tab upgrading later, or a logout deleting the database (in this tab or another), must not
    // be blocked by this connection.
    blocking: () => void closeChatDb(),
  })),
);

export function chatDb(): Promise<IDBPDatabase<ChatDb>> {
  return connection.get();
}

/** Closes the connection (the next use opens it again). */
export async function closeChatDb(): Promise<void> {
  (await connection.reset()?.catch(() => undefined))?.close();
}

/**
 * The session the chat's data is written in: its signal aborts at logout, and the next use starts the
 * next session. A write begun in an earlier session (a room's draft saved as its screen closes after the
 * logout) is dropped, so it cannot bring the deleted database back with the previous person's text.
 */
const session = lazyValue(() => new AbortController());

export type ChatSession = AbortSignal;

export const chatSession = (): ChatSession => session.get().signal;

onLogout(() => {
  session.reset()?.abort();
  return closeChatDb();
});

export const draftKey = (userId: number, room: RoomRef) => `${userId}:${room.version}:${room.uuid}`;

export async function readDraft(key: string): Promise<string> {
  return (await (await chatDb()).get('drafts', key))?.text ?? '';
}

/** `from`: the session the text was typed in (chatSession() when the composer opened). */
export async function writeDraft(key: string, text: string, from: ChatSession = chatSession()): Promise<void> {
  if (from.aborted) return;
  const db = await chatDb();
  if (from.aborted) return;
  if (text === '') await db.delete('drafts', key);
  else await db.put('drafts', { key, text, updatedAt: Date.now() });
}
