// Browsers store Blobs and Files in IndexedDB (the outbox keeps a file's bytes that way). The tests'
// fake-indexeddb clones values with Node's structuredClone, which turns jsdom's Blob into `{}`; this
// clones everything else as before and keeps each Blob as it is (a Blob cannot change, so sharing it
// is what a copy would be). Undone by vi.unstubAllGlobals().
import { vi } from 'vitest';

const MARK = '__test_blob__';

export function keepBlobsInFakeIndexedDb(): void {
  const clone = globalThis.structuredClone;
  vi.stubGlobal('structuredClone', (value: unknown, options?: StructuredSerializeOptions) => {
    const blobs: Blob[] = [];
    const out = (part: unknown): unknown => {
      if (part instanceof Blob) return { [MARK]: blobs.push(part) - 1 };
      if (Array.isArray(part)) return part.map(out);
      if (part && typeof part === 'object' && Object.getPrototypeOf(part) === Object.prototype) return Object.fromEntries(Object.entries(part).map(([key, inner]) => [key, out(inner)]));
      return part;
    };
    const back = (part: unknown): unknown => {
      if (Array.isArray(part)) return part.map(back);
      if (part && typeof part === 'object' && Object.getPrototypeOf(part) === Object.prototype) {
        const record = part as Record<string, unknown>;
        if (typeof record[MARK] === 'number') return blobs[record[MARK]];
        return Object.fromEntries(Object.entries(record).map(([key, inner]) => [key, back(inner)]));
      }
      return part;
    };
    return back(clone(out(value), options));
  });
}
