// The decoder a scan uses, made once per screen: the browser's BarcodeDetector or, where there is none,
// the WebAssembly reader (its code and .wasm fetched only then).
import { useCallback, useRef } from 'react';
import { createQrDecoder, type QrDecoder } from './qr-decoder.ts';

export function useQrDecoder(): () => Promise<QrDecoder> {
  const decoder = useRef<Promise<QrDecoder> | undefined>(undefined);
  return useCallback(() => {
    decoder.current ??= createQrDecoder().catch((error: unknown) => {
      // A failed load (the network dropped) may be tried again on the next scan.
      decoder.current = undefined;
      throw error;
    });
    return decoder.current;
  }, []);
}
