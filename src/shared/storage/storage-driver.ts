// What the app's storage (storage.ts) needs from the place it keeps values: IndexedDB, localStorage or memory.

export const DATABASE_NAME = '_ionicstorage';
export const STORE_NAME = '_ionickv';

export interface Driver {
  readonly name: 'indexeddb' | 'localstorage' | 'memory';
  entries(): Promise<Array<[string, unknown]>>;
  set(key: string, value: unknown): Promise<void>;
  remove(key: string): Promise<void>;
}

/** Nothing persists: the last resort, so the session at least goes on until the page closes. */
export function memoryDriver(): Driver {
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
