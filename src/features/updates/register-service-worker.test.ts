// @vitest-environment happy-dom
// The service worker's registration: started once however often asked, the update applied through what
// it returned, and a registration that cannot load only warns.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApplyUpdate, RegisterSW, RegisterSWOptions } from './register-sw.ts';

// The module keeps its one registration: a fresh copy per test.
async function load() {
  vi.resetModules();
  return import('./register-service-worker.ts');
}

let hadServiceWorker: boolean;
beforeEach(() => {
  hadServiceWorker = 'serviceWorker' in navigator;
  if (!hadServiceWorker) Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
});
afterEach(() => {
  if (!hadServiceWorker) delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  vi.restoreAllMocks();
});

function fakeRegister() {
  const applyUpdate = vi.fn<ApplyUpdate>().mockResolvedValue(undefined);
  let options: RegisterSWOptions | undefined;
  const registerSW = vi.fn<RegisterSW>((given) => {
    options = given;
    return applyUpdate;
  });
  return { applyUpdate, registerSW, load: vi.fn(async () => ({ registerSW })), options: () => options };
}

describe('registerServiceWorker', () => {
  it('registers once, however often it is asked', async () => {
    const { registerServiceWorker } = await load();
    const register = fakeRegister();
    await Promise.all([registerServiceWorker(register.load), registerServiceWorker(register.load)]);
    await registerServiceWorker(register.load);
    expect(register.load).toHaveBeenCalledTimes(1);
    expect(register.registerSW).toHaveBeenCalledTimes(1);
    expect(register.options()).toMatchObject({ immediate: true });
  });

  it('reports a waiting worker, and applies it with a reload when asked', async () => {
    const { registerServiceWorker, getUpdateState, updateServiceWorker } = await load();
    const register = fakeRegister();
    await registerServiceWorker(register.load);
    register.options()?.onNeedRefresh?.();
    expect(getUpdateState().needRefresh).toBe(true);
    await updateServiceWorker();
    expect(register.applyUpdate).toHaveBeenCalledWith(true);
  });

  it('has nothing to apply before a registration, or when register-sw.ts could not load', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { registerServiceWorker, updateServiceWorker } = await load();
    await expect(updateServiceWorker()).resolves.toBeUndefined();
    await registerServiceWorker(() => Promise.reject(new Error('offline')));
    expect(warn).toHaveBeenCalledWith('Service worker registration could not load', expect.any(Error));
    await expect(updateServiceWorker()).resolves.toBeUndefined();
  });
});
