// What the update client remembers across launches: the package running now, an install waiting for
// its first run to confirm it, and the labels that were rolled back. Its own storage key, not
// Ionic's `_ionickv`, which holds the session's keys only (ARCHITECTURE.md, storage per purpose).
import type { UpdatePackage } from './update-package.ts';

export interface PendingInstall {
  package: UpdatePackage;
  /** For the deploy report: what ran before (a label, or the binary's version) and its key. */
  previousLabelOrAppVersion: string;
  previousDeploymentKey: string;
}

export interface OtaState {
  current?: UpdatePackage;
  pending?: PendingInstall;
  failedLabels: string[];
  /** Labels whose signed bundle version was not newer than the bundle running when they were offered: not downloaded again. */
  staleLabels?: string[];
}

export interface OtaStateStore {
  read(): OtaState;
  write(state: OtaState): void;
}

const EMPTY: OtaState = { failedLabels: [] };

export function createMemoryStateStore(initial: OtaState = EMPTY): OtaStateStore {
  let state = structuredClone(initial);
  return {
    read: () => structuredClone(state),
    write: (next) => {
      state = structuredClone(next);
    },
  };
}

export const OTA_STATE_KEY = 'ess-ota-state';

/** localStorage survives bundle switches: every bundle is served from the same origin. */
export function createLocalStorageStateStore(storage: Storage = localStorage, key = OTA_STATE_KEY): OtaStateStore {
  return {
    read: () => {
      try {
        const parsed = JSON.parse(storage.getItem(key) ?? 'null') as Partial<OtaState> | null;
        return {
          ...parsed,
          failedLabels: Array.isArray(parsed?.failedLabels) ? parsed.failedLabels : [],
          staleLabels: Array.isArray(parsed?.staleLabels) ? parsed.staleLabels : [],
        };
      } catch {
        return structuredClone(EMPTY); // Unreadable state: start as on a fresh install rather than never update.
      }
    },
    write: (state) => storage.setItem(key, JSON.stringify(state)),
  };
}
