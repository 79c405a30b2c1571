// The package's zip is untrusted input: it is refused before anything is inflated when it would unpack
// to more than the cap or put a file outside the bundle's folder, and while inflating when a header
// lies about a size. Zips are hand-made (zip-fixtures.ts) so the headers can lie.
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { craftZip, text, zipBomb } from '../testing/zip-fixtures.ts';
import { OTA_LIMITS } from './ota-policy.ts';
import { safeUnzip, UnsafeZipError, unsafeEntryName } from './safe-unzip.ts';

const MB = 1024 * 1024;
const cap = { maxUnpackedBytes: OTA_LIMITS.maxUnpackedBytes };

describe('safeUnzip', () => {
  it('unpacks a bundle as it was zipped, directories left out', () => {
    const zip = zipSync({ 'index.html': text('<!doctype html>'), assets: { 'app.js': text('console.log(1)'), 'empty.txt': new Uint8Array() } });
    const files = safeUnzip(zip, cap);
    expect([...files.keys()].sort()).toEqual(['assets/app.js', 'assets/empty.txt', 'index.html']);
    expect(new TextDecoder().decode(files.get('assets/app.js'))).toBe('console.log(1)');
  });

  it('unpacks a stored (uncompressed) entry and a large deflated one in full', () => {
    const large = new Uint8Array(3 * MB).map((_, index) => index % 251);
    const zip = zipSync({ 'stored.txt': [text('as is'), { level: 0 }], 'large.bin': large });
    const files = safeUnzip(zip, cap);
    expect(new TextDecoder().decode(files.get('stored.txt'))).toBe('as is');
    expect(Buffer.compare(files.get('large.bin')!, large)).toBe(0);
  });

  it('refuses a 400 KB zip that unpacks to 400 MB before inflating any of it', () => {
    const bomb = zipBomb(400 * MB);
    expect(bomb.byteLength).toBeLessThan(500 * 1024);
    expect(() => safeUnzip(bomb, cap)).toThrow(new UnsafeZipError(`The package unpacks to more than ${200 * MB} bytes`));
  });

  it('stops inflating an entry whose header declares less than it holds', () => {
    // The headers say 1 KB, so the directory's total passes; the data inflates to 50 MB.
    const liar = craftZip([
      { name: 'index.html', data: text('<!doctype html>') },
      { name: 'assets/app.js', data: new Uint8Array(50 * MB), declaredSize: 1024 },
    ]);
    expect(() => safeUnzip(liar, cap)).toThrow(/assets\/app\.js inflates to more than the 1024 bytes it declares/);
  });

  it('refuses an entry that holds less than its header declares', () => {
    const short = craftZip([{ name: 'index.html', data: text('<!doctype html>'), declaredSize: 4096 }]);
    expect(() => safeUnzip(short, cap)).toThrow(/index\.html inflates to 15 bytes, not the 4096 it declares/);
  });

  it.each([
    ['../evil.js', 'climbs out of the bundle'],
    ['assets/../../evil.js', 'climbs out of the bundle'],
    ['assets/..', 'climbs out of the bundle'],
    ['/etc/passwd', 'is an absolute path'],
    ['C:/Windows/evil.js', 'starts with a drive letter'],
    ['c:evil.js', 'starts with a drive letter'],
    ['assets\\..\\..\\evil.js', 'contains a backslash'],
    ['\\\\server\\share\\evil.js', 'contains a backslash'],
    ['assets//app.js', 'has an empty or "." segment'],
    ['./index.html', 'has an empty or "." segment'],
  ])('refuses an entry named %s', (name, reason) => {
    expect(unsafeEntryName(name)).toBe(`${name} ${reason}`);
    const zip = craftZip([{ name: 'index.html', data: text('<!doctype html>') }, { name, data: text('alert(1)') }]);
    expect(() => safeUnzip(zip, cap)).toThrow(`${name} ${reason}`);
  });

  it('accepts the names a bundle really has', () => {
    for (const name of ['index.html', 'assets/app-Bx1.js', 'assets/i18n/en.json', '.codepushrelease', 'assets/', 'a..b/c..d.js']) {
      expect(unsafeEntryName(name), name).toBeUndefined();
    }
  });

  it('refuses a zip whose local header names another file than its directory', () => {
    // Another unzipper (the native one that stores the bundle) reads local headers: it must see what was checked.
    const zip = craftZip([{ name: 'assets/app.js', localName: '../../evil.js', data: text('alert(1)') }]);
    expect(() => safeUnzip(zip, cap)).toThrow('../../evil.js climbs out of the bundle');
    const renamed = craftZip([{ name: 'assets/app.js', localName: 'assets/other.js', data: text('alert(1)') }]);
    expect(() => safeUnzip(renamed, cap)).toThrow("assets/other.js is not in the zip's directory");
  });

  it('refuses a name that is in the zip twice', () => {
    const zip = craftZip([
      { name: 'index.html', data: text('<!doctype html>') },
      { name: 'index.html', data: text('<script>alert(1)</script>') },
    ]);
    expect(() => safeUnzip(zip, cap)).toThrow('index.html is in the zip twice');
  });

  it('refuses what is not a zip, or a cut-off one', () => {
    expect(() => safeUnzip(text('not a zip'), cap)).toThrow(UnsafeZipError);
    const zip = zipSync({ 'index.html': new Uint8Array(100_000).fill(65) }, { level: 0 });
    expect(() => safeUnzip(zip.subarray(0, 50_000), cap)).toThrow(UnsafeZipError);
  });
});
