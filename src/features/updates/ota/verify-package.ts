// What a downloaded package must pass before any of it reaches the device (SPEC §5): it unzips, it is
// a whole bundle (not a CodePush diff), its contents hash to the package_hash the update check
// announced, and — when the app carries a public key — its signature verifies. The order and the
// key/signature rules are the CodePush plugin's.
import { unzipSync } from 'fflate';
import { computePackageHash, sha256Hex, SIGNATURE_FILE, type BundleFiles } from './package-hash.ts';
import { UPDATE_MESSAGES, UpdateError, type UpdateLogger } from './update-messages.ts';

/** CodePush's diff packages carry this manifest; a bundle switcher can only take whole bundles. */
const DIFF_MANIFEST = 'hotcodepush.json';

export interface VerifiedPackage {
  files: BundleFiles;
  contentHash: string;
  /** SHA-256 of the zip itself: the device side re-checks the bytes it stores against it. */
  zipSha256: string;
  signed: boolean;
}

export interface VerifyOptions {
  packageHash: string;
  publicKey: string | undefined;
  log: UpdateLogger;
}

function unzip(zip: Uint8Array): Map<string, Uint8Array> {
  try {
    const entries = unzipSync(zip);
    return new Map(Object.entries(entries).filter(([path]) => !path.endsWith('/')));
  } catch (error) {
    throw new UpdateError(UPDATE_MESSAGES.unzipFailed, { cause: error });
  }
}

export async function verifyPackage(zip: Uint8Array, { packageHash, publicKey, log }: VerifyOptions): Promise<VerifiedPackage> {
  const files = unzip(zip);
  if (files.has(DIFF_MANIFEST)) throw new UpdateError(UPDATE_MESSAGES.noDiffUpdate);

  const signatureFile = files.get(SIGNATURE_FILE);
  const signature = signatureFile ? new TextDecoder().decode(signatureFile).trim() : '';
  if (publicKey && !signature) throw new UpdateError(UPDATE_MESSAGES.keyWithoutSignature);
  if (!publicKey && signature) log.warn(UPDATE_MESSAGES.signatureWithoutKey);

  const contentHash = await computePackageHash(files);
  if (contentHash !== packageHash) throw new UpdateError(UPDATE_MESSAGES.integrityFailed);

  if (publicKey && signature) {
    const { verifySignature } = await import('./code-signing.ts');
    await verifySignature(signature, publicKey, contentHash);
  }
  return { files, contentHash, zipSha256: await sha256Hex(zip), signed: Boolean(signature) };
}
