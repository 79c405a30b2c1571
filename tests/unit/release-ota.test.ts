// `npm run release:ota` end to end: it builds the web bundle for the shells (native mode, through the
// OTA build guard), zips, hashes, signs (contents, label, binary range, bundle version) and publishes it
// to the local update server; the update client then finds it, verifies it with the public key and
// installs it, and after the restart the device serves exactly the files that were built.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_VERSIONS } from '../../src/api/platform-headers.ts';
import { UPDATE_MESSAGES } from '../../src/features/updates/ota/update-messages.ts';
import { createOtaHarness, harnessKeys, servedIndex, STAGING_KEY, type OtaHarness } from '../../src/features/updates/testing/ota-harness.ts';

let harness: OtaHarness;
let workDir: string;
let keys: { privateKey: string; publicKey: string };

/** The shells' build settings for the local update server (plain http to this machine, hence the opt-in). */
const shellEnv = () => ({
  VITE_OTA_SERVER_URL: harness.server.url,
  VITE_OTA_PUBLIC_KEY: keys.publicKey,
  VITE_OTA_DEPLOYMENT_KEY_ANDROID: STAGING_KEY,
  OTA_ALLOW_INSECURE_DEV: '1',
});

function releaseOta(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [resolve('scripts/release-ota.ts'), ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => done({ code, output }));
  });
}

beforeAll(async () => {
  harness = await createOtaHarness();
  workDir = mkdtempSync(join(tmpdir(), 'release-ota-'));
  keys = harnessKeys(); // The key pair the harness's app carries.
  writeFileSync(join(workDir, 'private.pem'), keys.privateKey);
});
afterAll(async () => {
  await harness.stop();
  rmSync(workDir, { recursive: true, force: true });
});

describe('npm run release:ota', () => {
  it('builds, signs and publishes a release that the client then installs on the next restart', async () => {
    const dist = join(workDir, 'dist');
    const zipFile = join(workDir, 'v2.zip');
    const { code, output } = await releaseOta([
      '--label', 'v2', '--sign', join(workDir, 'private.pem'), '--description', 'Faster chat.',
      '--server', harness.server.url, '--deployment-key', STAGING_KEY, '--dist', dist, '--out', zipFile,
    ], shellEnv());
    expect(code, output).toBe(0);
    expect(output).toContain('published v2 to Staging');
    expect(output).toContain(`signed, bundle version ${APP_VERSIONS.pwa}`);
    expect(output).toContain('OTA_ALLOW_INSECURE_DEV=1: updates come over plain http'); // The guard's warning.

    const [release] = harness.server.deployments.find((deployment) => deployment.key === STAGING_KEY)!.releases;
    expect(release).toMatchObject({ label: 'v2', isMandatory: false, description: 'Faster chat.', targetBinaryRange: '2.0.x' });
    const zipped = unzipSync(readFileSync(zipFile));
    expect(Object.keys(zipped)).toContain('.codepushrelease');
    expect(Object.keys(zipped).some((path) => path.endsWith('.map'))).toBe(false);

    const updater = harness.launch();
    expect(await updater.sync()).toBe('installed');
    harness.device.restart();
    await harness.launch().notifyAppReady();
    expect(servedIndex(harness.device)).toBe(readFileSync(join(dist, 'index.html'), 'utf8'));
    expect(harness.server.reports.deploy).toMatchObject([{ label: 'v2', status: 'DeploymentSucceeded' }]);
  }, 120_000);

  it('publishes a mandatory release that installs at once', async () => {
    // Other contents than v2 (the same contents would have the same hash: nothing to update).
    const dist = join(workDir, 'dist-v3');
    cpSync(join(workDir, 'dist'), dist, { recursive: true });
    writeFileSync(join(dist, 'release.txt'), 'v3');
    const { code, output } = await releaseOta([
      '--label', 'v3', '--mandatory', '--sign', join(workDir, 'private.pem'), '--bundle-version', '2.2.032',
      '--server', harness.server.url, '--deployment-key', STAGING_KEY, '--dist', dist, '--skip-build',
    ]);
    expect(code, output).toBe(0);
    expect(output).toContain('mandatory');
    expect(await harness.launch().sync()).toBe('installed');
    expect(harness.device.served().label).toBe('v3');
    await harness.launch().notifyAppReady();
  });

  it('publishes a release the client refuses when its bundle version is not newer than the running one', async () => {
    // Other contents again, but released as 2.2.031 (v2's version) while v3 (2.2.032) runs.
    const dist = join(workDir, 'dist-v4');
    cpSync(join(workDir, 'dist'), dist, { recursive: true });
    writeFileSync(join(dist, 'release.txt'), 'v4');
    const { code, output } = await releaseOta([
      '--label', 'v4', '--sign', join(workDir, 'private.pem'), '--bundle-version', APP_VERSIONS.pwa,
      '--server', harness.server.url, '--deployment-key', STAGING_KEY, '--dist', dist, '--skip-build',
    ]);
    expect(code, output).toBe(0);
    expect(await harness.launch().sync()).toBe('error');
    expect(harness.log.messages('error')).toEqual([UPDATE_MESSAGES.notNewer]);
    harness.device.restart();
    expect(harness.device.served().label).toBe('v3');
  });

  it('refuses to build a bundle that would ship updates unverified, or switch them off', async () => {
    const dist = join(workDir, 'dist-refused');
    const args = ['--label', 'v9', '--sign', join(workDir, 'private.pem'), '--server', harness.server.url, '--deployment-key', STAGING_KEY, '--dist', dist];
    const noKey = await releaseOta(args, { ...shellEnv(), VITE_OTA_PUBLIC_KEY: '' });
    expect(noKey.code).toBe(1);
    expect(noKey.output).toContain('VITE_OTA_PUBLIC_KEY is missing');
    const plainHttp = await releaseOta(args, { ...shellEnv(), OTA_ALLOW_INSECURE_DEV: '' });
    expect(plainHttp.code).toBe(1);
    expect(plainHttp.output).toContain('VITE_OTA_SERVER_URL must be https:');
    const noServer = await releaseOta(args, { ...shellEnv(), VITE_OTA_SERVER_URL: '' });
    expect(noServer.code).toBe(1);
    expect(noServer.output).toContain('A released bundle would switch them off on every device that installs it.');
    expect(harness.server.deployments.flatMap((deployment) => deployment.releases).map((release) => release.label)).not.toContain('v9');
  });

  it('refuses a label that is already released, and requires a label, a signing key and a dotted bundle version', async () => {
    const dist = join(workDir, 'dist');
    const again = await releaseOta(['--label', 'v3', '--sign', join(workDir, 'private.pem'), '--server', harness.server.url, '--deployment-key', STAGING_KEY, '--dist', dist, '--skip-build']);
    expect(again.code).toBe(1);
    expect(again.output).toContain('Label v3 is already released.');
    const missing = await releaseOta(['--skip-build']);
    expect(missing.code).toBe(2);
    expect(missing.output).toContain('--label is required');
    const unsigned = await releaseOta(['--label', 'v5', '--dist', dist, '--skip-build']);
    expect(unsigned.code).toBe(2);
    expect(unsigned.output).toContain('--sign <private key PEM> is required: the app installs only signed updates');
    const badVersion = await releaseOta(['--label', 'v5', '--sign', join(workDir, 'private.pem'), '--bundle-version', 'next', '--dist', dist, '--skip-build']);
    expect(badVersion.code).toBe(2);
    expect(badVersion.output).toContain('--bundle-version must be dotted numbers (as 2.2.031), not next');
  });
});
