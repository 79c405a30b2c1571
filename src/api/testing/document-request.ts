// Vitest's jsdom environment keeps Node's Request, which refuses relative URLs; a browser resolves them
// against the document. Tests that go through the app's HTTP client (base '/api') swap in this subclass so
// the client's relative URLs work as they do at runtime.
import { vi } from 'vitest';

/** Node's own Request, as it was before any stub: what the client's requests are still instances of. */
export const NodeRequest = globalThis.Request;

export class DocumentRequest extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, document.baseURI) : input, init);
  }
}

/** Stubs the global Request with DocumentRequest; undo it with vi.unstubAllGlobals(). */
export function stubDocumentRequest(): void {
  vi.stubGlobal('Request', DocumentRequest);
}
