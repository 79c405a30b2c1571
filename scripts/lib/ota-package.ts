// Turning a web build into a CodePush-style update package: read the bundle's files, hash them with the
// very function the app verifies with, sign the release's claims (RS256 JWT in `.codepushrelease`, as the
// CodePush CLI does, but over the label, binary range and bundle version too: code-signing.ts), zip, and
// publish to the update server's release endpoint.
import { createPrivateKey } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { zipSync, type Zippable } from 'fflate';
import { SignJWT } from 'jose';
import { CLAIM_VERSION, type ReleaseClaims } from '../../src/features/updates/ota/code-signing.ts';
import { computePackageHash, SIGNATURE_FILE } from '../../src/features/updates/ota/package-hash.ts';

export interface UpdatePackageBuild {
  zip: Uint8Array;
  packageHash: string;
  files: Map<string, Uint8Array>;
  signed: boolean;
}

/** macOS's folder debris and a stale signature file are not part of a build. */
const isDebris = (path: string) => path.split('/').some((segment) => segment === '__MACOSX' || segment === '.DS_Store' || segment === SIGNATURE_FILE);

/**
 * Source maps stay with the build: they would only make every device download more. Whatever is left
 * out is not packed at all: every file the zip carries is in its hash (package-hash.ts).
 */
const leftOut = (path: string) => path.endsWith('.map') || isDebris(path);

export function readBundle(directory: string): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  for (const entry of readdirSync(directory, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const absolute = join(entry.parentPath, entry.name);
    const path = relative(directory, absolute).split(sep).join('/');
    if (!leftOut(path)) files.set(path, new Uint8Array(readFileSync(absolute)));
  }
  if (!files.has('index.html')) throw new Error(`${directory} has no index.html: not a web bundle`);
  return files;
}

/** What a release signs besides its contents hash. */
export type ReleaseIdentity = Omit<ReleaseClaims, 'claimVersion' | 'contentHash'>;

export interface PackageSigning extends ReleaseIdentity {
  /** RSA private key, PKCS#8 or PKCS#1 PEM. */
  privateKey: string;
}

export async function signRelease(packageHash: string, { privateKey, label, appVersion, bundleVersion }: PackageSigning): Promise<string> {
  // Node's key parser takes PKCS#8 and PKCS#1 ("BEGIN RSA PRIVATE KEY") alike.
  const key = createPrivateKey(privateKey);
  const claims: ReleaseClaims = { claimVersion: CLAIM_VERSION, contentHash: packageHash, label, appVersion, bundleVersion };
  return new SignJWT({ ...claims }).setProtectedHeader({ alg: 'RS256', typ: 'JWT' }).setIssuedAt().sign(key);
}

/** The package; signed when `signing` is given (the app installs nothing else, but tests build unsigned ones too). */
export async function buildUpdatePackage(bundle: Map<string, Uint8Array>, signing?: PackageSigning): Promise<UpdatePackageBuild> {
  const files = new Map(bundle);
  files.delete(SIGNATURE_FILE);
  const packageHash = await computePackageHash(files);
  if (signing) files.set(SIGNATURE_FILE, new TextEncoder().encode(await signRelease(packageHash, signing)));
  const entries: Zippable = {};
  // A fixed date: the same bundle gives the same zip.
  for (const [path, contents] of [...files].sort(([a], [b]) => (a < b ? -1 : 1))) entries[path] = [contents, { mtime: new Date('2000-01-01T00:00:00Z') }];
  return { zip: zipSync(entries, { level: 9 }), packageHash, files, signed: Boolean(signing) };
}

export interface PublishOptions {
  server: string;
  deploymentKey: string;
  label: string;
  mandatory?: boolean;
  description?: string;
  targetBinaryRange?: string;
}

export interface PublishedRelease {
  label: string;
  packageHash: string;
  packageSize: number;
  isMandatory: boolean;
  targetBinaryRange: string;
  deployment: string;
  download_url: string;
}

export async function publishUpdatePackage(build: UpdatePackageBuild, options: PublishOptions): Promise<PublishedRelease> {
  const query = new URLSearchParams({
    deployment_key: options.deploymentKey,
    label: options.label,
    package_hash: build.packageHash,
    mandatory: String(options.mandatory ?? false),
    description: options.description ?? '',
    target_binary_range: options.targetBinaryRange ?? '*',
  });
  const response = await fetch(`${options.server.replace(/\/$/, '')}/__ota/releases?${query}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/zip' },
    body: new Uint8Array(build.zip),
  });
  const text = await response.text();
  if (!response.ok) {
    let message = text;
    try {
      message = (JSON.parse(text) as { error_message?: string }).error_message ?? text;
    } catch {
      // Not the error envelope: show the text as it came.
    }
    throw new Error(`The update server refused the release (${response.status}): ${message}`);
  }
  return JSON.parse(text) as PublishedRelease;
}
