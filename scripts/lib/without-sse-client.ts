// The generated fetch client (@hey-api/client-fetch) builds a server-sent-events client into every
// `client` object (`client.sse.get(…)` and the other methods), which the app never calls: no operation
// of the contract answers `text/event-stream` (tests/unit/without-sse-client.test.ts holds it to that).
// Being part of the client, its code sat in the initial JavaScript (about 1 KB gzip, on every start).
// In the app's build the module is replaced by one whose function says why it is missing; generated/
// stays exactly as the generator wrote it.
import type { Plugin } from 'vite';

const STUB = '\0ess-without-sse-client';
/** How the generated client imports it (`../core/serverSentEvents.gen`). */
export const SSE_MODULE = /\/core\/serverSentEvents\.gen(\.ts)?$/;

export function withoutSseClient(): Plugin {
  return {
    name: 'ess:without-sse-client',
    enforce: 'pre',
    resolveId(source, importer) {
      return importer?.includes('/generated/') && SSE_MODULE.test(source) ? STUB : undefined;
    },
    load(id) {
      if (id !== STUB) return undefined;
      return "export const createSseClient = () => { throw new Error('No operation of the contract streams server-sent events: the app is built without that client (scripts/lib/without-sse-client.ts).'); };";
    },
  };
}
