// The CodePush package hash, shared by the release tool (which publishes it) and the update client
// (which checks a download against it): SHA-256 (hex) over the JSON array of the sorted
// `path:sha256hex` entries of the bundle's files. WebCrypto only, so the same code runs in Node and in
// the app.
//
// Every file of a package is in its hash but one: the signature file at the bundle's root, which
// cannot hash itself and is checked as a signature instead (verify-package.ts takes it only as one
// compact JWT, nothing around it). CodePush also leaves out `__MACOSX/`, `.DS_Store` and a
// `.codepushrelease` in any folder; this hash does not, because the device installs and serves every
// file of the zip, so a file left out of the hash would be a file anyone could add to a signed
// package. The release tool never packs such debris (scripts/lib/ota-package.ts leaves it out of the
// build it reads), so for every package it makes the hash is still CodePush's.
export const SIGNATURE_FILE = '.codepushrelease';

/** Bundle files: path relative to the bundle root (forward slashes) → contents. */
export type BundleFiles = ReadonlyMap<string, Uint8Array>;

const encoder = new TextEncoder();

export async function sha256Hex(data: Uint8Array | string): Promise<string> {
  const bytes = typeof data === 'string' ? encoder.encode(data) : data;
  // A copy into a plain ArrayBuffer: WebCrypto refuses views over shared or resizable buffers.
  const digest = await crypto.subtle.digest('SHA-256', new Uint8Array(bytes));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The sorted `path:sha256hex` entries the hash is taken over. */
export async function packageManifest(files: BundleFiles): Promise<string[]> {
  const entries: string[] = [];
  for (const [rawPath, contents] of files) {
    const path = rawPath.replace(/\\/g, '/');
    if (path.endsWith('/') || path === SIGNATURE_FILE) continue;
    entries.push(`${path}:${await sha256Hex(contents)}`);
  }
  // Plain code-unit order, as CodePush's `entries.sort()`.
  return entries.sort();
}

export async function computePackageHash(files: BundleFiles): Promise<string> {
  return sha256Hex(JSON.stringify(await packageManifest(files)));
}
