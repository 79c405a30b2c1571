// The IndexedDB side of the app's storage: `_ionicstorage`, store `_ionickv`, Ionic Storage's layout.
//
// A slow open is not a failure. A phone waking up, or a browser busy with another tab, can take 5–10 s
// to answer, and giving up on it (as a 3 s timeout once did) reads an empty fallback as "signed out":
// the person lands on the sign-in screen without a single API call. So an open is waited for as long
// as it takes, and only an error from IndexedDB itself counts as a failure. While it is slow:
//   - the open is tried again alongside (the first attempt stays pending: whichever answers first is
//     used, later ones are closed), and IndexedDB is nudged with `databases()`, which wakes Safari 14's
//     IndexedDB that otherwise never answers (https://bugs.webkit.org/show_bug.cgi?id=226547);
//   - after OPEN_STALLED_AFTER_MS the caller is told (the start then says so, with Retry), and the wait
//     goes on: an answer after that still starts the app.
import { DATABASE_NAME, STORE_NAME, type Driver } from './storage-driver.ts';

/** When a further attempt starts beside the ones still pending (ms since the open began). */
export const OPEN_RETRY_AT_MS: readonly number[] = [1_000, 3_000, 6_000, 10_000, 15_000];
/** How long an open may go unanswered before the person is told (with Retry); the wait still goes on. */
export const OPEN_STALLED_AFTER_MS = 20_000;

export interface OpenWatch {
  /** IndexedDB has not answered for OPEN_STALLED_AFTER_MS (called at most once; the open keeps waiting). */
  onStalled?: () => void;
}

export function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function nudge(factory: IDBFactory): void {
  try {
    void factory.databases?.().catch(() => undefined);
  } catch {
    // Only a nudge: a browser without it, or one refusing it, just waits for its open.
  }
}

/** Opens the database, trying again while it is slow; rejects only on an error from IndexedDB. */
function openPatiently(factory: IDBFactory, version: number | undefined): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const timers: Array<ReturnType<typeof setTimeout>> = [];
    const settle = () => {
      settled = true;
      for (const timer of timers) clearTimeout(timer);
    };
    const fail = (error: unknown) => {
      if (settled) return;
      settle();
      reject((error ?? new Error('IndexedDB open failed')) as Error);
    };
    const attempt = () => {
      let open: IDBOpenDBRequest;
      try {
        open = version === undefined ? factory.open(DATABASE_NAME) : factory.open(DATABASE_NAME, version);
      } catch (error) {
        return fail(error);
      }
      open.onupgradeneeded = () => {
        if (!open.result.objectStoreNames.contains(STORE_NAME)) open.result.createObjectStore(STORE_NAME);
      };
      open.onsuccess = () => {
        // An attempt answering after another one did: one connection is enough.
        if (settled) return open.result.close();
        settle();
        resolve(open.result);
      };
      open.onerror = () => fail(open.error);
    };
    attempt();
    for (const at of OPEN_RETRY_AT_MS) {
      timers.push(
        setTimeout(() => {
          nudge(factory);
          attempt();
        }, at),
      );
    }
  });
}

async function openStoreDatabase(factory: IDBFactory): Promise<IDBDatabase> {
  // Opened at whatever version exists: Ionic Storage (localForage) leaves the database at version 2.
  let db = await openPatiently(factory, undefined);
  if (!db.objectStoreNames.contains(STORE_NAME)) {
    const next = db.version + 1;
    db.close();
    db = await openPatiently(factory, next);
  }
  return db;
}

/** The IndexedDB driver, once the database has answered (however long that takes); rejects if it fails. */
export async function openIndexedDbDriver(factory: IDBFactory, watch: OpenWatch = {}): Promise<Driver> {
  const stalled = watch.onStalled ? setTimeout(watch.onStalled, OPEN_STALLED_AFTER_MS) : undefined;
  let db: IDBDatabase;
  try {
    db = await openStoreDatabase(factory);
  } finally {
    clearTimeout(stalled);
  }
  const store = (mode: IDBTransactionMode) => db.transaction(STORE_NAME, mode).objectStore(STORE_NAME);
  return {
    name: 'indexeddb',
    async entries() {
      const os = store('readonly');
      const [keys, values] = await Promise.all([request(os.getAllKeys()), request(os.getAll())]);
      return keys.map((key, index) => [String(key), values[index]]);
    },
    async set(key, value) {
      await request(store('readwrite').put(value, key));
    },
    async remove(key) {
      await request(store('readwrite').delete(key));
    },
  };
}
