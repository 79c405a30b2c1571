// The attachment viewer's offline copies: each file once opened is kept in Cache Storage, in a cache of
// the signed-in person's own (`ess-attachments-<user id>`), beside the room's last file list (so the
// viewer can name and order a room's files offline). Keys are the room and the message, not the signed
// URL, whose signature changes. The logout flow deletes every cache but the service worker's precache
// (src/shared/domain/clear-device-data.ts), so this one goes with the person.
//
// Bounded: at most ATTACHMENT_CACHE_LIMITS.maxFiles files and maxBytes in all, the oldest stored going
// first; a file larger than maxFileBytes is shown but not kept. Where Cache Storage is missing (an
// insecure origin) or refuses (quota, private mode), nothing is kept and the viewer works online only.
import type { Attachment } from '../api/attachments.ts';

export const ATTACHMENT_CACHE_PREFIX = 'ess-attachments-';

export interface AttachmentCacheLimits {
  maxFiles: number;
  maxBytes: number;
  maxFileBytes: number;
}

export const ATTACHMENT_CACHE_LIMITS: AttachmentCacheLimits = {
  /** Files kept per person. */
  maxFiles: 50,
  /** Bytes kept per person, all files together (100 MB). */
  maxBytes: 100 * 1024 * 1024,
  /** A file above this (25 MB, the upload limit) is not kept. */
  maxFileBytes: 25 * 1024 * 1024,
};

export const attachmentCacheName = (userId: number | string) => `${ATTACHMENT_CACHE_PREFIX}${userId}`;

const STORED_AT = 'X-Ess-Stored-At';
const FILE_PATH = '/__ess-attachments/file/';
const LIST_PATH = '/__ess-attachments/list/';

// The app's origin (never fetched: a key only names an entry of this cache).
const origin = () => (typeof location === 'undefined' ? 'https://ess.invalid' : location.origin);
const keyOf = (path: string, ...parts: string[]) => new URL(`${path}${parts.map(encodeURIComponent).join('/')}`, origin()).href;
const fileKey = (roomUuid: string, messageUuid: string) => keyOf(FILE_PATH, roomUuid, messageUuid);
const listKey = (roomUuid: string) => keyOf(LIST_PATH, roomUuid);

async function open(userId: number | string): Promise<Cache | undefined> {
  if (typeof caches === 'undefined') return undefined;
  try {
    return await caches.open(attachmentCacheName(userId));
  } catch (error) {
    console.warn('The attachment cache could not be opened', error);
    return undefined;
  }
}

/** A kept file's bytes, typed as the viewer shows them; undefined when it was never kept (or was evicted). */
export async function readAttachment(userId: number | string, roomUuid: string, messageUuid: string): Promise<Blob | undefined> {
  try {
    const response = await (await open(userId))?.match(fileKey(roomUuid, messageUuid));
    return response ? await response.blob() : undefined;
  } catch (error) {
    console.warn('A kept attachment could not be read', error);
    return undefined;
  }
}

/** Keeps a file's bytes, then evicts the oldest until the cache is within its limits. Never rejects. */
export async function storeAttachment(
  userId: number | string,
  roomUuid: string,
  messageUuid: string,
  blob: Blob,
  { now = Date.now(), limits = ATTACHMENT_CACHE_LIMITS }: { now?: number; limits?: AttachmentCacheLimits } = {},
): Promise<void> {
  if (blob.size > limits.maxFileBytes) return;
  const cache = await open(userId);
  if (!cache) return;
  try {
    const headers = { 'Content-Type': blob.type || 'application/octet-stream', 'Content-Length': String(blob.size), [STORED_AT]: String(now) };
    await cache.put(fileKey(roomUuid, messageUuid), new Response(blob, { headers }));
    await evict(cache, limits);
  } catch (error) {
    console.warn('An attachment could not be kept for offline', error);
  }
}

async function evict(cache: Cache, limits: AttachmentCacheLimits): Promise<void> {
  const files: Array<{ key: Request; size: number; storedAt: number }> = [];
  for (const key of await cache.keys()) {
    if (!new URL(key.url).pathname.startsWith(FILE_PATH)) continue;
    const response = await cache.match(key);
    files.push({ key, size: Number(response?.headers.get('Content-Length') ?? 0), storedAt: Number(response?.headers.get(STORED_AT) ?? 0) });
  }
  files.sort((a, b) => a.storedAt - b.storedAt);
  let bytes = files.reduce((sum, file) => sum + file.size, 0);
  let count = files.length;
  for (const file of files) {
    if (count <= limits.maxFiles && bytes <= limits.maxBytes) break;
    await cache.delete(file.key);
    count -= 1;
    bytes -= file.size;
  }
}

/** The room's file list as last seen online (names, sizes, order), for the viewer offline. */
export async function readRoomAttachments(userId: number | string, roomUuid: string): Promise<Attachment[] | undefined> {
  try {
    const response = await (await open(userId))?.match(listKey(roomUuid));
    const list: unknown = response ? await response.json() : undefined;
    return Array.isArray(list) ? (list as Attachment[]) : undefined;
  } catch {
    return undefined;
  }
}

export async function storeRoomAttachments(userId: number | string, roomUuid: string, list: readonly Attachment[]): Promise<void> {
  try {
    await (await open(userId))?.put(listKey(roomUuid), new Response(JSON.stringify(list), { headers: { 'Content-Type': 'application/json' } }));
  } catch (error) {
    console.warn('The room’s file list could not be kept for offline', error);
  }
}
