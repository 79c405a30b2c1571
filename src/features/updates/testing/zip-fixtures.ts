// Hand-made zips for the unzip tests: deflated with Node's zlib (a 400 MB bomb in well under a second)
// and written byte by byte, so a test can make the headers lie: a declared size other than the real
// one, or a local header naming another file than the central directory.
import { crc32, deflateRawSync } from 'node:zlib';

export interface CraftedEntry {
  /** The name in the central directory. */
  name: string;
  data: Uint8Array;
  /** The uncompressed size both headers declare; the real one by default. */
  declaredSize?: number;
  /** The name in the local file header; `name` by default. */
  localName?: string;
}

const encoder = new TextEncoder();

class Writer {
  private chunks: Uint8Array[] = [];
  length = 0;
  u16(value: number) {
    return this.bytes(new Uint8Array([value & 0xff, (value >>> 8) & 0xff]));
  }
  u32(value: number) {
    const bytes = new Uint8Array(4);
    new DataView(bytes.buffer).setUint32(0, value >>> 0, true);
    return this.bytes(bytes);
  }
  bytes(bytes: Uint8Array) {
    this.chunks.push(bytes);
    this.length += bytes.byteLength;
    return this;
  }
  result(): Uint8Array {
    const out = new Uint8Array(this.length);
    let offset = 0;
    for (const chunk of this.chunks) {
      out.set(chunk, offset);
      offset += chunk.byteLength;
    }
    return out;
  }
}

const UTF8_NAMES = 0x0800;
const DEFLATE = 8;

export function craftZip(entries: CraftedEntry[]): Uint8Array {
  const zip = new Writer();
  const central = new Writer();
  for (const entry of entries) {
    const compressed = new Uint8Array(deflateRawSync(entry.data, { level: 9 }));
    const crc = crc32(entry.data);
    const size = entry.declaredSize ?? entry.data.byteLength;
    const localName = encoder.encode(entry.localName ?? entry.name);
    const name = encoder.encode(entry.name);
    const offset = zip.length;
    zip.u32(0x04034b50).u16(20).u16(UTF8_NAMES).u16(DEFLATE).u16(0).u16(0x21).u32(crc).u32(compressed.byteLength).u32(size);
    zip.u16(localName.byteLength).u16(0).bytes(localName).bytes(compressed);
    central.u32(0x02014b50).u16(20).u16(20).u16(UTF8_NAMES).u16(DEFLATE).u16(0).u16(0x21).u32(crc).u32(compressed.byteLength).u32(size);
    central.u16(name.byteLength).u16(0).u16(0).u16(0).u16(0).u32(0).u32(offset).bytes(name);
  }
  const centralOffset = zip.length;
  zip.bytes(central.result());
  zip.u32(0x06054b50).u16(0).u16(0).u16(entries.length).u16(entries.length).u32(central.length).u32(centralOffset).u16(0);
  return zip.result();
}

export const text = (value: string) => encoder.encode(value);

/** A small bundle plus one file of `bytes` zeros: about 400 KB zipped for 400 MB unpacked. */
export function zipBomb(bytes: number): Uint8Array {
  return craftZip([
    { name: 'index.html', data: text('<!doctype html><title>ESS</title>') },
    { name: 'assets/padding.bin', data: new Uint8Array(bytes) },
  ]);
}
