// @vitest-environment happy-dom
// The shell's wiring with the Capacitor plugins stubbed: status bar, back button, resume sync, and the
// Capgo device mapping (checksum of the verified zip, "next restart" = only after a kill).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const plugins = vi.hoisted(() => {
  const listeners = new Map<string, () => void>();
  return {
    listeners,
    platform: 'android',
    App: {
      addListener: vi.fn(async (event: string, listener: () => void) => (listeners.set(event, listener), { remove: async () => undefined })),
      exitApp: vi.fn(async () => undefined),
      getInfo: vi.fn(async () => ({ version: '2.0.39' })),
    },
    StatusBar: { setStyle: vi.fn(async () => undefined), setBackgroundColor: vi.fn(async () => undefined) },
    Updater: {
      current: vi.fn(async () => ({ bundle: { id: 'builtin', version: 'builtin', status: 'success' }, native: '2.0.39' })),
      list: vi.fn(async () => ({ bundles: [{ id: 'b1', version: 'v2', status: 'pending' }] })),
      download: vi.fn(async () => ({ id: 'b1', version: 'v2', status: 'pending' })),
      next: vi.fn(async () => ({ id: 'b1' })),
      set: vi.fn(async () => undefined),
      setMultiDelay: vi.fn(async () => undefined),
      notifyAppReady: vi.fn(async () => ({})),
      getDeviceId: vi.fn(async () => ({ deviceId: 'capgo-device' })),
      delete: vi.fn(async () => undefined),
    },
  };
});

vi.mock('@capacitor/app', () => ({ App: plugins.App }));
vi.mock('@capacitor/core', () => ({ Capacitor: { getPlatform: () => plugins.platform } }));
vi.mock('@capacitor/status-bar', () => ({ StatusBar: plugins.StatusBar, Style: { Dark: 'DARK', Light: 'LIGHT' } }));
vi.mock('@capgo/capacitor-updater', () => ({ CapacitorUpdater: plugins.Updater }));

beforeEach(() => {
  vi.resetModules();
  plugins.listeners.clear();
  vi.clearAllMocks();
});
afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('the native shell', () => {
  it('styles the status bar #4819e3 with the dark style', async () => {
    const { startNativeShell } = await import('./native-shell.ts');
    await startNativeShell();
    await vi.waitFor(() => expect(plugins.StatusBar.setBackgroundColor).toHaveBeenCalledWith({ color: '#4819e3' }));
    expect(plugins.StatusBar.setStyle).toHaveBeenCalledWith({ style: 'DARK' });
  });

  it('goes back on /chats/chat and leaves the app elsewhere', async () => {
    const { startNativeShell } = await import('./native-shell.ts');
    await startNativeShell();
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => undefined);
    window.history.replaceState(null, '', '/chats/chat');
    plugins.listeners.get('backButton')!();
    expect(back).toHaveBeenCalledTimes(1);
    expect(plugins.App.exitApp).not.toHaveBeenCalled();
    window.history.replaceState(null, '', '/home');
    plugins.listeners.get('backButton')!();
    expect(plugins.App.exitApp).toHaveBeenCalledTimes(1);
  });

  it('starts once per JavaScript context and syncs again on resume', async () => {
    const { startNativeShell } = await import('./native-shell.ts');
    const [first, second] = await Promise.all([startNativeShell(), startNativeShell()]);
    expect(first).toBe(second);
    const sync = vi.spyOn(first.updater, 'sync').mockResolvedValue('up-to-date');
    plugins.listeners.get('resume')!();
    expect(sync).toHaveBeenCalledTimes(1);
  });
});

describe('the Capgo device', () => {
  it('maps the device interface onto Capgo in manual mode', async () => {
    const { createCapacitorUpdateDevice } = await import('./capacitor-update-device.ts');
    const device = createCapacitorUpdateDevice();
    expect(await device.getAppVersion()).toBe('2.0.39');
    expect(await device.getClientUniqueId()).toBe('capgo-device');
    expect(await device.getCurrentBundle()).toBeUndefined();
    expect(await device.getBundleStatus('v2')).toBe('pending');
    expect(await device.getBundleStatus('v9')).toBe('missing');

    await device.storeBundle({ label: 'v2', downloadUrl: 'https://updates/v2.zip', zip: new Uint8Array(), zipSha256: 'ab'.repeat(32), files: new Map() });
    expect(plugins.Updater.download).toHaveBeenCalledWith({ url: 'https://updates/v2.zip', version: 'v2', checksum: 'ab'.repeat(32) });
    await device.setNextBundle('v2');
    expect(plugins.Updater.next).toHaveBeenCalledWith({ id: 'b1' });
    expect(plugins.Updater.setMultiDelay).toHaveBeenCalledWith({ delayConditions: [{ kind: 'kill' }] });
    await device.applyBundleNow('v2');
    expect(plugins.Updater.set).toHaveBeenCalledWith({ id: 'b1' });
    await device.notifyReady();
    expect(plugins.Updater.notifyAppReady).toHaveBeenCalledTimes(1);
    await device.discardBundle('v2');
    expect(plugins.Updater.delete).toHaveBeenCalledWith({ id: 'b1' });
  });

  it('names the running bundle by its label once one is installed', async () => {
    plugins.Updater.current.mockResolvedValueOnce({ bundle: { id: 'b1', version: 'v2', status: 'success' }, native: '2.0.39' });
    const { createCapacitorUpdateDevice } = await import('./capacitor-update-device.ts');
    expect(await createCapacitorUpdateDevice().getCurrentBundle()).toBe('v2');
  });
});
