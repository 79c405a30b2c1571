// Over-the-air updates fail closed (issue 19): no update runs without the public key or over plain
// http; a genuine but older release offered again is refused; a package is capped in download and
// unpacked size and may not put files outside the bundle. Each case through the whole flow: the local
// update server, the update client and the web device.
import { unzipSync, zipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { computePackageHash } from './package-hash.ts';
import { BUILTIN_BUNDLE_VERSION, createOtaHarness, STAGING_KEY, type OtaHarness } from '../testing/ota-harness.ts';
import { craftZip, text, zipBomb } from '../testing/zip-fixtures.ts';
import type { SyncStatus } from './ota-updater.ts';
import { UPDATE_MESSAGES } from './update-messages.ts';

const MB = 1024 * 1024;
let harness: OtaHarness;
beforeEach(async () => {
  harness = await createOtaHarness();
});
afterEach(async () => {
  await harness.stop();
});

const releasesOf = (h: OtaHarness) => h.server.deployments.find((deployment) => deployment.key === STAGING_KEY)!.releases;

/** What an attacker with write access to the update server does: other contents, and the announced hash to match. */
async function tamperAndReannounce(label: string): Promise<void> {
  const release = releasesOf(harness).find((candidate) => candidate.label === label)!;
  const files = { ...unzipSync(release.zip), 'assets/app.js': text('stealCredentials();') };
  harness.server.tamper(label, zipSync(files));
  release.packageHash = await computePackageHash(new Map(Object.entries(files)));
}

const installedNothing = async (label = 'v2') => {
  expect(await harness.device.getBundleStatus(label)).toBe('missing');
  expect(harness.device.nextBundle()).toBeUndefined();
  harness.device.restart();
  expect(harness.device.served().label).toBeUndefined();
};

describe('an app built without what makes updates safe', () => {
  it('does not sync at all without a public key, even when a tampered package with a re-announced hash waits', async () => {
    await harness.release({ label: 'v2' });
    await tamperAndReannounce('v2');
    expect(await harness.launch({ publicKey: undefined }).sync()).toBe('error');
    expect(harness.log.messages('error')).toEqual([UPDATE_MESSAGES.updatesOffNoPublicKey]);
    expect(harness.server.checks).toEqual([]);
    await installedNothing();
  });

  it('refuses that tampered package with the signing text when it carries the key', async () => {
    await harness.release({ label: 'v2' });
    await tamperAndReannounce('v2');
    expect(await harness.launch().sync()).toBe('error');
    expect(harness.log.messages('error')).toEqual([UPDATE_MESSAGES.signingFailed]);
    await installedNothing();
  });

  it.each(['http://updates.example.com', 'http://10.0.2.2:4020', 'ftp://updates.example.com', 'not a url'])('does not sync with the update server at %s', async (serverUrl) => {
    await harness.release({ label: 'v2' });
    expect(await harness.launch({ serverUrl }).sync()).toBe('error');
    expect(harness.log.messages('error')).toEqual([UPDATE_MESSAGES.updatesOffInsecureServer]);
    expect(harness.server.checks).toEqual([]);
    await installedNothing();
  });

  it('has updates off, with a warning, without an update server', async () => {
    await harness.release({ label: 'v2' });
    expect(await harness.launch({ serverUrl: undefined }).sync()).toBe('error');
    expect(harness.log.messages('warn')).toEqual([UPDATE_MESSAGES.updatesOffNoServer]);
    expect(harness.log.messages('error')).toEqual([]);
    expect(harness.server.checks).toEqual([]);
  });

  // The test's update client always reaches the local server; only the configured address is judged here.
  it.each(['https://updates.example.com', 'http://127.0.0.1:4020', 'http://localhost:4020'])('syncs with the update server at %s', async (serverUrl) => {
    await harness.release({ label: 'v2' });
    expect(await harness.launch({ serverUrl }).sync()).toBe('installed');
  });

  it('does not download a package announced at a plain-http address on another host', async () => {
    await harness.release({ label: 'v2' });
    const api = harness.api;
    const updater = harness.launch({
      api: { ...api, checkForUpdate: async (query) => ({ ...(await api.checkForUpdate(query)), download_url: 'http://cdn.example.com/v2.zip' }) },
    });
    expect(await updater.sync()).toBe('error');
    expect(harness.log.messages('error')).toEqual([UPDATE_MESSAGES.insecureDownload]);
    expect(harness.server.reports.download).toEqual([]);
  });
});

describe('an update that is not newer than the running bundle', () => {
  it('is refused when a genuinely signed older release is offered as new, and not downloaded again', async () => {
    const { device, server } = harness;
    await harness.release({ label: 'v2' }); // bundle 1.0.1
    await harness.launch().sync();
    device.restart();
    await harness.launch().notifyAppReady();
    await harness.release({ label: 'v3' }); // bundle 1.0.2
    await harness.launch().sync();
    device.restart();
    await harness.launch().notifyAppReady();
    expect(device.served().label).toBe('v3');

    // The server offers v2 again as its newest release: genuine, signed, and older than what runs.
    const releases = releasesOf(harness);
    releases.push({ ...releases[0]! });
    const updater = harness.launch();
    expect(await updater.sync()).toBe('error');
    expect(harness.log.messages('error')).toEqual([UPDATE_MESSAGES.notNewer]);
    expect(harness.log.messages('warn')).toContain('The update v2 is bundle version 1.0.1; the running bundle is 1.0.2.');
    expect(device.nextBundle()).toBeUndefined();
    device.restart();
    expect(device.served().label).toBe('v3');
    expect(server.reports.deploy.at(-1)).toMatchObject({ label: 'v2', status: 'DeploymentFailed' });

    const downloads = server.reports.download.length;
    expect(await harness.launch().sync()).toBe('ignored');
    expect(server.reports.download).toHaveLength(downloads);
  });

  it('is refused when its version is the one of the bundle built into the binary', async () => {
    await harness.release({ label: 'v2', bundleVersion: BUILTIN_BUNDLE_VERSION });
    expect(await harness.launch().sync()).toBe('error');
    expect(harness.log.messages('error')).toEqual([UPDATE_MESSAGES.notNewer]);
    await installedNothing();
  });

  it('installs when newer, by number and not by text (1.0.10 after 1.0.9)', async () => {
    await harness.release({ label: 'v2', bundleVersion: '1.0.9' });
    await harness.launch().sync();
    harness.device.restart();
    await harness.launch().notifyAppReady();
    await harness.release({ label: 'v3', bundleVersion: '1.0.10' });
    expect(await harness.launch().sync()).toBe('installed');
    expect(harness.device.nextBundle()).toBe('v3');
  });
});

describe('the size of a package', () => {
  const statuses = (updater: ReturnType<OtaHarness['launch']>) => {
    const seen: SyncStatus[] = [];
    updater.subscribe((state) => seen.push(state.status));
    return seen;
  };

  it('announced above the download cap (50 MB) is not downloaded', async () => {
    await harness.release({ label: 'v2' });
    releasesOf(harness)[0]!.packageSize = 51 * MB;
    const updater = harness.launch();
    const seen = statuses(updater);
    expect(await updater.sync()).toBe('error');
    expect(harness.log.messages('error')).toEqual([UPDATE_MESSAGES.packageTooLarge]);
    expect(seen).not.toContain('downloading');
    expect(harness.server.reports.download).toEqual([]);
  });

  it('larger than announced and above the cap is refused by its Content-Length', async () => {
    await harness.release({ label: 'v2' });
    harness.server.tamper('v2', new Uint8Array(2 * MB));
    expect(await harness.launch({ limits: { maxDownloadBytes: 1 * MB } }).sync()).toBe('error');
    expect(harness.log.messages('error')).toEqual([UPDATE_MESSAGES.packageTooLarge]);
    expect(harness.log.messages('warn')).toEqual([`The package declares ${2 * MB} bytes, more than the ${1 * MB} bytes a download may have.`]);
    expect(harness.server.reports.download).toEqual([]);
  });

  it('that unpacks to 400 MB from a 400 KB zip is refused before it is inflated', async () => {
    harness.server.publish({ deploymentKey: STAGING_KEY, label: 'v2', zip: zipBomb(400 * MB), packageHash: 'a'.repeat(64) });
    expect(await harness.launch().sync()).toBe('error');
    expect(harness.log.messages('error')).toEqual([UPDATE_MESSAGES.unzipFailed]);
    expect(harness.log.messages('warn')).toEqual([`The package unpacks to more than ${200 * MB} bytes.`]);
    expect(harness.server.reports.deploy).toMatchObject([{ label: 'v2', status: 'DeploymentFailed' }]);
    await installedNothing();
  });
});

describe('the paths in a package', () => {
  it.each(['../../shared_prefs/evil.xml', '/data/data/com.company.essworkplace/evil.js', 'C:/evil.js', 'assets\\..\\..\\evil.js'])('refuses an entry named %s', async (name) => {
    const zip = craftZip([
      { name: 'index.html', data: text('<!doctype html>') },
      { name, data: text('alert(1)') },
    ]);
    harness.server.publish({ deploymentKey: STAGING_KEY, label: 'v2', zip, packageHash: 'a'.repeat(64) });
    expect(await harness.launch().sync()).toBe('error');
    expect(harness.log.messages('error')).toEqual([UPDATE_MESSAGES.unzipFailed]);
    await installedNothing();
  });
});
