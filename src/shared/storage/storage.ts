// Local storage of SPEC §3 and §9: the IndexedDB database `_ionicstorage` (object store `_ionickv`,
// the layout Ionic Storage uses, so a user coming from the old app keeps the session), falling back
// to localStorage where IndexedDB is missing or fails (private modes, blocked storage), then memory.
// A slow IndexedDB is waited for, never taken for a failure (indexeddb-driver.ts); the fallback reads
// the copy of the session kept in localStorage (local-storage-driver.ts), never an empty storage that
// would read as "signed out".
// Reads are served from memory after `openStorage()`, so the HTTP layer can read the token synchronously.
import { openIndexedDbDriver, type OpenWatch } from './indexeddb-driver.ts';
import { localCopy } from './local-storage-driver.ts';
import { memoryDriver, type Driver } from './storage-driver.ts';

export { DATABASE_NAME } from './storage-driver.ts';

export const STORAGE_KEYS = {
  accessToken: 'access_token',
  userData: 'user_data',
  language: 'language',
  redirectTo: 'redirect_to',
  permissions: 'permissions',
  checkInData: 'check_in_data',
  accessType: 'CFAccessType',
  openChatRoomUuid: 'opened_chat_room_uuid',
  /** Home's first feed page as last seen (src/features/feed/api/feed-snapshot.ts): painted at once on the next start. */
  homeFeed: 'home_feed',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** What belongs to the signed-in user: logout clears these and nothing else (language, access type and redirect_to stay). */
export const SESSION_KEYS: readonly StorageKey[] = [
  STORAGE_KEYS.accessToken,
  STORAGE_KEYS.userData,
  STORAGE_KEYS.permissions,
  STORAGE_KEYS.checkInData,
  STORAGE_KEYS.openChatRoomUuid,
  STORAGE_KEYS.homeFeed,
];

/** Kept in localStorage too while IndexedDB works: all but Home's feed page, a cache too large to copy at every refresh. */
const COPIED_KEYS: readonly string[] = Object.values(STORAGE_KEYS).filter((key) => key !== STORAGE_KEYS.homeFeed);

export interface AppStorage {
  readonly driver: Driver['name'];
  get<T = unknown>(key: StorageKey): T | undefined;
  set(key: StorageKey, value: unknown): Promise<void>;
  remove(key: StorageKey): Promise<void>;
  /**
   * Logout: the session's keys go. Until the next sign-in stores a token, a write or removal of a session
   * key is dropped: a late one (an answer that arrives after the logout, a screen saving as it closes)
   * must not bring the ended session back, nor touch the next one another tab starts.
   */
  clearSession(): Promise<void>;
}

export interface StorageEnvironment {
  indexedDB?: IDBFactory;
  localStorage?: Storage;
}

interface Opened {
  driver: Driver;
  entries: Array<[string, unknown]>;
}

/** Where the environment refuses access to a storage (a blocked-storage setting throws on the property itself). */
function available<T>(read: () => T | undefined): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

async function openIndexedDb(factory: IDBFactory, local: Storage | undefined, watch: OpenWatch): Promise<Opened> {
  const driver = await openIndexedDbDriver(factory, watch);
  if (!local) return { driver, entries: await driver.entries() };
  const copy = localCopy(local, COPIED_KEYS, Object.values(STORAGE_KEYS));
  // What the app changed while it last ran on the fallback goes into IndexedDB first. A change to the
  // session there (a sign-in, a logout) replaces the whole session: IndexedDB's may be another person's.
  const changed = copy.changedOnFallback();
  const replayed = changed.some((key) => SESSION_KEYS.includes(key as StorageKey)) ? [...new Set([...changed, ...SESSION_KEYS])] : changed;
  for (const key of replayed) {
    const value = copy.read(key);
    await (value === undefined ? driver.remove(key) : driver.set(key, value));
  }
  if (changed.length > 0) copy.forgetChanges();
  const entries = await driver.entries();
  copy.sync(new Map(entries));
  return { driver: copy.around(driver), entries };
}

/**
 * Opens the first storage that works: IndexedDB (waited for however long it takes; `watch.onStalled`
 * hears when that is long), then localStorage, then memory (nothing persists).
 */
export async function openStorage(environment: StorageEnvironment = globalThis, watch: OpenWatch = {}): Promise<AppStorage> {
  const factory = available(() => environment.indexedDB);
  const local = available(() => environment.localStorage);
  const candidates: Array<() => Promise<Opened>> = [];
  if (factory) candidates.push(() => openIndexedDb(factory, local, watch));
  if (local) {
    candidates.push(async () => {
      const { openLocalStorageDriver } = await import('./local-storage-fallback.ts');
      const driver = openLocalStorageDriver(local, { fallback: factory !== undefined });
      return { driver, entries: await driver.entries() };
    });
  }

  let opened: Opened | undefined;
  for (const candidate of candidates) {
    try {
      opened = await candidate();
      break;
    } catch {
      opened = undefined;
    }
  }
  const active = opened?.driver ?? memoryDriver();
  const cache = new Map(opened?.entries ?? []);

  // A write that fails after start-up (quota, eviction) keeps the in-memory value: the session goes on.
  const persist = (write: Promise<void>) => write.catch(() => undefined);

  const remove = async (key: StorageKey) => {
    cache.delete(key);
    await persist(active.remove(key));
  };
  /** Between a logout and the next sign-in (clearSession). */
  let ended = false;
  const closed = (key: StorageKey) => ended && SESSION_KEYS.includes(key);
  return {
    driver: active.name,
    get: <T,>(key: StorageKey) => cache.get(key) as T | undefined,
    async set(key, value) {
      if (key === STORAGE_KEYS.accessToken) ended = false;
      else if (closed(key)) return;
      cache.set(key, value);
      await persist(active.set(key, value));
    },
    remove: async (key) => {
      if (!closed(key)) await remove(key);
    },
    async clearSession() {
      ended = true;
      await Promise.all(SESSION_KEYS.map(remove));
    },
  };
}

/**
 * Module state, on purpose: the page has one storage, opened asynchronously once at start-up and then read
 * synchronously from every layer (the session's token before the first request, features' own keys);
 * tests open their own with initAppStorage(). Undefined until it is open.
 */
let appStorage: AppStorage | undefined;

/** The app's storage, opened once at start-up (src/app/bootstrap.ts). */
export async function initAppStorage(environment?: StorageEnvironment, watch?: OpenWatch): Promise<AppStorage> {
  appStorage = await openStorage(environment, watch);
  return appStorage;
}

export function getStorage(): AppStorage {
  if (!appStorage) throw new Error('Storage is not open yet: call initAppStorage() first');
  return appStorage;
}
