// What a returning user's last visit left in the app's storage, for the benches: the token, the user
// data (the contract's getUserData `success` example) and Home's first feed page as the app keeps it
// (home_feed, an hour old, fetched from the server being measured), in Ionic Storage's IndexedDB and its
// localStorage fallback. Written from a same-origin page that is not the app (the favicon), so neither
// the app nor its service worker has started.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';

/** The mock accepts any bearer token. */
export const BENCH_TOKEN = 'bench-token';

export function storedUserData(): unknown {
  const contract = JSON.parse(readFileSync('generated/openapi.bundled.json', 'utf8')) as {
    paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, { examples: Record<string, { value: unknown }> }> }> }>>;
  };
  return contract.paths['/auth/user-data']!.get!.responses['200']!.content['application/json']!.examples.success!.value;
}

export async function seedReturningUser(page: Page, base: string, userData: unknown = storedUserData(), token = BENCH_TOKEN): Promise<void> {
  await page.goto(new URL('/favicon.svg', base).href);
  await page.evaluate(async ({ token, userData }) => {
    const feed = await fetch('/api/ess/feed?group_type=company_wide&page=1', { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
    if (!feed.ok) throw new Error(`the feed answered ${feed.status}`);
    const homeFeed = { userId: (userData as { user: { id: number } }).user.id, savedAt: Date.now() - 3_600_000, page: await feed.json() };
    const entries: Array<[string, unknown]> = [['access_token', token], ['user_data', userData], ['home_feed', homeFeed]];
    for (const [key, value] of entries) localStorage.setItem(`_ionicstorage/_ionickv/${key}`, JSON.stringify(value));
    const db = await new Promise<IDBDatabase>((resolveOpen, rejectOpen) => {
      const open = indexedDB.open('_ionicstorage', 1);
      open.onupgradeneeded = () => open.result.createObjectStore('_ionickv');
      open.onsuccess = () => resolveOpen(open.result);
      open.onerror = () => rejectOpen(open.error);
    });
    await new Promise<void>((resolvePut, rejectPut) => {
      const transaction = db.transaction('_ionickv', 'readwrite');
      for (const [key, value] of entries) transaction.objectStore('_ionickv').put(value, key);
      transaction.oncomplete = () => resolvePut();
      transaction.onerror = () => rejectPut(transaction.error);
    });
    db.close();
  }, { token, userData });
}
