import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { DATABASE_NAME, SESSION_KEYS, STORAGE_KEYS, openStorage, type AppStorage } from './storage.ts';
import { MemoryStorage, erroringIndexedDb, idbRequest, readRaw, throwingIndexedDb } from './testing/storage-fakes.ts';

const PREFIX = '_ionicstorage/_ionickv/';

async function fillAll(storage: AppStorage): Promise<void> {
  await storage.set(STORAGE_KEYS.accessToken, 'token-1');
  await storage.set(STORAGE_KEYS.userData, { id: 7, first_name: 'Ana' });
  await storage.set(STORAGE_KEYS.permissions, ['qa-audit']);
  await storage.set(STORAGE_KEYS.checkInData, { at: '2024-01-01' });
  await storage.set(STORAGE_KEYS.openChatRoomUuid, 'room-uuid');
  await storage.set(STORAGE_KEYS.homeFeed, { userId: 7, savedAt: 1, page: { data: [] } });
  await storage.set(STORAGE_KEYS.language, 'id');
  await storage.set(STORAGE_KEYS.redirectTo, '/qa-audit/home');
  await storage.set(STORAGE_KEYS.accessType, 'online');
}

const SESSION = ['access_token', 'user_data', 'permissions', 'check_in_data', 'opened_chat_room_uuid', 'home_feed'] as const;
const KEPT = [
  ['language', 'id'],
  ['redirect_to', '/qa-audit/home'],
  ['CFAccessType', 'online'],
] as const;

describe('openStorage with IndexedDB', () => {
  it('uses the indexeddb driver, database _ionicstorage, store _ionickv', async () => {
    const factory = new IDBFactory();
    const storage = await openStorage({ indexedDB: factory });
    expect(storage.driver).toBe('indexeddb');
    expect(DATABASE_NAME).toBe('_ionicstorage');

    await storage.set(STORAGE_KEYS.accessToken, 'abc');
    await storage.set(STORAGE_KEYS.userData, { id: 7 });
    expect(storage.get(STORAGE_KEYS.accessToken)).toBe('abc');

    const raw = await readRaw(factory, 'access_token');
    expect(raw.stores).toContain('_ionickv');
    expect(raw.value).toBe('abc');
    // Values are stored as they are (structured clone), not as JSON text, like Ionic Storage does.
    expect((await readRaw(factory, 'user_data')).value).toEqual({ id: 7 });
  });

  it('prefers IndexedDB when localStorage is there too, keeping a copy there of all but the feed page', async () => {
    const local = new MemoryStorage();
    const storage = await openStorage({ indexedDB: new IDBFactory(), localStorage: local });
    expect(storage.driver).toBe('indexeddb');
    await fillAll(storage);
    expect(local.getItem(`${PREFIX}access_token`)).toBe('"token-1"');
    expect(JSON.parse(local.getItem(`${PREFIX}user_data`)!)).toEqual({ id: 7, first_name: 'Ana' });
    expect(local.getItem(`${PREFIX}home_feed`)).toBeNull();
    await storage.clearSession();
    expect([...local.map.keys()].sort()).toEqual(KEPT.map(([key]) => PREFIX + key).sort());
  });

  it('keeps values for the next start (a second openStorage on the same factory)', async () => {
    const factory = new IDBFactory();
    const first = await openStorage({ indexedDB: factory });
    await first.set(STORAGE_KEYS.accessToken, 'persisted');
    await first.set(STORAGE_KEYS.permissions, ['a', 'b']);

    const second = await openStorage({ indexedDB: factory });
    expect(second.driver).toBe('indexeddb');
    expect(second.get(STORAGE_KEYS.accessToken)).toBe('persisted');
    expect(second.get(STORAGE_KEYS.permissions)).toEqual(['a', 'b']);
  });

  it('remove deletes the value in memory and in the database', async () => {
    const factory = new IDBFactory();
    const storage = await openStorage({ indexedDB: factory });
    await storage.set(STORAGE_KEYS.redirectTo, '/home');
    await storage.remove(STORAGE_KEYS.redirectTo);
    expect(storage.get(STORAGE_KEYS.redirectTo)).toBeUndefined();
    expect((await readRaw(factory, 'redirect_to')).value).toBeUndefined();
  });

  it('reads the session an older Ionic Storage (localForage) app left in _ionicstorage', async () => {
    // localForage first opens the database without a version (creating version 1 with no stores), then
    // reopens it at version 2 to add `_ionickv` and its blob-support store: the old app's database is at version 2.
    const factory = new IDBFactory();
    (await idbRequest(factory.open(DATABASE_NAME))).close();
    const upgrade = factory.open(DATABASE_NAME, 2);
    upgrade.onupgradeneeded = () => {
      upgrade.result.createObjectStore('_ionickv');
      upgrade.result.createObjectStore('local-forage-detect-blob-support');
    };
    const old = await idbRequest(upgrade);
    await idbRequest(old.transaction('_ionickv', 'readwrite').objectStore('_ionickv').put('old-app-token', 'access_token'));
    old.close();

    // With localStorage available, a refused open would silently start a fresh, signed-out session there.
    const storage = await openStorage({ indexedDB: factory, localStorage: new MemoryStorage() });
    expect(storage.driver).toBe('indexeddb');
    expect(storage.get(STORAGE_KEYS.accessToken)).toBe('old-app-token');
  });
});

describe('clearSession', () => {
  it('removes the signed-in user\'s keys and keeps language, redirect_to and CFAccessType', async () => {
    const factory = new IDBFactory();
    const storage = await openStorage({ indexedDB: factory });
    await fillAll(storage);

    await storage.clearSession();

    for (const key of SESSION) expect(storage.get(key)).toBeUndefined();
    for (const [key, value] of KEPT) expect(storage.get(key)).toBe(value);

    // And the same after a restart: the database agrees with memory.
    const reopened = await openStorage({ indexedDB: factory });
    for (const key of SESSION) expect(reopened.get(key)).toBeUndefined();
    for (const [key, value] of KEPT) expect(reopened.get(key)).toBe(value);
  });

  it('SESSION_KEYS is exactly the session part of the storage', () => {
    expect([...SESSION_KEYS].sort()).toEqual([...SESSION].sort());
  });

  it('works on the localStorage driver too', async () => {
    const local = new MemoryStorage();
    const storage = await openStorage({ localStorage: local });
    await fillAll(storage);
    await storage.clearSession();
    expect([...local.map.keys()].sort()).toEqual(KEPT.map(([key]) => PREFIX + key).sort());
  });

  it('drops a write of the session after it (a late answer, a screen saving as it closes) until the next sign-in stores a token (issue 33)', async () => {
    const factory = new IDBFactory();
    const storage = await openStorage({ indexedDB: factory });
    await fillAll(storage);
    await storage.clearSession();

    await storage.set(STORAGE_KEYS.homeFeed, { userId: 7, savedAt: 2, page: { data: [] } });
    await storage.set(STORAGE_KEYS.userData, { id: 7 });
    await storage.set(STORAGE_KEYS.language, 'en'); // The device's, not the session's: kept as ever.
    expect(storage.get(STORAGE_KEYS.homeFeed)).toBeUndefined();
    expect((await readRaw(factory, 'home_feed')).value).toBeUndefined();
    expect((await readRaw(factory, 'user_data')).value).toBeUndefined();
    expect((await readRaw(factory, 'language')).value).toBe('en');

    // The next sign-in's session is written as usual.
    await storage.set(STORAGE_KEYS.accessToken, 'token-2');
    await storage.set(STORAGE_KEYS.userData, { id: 8 });
    expect((await readRaw(factory, 'access_token')).value).toBe('token-2');
    expect((await readRaw(factory, 'user_data')).value).toEqual({ id: 8 });
  });

  it("a late write or removal after it leaves the session the next person started in another tab alone", async () => {
    const factory = new IDBFactory();
    const local = new MemoryStorage();
    const storage = await openStorage({ indexedDB: factory, localStorage: local });
    await fillAll(storage);
    await storage.clearSession();
    // Another tab (its own storage on the same database): the next person signs in there.
    const other = await openStorage({ indexedDB: factory, localStorage: local });
    await other.set(STORAGE_KEYS.accessToken, 'next-person');

    // This tab's room closes late, and a late failure drops "the" token.
    await storage.set(STORAGE_KEYS.openChatRoomUuid, 'room-of-the-first');
    await storage.remove(STORAGE_KEYS.accessToken);
    expect((await readRaw(factory, 'access_token')).value).toBe('next-person');
    expect((await readRaw(factory, 'opened_chat_room_uuid')).value).toBeUndefined();
    expect(local.getItem(`${PREFIX}access_token`)).toBe('"next-person"');
  });
});

describe('fallback to localStorage', () => {
  it.each([
    ['open throws', throwingIndexedDb],
    ['open fires onerror', erroringIndexedDb],
  ])('when IndexedDB %s', async (_label, indexedDB) => {
    const local = new MemoryStorage();
    const storage = await openStorage({ indexedDB, localStorage: local });
    expect(storage.driver).toBe('localstorage');

    await storage.set(STORAGE_KEYS.accessToken, 'abc');
    await storage.set(STORAGE_KEYS.userData, { id: 7, first_name: 'Ana' });
    expect(local.getItem(`${PREFIX}access_token`)).toBe('"abc"');
    expect(JSON.parse(local.getItem(`${PREFIX}user_data`)!)).toEqual({ id: 7, first_name: 'Ana' });
    // The probe written to test the quota is gone.
    expect([...local.map.keys()].every((key) => !key.includes('__probe'))).toBe(true);
  });

  it('uses localStorage when there is no IndexedDB at all', async () => {
    const storage = await openStorage({ localStorage: new MemoryStorage() });
    expect(storage.driver).toBe('localstorage');
  });

  it('reads what is already stored under the prefix, JSON-decoded, and ignores other keys', async () => {
    const local = new MemoryStorage();
    local.setItem(`${PREFIX}access_token`, '"stored-token"');
    local.setItem(`${PREFIX}permissions`, '["qa-audit"]');
    local.setItem('access_token', '"not ours"');
    local.setItem('other-app/_ionickv/language', '"fr"');

    const storage = await openStorage({ localStorage: local });
    expect(storage.get(STORAGE_KEYS.accessToken)).toBe('stored-token');
    expect(storage.get(STORAGE_KEYS.permissions)).toEqual(['qa-audit']);
    expect(storage.get(STORAGE_KEYS.language)).toBeUndefined();
  });

  it('ignores a garbage value under the prefix and still loads the rest', async () => {
    const local = new MemoryStorage();
    local.setItem(`${PREFIX}user_data`, '{not json');
    local.setItem(`${PREFIX}language`, '"id"');

    const storage = await openStorage({ localStorage: local });
    expect(storage.driver).toBe('localstorage');
    expect(storage.get(STORAGE_KEYS.userData)).toBeUndefined();
    expect(storage.get(STORAGE_KEYS.language)).toBe('id');
  });

  it('keeps values across a restart', async () => {
    const local = new MemoryStorage();
    const first = await openStorage({ indexedDB: throwingIndexedDb, localStorage: local });
    await first.set(STORAGE_KEYS.accessToken, 'kept');
    const second = await openStorage({ indexedDB: throwingIndexedDb, localStorage: local });
    expect(second.get(STORAGE_KEYS.accessToken)).toBe('kept');
  });
});

describe('fallback to memory', () => {
  it('when localStorage refuses writes (zero quota)', async () => {
    const local = new MemoryStorage();
    local.failWrites = true;
    const storage = await openStorage({ indexedDB: throwingIndexedDb, localStorage: local });
    expect(storage.driver).toBe('memory');

    await storage.set(STORAGE_KEYS.accessToken, 'in-memory');
    expect(storage.get(STORAGE_KEYS.accessToken)).toBe('in-memory');
    await storage.remove(STORAGE_KEYS.accessToken);
    expect(storage.get(STORAGE_KEYS.accessToken)).toBeUndefined();
  });

  it('when there is no storage at all', async () => {
    const storage = await openStorage({});
    expect(storage.driver).toBe('memory');
    await storage.set(STORAGE_KEYS.language, 'en');
    expect(storage.get(STORAGE_KEYS.language)).toBe('en');
  });
});

describe('a write failure after opening', () => {
  it('keeps the in-memory value and does not reject', async () => {
    const local = new MemoryStorage();
    const storage = await openStorage({ localStorage: local });
    expect(storage.driver).toBe('localstorage');

    local.failWrites = true;
    await expect(storage.set(STORAGE_KEYS.accessToken, 'session-goes-on')).resolves.toBeUndefined();
    expect(storage.get(STORAGE_KEYS.accessToken)).toBe('session-goes-on');
    expect(local.getItem(`${PREFIX}access_token`)).toBeNull();
  });

  it('a failed remove still forgets the value in memory', async () => {
    const local = new MemoryStorage();
    const storage = await openStorage({ localStorage: local });
    await storage.set(STORAGE_KEYS.accessToken, 'x');
    local.failRemoves = true;
    await expect(storage.clearSession()).resolves.toBeUndefined();
    expect(storage.get(STORAGE_KEYS.accessToken)).toBeUndefined();
  });

  it('on IndexedDB, a transaction that throws (database closed or evicted) keeps the in-memory value', async () => {
    const real = new IDBFactory();
    let broken = false;
    // The real factory, except that once `broken` is set every transaction on the opened database throws.
    const factory = {
      open: (name: string, version?: number) => {
        const req = real.open(name, version);
        req.addEventListener('success', () => {
          const db = req.result;
          const transaction = db.transaction.bind(db);
          db.transaction = ((...args: Parameters<IDBDatabase['transaction']>) => {
            if (broken) throw new DOMException('The database connection is closing.', 'InvalidStateError');
            return transaction(...args);
          }) as IDBDatabase['transaction'];
        });
        return req;
      },
    } as unknown as IDBFactory;

    const storage = await openStorage({ indexedDB: factory });
    expect(storage.driver).toBe('indexeddb');
    await storage.set(STORAGE_KEYS.language, 'en');
    broken = true;
    await expect(storage.set(STORAGE_KEYS.language, 'id')).resolves.toBeUndefined();
    expect(storage.get(STORAGE_KEYS.language)).toBe('id');
    // The database still holds the last value it accepted: the write really failed.
    expect((await readRaw(real, 'language')).value).toBe('en');
  });
});
