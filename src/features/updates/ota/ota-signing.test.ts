// Code signing (SPEC §5) through the whole flow: the release is signed the way `npm run release:ota
// -- --sign` signs it, and the client holds (or lacks) the public key.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { unzipSync, zipSync } from 'fflate';
import { buildUpdatePackage, signPackageHash } from '../../../../scripts/lib/ota-package.ts';
import { bundleFiles, createOtaHarness, rsaKeyPair, STAGING_KEY, type OtaHarness } from '../testing/ota-harness.ts';
import { SIGNATURE_FILE } from './package-hash.ts';
import { UPDATE_MESSAGES } from './update-messages.ts';

let harness: OtaHarness;
let keys: { privateKey: string; publicKey: string };
let otherKeys: { privateKey: string; publicKey: string };

beforeAll(() => {
  keys = rsaKeyPair();
  otherKeys = rsaKeyPair();
});
beforeEach(async () => {
  harness = await createOtaHarness();
});
afterEach(async () => {
  await harness.stop();
});

/** The package's zip with one file added or replaced after it was built (and hashed). */
function withFile(zip: Uint8Array, path: string, contents: string): Uint8Array {
  return zipSync({ ...unzipSync(zip), [path]: new TextEncoder().encode(contents) });
}

const installedNothing = async () => {
  expect(await harness.device.getBundleStatus('v2')).toBe('missing');
  expect(harness.device.nextBundle()).toBeUndefined();
};

describe('a signed update', () => {
  it('verifies against the configured public key and installs', async () => {
    const built = await harness.release({ label: 'v2', privateKey: keys.privateKey });
    expect(built.files.has(SIGNATURE_FILE)).toBe(true);
    expect(await harness.launch({ publicKey: keys.publicKey }).sync()).toBe('installed');
    expect(harness.log.entries.filter((entry) => entry.level !== 'info')).toEqual([]);
    expect(harness.device.nextBundle()).toBe('v2');
  });

  it('signed with another key is refused with the signing text and nothing is installed', async () => {
    await harness.release({ label: 'v2', privateKey: otherKeys.privateKey });
    expect(await harness.launch({ publicKey: keys.publicKey }).sync()).toBe('error');
    expect(harness.log.messages('error')).toEqual([UPDATE_MESSAGES.signingFailed]);
    await installedNothing();
  });

  it('whose signature vouches for other contents is refused with the signing text', async () => {
    const built = await buildUpdatePackage(bundleFiles('v2'));
    // A genuine signature, but over another release's hash, copied into this one.
    const borrowed = await signPackageHash('f'.repeat(64), keys.privateKey);
    harness.server.publish({ deploymentKey: STAGING_KEY, label: 'v2', zip: withFile(built.zip, SIGNATURE_FILE, borrowed), packageHash: built.packageHash });
    expect(await harness.launch({ publicKey: keys.publicKey }).sync()).toBe('error');
    expect(harness.log.messages('error')).toEqual([UPDATE_MESSAGES.signingFailed]);
    await installedNothing();
  });

  it('with a garbled signature file is refused with the signing text', async () => {
    const built = await buildUpdatePackage(bundleFiles('v2'));
    harness.server.publish({ deploymentKey: STAGING_KEY, label: 'v2', zip: withFile(built.zip, SIGNATURE_FILE, 'not.a.jwt'), packageHash: built.packageHash });
    expect(await harness.launch({ publicKey: keys.publicKey }).sync()).toBe('error');
    expect(harness.log.messages('error')).toEqual([UPDATE_MESSAGES.signingFailed]);
    await installedNothing();
  });

  it('without a public key in the app only warns, and installs', async () => {
    await harness.release({ label: 'v2', privateKey: keys.privateKey });
    expect(await harness.launch({ publicKey: undefined }).sync()).toBe('installed');
    expect(harness.log.messages('warn')).toEqual([UPDATE_MESSAGES.signatureWithoutKey]);
    expect(harness.log.messages('error')).toEqual([]);
    harness.device.restart();
    expect(harness.device.served().label).toBe('v2');
  });
});

describe('an unsigned update', () => {
  it('is an error when the app carries a public key, and nothing is installed', async () => {
    await harness.release({ label: 'v2' });
    expect(await harness.launch({ publicKey: keys.publicKey }).sync()).toBe('error');
    expect(harness.log.messages('error')).toEqual([UPDATE_MESSAGES.keyWithoutSignature]);
    await installedNothing();
    expect(harness.server.reports.deploy).toMatchObject([{ label: 'v2', status: 'DeploymentFailed' }]);
  });

  it('installs when the app carries no key either', async () => {
    await harness.release({ label: 'v2' });
    expect(await harness.launch().sync()).toBe('installed');
    expect(harness.log.entries.filter((entry) => entry.level !== 'info')).toEqual([]);
  });
});
