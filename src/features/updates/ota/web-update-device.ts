// The device side in plain JavaScript, for tests and for trying the flow in a browser: bundles are
// kept in memory, "restarting" serves the next bundle, and a bundle that does not confirm ready within
// the timeout (10 s, as Capgo's appReadyTimeout) is rolled back to the last one that did — the
// behaviour the Capacitor implementation gets from the native plugin.
import { createListenerSet } from '../../../shared/events/listener-store.ts';
import { sha256Hex, type BundleFiles } from './package-hash.ts';
import type { BundleStatus, BundleToStore, UpdateDevice } from './update-device.ts';

export type ReloadReason = 'restart' | 'apply' | 'rollback';

export interface WebUpdateDeviceOptions {
  /** The binary's version, or a function (which may fail, as a broken native bridge would). */
  appVersion?: string | (() => Promise<string>);
  clientUniqueId?: string;
  readyTimeoutMs?: number;
  builtinFiles?: BundleFiles;
}

export interface WebUpdateDevice extends UpdateDevice {
  /** A cold start of the app: the next bundle, if one is set, is served from now on. */
  restart(): void;
  /** What is served now: a label (undefined for the built-in bundle) and its files. */
  served(): { label: string | undefined; files: BundleFiles };
  /** Which bundle is set for the next restart. */
  nextBundle(): string | undefined;
  onReload(listener: (reason: ReloadReason) => void): () => void;
  /** Stops a running ready timer (tests end without leaving one behind). */
  dispose(): void;
}

interface StoredBundle {
  files: BundleFiles;
  status: Exclude<BundleStatus, 'missing'>;
}

export function createWebUpdateDevice(options: WebUpdateDeviceOptions = {}): WebUpdateDevice {
  const readyTimeoutMs = options.readyTimeoutMs ?? 10_000;
  const clientUniqueId = options.clientUniqueId ?? crypto.randomUUID();
  const builtinFiles: BundleFiles = options.builtinFiles ?? new Map();
  const bundles = new Map<string, StoredBundle>();
  const reloads = createListenerSet<[ReloadReason]>();
  let current: string | undefined;
  let lastGood: string | undefined;
  let next: string | undefined;
  let readyTimer: ReturnType<typeof setTimeout> | undefined;

  const clearReadyTimer = () => {
    if (readyTimer !== undefined) clearTimeout(readyTimer);
    readyTimer = undefined;
  };

  /** Starts serving `label`; a bundle on its first run must confirm before the timer ends. */
  const serve = (label: string | undefined, reason: ReloadReason) => {
    clearReadyTimer();
    current = label;
    const bundle = label === undefined ? undefined : bundles.get(label);
    if (bundle?.status === 'pending') {
      readyTimer = setTimeout(() => {
        readyTimer = undefined;
        bundle.status = 'error';
        serve(lastGood, 'rollback');
      }, readyTimeoutMs);
    }
    reloads.emit(reason);
  };

  const requireBundle = (label: string): StoredBundle => {
    const bundle = bundles.get(label);
    if (!bundle) throw new Error(`No stored bundle ${label}`);
    return bundle;
  };

  return {
    kind: 'web',
    getAppVersion: async () => {
      const version = typeof options.appVersion === 'function' ? await options.appVersion() : options.appVersion;
      if (!version) throw new Error('The binary reported no version');
      return version;
    },
    getClientUniqueId: async () => clientUniqueId,
    getCurrentBundle: async () => current,
    getBundleStatus: async (label) => bundles.get(label)?.status ?? 'missing',
    storeBundle: async ({ label, zip, zipSha256, files }: BundleToStore) => {
      // The same guard Capgo applies natively: the stored bytes are the verified ones.
      if ((await sha256Hex(zip)) !== zipSha256) throw new Error(`Checksum mismatch for bundle ${label}`);
      bundles.set(label, { files: new Map(files), status: 'pending' });
    },
    setNextBundle: async (label) => {
      requireBundle(label);
      next = label;
    },
    applyBundleNow: async (label) => {
      requireBundle(label);
      next = undefined;
      serve(label, 'apply');
    },
    notifyReady: async () => {
      clearReadyTimer();
      if (current === undefined) return;
      const bundle = bundles.get(current);
      if (bundle) bundle.status = 'success';
      lastGood = current;
    },
    discardBundle: async (label) => {
      if (label !== current && label !== next) bundles.delete(label);
    },
    restart: () => {
      const label = next;
      next = undefined;
      // A restart while a first run is unconfirmed rolls back at once, as a cold start after a crash would.
      const running = current === undefined ? undefined : bundles.get(current);
      if (running?.status === 'pending' && label === undefined) {
        running.status = 'error';
        serve(lastGood, 'rollback');
        return;
      }
      serve(label ?? current, 'restart');
    },
    served: () => ({ label: current, files: current === undefined ? builtinFiles : requireBundle(current).files }),
    nextBundle: () => next,
    onReload: reloads.subscribe,
    dispose: () => {
      clearReadyTimer();
      reloads.clear();
    },
  };
}
