// Cache Storage as the browser keeps it, in memory (Node and jsdom have none): named caches of responses
// by URL, for the attachment viewer's tests.
export function memoryCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const url = (key: RequestInfo | URL) => (typeof key === 'string' ? key : key instanceof URL ? key.href : key.url);
  const cacheOf = (name: string): Cache => {
    const entries = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, entries);
    return {
      match: async (key: RequestInfo | URL) => entries.get(url(key))?.clone(),
      put: async (key: RequestInfo | URL, response: Response) => void entries.set(url(key), response),
      keys: async () => [...entries.keys()].map((key) => new Request(key)),
      delete: async (key: RequestInfo | URL) => entries.delete(url(key)),
    } as unknown as Cache;
  };
  const storage = {
    open: async (name: string) => cacheOf(name),
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
  } as unknown as CacheStorage;
  return { storage, stores };
}
