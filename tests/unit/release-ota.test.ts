// `npm run release:ota` end to end: it builds the web bundle, zips, hashes, signs and publishes it to
// the local update server; the update client then finds it, verifies it with the public key and
// installs it, and after the restart the device serves exactly the files that were built.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOtaHarness, rsaKeyPair, servedIndex, STAGING_KEY, type OtaHarness } from '../../src/features/updates/testing/ota-harness.ts';

let harness: OtaHarness;
let workDir: string;
let keys: { privateKey: string; publicKey: string };

function releaseOta(...args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [resolve('scripts/release-ota.ts'), ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => done({ code, output }));
  });
}

beforeAll(async () => {
  harness = await createOtaHarness();
  workDir = mkdtempSync(join(tmpdir(), 'release-ota-'));
  keys = rsaKeyPair();
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
    const { code, output } = await releaseOta(
      '--label', 'v2', '--sign', join(workDir, 'private.pem'), '--description', 'Faster chat.',
      '--server', harness.server.url, '--deployment-key', STAGING_KEY, '--dist', dist, '--out', zipFile,
    );
    expect(code, output).toBe(0);
    expect(output).toContain('published v2 to Staging');

    const [release] = harness.server.deployments.find((deployment) => deployment.key === STAGING_KEY)!.releases;
    expect(release).toMatchObject({ label: 'v2', isMandatory: false, description: 'Faster chat.', targetBinaryRange: '2.0.x' });
    const zipped = unzipSync(readFileSync(zipFile));
    expect(Object.keys(zipped)).toContain('.codepushrelease');
    expect(Object.keys(zipped).some((path) => path.endsWith('.map'))).toBe(false);

    const updater = harness.launch({ publicKey: keys.publicKey });
    expect(await updater.sync()).toBe('installed');
    harness.device.restart();
    await harness.launch({ publicKey: keys.publicKey }).notifyAppReady();
    expect(servedIndex(harness.device)).toBe(readFileSync(join(dist, 'index.html'), 'utf8'));
    expect(harness.server.reports.deploy).toMatchObject([{ label: 'v2', status: 'DeploymentSucceeded' }]);
  }, 120_000);

  it('publishes a mandatory release that installs at once', async () => {
    // Other contents than v2 (the same contents would have the same hash: nothing to update).
    const dist = join(workDir, 'dist-v3');
    cpSync(join(workDir, 'dist'), dist, { recursive: true });
    writeFileSync(join(dist, 'release.txt'), 'v3');
    const { code, output } = await releaseOta(
      '--label', 'v3', '--mandatory', '--sign', join(workDir, 'private.pem'),
      '--server', harness.server.url, '--deployment-key', STAGING_KEY, '--dist', dist, '--skip-build',
    );
    expect(code, output).toBe(0);
    expect(output).toContain('mandatory');
    expect(await harness.launch({ publicKey: keys.publicKey }).sync()).toBe('installed');
    expect(harness.device.served().label).toBe('v3');
  });

  it('refuses a label that is already released, and requires one', async () => {
    const again = await releaseOta('--label', 'v3', '--server', harness.server.url, '--deployment-key', STAGING_KEY, '--dist', join(workDir, 'dist'), '--skip-build');
    expect(again.code).toBe(1);
    expect(again.output).toContain('Label v3 is already released.');
    const missing = await releaseOta('--skip-build');
    expect(missing.code).toBe(2);
    expect(missing.output).toContain('--label is required');
  });
});
