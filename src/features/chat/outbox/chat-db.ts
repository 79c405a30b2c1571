// The chat's own IndexedDB database (ARCHITECTURE "storage per purpose": not Ionic's `_ionickv`):
// the outbox of messages not yet accepted by the server, and each room's draft.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { ChatVersion } from '../api/messages.ts';
import { CHAT_DB_NAME } from './pending-count.ts';

export { CHAT_DB_NAME };


export interface OutboxEntry {
  /** Given before any network call; the server echoes it as `client_message_id`. */
  clientId: string;
  /** Send order (creation order across rooms and tabs). */
  seq: number;
  userId: number;
  version: ChatVersion;
  roomUuid: string;
  text: string;
  /** pending: will be sent (again) by itself; failed: the server refused it, the user decides. */
  status: 'pending' | 'failed';
  /** What the server said when it refused (shown under the message). */
  error?: string;
  createdAt: string;
}

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
  opened ??= openDB<ChatDb>(CHAT_DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('outbox', { keyPath: 'clientId' }).createIndex('bySeq', 'seq');
      db.createObjectStore('drafts', { keyPath: 'key' });
    },
    // Another tab upgrading later must not be blocked by this one.
    blocking() {
      void opened?.then((db) => db.close());
      opened = undefined;
    },
  });
  return opened;
}

export const draftKey = (userId: number, version: ChatVersion, roomUuid: string) => `${userId}:${version}:${roomUuid}`;

export async function readDraft(key: string): Promise<string> {
  return (await (await chatDb()).get('drafts', key))?.text ?? '';
}

export async function writeDraft(key: string, text: string): Promise<void> {
  const db = await chatDb();
  if (text === '') await db.delete('drafts', key);
  else await db.put('drafts', { key, text, updatedAt: Date.now() });
}
