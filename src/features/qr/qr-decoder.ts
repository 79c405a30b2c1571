// Reading a QR code from a camera frame or a photo: the browser's BarcodeDetector where it has one that
// reads QR codes (Android, ChromeOS, macOS and iOS Safari), else zxing-wasm's WebAssembly reader
// (zxing-decoder.ts, imported only then).

/** The part of the BarcodeDetector API the scanner uses (not in TypeScript's DOM types yet). */
interface BarcodeDetectorLike {
  detect(source: ImageBitmapSource): Promise<Array<{ rawValue: string }>>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

/** A frame or a photo: what the scanner can draw on a canvas, with its size in pixels. */
export interface QrSource {
  image: CanvasImageSource & ImageBitmapSource;
  width: number;
  height: number;
}

export interface QrDecoder {
  /** Which reader: the browser's, or the WebAssembly fallback. */
  readonly kind: 'native' | 'wasm';
  decode(source: QrSource): Promise<string | null>;
}

async function nativeDetector(): Promise<BarcodeDetectorLike | undefined> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return undefined;
  try {
    const formats = await Detector.getSupportedFormats();
    return formats.includes('qr_code') ? new Detector({ formats: ['qr_code'] }) : undefined;
  } catch {
    return undefined;
  }
}

/** The zxing reader works on pixels: large photos are scaled down first (a QR code reads well at 1280 px). */
const MAX_SIDE = 1280;

function pixelsOf(source: QrSource, canvas: HTMLCanvasElement): ImageData | null {
  const ratio = Math.min(1, MAX_SIDE / Math.max(source.width, source.height));
  canvas.width = Math.max(1, Math.round(source.width * ratio));
  canvas.height = Math.max(1, Math.round(source.height * ratio));
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(source.image, 0, 0, canvas.width, canvas.height);
  return context.getImageData(0, 0, canvas.width, canvas.height);
}

export async function createQrDecoder(): Promise<QrDecoder> {
  const detector = await nativeDetector();
  if (detector) {
    return {
      kind: 'native',
      decode: async (source) => (await detector.detect(source.image)).find((code) => code.rawValue)?.rawValue ?? null,
    };
  }
  const { decodeWithZxing } = await import('./zxing-decoder.ts');
  const canvas = document.createElement('canvas');
  return {
    kind: 'wasm',
    decode: async (source) => {
      const pixels = pixelsOf(source, canvas);
      return pixels ? decodeWithZxing(pixels) : null;
    },
  };
}

/** A photo's pixels, for "Scan from photo" (the file input). */
export async function photoSource(file: Blob): Promise<QrSource & { close(): void }> {
  const bitmap = await createImageBitmap(file);
  return { image: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
}
