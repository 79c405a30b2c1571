// The chat's database at logout (issue 19): the session deletes it by name; the chat closes its
// connection so nothing blocks the deletion, and a draft saved after the logout by a field opened
// before it cannot bring the database back with the previous person's text.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { clearDeviceData } from '../../../shared/domain/clear-device-data.ts';
import { runLogoutCleanups } from '../../../shared/domain/logout-cleanup.ts';
import { chatDb, chatSession, CHAT_DB_NAME, draftKey, readDraft, writeDraft } from './chat-db.ts';

const databases = async () => (await indexedDB.databases()).map((db) => db.name);
const entry = { clientId: 'c-1', seq: 1, userId: 42, version: 'v2', roomUuid: 'room-1', kind: 'text', text: 'unsent', status: 'pending', createdAt: '2026-11-23T00:00:00Z' } as const;
const ROOM = { version: 'v2', uuid: 'room-1' } as const;

/** What the logout flow does (src/app/bootstrap.ts): the features' cleanups, then the deletion by name. */
async function logOut(): Promise<void> {
  await runLogoutCleanups();
  await clearDeviceData({ indexedDB });
}

describe('the chat database at logout', () => {
  it('is deleted with its outbox and drafts; the next person starts with an empty one', async () => {
    await writeDraft(draftKey(42, ROOM), 'a draft of the first person');
    await (await chatDb()).put('outbox', entry);
    expect(await databases()).toContain(CHAT_DB_NAME);

    await logOut();
    expect(await databases()).not.toContain(CHAT_DB_NAME);

    expect(await readDraft(draftKey(42, ROOM))).toBe('');
    expect(await (await chatDb()).count('outbox')).toBe(0);
  });

  it('is deleted even when the chat never ran its cleanup: its open connection gives way', async () => {
    await writeDraft(draftKey(42, ROOM), 'typed');
    await clearDeviceData({ indexedDB });
    expect(await databases()).not.toContain(CHAT_DB_NAME);
    // The chat opens it again when next used.
    expect(await readDraft(draftKey(42, ROOM))).toBe('');
  });

  it("a field opened before the logout saves nothing after it; the next person's field saves", async () => {
    const opened = chatSession();
    await writeDraft(draftKey(42, ROOM), 'first words', opened);
    await logOut();

    // The room closes after the logout and saves what was typed last.
    await writeDraft(draftKey(42, ROOM), 'first words, and more', opened);
    expect(await databases()).not.toContain(CHAT_DB_NAME);

    const next = chatSession();
    await writeDraft(draftKey(43, ROOM), 'second person', next);
    expect(await readDraft(draftKey(43, ROOM))).toBe('second person');
    expect(await readDraft(draftKey(42, ROOM))).toBe('');
  });
});
