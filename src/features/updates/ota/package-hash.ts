// The CodePush package hash, shared by the release tool (which publishes it) and the update client
// (which checks a download against it): SHA-256 (hex) over the JSON array of the sorted
// `path:sha256hex` entries of the bundle's files. The signature file and macOS debris are not part of
// the contents. WebCrypto only, so the same code runs in Node and in the app.
export const SIGNATURE_FILE = '.codepushrelease';

/** Bundle files: path relative to the bundle root (forward slashes) → contents. */
export type BundleFiles = ReadonlyMap<string, Uint8Array>;

export function isIgnoredPath(path: string): boolean {
  return (
    path.startsWith('__MACOSX/') ||
    path === '.DS_Store' ||
    path.endsWith('/.DS_Store') ||
    path === SIGNATURE_FILE ||
    path.endsWith(`/${SIGNATURE_FILE}`)
  );
}

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
    if (path.endsWith('/') || isIgnoredPath(path)) continue;
    entries.push(`${path}:${await sha256Hex(contents)}`);
  }
  // Plain code-unit order, as CodePush's `entries.sort()`.
  return entries.sort();
}

export async function computePackageHash(files: BundleFiles): Promise<string> {
  return sha256Hex(JSON.stringify(await packageManifest(files)));
}
