// What a downloaded package must pass before any of it reaches the device (SPEC §5): it unzips within
// the size cap and with every file inside the bundle (safe-unzip.ts), it is a whole bundle (not a
// CodePush diff), its contents hash to the package_hash the update check announced, and its signature
// verifies against the app's public key and names this contents hash, the announced label and a
// binary range that includes this binary (code-signing.ts). The order and the texts are the CodePush
// plugin's; unlike CodePush, a package is never accepted unsigned (the updater refuses to run without
// a key, ota-policy.ts).
import type { ReleaseClaims } from './code-signing.ts';
import { OTA_LIMITS } from './ota-policy.ts';
import { computePackageHash, sha256Hex, SIGNATURE_FILE, type BundleFiles } from './package-hash.ts';
import { safeUnzip, UnsafeZipError } from './safe-unzip.ts';
import { UPDATE_MESSAGES, UpdateError, type UpdateLogger } from './update-messages.ts';

/** CodePush's diff packages carry this manifest; a bundle switcher can only take whole bundles. */
const DIFF_MANIFEST = 'hotcodepush.json';

export interface VerifiedPackage {
  files: BundleFiles;
  contentHash: string;
  /** SHA-256 of the zip itself: the device side re-checks the bytes it stores against it. */
  zipSha256: string;
  /** What the release signed: its label, binary range and bundle version. */
  claims: ReleaseClaims;
}

export interface VerifyOptions {
  /** What the update check announced, and this device's binary version. */
  expected: { packageHash: string; label: string; binaryVersion: string };
  publicKey: string;
  maxUnpackedBytes?: number;
  log: UpdateLogger;
}

function unzip(zip: Uint8Array, maxUnpackedBytes: number, log: UpdateLogger): Map<string, Uint8Array> {
  try {
    return safeUnzip(zip, { maxUnpackedBytes });
  } catch (error) {
    // SPEC §8's text is the error; why it was refused goes beside it for whoever reads the log.
    if (error instanceof UnsafeZipError) log.warn(`${error.message}.`);
    throw new UpdateError(UPDATE_MESSAGES.unzipFailed, { cause: error });
  }
}

/** Three base64url parts joined by dots, in ASCII, with nothing else: a JWT as the release tool writes it. */
function isCompactJws(bytes: Uint8Array): boolean {
  let dots = 0;
  for (const byte of bytes) {
    if (byte === 0x2e) dots += 1;
    else if (!((byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a) || byte === 0x2d || byte === 0x5f)) return false;
  }
  return dots === 2;
}

export async function verifyPackage(zip: Uint8Array, { expected, publicKey, maxUnpackedBytes = OTA_LIMITS.maxUnpackedBytes, log }: VerifyOptions): Promise<VerifiedPackage> {
  const files = unzip(zip, maxUnpackedBytes, log);
  if (files.has(DIFF_MANIFEST)) throw new UpdateError(UPDATE_MESSAGES.noDiffUpdate);

  const signatureFile = files.get(SIGNATURE_FILE);
  const signature = signatureFile ? new TextDecoder().decode(signatureFile).trim() : '';
  if (!signature) throw new UpdateError(UPDATE_MESSAGES.keyWithoutSignature);

  const contentHash = await computePackageHash(files);
  if (contentHash !== expected.packageHash) throw new UpdateError(UPDATE_MESSAGES.integrityFailed);
  // The one file outside the hash is installed too: it must be the signature and nothing else (no
  // bytes before or after the token, no byte-order mark), or it could carry whatever anyone adds.
  if (!isCompactJws(signatureFile!)) throw new UpdateError(UPDATE_MESSAGES.signingFailed);

  const { verifySignature } = await import('./code-signing.ts');
  const claims = await verifySignature(signature, publicKey, { contentHash, label: expected.label, binaryVersion: expected.binaryVersion });
  return { files, contentHash, zipSha256: await sha256Hex(zip), claims };
}
