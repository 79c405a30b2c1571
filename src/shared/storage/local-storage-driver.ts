// The localStorage side of the app's storage, under `_ionicstorage/_ionickv/<key>` as JSON (Ionic's
// localStorage layout). Two uses:
//   - the driver, where IndexedDB is missing or fails (an error, never slowness: indexeddb-driver.ts),
//     in local-storage-fallback.ts, loaded only then;
//   - while IndexedDB works, a copy of the small keys (the session among them), so that a start on
//     which IndexedDB fails falls back to the session the person has, not to an empty storage that
//     reads as "signed out".
// What the app changes while it runs on this fallback is recorded, and replayed into IndexedDB when it
// opens again: those writes are not lost, and a fallback that changed nothing never overwrites the
// session IndexedDB holds.
import { DATABASE_NAME, STORE_NAME, type Driver } from './storage-driver.ts';

export const PREFIX = `${DATABASE_NAME}/${STORE_NAME}/`;
/** Outside PREFIX, so no driver reads it as a value. */
const CHANGED_ON_FALLBACK = `${DATABASE_NAME}/changed-on-fallback`;

export function readJson(local: Storage, key: string): unknown {
  const text = local.getItem(key);
  return text === null ? undefined : JSON.parse(text);
}

function changedKeys(local: Storage): string[] {
  try {
    const keys = readJson(local, CHANGED_ON_FALLBACK);
    return Array.isArray(keys) ? keys.filter((key): key is string => typeof key === 'string') : [];
  } catch {
    return [];
  }
}

export function recordChange(local: Storage, key: string): void {
  const keys = changedKeys(local);
  if (!keys.includes(key)) local.setItem(CHANGED_ON_FALLBACK, JSON.stringify([...keys, key]));
}

/** The copy of IndexedDB's small keys in localStorage. Best effort: a full or blocked localStorage only loses the copy. */
export interface LocalCopy {
  /** The keys changed on the fallback since IndexedDB last opened. */
  changedOnFallback(): string[];
  /** A key's value in localStorage (undefined: not there, or unreadable). */
  read(key: string): unknown;
  /** Once IndexedDB holds the changes. */
  forgetChanges(): void;
  /** Makes the copy match IndexedDB's values at start (and removes what the fallback kept that is not copied). */
  sync(values: ReadonlyMap<string, unknown>): void;
  /** Wraps IndexedDB's driver: each write goes to the copy too. */
  around(driver: Driver): Driver;
}

/** `copied`: the keys kept in the copy; `known`: every key the app stores (the others are removed from localStorage). */
export function localCopy(local: Storage, copied: readonly string[], known: readonly string[]): LocalCopy {
  const quietly = (write: () => void) => {
    try {
      write();
    } catch {
      // Quota or blocked storage: IndexedDB still holds the value.
    }
  };
  const copy = (key: string, value: unknown) =>
    quietly(() => {
      if (!copied.includes(key)) return local.removeItem(PREFIX + key);
      const text = JSON.stringify(value);
      if (local.getItem(PREFIX + key) !== text) local.setItem(PREFIX + key, text);
    });
  const drop = (key: string) => quietly(() => local.removeItem(PREFIX + key));
  return {
    changedOnFallback: () => changedKeys(local),
    read(key) {
      try {
        return readJson(local, PREFIX + key);
      } catch {
        return undefined;
      }
    },
    forgetChanges() {
      quietly(() => local.removeItem(CHANGED_ON_FALLBACK));
    },
    sync(values) {
      for (const key of known) {
        if (values.has(key)) copy(key, values.get(key));
        else drop(key);
      }
    },
    around(driver) {
      return {
        name: driver.name,
        entries: () => driver.entries(),
        async set(key, value) {
          copy(key, value);
          await driver.set(key, value);
        },
        async remove(key) {
          drop(key);
          await driver.remove(key);
        },
      };
    },
  };
}
