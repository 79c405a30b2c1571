// The CodePush package hash, checked against an independent implementation on node:crypto (the way
// the CodePush CLI computes it) so that the app and the release tool cannot agree on a wrong hash.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { computePackageHash, packageManifest } from './package-hash.ts';

const encode = (text: string) => new TextEncoder().encode(text);
const nodeSha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/** The CodePush CLI's algorithm, written out again with Node's crypto (it leaves out these paths; this app hashes them). */
function codePushHash(files: Record<string, string>): string {
  const ignored = (path: string) =>
    path.startsWith('__MACOSX/') || path === '.DS_Store' || path.endsWith('/.DS_Store') || path === '.codepushrelease' || path.endsWith('/.codepushrelease');
  const entries = Object.entries(files)
    .filter(([path]) => !ignored(path))
    .map(([path, contents]) => `${path}:${nodeSha256(contents)}`)
    .sort();
  return nodeSha256(JSON.stringify(entries));
}

const bundle: Record<string, string> = {
  'index.html': '<!doctype html><title>ESS</title>',
  'assets/index-abc.js': 'console.log(1)',
  'assets/Z.css': 'body{}',
  'assets/i18n/en.json': '{"a":"b"}',
  '.codepushrelease': 'a.signature.jwt',
};
/** Paths CodePush leaves out of its hash, though a device would install and serve them. */
const debris: Record<string, string> = {
  '.DS_Store': 'finder',
  'assets/.DS_Store': 'finder',
  '__MACOSX/index.html': 'resource fork',
  'assets/.codepushrelease': 'another.signature.jwt',
};
const asMap = (files: Record<string, string>) => new Map(Object.entries(files).map(([path, text]) => [path, encode(text)]));

describe('the package hash', () => {
  it('equals CodePush’s: SHA-256 over the JSON of the sorted path:sha256 entries', async () => {
    expect(await computePackageHash(asMap(bundle))).toBe(codePushHash(bundle));
  });

  it('leaves out only the signature file at the root, and sorts by code unit', async () => {
    expect((await packageManifest(asMap({ ...bundle, ...debris }))).map((entry) => entry.split(':')[0])).toEqual([
      '.DS_Store',
      '__MACOSX/index.html',
      'assets/.DS_Store',
      'assets/.codepushrelease',
      'assets/Z.css',
      'assets/i18n/en.json',
      'assets/index-abc.js',
      'index.html',
    ]);
  });

  for (const path of Object.keys(debris)) {
    it(`changes when ${path} is added (CodePush's would not: every installed file is in the hash)`, async () => {
      const added = { ...bundle, [path]: debris[path]! };
      expect(codePushHash(added)).toBe(codePushHash(bundle));
      expect(await computePackageHash(asMap(added))).not.toBe(await computePackageHash(asMap(bundle)));
    });
  }

  it('is the same whatever order the files come in, and whether or not it is signed', async () => {
    const reversed = new Map([...asMap(bundle)].reverse());
    const unsigned = asMap(bundle);
    unsigned.delete('.codepushrelease');
    expect(await computePackageHash(reversed)).toBe(await computePackageHash(unsigned));
  });

  it('changes with one byte of one file', async () => {
    const changed = { ...bundle, 'assets/index-abc.js': 'console.log(2)' };
    expect(await computePackageHash(asMap(changed))).not.toBe(await computePackageHash(asMap(bundle)));
  });

  it('skips directory entries and normalises backslashes', async () => {
    const files = new Map([
      ['assets/', new Uint8Array()],
      ['assets\\app.js', encode('x')],
    ]);
    expect(await packageManifest(files)).toEqual([`assets/app.js:${nodeSha256('x')}`]);
  });
});
