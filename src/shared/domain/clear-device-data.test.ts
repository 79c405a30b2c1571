// What the logout flow clears on the device without the features' code (issue 19).
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHAT_DB_NAME, PENDING_END_CALLS_KEY } from '../storage/user-databases.ts';
import { DATABASE_NAME } from '../storage/storage.ts';
import { clearDeviceData, clearDeviceDataAfter, deleteDatabase } from './clear-device-data.ts';

const databases = async () => (await indexedDB.databases()).map((db) => db.name);

function createDatabase(name: string, store = 'items'): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(store);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** A CacheStorage holding these caches (only names matter here). */
function fakeCaches(names: string[]) {
  const kept = new Set(names);
  return {
    storage: { keys: async () => [...kept], delete: async (name: string) => kept.delete(name) } as unknown as CacheStorage,
    kept,
  };
}

function fakeSessionStorage(entries: Record<string, string>) {
  const map = new Map(Object.entries(entries));
  return { storage: { clear: () => map.clear() } as unknown as Storage, map };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('clearing the device at logout', () => {
  it("deletes the per-user databases by name and leaves Ionic's storage (language, access type) alone", async () => {
    (await createDatabase(CHAT_DB_NAME)).close();
    (await createDatabase(DATABASE_NAME, '_ionickv')).close();
    await clearDeviceData({ indexedDB });
    const left = await databases();
    expect(left).not.toContain(CHAT_DB_NAME);
    expect(left).toContain(DATABASE_NAME);
  });

  it('a connection left open elsewhere blocks the deletion only until it closes, and logout does not wait for it', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const stubborn = await createDatabase(CHAT_DB_NAME);
    stubborn.onversionchange = null; // an old tab that does not give way
    await deleteDatabase(indexedDB, CHAT_DB_NAME);
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('waits for another tab'));
    stubborn.close();
    await vi.waitFor(async () => expect(await databases()).not.toContain(CHAT_DB_NAME));
  });

  it("deletes every Cache Storage cache but the service worker's precache of the app shell", async () => {
    const { storage, kept } = fakeCaches(['workbox-precache-v2-https://ess.example/', 'api-answers', 'pictures']);
    await clearDeviceData({ caches: storage });
    expect([...kept]).toEqual(['workbox-precache-v2-https://ess.example/']);
  });

  it('clears the app icon badge, closes the notifications still showing and empties sessionStorage', async () => {
    const shown = [{ close: vi.fn() }, { close: vi.fn() }];
    const clearAppBadge = vi.fn(async () => undefined);
    const navigator = {
      clearAppBadge,
      serviceWorker: { getRegistration: async () => ({ getNotifications: async () => shown }) },
    } as unknown as Navigator;
    const session = fakeSessionStorage({ 'ess-update-dismissed': '1' });
    await clearDeviceData({ navigator, sessionStorage: session.storage });
    expect(clearAppBadge).toHaveBeenCalledTimes(1);
    for (const notification of shown) expect(notification.close).toHaveBeenCalledTimes(1);
    expect(session.map.size).toBe(0);
  });

  it("removes the person's localStorage keys (the calls' ends not yet taken) and leaves the device's own (the theme)", async () => {
    const local = new Map([[PENDING_END_CALLS_KEY, '[{"callId":7,"since":0}]'], ['ess:theme', 'dark']]);
    await clearDeviceData({ localStorage: { removeItem: (key: string) => void local.delete(key) } });
    expect([...local.keys()]).toEqual(['ess:theme']);
  });

  it('one part failing stops none of the others and never rejects', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    (await createDatabase(CHAT_DB_NAME)).close();
    const failingCaches = { keys: async () => Promise.reject(new Error('SecurityError')) } as unknown as CacheStorage;
    const navigator = { clearAppBadge: () => Promise.reject(new Error('not installed')) } as unknown as Navigator;
    const session = fakeSessionStorage({ key: 'value' });
    await expect(clearDeviceData({ indexedDB, caches: failingCaches, navigator, sessionStorage: session.storage })).resolves.toBeUndefined();
    expect(await databases()).not.toContain(CHAT_DB_NAME);
    expect(session.map.size).toBe(0);
  });

  it("the logout's clearing waits for the features' cleanups to close their connections, a second at most", async () => {
    vi.useFakeTimers();
    try {
      const local = new Map([[PENDING_END_CALLS_KEY, '[]']]);
      const localStorage = { removeItem: (key: string) => void local.delete(key) };
      let finish: () => void = () => undefined;
      const quick = clearDeviceDataAfter(new Promise<void>((resolve) => (finish = resolve)), { localStorage });
      await vi.advanceTimersByTimeAsync(10);
      expect(local.size).toBe(1);
      finish();
      await quick;
      expect(local.size).toBe(0);

      local.set(PENDING_END_CALLS_KEY, '[]');
      const stuck = clearDeviceDataAfter(new Promise(() => undefined), { localStorage });
      await vi.advanceTimersByTimeAsync(999);
      expect(local.size).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      await stuck;
      expect(local.size).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
