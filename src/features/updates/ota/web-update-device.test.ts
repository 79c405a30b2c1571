// The web device behaves like Capgo's switcher: a bundle waits for the next restart, must confirm
// within the ready timeout on its first run, and is rolled back to the last good one otherwise.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sha256Hex } from './package-hash.ts';
import { createWebUpdateDevice } from './web-update-device.ts';

const zip = new TextEncoder().encode('zip bytes');
const store = async (device: ReturnType<typeof createWebUpdateDevice>, label: string) =>
  device.storeBundle({ label, downloadUrl: `https://updates/${label}.zip`, zip, zipSha256: await sha256Hex(zip), files: new Map([['index.html', new TextEncoder().encode(label)]]) });

afterEach(() => {
  vi.useRealTimers();
});

describe('the web update device', () => {
  it('serves a stored bundle only after a restart, and keeps it once confirmed', async () => {
    vi.useFakeTimers();
    const device = createWebUpdateDevice({ appVersion: '2.0.39', readyTimeoutMs: 10_000 });
    await store(device, 'v2');
    await device.setNextBundle('v2');
    expect(await device.getCurrentBundle()).toBeUndefined();
    device.restart();
    expect(await device.getCurrentBundle()).toBe('v2');
    expect(await device.getBundleStatus('v2')).toBe('pending');
    await device.notifyReady();
    vi.advanceTimersByTime(20_000);
    expect(await device.getBundleStatus('v2')).toBe('success');
    device.restart();
    expect(await device.getCurrentBundle()).toBe('v2');
  });

  it('rolls back to the last good bundle when the first run does not confirm within 10 s', async () => {
    vi.useFakeTimers();
    const device = createWebUpdateDevice({ appVersion: '2.0.39' });
    const reloads: string[] = [];
    device.onReload((reason) => reloads.push(reason));
    await store(device, 'v2');
    await device.applyBundleNow('v2');
    await device.notifyReady();
    await store(device, 'v3');
    await device.applyBundleNow('v3');
    vi.advanceTimersByTime(9_999);
    expect(await device.getCurrentBundle()).toBe('v3');
    vi.advanceTimersByTime(1);
    expect(await device.getCurrentBundle()).toBe('v2');
    expect(await device.getBundleStatus('v3')).toBe('error');
    expect(reloads).toEqual(['apply', 'apply', 'rollback']);
  });

  it('refuses bytes that are not the verified ones', async () => {
    const device = createWebUpdateDevice({ appVersion: '2.0.39' });
    await expect(device.storeBundle({ label: 'v2', downloadUrl: '', zip, zipSha256: '0'.repeat(64), files: new Map() })).rejects.toThrow(/Checksum/);
    expect(await device.getBundleStatus('v2')).toBe('missing');
  });
});
