// Code signing (SPEC §5) through the whole flow: the release is signed the way `npm run release:ota
// -- --sign` signs it (its contents hash, label, binary range and bundle version), and the client
// holds the public key. What the app does without a key at all is in ota-fail-closed.test.ts.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { unzipSync, zipSync } from 'fflate';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { buildUpdatePackage, readBundle, signRelease } from '../../../../scripts/lib/ota-package.ts';
import { bundleFiles, createOtaHarness, harnessKeys, rsaKeyPair, STAGING_KEY, type OtaHarness } from '../testing/ota-harness.ts';
import { SIGNATURE_FILE } from './package-hash.ts';
import { UPDATE_MESSAGES } from './update-messages.ts';

let harness: OtaHarness;
let otherKeys: { privateKey: string; publicKey: string };

beforeAll(() => {
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

const installedNothing = async (label = 'v2') => {
  expect(await harness.device.getBundleStatus(label)).toBe('missing');
  expect(harness.device.nextBundle()).toBeUndefined();
};

const refusedWithSigningText = async (label = 'v2') => {
  expect(await harness.launch().sync()).toBe('error');
  expect(harness.log.messages('error')).toEqual([UPDATE_MESSAGES.signingFailed]);
  await installedNothing(label);
  expect(harness.server.reports.deploy).toMatchObject([{ label, status: 'DeploymentFailed' }]);
};

describe('a signed update', () => {
  it('verifies against the configured public key and installs', async () => {
    const built = await harness.release({ label: 'v2' });
    expect(built.files.has(SIGNATURE_FILE)).toBe(true);
    expect(await harness.launch().sync()).toBe('installed');
    expect(harness.log.entries.filter((entry) => entry.level !== 'info')).toEqual([]);
    expect(harness.device.nextBundle()).toBe('v2');
  });

  it('signed with another key is refused with the signing text and nothing is installed', async () => {
    await harness.release({ label: 'v2', privateKey: otherKeys.privateKey });
    await refusedWithSigningText();
  });

  it('whose signature vouches for other contents is refused with the signing text', async () => {
    const built = await buildUpdatePackage(bundleFiles('v2'));
    // A genuine signature, but over another release's hash, copied into this one.
    const borrowed = await signRelease('f'.repeat(64), { privateKey: harnessKeys().privateKey, label: 'v2', appVersion: '*', bundleVersion: '1.0.1' });
    harness.server.publish({ deploymentKey: STAGING_KEY, label: 'v2', zip: withFile(built.zip, SIGNATURE_FILE, borrowed), packageHash: built.packageHash });
    await refusedWithSigningText();
  });

  it('with a garbled signature file is refused with the signing text', async () => {
    const built = await buildUpdatePackage(bundleFiles('v2'));
    harness.server.publish({ deploymentKey: STAGING_KEY, label: 'v2', zip: withFile(built.zip, SIGNATURE_FILE, 'not.a.jwt'), packageHash: built.packageHash });
    await refusedWithSigningText();
  });

  it('re-announced under another label than the one signed is refused with the signing text', async () => {
    // A genuine package, signed as v2, offered again as v3 (to pass for a new release).
    await harness.release({ label: 'v3', signedLabel: 'v2' });
    await refusedWithSigningText('v3');
  });

  it('offered to a binary outside the range it was signed for is refused with the signing text', async () => {
    // Signed for the 2.1 binaries, announced to every binary (this one is 2.0.39).
    await harness.release({ label: 'v2', targetBinaryRange: '*', signedAppVersion: '2.1.x' });
    await refusedWithSigningText();
  });
});

describe('every file of a package is signed', () => {
  /** A genuine signed release, with files added to its zip after it was hashed and signed. */
  const publishWithAdded = async (added: Record<string, string>) => {
    const built = await buildUpdatePackage(bundleFiles('v2'), { privateKey: harnessKeys().privateKey, label: 'v2', appVersion: '*', bundleVersion: '1.0.1' });
    let zip = built.zip;
    for (const [path, contents] of Object.entries(added)) zip = withFile(zip, path, contents);
    harness.server.publish({ deploymentKey: STAGING_KEY, label: 'v2', zip, packageHash: built.packageHash });
  };

  // CodePush leaves these paths out of the hash; the device would still install and serve them.
  for (const path of ['.DS_Store', 'assets/.DS_Store', '__MACOSX/index.html', '__MACOSX/assets/._app.js', 'assets/.codepushrelease']) {
    it(`a package with ${path} added after signing is refused with the integrity text and nothing is installed`, async () => {
      await publishWithAdded({ [path]: '<script>alert(1)</script>' });
      expect(await harness.launch().sync()).toBe('error');
      expect(harness.log.messages('error')).toEqual([UPDATE_MESSAGES.integrityFailed]);
      await installedNothing();
    });
  }

  // The signature file is the one file outside the hash: a valid token with bytes around it would
  // still verify (a JWT reader trims and drops a byte-order mark) while the device serves the padding.
  for (const [what, wrap] of [
    ['padding after the token', (token: string) => `${token}\n${' '.repeat(4096)}\n`],
    ['a byte-order mark before the token', (token: string) => `\uFEFF${token}`],
  ] as const) {
    it(`a signature file with ${what} is refused with the signing text`, async () => {
      const built = await buildUpdatePackage(bundleFiles('v2'), { privateKey: harnessKeys().privateKey, label: 'v2', appVersion: '*', bundleVersion: '1.0.1' });
      const token = new TextDecoder().decode(built.files.get(SIGNATURE_FILE));
      harness.server.publish({ deploymentKey: STAGING_KEY, label: 'v2', zip: withFile(built.zip, SIGNATURE_FILE, wrap(token)), packageHash: built.packageHash });
      await refusedWithSigningText();
    });
  }

  it('the release tool packs no macOS debris or stale signature file from the build folder', () => {
    const dist = mkdtempSync(join(tmpdir(), 'ota-bundle-'));
    try {
      for (const [path, text] of Object.entries({ 'index.html': '<!doctype html>', 'assets/app.js': '1', 'assets/app.js.map': '{}', '.DS_Store': 'x', 'assets/.DS_Store': 'x', '__MACOSX/assets/._app.js': 'x', '.codepushrelease': 'old.jwt.x', 'assets/.codepushrelease': 'old.jwt.x' })) {
        mkdirSync(dirname(join(dist, path)), { recursive: true });
        writeFileSync(join(dist, path), text);
      }
      expect([...readBundle(dist).keys()].sort()).toEqual(['assets/app.js', 'index.html']);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('debris the release tool is handed is packed only as signed contents, and installs with them', async () => {
    const built = await harness.release({ label: 'v2', files: bundleFiles('v2', { 'assets/.DS_Store': 'finder' }) });
    expect(built.files.has('assets/.DS_Store')).toBe(true);
    expect(await harness.launch().sync()).toBe('installed');
    harness.device.restart();
    expect(new TextDecoder().decode(harness.device.served().files.get('assets/.DS_Store'))).toBe('finder');
  });
});

describe('an unsigned update', () => {
  it('is an error (the app always carries a public key), and nothing is installed', async () => {
    await harness.release({ label: 'v2', privateKey: null });
    expect(await harness.launch().sync()).toBe('error');
    expect(harness.log.messages('error')).toEqual([UPDATE_MESSAGES.keyWithoutSignature]);
    await installedNothing();
    expect(harness.server.reports.deploy).toMatchObject([{ label: 'v2', status: 'DeploymentFailed' }]);
  });
});
