// The localStorage driver, where IndexedDB is missing or fails (local-storage-driver.ts says why there
// are two uses of localStorage). Loaded only then: most starts never need it.
import { PREFIX, readJson, recordChange } from './local-storage-driver.ts';
import type { Driver } from './storage-driver.ts';

/**
 * The localStorage driver; throws where localStorage refuses writes. `fallback`: IndexedDB exists but
 * failed, so every change is recorded for the next start on which it opens.
 */
export function openLocalStorageDriver(local: Storage, { fallback }: { fallback: boolean }): Driver {
  // Safari's private mode used to expose localStorage with a zero quota: probe it.
  local.setItem(`${PREFIX}__probe`, '1');
  local.removeItem(`${PREFIX}__probe`);
  return {
    name: 'localstorage',
    async entries() {
      const found: Array<[string, unknown]> = [];
      for (let index = 0; index < local.length; index += 1) {
        const key = local.key(index);
        if (!key?.startsWith(PREFIX)) continue;
        try {
          found.push([key.slice(PREFIX.length), readJson(local, key)]);
        } catch {
          // A value another script wrote by hand: ignore it rather than fail the start.
        }
      }
      return found;
    },
    async set(key, value) {
      local.setItem(PREFIX + key, JSON.stringify(value));
      if (fallback) recordChange(local, key);
    },
    async remove(key) {
      // Removing what is not there changes nothing (the logout flow at a start without a session).
      const present = local.getItem(PREFIX + key) !== null;
      local.removeItem(PREFIX + key);
      if (fallback && present) recordChange(local, key);
    },
  };
}

