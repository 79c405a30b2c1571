// The WebAssembly QR reader (zxing-cpp through zxing-wasm), for browsers without the BarcodeDetector
// API (Firefox, desktop Chromium on Linux and Windows, older Safari). Loaded only when a scan needs it,
// never with a first screen. zxing-wasm fetches its .wasm from a CDN unless told otherwise: the file is
// bundled (Vite's `?url`) and served from our own origin, so the CSP's connect-src stays 'self' and the
// scanner works where the CDN is unreachable. Compiling it needs 'wasm-unsafe-eval' (scripts/lib/csp.ts).
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? new URL(wasmUrl, window.location.href).href : prefix + path),
  },
});

/** The text of the first valid QR code in the image, or null. */
export async function decodeWithZxing(image: ImageData): Promise<string | null> {
  const results = await readBarcodes(image, { formats: ['QRCode'], tryHarder: true, maxNumberOfSymbols: 1 });
  return results.find((result) => result.isValid)?.text ?? null;
}
