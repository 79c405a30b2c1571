import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { chatDb, closeChatDb } from './chat-db.ts';
import { CHAT_DB_NAME, pendingOutboxCount } from './pending-count.ts';

const databases = async () => (await indexedDB.databases()).map((db) => db.name);

// Each test starts without a chat database.
afterEach(async () => {
  await closeChatDb();
  await deleteDB(CHAT_DB_NAME);
});

describe('the pending outbox count read at start', () => {
  it('is 0 without a chat database, and does not create an empty one', async () => {
    expect(await pendingOutboxCount()).toBe(0);
    expect(await databases()).not.toContain(CHAT_DB_NAME);
    // The outbox can still create its database with its stores afterwards.
    const db = await chatDb();
    expect([...db.objectStoreNames]).toEqual(['drafts', 'outbox']);
  });

  it('counts the messages waiting in the outbox', async () => {
    const db = await chatDb();
    const entry = { userId: 42, version: 'v2', roomUuid: 'room-1', kind: 'text', text: 'hi', status: 'pending', createdAt: '2026-11-23T00:00:00Z' } as const;
    await db.put('outbox', { ...entry, clientId: 'a', seq: 1 });
    await db.put('outbox', { ...entry, clientId: 'b', seq: 2 });
    expect(await pendingOutboxCount()).toBe(2);
  });
});
