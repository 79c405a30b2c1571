// Home's first feed page as the employee last saw it, kept in the app's storage (read into memory at
// start), so a returning user's Home paints its posts in the first render while the network confirms
// them: the feed's query starts from it and refetches at once (it is older than the 30 s a read stays
// fresh), replacing it, or keeping it under an inline error when the network fails.
//
// It belongs to the user: stored with their id, ignored for anyone else, and removed at logout with the
// other session keys (storage.ts SESSION_KEYS). It is checked against the contract's schema again when
// read (storage can be edited), and dropped when it does not pass.
import type { FeedResponse, UserDataResponse } from '../../../../generated/http/types.gen.ts';
import { zGetFeedResponse } from '../../../../generated/http/zod.gen.ts';
import { getStorage, STORAGE_KEYS } from '../../../shared/storage/storage.ts';

interface StoredFeed {
  userId: number;
  savedAt: number;
  page: unknown;
}

/** A snapshot larger than this is not kept (a page of long rich posts): storing it would cost more than it saves. */
export const MAX_SNAPSHOT_CHARS = 256 * 1024;
/** Older than this, the stored page would mislead more than it helps: Home waits for the network. */
export const MAX_SNAPSHOT_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** The signed-in user's id, as stored at sign-in (undefined when unknown). */
export function currentUserId(): number | undefined {
  let storage;
  try {
    storage = getStorage();
  } catch {
    return undefined;
  }
  const userData = storage.get<UserDataResponse>(STORAGE_KEYS.userData);
  const id = userData?.user?.id;
  return typeof id === 'number' ? id : undefined;
}

/** The stored first page, if it is this user's, less than a week old and still matches the contract. */
export function readFeedSnapshot(now = Date.now()): { page: FeedResponse; savedAt: number } | undefined {
  let storage;
  try {
    storage = getStorage();
  } catch {
    return undefined;
  }
  const stored = storage.get<StoredFeed>(STORAGE_KEYS.homeFeed);
  if (!stored || typeof stored !== 'object') return undefined;
  const userId = currentUserId();
  const parsed = zGetFeedResponse.safeParse(stored.page);
  const fresh = typeof stored.savedAt === 'number' && now - stored.savedAt < MAX_SNAPSHOT_AGE_MS;
  if (userId === undefined || stored.userId !== userId || !fresh || !parsed.success) {
    void storage.remove(STORAGE_KEYS.homeFeed);
    return undefined;
  }
  return { page: parsed.data, savedAt: stored.savedAt };
}

/** Keeps the first page the server just answered, for the next start. */
export function saveFeedSnapshot(page: FeedResponse): void {
  let storage;
  try {
    storage = getStorage();
  } catch {
    return;
  }
  const userId = currentUserId();
  if (userId === undefined || JSON.stringify(page).length > MAX_SNAPSHOT_CHARS) return;
  void storage.set(STORAGE_KEYS.homeFeed, { userId, savedAt: Date.now(), page } satisfies StoredFeed);
}
