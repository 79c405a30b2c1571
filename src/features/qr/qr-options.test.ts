// "My QR" is drawn with SPEC §9's parameters: rendered by qrcode with QR_RENDER_OPTIONS, then read back
// by zxing-wasm (the scanner's own fallback reader), which reports the error correction level and
// version it found; the image's size proves the margin and the scale.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import QRCode from 'qrcode';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { QR_RENDER_OPTIONS, renderedSize } from './qr-options.ts';

beforeAll(async () => {
  const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
  await prepareZXingModule({ overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) }, fireImmediately: true });
});

/** The PNG's width and height, from its IHDR chunk. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

async function renderAndRead(text: string) {
  const png = await QRCode.toBuffer(text, { ...QR_RENDER_OPTIONS, type: 'png' });
  const [read] = await readBarcodes(new Uint8Array(png), { formats: ['QRCode'] });
  return { png, read, symbol: QRCode.create(text, { errorCorrectionLevel: 'M' }) };
}

describe("My QR's rendering (SPEC §9)", () => {
  it('reads back as written, with error correction M, a 4-module margin and 4 px modules (width 10 ignored: too small)', async () => {
    const { png, read, symbol } = await renderAndRead('ess-employee:100234');
    expect(read?.isValid).toBe(true);
    expect(read?.text).toBe('ess-employee:100234');
    expect(read?.format).toBe('QRCode');
    expect(read?.ecLevel).toBe('M');
    expect(Number(read?.version)).toBe(symbol.version);
    // 19 bytes at M: version 2 (version 1 holds 14), 25 modules + 2 × 4 margin = 33 modules, × 4 px.
    expect(symbol.version).toBe(2);
    expect(pngSize(png)).toEqual({ width: 132, height: 132 });
    expect(renderedSize(symbol.modules.size)).toBe(132);
  });

  it('chooses the version within 1 to 40 by the length of the text, up to what version 40 holds at M', async () => {
    const long = await renderAndRead(`ess-employee:${'9'.repeat(30)}`);
    expect(long.symbol.version).toBeGreaterThan(1);
    expect(Number(long.read?.version)).toBe(long.symbol.version);
    expect(pngSize(long.png).width).toBe(renderedSize(long.symbol.modules.size));
    // Version 40 at M holds 2,331 bytes; more is refused rather than drawn at another level.
    expect(QRCode.create('x'.repeat(2331), { errorCorrectionLevel: 'M' }).version).toBe(40);
    expect(() => QRCode.create('x'.repeat(2332), { errorCorrectionLevel: 'M' })).toThrow();
  });
});
