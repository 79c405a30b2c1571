// The logout flow's clearing of what the browser keeps for the person beyond the session keys (issue
// 19), none of which needs the feature that wrote it to be loaded: the per-user IndexedDB databases
// and localStorage keys, deleted by name; Cache Storage other than the service worker's precache of
// the app shell and texts (the same for everyone); the app icon's badge; the notifications still showing; sessionStorage.
// Loaded on demand by the logout flow, so none of it is in the initial JavaScript.
import { PER_USER_DATABASES, PER_USER_LOCAL_KEYS } from '../storage/user-databases.ts';

/** Workbox's precache (vite.config.ts): the built shell and the translations, nothing per person. */
const PRECACHE_PREFIX = 'workbox-precache';

export interface DeviceEnvironment {
  indexedDB?: IDBFactory;
  caches?: CacheStorage;
  navigator?: Navigator;
  sessionStorage?: Storage;
  localStorage?: Pick<Storage, 'removeItem'>;
}

/**
 * Deletes a database. An open connection elsewhere (another tab) gets `versionchange` and should close
 * (the chat's does); until it does the deletion waits in the browser's queue, and any later open of
 * the same name waits behind it. This resolves once it is done, failed, or blocked, never hanging logout.
 */
export function deleteDatabase(factory: IDBFactory, name: string): Promise<void> {
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = factory.deleteDatabase(name);
    } catch (error) {
      console.warn(`The database ${name} could not be deleted`, error);
      return resolve();
    }
    request.onsuccess = () => resolve();
    request.onerror = () => {
      console.warn(`The database ${name} could not be deleted`, request.error);
      resolve();
    };
    request.onblocked = () => {
      console.warn(`Deleting the database ${name} waits for another tab to close it`);
      resolve();
    };
  });
}

async function deleteUserCaches(storage: CacheStorage): Promise<void> {
  const names = await storage.keys();
  await Promise.all(names.filter((name) => !name.startsWith(PRECACHE_PREFIX)).map((name) => storage.delete(name)));
}

type BadgingNavigator = Navigator & { clearAppBadge?: () => Promise<void> };

async function closeShownNotifications(navigator: Navigator): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const shown = (await registration?.getNotifications?.()) ?? [];
  for (const notification of shown) notification.close();
}

/** Clears everything above; each part on its own (one failing never stops the others). Never rejects. */
export async function clearDeviceData(environment: DeviceEnvironment = globalThis): Promise<void> {
  const { indexedDB: factory, caches: cacheStorage, navigator: browser, sessionStorage: session } = environment;
  const parts: Array<() => Promise<unknown> | unknown> = [
    () => factory && Promise.all(PER_USER_DATABASES.map((name) => deleteDatabase(factory, name))),
    () => cacheStorage && deleteUserCaches(cacheStorage),
    () => (browser as BadgingNavigator | undefined)?.clearAppBadge?.(),
    () => browser && closeShownNotifications(browser),
    () => session?.clear(),
    // Read here, inside the part's guard: a browser that blocks storage throws on the property itself.
    () => PER_USER_LOCAL_KEYS.forEach((key) => environment.localStorage?.removeItem(key)),
  ];
  await Promise.all(
    parts.map(async (part) => {
      try {
        await part();
      } catch (error) {
        console.warn('Part of the device data could not be cleared at logout', error);
      }
    }),
  );
}

/**
 * The logout flow's clearing (src/app/bootstrap.ts): the databases go once the features' cleanups have
 * closed their connections, or after a second at most (a deletion closes them anyway).
 */
export async function clearDeviceDataAfter(cleanups: Promise<unknown>, environment?: DeviceEnvironment): Promise<void> {
  await Promise.race([cleanups, new Promise((resolve) => setTimeout(resolve, 1000))]);
  await clearDeviceData(environment);
}
