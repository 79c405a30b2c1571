// The attachment viewer's offline copies: one cache per person, bounded, and gone at logout.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearDeviceData } from '../../../shared/domain/clear-device-data.ts';
import type { Attachment } from '../api/attachments.ts';
import { memoryCaches } from '../testing/memory-caches.ts';
import { ATTACHMENT_CACHE_LIMITS, attachmentCacheName, readAttachment, readRoomAttachments, storeAttachment, storeRoomAttachments } from './attachment-cache.ts';

let memory: ReturnType<typeof memoryCaches>;
beforeEach(() => {
  memory = memoryCaches();
  vi.stubGlobal('caches', memory.storage);
});
afterEach(() => vi.unstubAllGlobals());

const bytes = (size: number, type = 'image/png') => new Blob([new Uint8Array(size).fill(7)], { type });

describe('the attachment cache', () => {
  it("keeps a file opened by one person in that person's own cache, typed as shown, and no one else's", async () => {
    await storeAttachment(42, 'room-1', 'm-1', bytes(10));
    const kept = await readAttachment(42, 'room-1', 'm-1');
    expect(kept?.size).toBe(10);
    expect(kept?.type).toBe('image/png');
    expect([...memory.stores.keys()]).toEqual(['ess-attachments-42']);
    expect(await readAttachment(43, 'room-1', 'm-1')).toBeUndefined();
    expect(await readAttachment(42, 'room-1', 'm-2')).toBeUndefined();
  });

  it('holds at most maxFiles files and maxBytes in all, the oldest stored going first; a file over maxFileBytes is not kept', async () => {
    const limits = { maxFiles: 3, maxBytes: 100, maxFileBytes: 60 };
    for (const [n, size] of [10, 10, 10, 10].entries()) await storeAttachment(42, 'r', `m-${n}`, bytes(size), { now: n, limits });
    const kept = async () => (await Promise.all([0, 1, 2, 3, 4, 5].map((n) => readAttachment(42, 'r', `m-${n}`)))).map((blob) => blob?.size ?? 0);
    expect(await kept()).toEqual([0, 10, 10, 10, 0, 0]);
    // 50 bytes more: 80 in all would fit, but four files would not; then 60 more pass 100 bytes.
    await storeAttachment(42, 'r', 'm-4', bytes(50), { now: 4, limits });
    expect(await kept()).toEqual([0, 0, 10, 10, 50, 0]);
    await storeAttachment(42, 'r', 'm-5', bytes(60), { now: 5, limits });
    expect(await kept()).toEqual([0, 0, 0, 0, 0, 60]);
    await storeAttachment(42, 'r', 'm-0', bytes(61), { now: 6, limits });
    expect(await readAttachment(42, 'r', 'm-0')).toBeUndefined();
  });

  it('says its limits: 50 files, 100 MB in all, none over 25 MB', () => {
    expect(ATTACHMENT_CACHE_LIMITS).toEqual({ maxFiles: 50, maxBytes: 100 * 1024 * 1024, maxFileBytes: 25 * 1024 * 1024 });
  });

  it("keeps the room's file list for offline, beside the files, without counting it as a file", async () => {
    const list: Attachment[] = [{ messageUuid: 'm-1', name: 'a.png', size: 10, mimeType: 'image/png', kind: 'image', url: 'https://files.example/a.png', createdAt: null, from: null }];
    await storeRoomAttachments(42, 'room-1', list);
    expect(await readRoomAttachments(42, 'room-1')).toEqual(list);
    expect(await readRoomAttachments(43, 'room-1')).toBeUndefined();
    await storeAttachment(42, 'room-1', 'm-1', bytes(10), { limits: { maxFiles: 1, maxBytes: 100, maxFileBytes: 100 } });
    expect(await readRoomAttachments(42, 'room-1')).toEqual(list);
  });

  it('is deleted by the logout flow, with everything else but the service worker precache', async () => {
    await storeAttachment(42, 'room-1', 'm-1', bytes(10));
    await storeRoomAttachments(42, 'room-1', []);
    const precache = 'workbox-precache-v2-https://ess.example/';
    await memory.storage.open(precache);
    expect(await memory.storage.keys()).toEqual([attachmentCacheName(42), precache]);
    await clearDeviceData({ caches: memory.storage });
    expect(await memory.storage.keys()).toEqual([precache]);
    expect(await readAttachment(42, 'room-1', 'm-1')).toBeUndefined();
  });

  it('works online only, without failing, where Cache Storage is missing', async () => {
    vi.stubGlobal('caches', undefined);
    await expect(storeAttachment(42, 'r', 'm', bytes(1))).resolves.toBeUndefined();
    expect(await readAttachment(42, 'r', 'm')).toBeUndefined();
  });
});
