// Unzipping a downloaded package without trusting it. The zip is read twice: its central directory
// first (names and declared sizes, nothing inflated), which must stay under the size cap and hold only
// names that stay inside the bundle; then its entries one by one in small slices, counting the bytes
// each really inflates to, so a header that lies about a size cannot make the app inflate more. Both
// readings must name the same entries, or another unzipper (the native one that stores the bundle)
// could see files this check never saw.
import { Unzip, UnzipInflate, unzipSync } from 'fflate';

/** Why the zip was refused; the update client logs SPEC §8's 'Could not unzip package' for all of them. */
export class UnsafeZipError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'UnsafeZipError';
  }
}

/** Why a name must not be unpacked, or undefined when it stays inside the bundle's folder. */
export function unsafeEntryName(name: string): string | undefined {
  if (name === '') return 'an entry has no name';
  if (name.includes('\\')) return `${name} contains a backslash`;
  if (name.includes('\0')) return `${name} contains a NUL character`;
  if (name.startsWith('/')) return `${name} is an absolute path`;
  if (/^[A-Za-z]:/.test(name)) return `${name} starts with a drive letter`;
  const segments = name.replace(/\/$/, '').split('/');
  if (segments.some((segment) => segment === '..')) return `${name} climbs out of the bundle`;
  if (segments.some((segment) => segment === '' || segment === '.')) return `${name} has an empty or "." segment`;
  return undefined;
}

/** Compressed bytes handed to the inflater at a time: deflate expands at most ~1032:1, so one step stays near 16 MB. */
const SLICE_BYTES = 16 * 1024;

function readCentralDirectory(zip: Uint8Array, maxUnpackedBytes: number): Map<string, number> {
  const declared = new Map<string, number>();
  let total = 0;
  try {
    unzipSync(zip, {
      filter: ({ name, originalSize }) => {
        const problem = unsafeEntryName(name) ?? (declared.has(name) ? `${name} is in the zip twice` : undefined);
        if (problem) throw new UnsafeZipError(problem);
        declared.set(name, originalSize);
        total += originalSize;
        if (total > maxUnpackedBytes) throw new UnsafeZipError(`The package unpacks to more than ${maxUnpackedBytes} bytes`);
        return false; // Nothing is inflated in this reading.
      },
    });
  } catch (error) {
    throw error instanceof UnsafeZipError ? error : new UnsafeZipError(`Not a readable zip: ${(error as Error).message}`, { cause: error });
  }
  return declared;
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** The package's files (directories left out), or an UnsafeZipError saying why it was refused. */
export function safeUnzip(zip: Uint8Array, { maxUnpackedBytes }: { maxUnpackedBytes: number }): Map<string, Uint8Array> {
  const declared = readCentralDirectory(zip, maxUnpackedBytes);
  const files = new Map<string, Uint8Array>();
  const seen = new Set<string>();
  const complete = new Set<string>();
  let failure: Error | undefined;
  const fail = (message: string, cause?: unknown) => void (failure ??= new UnsafeZipError(message, { cause }));

  const unzipper = new Unzip((file) => {
    if (failure) return;
    const name = file.name;
    const limit = declared.get(name);
    const problem =
      unsafeEntryName(name) ?? (limit === undefined ? `${name} is not in the zip's directory` : seen.has(name) ? `${name} is in the zip twice` : undefined);
    if (problem || limit === undefined) return fail(problem ?? name);
    seen.add(name);
    const chunks: Uint8Array[] = [];
    let size = 0;
    file.ondata = (error, data, final) => {
      if (failure) return;
      if (error) return fail(`${name} could not be inflated: ${error.message}`, error);
      size += data.byteLength;
      if (size > limit) return fail(`${name} inflates to more than the ${limit} bytes it declares`);
      if (data.byteLength) chunks.push(data);
      if (!final) return;
      if (size !== limit) return fail(`${name} inflates to ${size} bytes, not the ${limit} it declares`);
      complete.add(name);
      if (!name.endsWith('/')) files.set(name, concat(chunks, size));
    };
    file.start();
  });
  unzipper.register(UnzipInflate);
  try {
    for (let offset = 0; offset < zip.byteLength && !failure; offset += SLICE_BYTES) {
      unzipper.push(zip.subarray(offset, offset + SLICE_BYTES), offset + SLICE_BYTES >= zip.byteLength);
    }
  } catch (error) {
    fail(`Not a readable zip: ${(error as Error).message}`, error);
  }
  if (failure) throw failure;
  const unread = [...declared.keys()].find((name) => !complete.has(name));
  if (unread !== undefined) throw new UnsafeZipError(`${unread} is in the zip's directory but has no complete entry`);
  return files;
}
