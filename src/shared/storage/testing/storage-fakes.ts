// Stand-ins for the browser's storages in the storage tests: a Web Storage in memory, IndexedDB
// factories that refuse, fail or answer late, and a raw read of what the database holds.
import { DATABASE_NAME } from '../storage-driver.ts';

/** A plain in-memory Web Storage; `failWrites` makes setItem throw like a full quota. */
export class MemoryStorage implements Storage {
  readonly map = new Map<string, string>();
  failWrites = false;
  failRemoves = false;

  get length(): number {
    return this.map.size;
  }
  key(index: number): string | null {
    return [...this.map.keys()][index] ?? null;
  }
  getItem(key: string): string | null {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    if (this.failWrites) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    this.map.set(key, String(value));
  }
  removeItem(key: string): void {
    if (this.failRemoves) throw new DOMException('Blocked', 'SecurityError');
    this.map.delete(key);
  }
  clear(): void {
    this.map.clear();
  }
}

export function idbRequest<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** Reads a key straight from the database with the same factory, as another tab (or the old app) would. */
export async function readRaw(factory: IDBFactory, key: string): Promise<{ stores: string[]; value: unknown }> {
  const db = await idbRequest(factory.open(DATABASE_NAME));
  try {
    const stores = [...db.objectStoreNames];
    const value = await idbRequest(db.transaction('_ionickv', 'readonly').objectStore('_ionickv').get(key));
    return { stores, value };
  } finally {
    db.close();
  }
}

/** An IndexedDB that throws as soon as it is asked (some embedded browsers, blocked storage). */
export const throwingIndexedDb = {
  open() {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  },
} as unknown as IDBFactory;

/** An IndexedDB whose open request fails asynchronously (Firefox private mode). */
export const erroringIndexedDb = {
  open() {
    const req: { error: DOMException; onerror?: () => void; onsuccess?: () => void; onupgradeneeded?: () => void } = {
      error: new DOMException('A mutation operation was attempted on a database that did not allow mutations.', 'InvalidStateError'),
    };
    setTimeout(() => req.onerror?.(), 0);
    return req;
  },
} as unknown as IDBFactory;

type Handler = ((event: Event) => void) | null;

export interface HeldIndexedDb {
  factory: IDBFactory;
  /** Every open asked of it so far (first attempts and retries). */
  readonly opens: number;
  /** Calls to `databases()` (the nudge that wakes Safari's IndexedDB). */
  readonly nudges: number;
  /** Opens that have succeeded underneath and wait to be told. */
  readonly waiting: number;
  /** From now on opens answer, those waiting first. */
  answer(): void;
}

/**
 * A real (fake-indexeddb) database on a busy device: its opens succeed underneath, but their success
 * reaches the app only once `answer()` is called (an upgrade, and errors, go through at once).
 */
export function holdOpens(real: IDBFactory): HeldIndexedDb {
  let held = true;
  let opens = 0;
  let nudges = 0;
  const waiting: Array<() => void> = [];
  const factory = {
    open(name: string, version?: number) {
      opens += 1;
      const request = version === undefined ? real.open(name) : real.open(name, version);
      const facade = {
        onsuccess: null as Handler,
        onerror: null as Handler,
        onupgradeneeded: null as Handler,
        onblocked: null as Handler,
        get result() {
          return request.result;
        },
        get error() {
          return request.error;
        },
      };
      request.onupgradeneeded = (event) => facade.onupgradeneeded?.(event);
      request.onerror = (event) => facade.onerror?.(event);
      request.onsuccess = (event) => {
        const deliver = () => facade.onsuccess?.(event);
        if (held) waiting.push(deliver);
        else deliver();
      };
      return facade;
    },
    databases() {
      nudges += 1;
      return real.databases();
    },
  };
  return {
    factory: factory as unknown as IDBFactory,
    get opens() {
      return opens;
    },
    get nudges() {
      return nudges;
    },
    get waiting() {
      return waiting.length;
    },
    answer() {
      held = false;
      for (const deliver of waiting.splice(0)) deliver();
    },
  };
}
