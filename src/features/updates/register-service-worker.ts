// The service worker of vite-plugin-pwa (registerType `prompt`), registered once the page has loaded
// and the main thread is idle: register-sw.ts (the plugin's registration, with a Trusted Types script
// URL) and the workbox-window it pulls in are separate chunks, never part of the entry. What the
// worker reports lives in a small store read by `useServiceWorkerUpdate()`.
import { useSyncExternalStore } from 'react';
import { lazyValue } from '../../api/lazy-value.ts';
import { createListenerStore } from '../../shared/events/listener-store.ts';
import type { ApplyUpdate, RegisterSW } from './register-sw.ts';

export interface UpdateState {
  /** A new version is installed and waiting for the user's consent. */
  needRefresh: boolean;
  /** The shell is precached: the app now opens without a network. */
  offlineReady: boolean;
  /** The user chose Ignore; the prompt stays away for the rest of this browser session. */
  dismissed: boolean;
}

const DISMISSED_KEY = 'ess-update-dismissed';

const updates = createListenerStore<UpdateState>({ needRefresh: false, offlineReady: false, dismissed: readDismissed() });

function readDismissed(): boolean {
  try {
    return globalThis.sessionStorage?.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

function setState(patch: Partial<UpdateState>): void {
  updates.update((state) => ({ ...state, ...patch }));
}

export const subscribeToUpdates = updates.subscribe;
export const getUpdateState = updates.getSnapshot;

type LoadRegister = () => Promise<{ registerSW: RegisterSW }>;

/**
 * The registration, started once by the first registerServiceWorker(): it resolves with what activates
 * a waiting worker, or undefined when register-sw.ts could not load.
 */
const registration = lazyValue(
  (loadRegister: LoadRegister): Promise<ApplyUpdate | undefined> =>
    loadRegister().then(
      ({ registerSW }) =>
        registerSW({
          immediate: true,
          onNeedRefresh: () => setState({ needRefresh: true }),
          onOfflineReady: () => setState({ offlineReady: true }),
          // An app that cannot register (blocked storage, private mode) still works online: say so, go on.
          onRegisterError: (error: unknown) => console.warn('Service worker registration failed', error),
        }),
      (error: unknown) => {
        console.warn('Service worker registration could not load', error);
        return undefined;
      },
    ),
);

/** Registers the worker (once); `loadRegister` loads register-sw.ts, replaceable in tests. */
export async function registerServiceWorker(loadRegister: LoadRegister = () => import('./register-sw.ts')): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  await registration.get(loadRegister);
}

/** Registers after the `load` event, when the browser is idle; returns a cancel for effects. */
export function scheduleServiceWorkerRegistration(): () => void {
  if (registration.peek() || typeof window === 'undefined') return () => undefined;
  let idleHandle: number | undefined;
  let timeoutHandle: ReturnType<typeof setTimeout> | undefined;
  const whenIdle = () => {
    if ('requestIdleCallback' in window) idleHandle = window.requestIdleCallback(() => void registerServiceWorker(), { timeout: 5000 });
    else timeoutHandle = setTimeout(() => void registerServiceWorker(), 1000);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  return () => {
    window.removeEventListener('load', whenIdle);
    if (idleHandle !== undefined) window.cancelIdleCallback(idleHandle);
    if (timeoutHandle !== undefined) clearTimeout(timeoutHandle);
  };
}

/** Activates the waiting worker; the plugin reloads the page once it controls it. */
export async function updateServiceWorker(): Promise<void> {
  const applyUpdate = await registration.peek()?.catch(() => undefined);
  await applyUpdate?.(true);
}

export function dismissUpdate(): void {
  try {
    globalThis.sessionStorage?.setItem(DISMISSED_KEY, '1');
  } catch {
    // Storage refused: the dismissal still holds in memory until the next load.
  }
  setState({ dismissed: true });
}

export function useServiceWorkerUpdate(): UpdateState & { updateServiceWorker: () => Promise<void>; dismissUpdate: () => void } {
  const current = useSyncExternalStore(subscribeToUpdates, getUpdateState, getUpdateState);
  return { ...current, updateServiceWorker, dismissUpdate };
}
