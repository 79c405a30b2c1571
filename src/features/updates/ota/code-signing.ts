// Code signing after CodePush: the release tool signs the release's claims as an RS256 JWT and ships
// it in the bundle's `.codepushrelease`; the client verifies it against the public key it was built
// with. CodePush signs only `{claimVersion: '1.0.0', contentHash}`, which lets a genuine package be
// re-announced under another label, for another binary, or after a newer one; version 2.0.0 of the
// claims also binds the label, the binary range (`appVersion`, as CodePush names a release's target
// binary version) and the bundle's own version, which the client compares with what runs.
// Loaded only when a package is verified (jose stays out of every other chunk).
import { importSPKI, jwtVerify } from 'jose';
import { UPDATE_MESSAGES, UpdateError } from './update-messages.ts';
import { isDottedVersion, satisfiesRange } from './versions.ts';

export const CLAIM_VERSION = '2.0.0';

export interface ReleaseClaims {
  claimVersion: typeof CLAIM_VERSION;
  /** The CodePush package hash of the contents. */
  contentHash: string;
  label: string;
  /** The binary versions the release is for, as a range ("2.0.x"). */
  appVersion: string;
  /** The web bundle's own version (dotted numbers); a device installs only a newer one than it runs. */
  bundleVersion: string;
}

export interface ExpectedRelease {
  contentHash: string;
  /** The label the update check announced. */
  label: string;
  /** The binary's version on this device. */
  binaryVersion: string;
}

const signingFailed = (cause?: unknown) => new UpdateError(UPDATE_MESSAGES.signingFailed, cause === undefined ? undefined : { cause });

/** The verified claims; refuses with the signing text when the token or any claim does not match. */
export async function verifySignature(jwt: string, publicKeyPem: string, expected: ExpectedRelease): Promise<ReleaseClaims> {
  let claims: Record<string, unknown>;
  try {
    const key = await importSPKI(publicKeyPem, 'RS256');
    ({ payload: claims } = await jwtVerify(jwt, key, { algorithms: ['RS256'] }));
  } catch (error) {
    throw signingFailed(error);
  }
  const { claimVersion, contentHash, label, appVersion, bundleVersion } = claims;
  if (
    claimVersion !== CLAIM_VERSION ||
    contentHash !== expected.contentHash ||
    label !== expected.label ||
    typeof appVersion !== 'string' ||
    !satisfiesRange(expected.binaryVersion, appVersion) ||
    !isDottedVersion(bundleVersion)
  ) {
    throw signingFailed(new Error(`Signed for ${String(label)} (binaries ${String(appVersion)}), announced as ${expected.label} to ${expected.binaryVersion}`));
  }
  return { claimVersion, contentHash, label, appVersion, bundleVersion };
}
