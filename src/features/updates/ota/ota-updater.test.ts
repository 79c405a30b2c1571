// The update flow end to end on one machine: the local update server, the update client on its own
// client, and the web device. Each `launch()` is one start of the app.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { unzipSync, zipSync } from 'fflate';
import { APP_VERSION, bundleFiles, createOtaHarness, servedIndex, STAGING_KEY, type OtaHarness } from '../testing/ota-harness.ts';
import { UPDATE_MESSAGES } from './update-messages.ts';

let harness: OtaHarness;
beforeEach(async () => {
  harness = await createOtaHarness();
});
afterEach(async () => {
  await harness.stop();
});

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('an optional update', () => {
  it('is found, downloaded with progress, verified and installed on the next restart', async () => {
    const { server, device } = harness;
    await harness.release({ label: 'v2', description: 'Faster chat.' });
    const updater = harness.launch();
    const seen: string[] = [];
    const progress: number[] = [];
    updater.subscribe((state) => {
      if (seen.at(-1) !== state.status) seen.push(state.status);
      if (state.progress) progress.push(state.progress.receivedBytes);
    });

    expect(await updater.sync()).toBe('installed');
    expect(seen).toEqual(['checking', 'downloading', 'installing', 'installed']);
    expect(progress.at(-1)).toBe(server.deployments[1]!.releases[0]!.packageSize);
    expect(updater.getState().package).toMatchObject({ label: 'v2', description: 'Faster chat.', isMandatory: false, appVersion: APP_VERSION, deploymentKey: STAGING_KEY, failedInstall: false });
    // Nothing changes until the restart.
    expect(device.served().label).toBeUndefined();
    expect(device.nextBundle()).toBe('v2');
    expect(server.checks[0]).toMatchObject({ deployment_key: STAGING_KEY, app_version: APP_VERSION, client_unique_id: 'device-1', is_companion: 'false' });

    device.restart();
    expect(servedIndex(device)).toContain('ESS v2');
    const second = harness.launch();
    expect(await second.getCurrentPackage()).toMatchObject({ label: 'v2', isFirstRun: true });
    await second.notifyAppReady();
    expect(await second.getCurrentPackage()).toMatchObject({ label: 'v2', isFirstRun: false });
    expect(server.reports.deploy).toMatchObject([{ label: 'v2', status: 'DeploymentSucceeded', previous_label_or_app_version: APP_VERSION }]);

    // The next check names the running package, and the server has nothing newer.
    expect(await second.sync()).toBe('up-to-date');
    expect(server.checks[1]).toMatchObject({ label: 'v2', package_hash: server.deployments[1]!.releases[0]!.packageHash });
  });

  it('is ignored when the user chooses Ignore in the dialog, and nothing is downloaded', async () => {
    await harness.release({ label: 'v2' });
    const asked: string[] = [];
    const updater = harness.launch({ confirmUpdate: async (update) => (asked.push(update.label), false) });
    expect(await updater.sync()).toBe('ignored');
    expect(asked).toEqual(['v2']);
    expect(harness.server.reports.download).toEqual([]);
    expect(harness.device.nextBundle()).toBeUndefined();
  });

  it('reports the previous label when one update follows another', async () => {
    await harness.release({ label: 'v2' });
    await harness.launch().sync();
    harness.device.restart();
    await harness.launch().notifyAppReady();
    await harness.release({ label: 'v3' });
    expect(await harness.launch().sync()).toBe('installed');
    harness.device.restart();
    await harness.launch().notifyAppReady();
    expect(harness.server.reports.deploy.map((report) => [report.label, report.previous_label_or_app_version])).toEqual([
      ['v2', APP_VERSION],
      ['v3', 'v2'],
    ]);
  });
});

describe('a mandatory update', () => {
  it('is installed at once, without waiting for a restart', async () => {
    await harness.release({ label: 'v2', mandatory: true, description: 'Security fix.' });
    const reloads: string[] = [];
    harness.device.onReload((reason) => reloads.push(reason));
    const asked: boolean[] = [];
    expect(await harness.launch({ confirmUpdate: async (update) => (asked.push(update.isMandatory), true) }).sync()).toBe('installed');
    expect(asked).toEqual([true]);
    expect(reloads).toEqual(['apply']);
    expect(servedIndex(harness.device)).toContain('ESS v2');
    await harness.launch().notifyAppReady();
    expect(harness.server.reports.deploy).toMatchObject([{ label: 'v2', status: 'DeploymentSucceeded' }]);
  });

  it('is mandatory when a skipped release was, even if the newest is not', async () => {
    await harness.release({ label: 'v2', mandatory: true });
    await harness.release({ label: 'v3' });
    await harness.launch().sync();
    expect(harness.device.served().label).toBe('v3');
  });
});

describe('a package that fails its checks', () => {
  it('refuses a tampered bundle with the integrity text and installs nothing', async () => {
    const built = await harness.release({ label: 'v2' });
    // Same label, announced hash and signature file, other contents: what an altered file on the package host serves.
    harness.server.tamper('v2', zipSync({ ...unzipSync(built.zip), 'assets/app.js': new TextEncoder().encode('stealCredentials();') }));
    expect(await harness.launch().sync()).toBe('error');
    expect(harness.log.messages('error')).toEqual([UPDATE_MESSAGES.integrityFailed]);
    expect(await harness.device.getBundleStatus('v2')).toBe('missing');
    expect(harness.device.nextBundle()).toBeUndefined();
    harness.device.restart();
    expect(harness.device.served().label).toBeUndefined();
    expect(harness.server.reports.deploy).toMatchObject([{ label: 'v2', status: 'DeploymentFailed' }]);
  });

  it('refuses a package that is not a zip', async () => {
    harness.server.publish({ deploymentKey: STAGING_KEY, label: 'v2', zip: new TextEncoder().encode('not a zip'), packageHash: 'a'.repeat(64) });
    expect(await harness.launch().sync()).toBe('error');
    expect(harness.log.messages('error')).toEqual([UPDATE_MESSAGES.unzipFailed]);
  });

  it('refuses a CodePush diff package', async () => {
    const files = bundleFiles('v2', { 'hotcodepush.json': '{"deletedFiles":[]}' });
    await harness.release({ label: 'v2', files });
    expect(await harness.launch().sync()).toBe('error');
    expect(harness.log.messages('error')).toEqual([UPDATE_MESSAGES.noDiffUpdate]);
  });
});

describe('the launch itself', () => {
  it('logs that the application version is unknown, and asks nothing', async () => {
    await harness.stop();
    harness = await createOtaHarness({ appVersion: () => Promise.reject(new Error('bridge down')) });
    expect(await harness.launch().sync()).toBe('error');
    expect(harness.log.messages('error')).toEqual([UPDATE_MESSAGES.noAppVersion]);
    expect(harness.server.checks).toEqual([]);
  });

  it('logs that no deployment key is configured, and asks nothing', async () => {
    expect(await harness.launch({ deploymentKey: '' }).sync()).toBe('error');
    expect(harness.log.messages('error')).toEqual([UPDATE_MESSAGES.noDeploymentKey]);
    expect(harness.server.checks).toEqual([]);
  });

  it('starts over on a new binary: packages installed on the old one no longer apply', async () => {
    await harness.release({ label: 'v2', mandatory: true });
    await harness.launch().sync();
    await harness.launch().notifyAppReady();
    await harness.stop();
    harness = await createOtaHarness({ appVersion: '2.0.40' });
    await harness.release({ label: 'v2' });
    expect(await harness.launch().sync()).toBe('installed');
    expect(harness.server.checks[0]).not.toHaveProperty('label');
  });
});

describe('a bundle that never confirms it works', () => {
  it('is rolled back, reported as DeploymentFailed, and its label ignored from then on', async () => {
    const { server, device } = harness;
    await harness.release({ label: 'v2' });
    expect(await harness.launch().sync()).toBe('installed');
    device.restart();
    expect(device.served().label).toBe('v2');
    harness.launch(); // The new bundle starts but never calls notifyAppReady.
    await wait(450); // > the web device's 300 ms ready timeout (10 s on the phones)
    expect(device.served().label).toBeUndefined();
    expect(servedIndex(device)).toContain('ESS builtin');

    const afterRollback = harness.launch();
    await afterRollback.notifyAppReady();
    expect(server.reports.deploy).toMatchObject([{ label: 'v2', status: 'DeploymentFailed', previous_label_or_app_version: APP_VERSION }]);
    expect(harness.store.read().failedLabels).toEqual(['v2']);
    expect(await device.getBundleStatus('v2')).toBe('missing'); // Freed once reported.

    expect(await afterRollback.sync()).toBe('ignored');
    expect(afterRollback.getState().package).toMatchObject({ label: 'v2', failedInstall: true });
    expect(server.reports.download).toHaveLength(1); // Only the first, rolled-back download.
  });
});

describe('when the update service fails', () => {
  it('stops calling it for this launch after a 404', async () => {
    const updater = harness.launch({ deploymentKey: 'no-such-key' });
    expect(await updater.sync()).toBe('error');
    expect(harness.log.messages('error')).toEqual([UPDATE_MESSAGES.noDeploymentKey]);
    expect(harness.api.disabled).toBe(true);
    expect(await updater.sync()).toBe('error');
    expect(harness.server.checks).toHaveLength(1);
  });

  it('tries again (on the next launch) after a 503', async () => {
    await harness.release({ label: 'v2' });
    harness.server.failNext(503);
    expect(await harness.launch().sync()).toBe('error');
    expect(harness.api.disabled).toBe(false);
    expect(await harness.launch().sync()).toBe('installed');
    expect(harness.server.checks).toHaveLength(1); // The 503 answered before the check was recorded.
  });

  it.each([408, 429, 500])('keeps calling after a %i', async (status) => {
    harness.server.failNext(status);
    const updater = harness.launch();
    expect(await updater.sync()).toBe('error');
    expect(await updater.sync()).toBe('up-to-date');
  });
});

describe('two syncs at once', () => {
  it('run one', async () => {
    await harness.release({ label: 'v2' });
    const updater = harness.launch();
    expect(await Promise.all([updater.sync(), updater.sync()])).toEqual(['installed', 'in-progress']);
    expect(harness.server.checks).toHaveLength(1);
    expect(harness.server.reports.download).toHaveLength(1);
  });
});

describe('the reports', () => {
  it('carry the fields of SPEC §7', async () => {
    await harness.release({ label: 'v2' });
    await harness.launch().sync();
    harness.device.restart();
    await harness.launch().notifyAppReady();
    const [download] = harness.server.reports.download;
    const [deploy] = harness.server.reports.deploy;
    expect(Object.keys(download!).filter((key) => key !== 'receivedAt').sort()).toEqual(['client_unique_id', 'deployment_key', 'label']);
    expect(download).toMatchObject({ client_unique_id: 'device-1', deployment_key: STAGING_KEY, label: 'v2' });
    expect(Object.keys(deploy!).filter((key) => key !== 'receivedAt').sort()).toEqual([
      'app_version',
      'client_unique_id',
      'deployment_key',
      'label',
      'previous_deployment_key',
      'previous_label_or_app_version',
      'status',
    ]);
    expect(deploy).toMatchObject({
      app_version: APP_VERSION,
      deployment_key: STAGING_KEY,
      client_unique_id: 'device-1',
      label: 'v2',
      status: 'DeploymentSucceeded',
      previous_label_or_app_version: APP_VERSION,
      previous_deployment_key: STAGING_KEY,
    });
  });
});
