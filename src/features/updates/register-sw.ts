// The service worker's registration, as vite-plugin-pwa's `virtual:pwa-register` does it in `prompt`
// mode (its build/register.ts: the same events and callbacks), with one difference: the worker's URL
// reaches navigator.serviceWorker.register() as a TrustedScriptURL made by the app's Trusted Types
// policy (src/shared/security), since the production CSP refuses a plain string there. Loaded lazily
// (after Home's first content) with workbox-window.
import type { Workbox } from 'workbox-window';
import { trustedScriptUrl } from '../../shared/security/trusted-types.ts';

/** The worker vite-plugin-pwa generates (vite.config.ts: generateSW, default file name and scope). */
export const SERVICE_WORKER_URL = '/sw.js';

export interface RegisterSWOptions {
  immediate?: boolean;
  onNeedRefresh?: () => void;
  onOfflineReady?: () => void;
  onRegisterError?: (error: unknown) => void;
}

/** Activates the waiting worker (the page reloads once it controls it). */
export type ApplyUpdate = (reloadPage?: boolean) => Promise<void>;

export type RegisterSW = (options?: RegisterSWOptions) => ApplyUpdate;

export const registerSW: RegisterSW = ({ immediate = false, onNeedRefresh, onOfflineReady, onRegisterError } = {}) => {
  let workbox: Workbox | undefined;

  const register = async () => {
    if (!('serviceWorker' in navigator)) return;
    try {
      const { Workbox } = await import('workbox-window');
      // workbox-window takes a string or a TrustedScriptURL (its own typings name the latter from @types/trusted-types).
      workbox = new Workbox(trustedScriptUrl(SERVICE_WORKER_URL) as string, { scope: '/', type: 'classic' });
    } catch (error) {
      onRegisterError?.(error);
      return;
    }
    const wb = workbox;
    let refreshOffered = false;
    const offerRefresh = () => {
      refreshOffered = true;
      wb.addEventListener('controlling', (event) => {
        if (event.isUpdate) window.location.reload();
      });
      onNeedRefresh?.();
    };
    wb.addEventListener('installed', (event) => {
      if (event.isUpdate === undefined) {
        if (event.isExternal) offerRefresh();
        else if (!refreshOffered) onOfflineReady?.();
      } else if (!event.isUpdate) {
        onOfflineReady?.();
      }
    });
    wb.addEventListener('waiting', offerRefresh);
    wb.register({ immediate }).catch((error: unknown) => onRegisterError?.(error));
  };

  const registered = register();
  return async () => {
    await registered;
    workbox?.messageSkipWaiting();
  };
};
