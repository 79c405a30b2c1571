// A slow device never signs anyone out: an IndexedDB that answers late is waited for (and retried),
// never replaced by an empty fallback; one that truly fails falls back to the copy of the session kept
// in localStorage, and what the app changes on that fallback reaches IndexedDB when it opens again.
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OPEN_STALLED_AFTER_MS } from './indexeddb-driver.ts';
import { STORAGE_KEYS, openStorage, type AppStorage } from './storage.ts';
import { MemoryStorage, erroringIndexedDb, holdOpens, readRaw } from './testing/storage-fakes.ts';

const PREFIX = '_ionicstorage/_ionickv/';
const ANA = { id: 7, first_name: 'Ana' };

/** Lets fake-indexeddb's own tasks (real setImmediate: only setTimeout is faked) run. */
async function letIndexedDbWork(): Promise<void> {
  for (let turn = 0; turn < 20; turn += 1) await new Promise((resolve) => setImmediate(resolve));
}

/** Ana signed in on an earlier start, with IndexedDB working. */
async function signedInEarlier(factory: IDBFactory, local?: Storage): Promise<void> {
  const earlier = await openStorage({ indexedDB: factory, localStorage: local });
  expect(earlier.driver).toBe('indexeddb');
  await earlier.set(STORAGE_KEYS.accessToken, 'token-1');
  await earlier.set(STORAGE_KEYS.userData, ANA);
  await earlier.set(STORAGE_KEYS.checkInData, { at: '2024-01-01' });
  await earlier.set(STORAGE_KEYS.homeFeed, { userId: 7, savedAt: 1, page: { data: [] } });
  await earlier.set(STORAGE_KEYS.language, 'id');
}

/** Whether a promise has settled yet, without waiting for it. */
function track<T>(promise: Promise<T>): { readonly settled: boolean } {
  const state = { settled: false };
  void promise.finally(() => (state.settled = true)).catch(() => undefined);
  return state;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('an IndexedDB that is slow to open', () => {
  it('is waited for past the old 3 s timeout, retried, and still yields the stored session', async () => {
    const real = new IDBFactory();
    await signedInEarlier(real);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const slow = holdOpens(real);
    // An empty localStorage is there: taking it for the storage would read as "signed out".
    const local = new MemoryStorage();
    const onStalled = vi.fn();

    const opening = openStorage({ indexedDB: slow.factory, localStorage: local }, { onStalled });
    const progress = track(opening);
    for (let second = 0; second < 10; second += 1) {
      await vi.advanceTimersByTimeAsync(1000);
      await letIndexedDbWork();
    }

    // Ten seconds on: still waiting, tried again alongside, nudged; nothing said yet, nothing fallen back to.
    expect(progress.settled).toBe(false);
    expect(slow.opens).toBeGreaterThan(1);
    expect(slow.nudges).toBeGreaterThan(0);
    expect(onStalled).not.toHaveBeenCalled();

    slow.answer();
    const storage = await opening;
    expect(storage.driver).toBe('indexeddb');
    expect(storage.get(STORAGE_KEYS.accessToken)).toBe('token-1');
    expect(storage.get(STORAGE_KEYS.userData)).toEqual(ANA);
    // The connection used is a working one: writes reach the database.
    await storage.set(STORAGE_KEYS.redirectTo, '/notification');
    vi.useRealTimers();
    expect((await readRaw(real, 'redirect_to')).value).toBe('/notification');
  });

  it('creates a new database even when its first open is slow and retried', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const real = new IDBFactory();
    const slow = holdOpens(real);
    const opening = openStorage({ indexedDB: slow.factory });
    for (let second = 0; second < 5; second += 1) {
      await vi.advanceTimersByTimeAsync(1000);
      await letIndexedDbWork();
    }
    slow.answer();
    const storage = await opening;
    expect(storage.driver).toBe('indexeddb');
    await storage.set(STORAGE_KEYS.accessToken, 'fresh');
    vi.useRealTimers();
    expect(await readRaw(real, 'access_token')).toEqual({ stores: ['_ionickv'], value: 'fresh' });
  });

  it('that never answers is reported once after OPEN_STALLED_AFTER_MS, and the wait goes on: no fallback, no sign-out', async () => {
    const real = new IDBFactory();
    const local = new MemoryStorage();
    await signedInEarlier(real, local);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const stuck = holdOpens(real);
    const onStalled = vi.fn();

    const opening = openStorage({ indexedDB: stuck.factory, localStorage: local }, { onStalled });
    const progress = track(opening);
    await vi.advanceTimersByTimeAsync(OPEN_STALLED_AFTER_MS - 1);
    await letIndexedDbWork();
    expect(onStalled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onStalled).toHaveBeenCalledTimes(1);

    // A minute later: still waiting (the start shows its message with Retry), told once, not fallen back.
    await vi.advanceTimersByTimeAsync(60_000);
    await letIndexedDbWork();
    expect(onStalled).toHaveBeenCalledTimes(1);
    expect(progress.settled).toBe(false);

    // It answers at last: the app starts, signed in, on IndexedDB.
    stuck.answer();
    const storage = await opening;
    expect(storage.driver).toBe('indexeddb');
    expect(storage.get(STORAGE_KEYS.accessToken)).toBe('token-1');
  });
});

describe('an IndexedDB that truly fails (its open reports an error)', () => {
  async function fallbackStart(local: Storage): Promise<AppStorage> {
    const storage = await openStorage({ indexedDB: erroringIndexedDb, localStorage: local });
    expect(storage.driver).toBe('localstorage');
    return storage;
  }

  it('falls back to the copy of the session kept in localStorage, not to an empty, signed-out storage', async () => {
    const real = new IDBFactory();
    const local = new MemoryStorage();
    await signedInEarlier(real, local);

    const storage = await fallbackStart(local);
    expect(storage.get(STORAGE_KEYS.accessToken)).toBe('token-1');
    expect(storage.get(STORAGE_KEYS.userData)).toEqual(ANA);
    expect(storage.get(STORAGE_KEYS.checkInData)).toEqual({ at: '2024-01-01' });
    expect(storage.get(STORAGE_KEYS.language)).toBe('id');
    // Home's feed page is a cache, not copied: it is fetched again.
    expect(storage.get(STORAGE_KEYS.homeFeed)).toBeUndefined();
  });

  it('what the app changes on the fallback reaches IndexedDB when it opens again', async () => {
    const real = new IDBFactory();
    const local = new MemoryStorage();
    await signedInEarlier(real, local);

    const fallback = await fallbackStart(local);
    await fallback.set(STORAGE_KEYS.userData, { ...ANA, first_name: 'Ana Maria' });
    await fallback.set(STORAGE_KEYS.redirectTo, '/notification');

    const next = await openStorage({ indexedDB: real, localStorage: local });
    expect(next.driver).toBe('indexeddb');
    expect(next.get(STORAGE_KEYS.userData)).toEqual({ ...ANA, first_name: 'Ana Maria' });
    expect(next.get(STORAGE_KEYS.redirectTo)).toBe('/notification');
    expect(next.get(STORAGE_KEYS.accessToken)).toBe('token-1');
    expect((await readRaw(real, 'user_data')).value).toEqual({ ...ANA, first_name: 'Ana Maria' });
    // Replayed once: the record is gone, so a later start does not replay it over newer values.
    expect([...local.map.keys()].filter((key) => !key.startsWith(PREFIX))).toEqual([]);
  });

  it('a sign-out and another person\'s sign-in on the fallback replace the whole session in IndexedDB', async () => {
    const real = new IDBFactory();
    const local = new MemoryStorage();
    await signedInEarlier(real, local);

    const fallback = await fallbackStart(local);
    await fallback.clearSession();
    await fallback.set(STORAGE_KEYS.accessToken, 'token-2');
    await fallback.set(STORAGE_KEYS.userData, { id: 8, first_name: 'Budi' });

    const next = await openStorage({ indexedDB: real, localStorage: local });
    expect(next.get(STORAGE_KEYS.accessToken)).toBe('token-2');
    expect(next.get(STORAGE_KEYS.userData)).toEqual({ id: 8, first_name: 'Budi' });
    // Nothing of Ana's session stays, in memory or in the database.
    expect(next.get(STORAGE_KEYS.checkInData)).toBeUndefined();
    expect(next.get(STORAGE_KEYS.homeFeed)).toBeUndefined();
    expect((await readRaw(real, 'home_feed')).value).toBeUndefined();
  });

  it('a fallback with no copy (written before this version) that changes nothing never overwrites the session IndexedDB holds', async () => {
    const real = new IDBFactory();
    await signedInEarlier(real);
    const local = new MemoryStorage();

    // Nothing to go on: the logout flow of a start without a session clears the (absent) session keys.
    const fallback = await fallbackStart(local);
    expect(fallback.get(STORAGE_KEYS.accessToken)).toBeUndefined();
    await fallback.clearSession();

    const next = await openStorage({ indexedDB: real, localStorage: local });
    expect(next.get(STORAGE_KEYS.accessToken)).toBe('token-1');
    expect(next.get(STORAGE_KEYS.userData)).toEqual(ANA);
    // And the copy is made now, for the next time IndexedDB fails.
    expect(local.getItem(`${PREFIX}access_token`)).toBe('"token-1"');
  });
});
