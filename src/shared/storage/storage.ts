// Local storage of SPEC §3 and §9: the IndexedDB database `_ionicstorage` (object store `_ionickv`,
// the layout Ionic Storage uses, so a user coming from the old app keeps the session), falling back
// to localStorage where IndexedDB is missing or refuses (private modes, blocked storage).
// Reads are served from memory after `openStorage()`, so the HTTP layer can read the token synchronously.

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

export const DATABASE_NAME = '_ionicstorage';
const STORE_NAME = '_ionickv';
const LOCAL_PREFIX = `${DATABASE_NAME}/${STORE_NAME}/`;

interface Driver {
  readonly name: 'indexeddb' | 'localstorage' | 'memory';
  entries(): Promise<Array<[string, unknown]>>;
  set(key: string, value: unknown): Promise<void>;
  remove(key: string): Promise<void>;
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

/** Some browsers never answer an IndexedDB open (old Safari): give up and fall back rather than hang the start. */
const OPEN_TIMEOUT_MS = 3000;

function openDatabase(factory: IDBFactory, version?: number): Promise<IDBDatabase> {
  const open = version === undefined ? factory.open(DATABASE_NAME) : factory.open(DATABASE_NAME, version);
  open.onupgradeneeded = () => {
    if (!open.result.objectStoreNames.contains(STORE_NAME)) open.result.createObjectStore(STORE_NAME);
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('IndexedDB did not open in time')), OPEN_TIMEOUT_MS);
    open.onsuccess = () => {
      clearTimeout(timer);
      resolve(open.result);
    };
    open.onerror = () => {
      clearTimeout(timer);
      reject(open.error ?? new Error('IndexedDB open failed'));
    };
  });
}

async function openIndexedDb(factory: IDBFactory): Promise<Driver> {
  // Opened at whatever version exists: Ionic Storage (localForage) leaves the database at version 2.
  let db = await openDatabase(factory);
  if (!db.objectStoreNames.contains(STORE_NAME)) {
    const next = db.version + 1;
    db.close();
    db = await openDatabase(factory, next);
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

function localStorageDriver(local: Storage): Driver {
  return {
    name: 'localstorage',
    async entries() {
      const found: Array<[string, unknown]> = [];
      for (let index = 0; index < local.length; index += 1) {
        const key = local.key(index);
        if (!key?.startsWith(LOCAL_PREFIX)) continue;
        try {
          found.push([key.slice(LOCAL_PREFIX.length), JSON.parse(local.getItem(key) ?? 'null')]);
        } catch {
          // A value another script wrote by hand: ignore it rather than fail the start.
        }
      }
      return found;
    },
    async set(key, value) {
      local.setItem(LOCAL_PREFIX + key, JSON.stringify(value));
    },
    async remove(key) {
      local.removeItem(LOCAL_PREFIX + key);
    },
  };
}

function memoryDriver(): Driver {
  const values = new Map<string, unknown>();
  return {
    name: 'memory',
    async entries() {
      return [...values];
    },
    async set(key, value) {
      values.set(key, value);
    },
    async remove(key) {
      values.delete(key);
    },
  };
}

export interface AppStorage {
  readonly driver: Driver['name'];
  get<T = unknown>(key: StorageKey): T | undefined;
  set(key: StorageKey, value: unknown): Promise<void>;
  remove(key: StorageKey): Promise<void>;
  clearSession(): Promise<void>;
}

export interface StorageEnvironment {
  indexedDB?: IDBFactory;
  localStorage?: Storage;
}

/** Opens the first driver that works: IndexedDB, then localStorage, then memory (nothing persists). */
export async function openStorage(environment: StorageEnvironment = globalThis): Promise<AppStorage> {
  const candidates: Array<() => Promise<Driver>> = [];
  if (environment.indexedDB) candidates.push(() => openIndexedDb(environment.indexedDB!));
  if (environment.localStorage) {
    const local = environment.localStorage;
    candidates.push(async () => {
      // Safari's private mode used to expose localStorage with a zero quota: probe it.
      local.setItem(`${LOCAL_PREFIX}__probe`, '1');
      local.removeItem(`${LOCAL_PREFIX}__probe`);
      return localStorageDriver(local);
    });
  }
  candidates.push(async () => memoryDriver());

  let driver: Driver | undefined;
  let cache = new Map<string, unknown>();
  for (const candidate of candidates) {
    try {
      driver = await candidate();
      cache = new Map(await driver.entries());
      break;
    } catch {
      driver = undefined;
    }
  }
  const active = driver ?? memoryDriver();

  // A write that fails after start-up (quota, eviction) keeps the in-memory value: the session goes on.
  const persist = (write: Promise<void>) => write.catch(() => undefined);

  const remove = async (key: StorageKey) => {
    cache.delete(key);
    await persist(active.remove(key));
  };
  return {
    driver: active.name,
    get: <T,>(key: StorageKey) => cache.get(key) as T | undefined,
    async set(key, value) {
      cache.set(key, value);
      await persist(active.set(key, value));
    },
    remove,
    async clearSession() {
      await Promise.all(SESSION_KEYS.map(remove));
    },
  };
}

let appStorage: AppStorage | undefined;

/** The app's storage, opened once at start-up (src/main.tsx). */
export async function initAppStorage(environment?: StorageEnvironment): Promise<AppStorage> {
  appStorage = await openStorage(environment);
  return appStorage;
}

export function getStorage(): AppStorage {
  if (!appStorage) throw new Error('Storage is not open yet: call initAppStorage() first');
  return appStorage;
}
