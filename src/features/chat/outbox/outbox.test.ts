// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/api-error.ts';
import type { RoomMessage } from '../api/message-model.ts';
import type { ChatVersion } from '../api/room-api.ts';
import { roomMessage } from '../testing/chat-fixtures.ts';
import { keepBlobsInFakeIndexedDb } from '../testing/idb-blobs.ts';
import { chatDb, type OutboxEntry } from './chat-db.ts';
import { createOutbox, type Outbox } from './outbox.ts';

const USER = 42;
const outboxes: Outbox[] = [];
let userId: number | undefined = USER;

async function stored(): Promise<OutboxEntry[]> {
  return (await chatDb()).getAllFromIndex('outbox', 'bySeq');
}

/** The server's answer to a send: the message with the entry's client id echoed. */
const accepted = (entry: OutboxEntry): RoomMessage[] => [roomMessage({ uuid: `server-${entry.text}`, text: entry.text, clientId: entry.clientId, own: true })];

/** What enqueue takes for a text message to a room. */
const text = (version: ChatVersion, uuid: string, typed: string) => [{ version, uuid }, { kind: 'text', text: typed }] as const;

function makeOutbox(send: (entry: OutboxEntry) => Promise<RoomMessage[]>, { retryDelaysMs = [10, 20] }: { retryDelaysMs?: number[] } = {}) {
  const sendMock = vi.fn(send);
  const onSent = vi.fn();
  const outbox = createOutbox({ send: sendMock, onSent, currentUserId: () => userId, retryDelaysMs });
  outboxes.push(outbox);
  return { outbox, send: sendMock, onSent };
}

const texts = (entries: readonly OutboxEntry[]) => entries.map((entry) => entry.text);
const sentTexts = (send: { mock: { calls: [OutboxEntry][] } }) => send.mock.calls.map(([entry]) => entry.text);

/** A promise the test resolves or rejects by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

beforeEach(async () => {
  userId = USER;
  keepBlobsInFakeIndexedDb();
  await (await chatDb()).clear('outbox');
});

afterEach(async () => {
  for (const outbox of outboxes.splice(0)) {
    await outbox.flush().catch(() => undefined);
    outbox.dispose();
  }
  vi.unstubAllGlobals();
});

describe('the chat outbox', () => {
  it('stores an enqueued message in IndexedDB before send is called, then deletes it once the server accepts it', async () => {
    let storedWhenSent: OutboxEntry[] | undefined;
    const { outbox, send, onSent } = makeOutbox(async (entry) => {
      storedWhenSent = await stored();
      return accepted(entry);
    });
    const entry = await outbox.enqueue(...text('v1', 'room-1', 'Hello'));
    expect(entry).toMatchObject({ userId: USER, version: 'v1', roomUuid: 'room-1', text: 'Hello', status: 'pending' });
    expect(entry.clientId).not.toBe('');
    await outbox.flush();

    expect(send).toHaveBeenCalledTimes(1);
    expect(storedWhenSent).toEqual([entry]);
    expect(await stored()).toEqual([]);
    expect(outbox.getSnapshot().entries).toEqual([]);
    // onSent gets the server's message for the entry.
    expect(onSent).toHaveBeenCalledTimes(1);
    expect(onSent).toHaveBeenCalledWith(entry, accepted(entry));
  });

  it('shows the entry in its snapshot as soon as it is stored', async () => {
    const answer = deferred<RoomMessage[]>();
    const { outbox } = makeOutbox(() => answer.promise);
    const listener = vi.fn();
    outbox.subscribe(listener);
    const entry = await outbox.enqueue(...text('v2', 'room-1', 'Hi there'));
    expect(outbox.getSnapshot().entries).toEqual([entry]);
    expect(listener).toHaveBeenCalled();
    await vi.waitFor(() => expect(outbox.getSnapshot().sending).toBe(entry.clientId));
    answer.resolve(accepted(entry));
    await outbox.flush();
    expect(outbox.getSnapshot().sending).toBeNull();
    expect(outbox.getSnapshot().entries).toEqual([]);
  });

  it('sends the entries in the order they were created', async () => {
    const gate = deferred<void>();
    const { outbox, send } = makeOutbox(async (entry) => {
      await gate.promise;
      return accepted(entry);
    });
    await outbox.enqueue(...text('v1', 'room-1', 'one'));
    await outbox.enqueue(...text('v1', 'room-2', 'two'));
    await outbox.enqueue(...text('v1', 'room-1', 'three'));
    gate.resolve();
    await vi.waitFor(async () => expect(await stored()).toEqual([]));
    await outbox.flush();
    expect(sentTexts(send)).toEqual(['one', 'two', 'three']);
  });

  it('keeps an entry pending after a network failure, holds the later ones back, and sends all in order on the next flush', async () => {
    let online = false;
    const { outbox, send } = makeOutbox(async (entry) => {
      if (!online) throw new ApiError('network', undefined, undefined);
      return accepted(entry);
    });
    // Stored while the first pass is failing.
    await outbox.enqueue(...text('v1', 'room-1', 'first'));
    await outbox.enqueue(...text('v1', 'room-1', 'second'));
    await outbox.flush();

    // Only the first was tried: the pass stops at a network failure.
    expect(new Set(sentTexts(send))).toEqual(new Set(['first']));
    expect(outbox.getSnapshot().offline).toBe(true);
    const waiting = await stored();
    expect(texts(waiting)).toEqual(['first', 'second']);
    expect(waiting.map((entry) => entry.status)).toEqual(['pending', 'pending']);
    expect(waiting.every((entry) => entry.error === undefined)).toBe(true);

    online = true;
    send.mockClear();
    await outbox.flush();
    await vi.waitFor(async () => expect(await stored()).toEqual([]));
    expect(sentTexts(send)).toEqual(['first', 'second']);
    expect(outbox.getSnapshot().offline).toBe(false);
  });

  it('sends again by itself after a network failure (retry timer), with the same client id', async () => {
    let failures = 1;
    const { outbox, send } = makeOutbox(async (entry) => {
      if (failures-- > 0) throw new ApiError('network', undefined, undefined);
      return accepted(entry);
    });
    const entry = await outbox.enqueue(...text('v1', 'room-1', 'later'));
    await vi.waitFor(async () => expect(await stored()).toEqual([]), { timeout: 2000 });
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls.map(([sent]) => sent.clientId)).toEqual([entry.clientId, entry.clientId]);
  });

  it('sends again when the browser comes back online', async () => {
    let online = false;
    // A long retry delay: only the online event can be what sends it again.
    const { outbox, send } = makeOutbox(
      async (entry) => {
        if (!online) throw new ApiError('network', undefined, undefined);
        return accepted(entry);
      },
      { retryDelaysMs: [60_000] },
    );
    await outbox.enqueue(...text('v1', 'room-1', 'queued'));
    await outbox.flush();
    expect(send).toHaveBeenCalledTimes(1);
    online = true;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(async () => expect(await stored()).toEqual([]));
    expect(send).toHaveBeenCalledTimes(2);
  });

  it("marks an entry failed with the server's error_message on a 422 and still sends the later ones", async () => {
    const { outbox, send, onSent } = makeOutbox(async (entry) => {
      if (entry.text === 'bad') throw new ApiError('http', 422, { error: true, status_code: 422, error_message: 'The message may not be greater than 5000 characters.' });
      return accepted(entry);
    });
    const bad = await outbox.enqueue(...text('v1', 'room-1', 'bad'));
    await outbox.enqueue(...text('v1', 'room-1', 'good'));
    await outbox.flush();
    await vi.waitFor(async () => expect(texts(await stored())).toEqual(['bad']));

    expect(sentTexts(send)).toEqual(['bad', 'good']);
    const [failed] = await stored();
    expect(failed).toMatchObject({ clientId: bad.clientId, status: 'failed', error: 'The message may not be greater than 5000 characters.' });
    expect(outbox.getSnapshot().entries).toEqual([failed]);
    expect(outbox.getSnapshot().offline).toBe(false);
    expect(onSent).toHaveBeenCalledTimes(1);
    expect(onSent.mock.calls[0]![0].text).toBe('good');
  });

  it("marks an entry failed on an error body (a 200 with error: true) with the server's error_message", async () => {
    const { outbox } = makeOutbox(async () => {
      throw new ApiError('body', 200, { error: true, status_code: 400, error_message: 'You are no longer a member of this group.' });
    });
    await outbox.enqueue(...text('v2', 'room-1', 'hello?'));
    await outbox.flush();
    await vi.waitFor(async () => expect((await stored())[0]?.status).toBe('failed'));
    expect((await stored())[0]?.error).toBe('You are no longer a member of this group.');
  });

  it('keeps an entry pending when the session ended (401 in the body): it waits for the next sign-in', async () => {
    const { outbox } = makeOutbox(
      async () => {
        throw new ApiError('body', 200, { error: true, status_code: '401', error_message: 'Unauthenticated.' });
      },
      { retryDelaysMs: [60_000] },
    );
    await outbox.enqueue(...text('v2', 'room-1', 'still here'));
    await outbox.flush();
    expect((await stored())[0]?.status).toBe('pending');
    expect(outbox.getSnapshot().offline).toBe(true);
  });

  it('does not retry a failed entry by itself', async () => {
    const { outbox, send } = makeOutbox(async () => {
      throw new ApiError('http', 422, { error: true, error_message: 'No.' });
    });
    await outbox.enqueue(...text('v1', 'room-1', 'refused'));
    await outbox.flush();
    await outbox.flush();
    await new Promise((done) => setTimeout(done, 50));
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('retry sends a failed entry again with the same client id and removes it once accepted', async () => {
    let refuse = true;
    const { outbox, send, onSent } = makeOutbox(async (entry) => {
      if (refuse) throw new ApiError('http', 422, { error: true, error_message: 'Try later.' });
      return accepted(entry);
    });
    const entry = await outbox.enqueue(...text('v1', 'room-1', 'again'));
    await outbox.flush();
    await vi.waitFor(async () => expect((await stored())[0]?.status).toBe('failed'));

    refuse = false;
    await outbox.retry(entry.clientId);
    await outbox.flush();
    await vi.waitFor(async () => expect(await stored()).toEqual([]));
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls[1]![0].clientId).toBe(entry.clientId);
    expect(send.mock.calls[1]![0].status).toBe('pending');
    expect(onSent).toHaveBeenCalledTimes(1);
    expect(outbox.getSnapshot().entries).toEqual([]);
  });

  it('remove deletes a failed entry from IndexedDB and the snapshot', async () => {
    const { outbox, send } = makeOutbox(async () => {
      throw new ApiError('http', 422, { error: true, error_message: 'No.' });
    });
    const entry = await outbox.enqueue(...text('v1', 'room-1', 'gone'));
    await outbox.flush();
    await vi.waitFor(async () => expect((await stored())[0]?.status).toBe('failed'));
    await outbox.remove(entry.clientId);
    expect(await stored()).toEqual([]);
    expect(outbox.getSnapshot().entries).toEqual([]);
    await outbox.flush();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('a new outbox (after a reload) loads the pending entries from IndexedDB and sends them in order', async () => {
    const first = makeOutbox(async () => {
      throw new ApiError('network', undefined, undefined);
    });
    await first.outbox.enqueue(...text('v1', 'room-1', 'one'));
    await first.outbox.enqueue(...text('v2', 'room-2', 'two'));
    await first.outbox.flush();
    expect(texts(await stored())).toEqual(['one', 'two']);
    first.outbox.dispose(); // The tab is closed.

    const second = makeOutbox(async (entry) => accepted(entry));
    await second.outbox.reload();
    expect(texts(second.outbox.getSnapshot().entries)).toEqual(['one', 'two']);
    await second.outbox.flush();
    await vi.waitFor(async () => expect(await stored()).toEqual([]));
    expect(sentTexts(second.send)).toEqual(['one', 'two']);
    expect(second.send.mock.calls.map(([entry]) => entry.version)).toEqual(['v1', 'v2']);
    expect(second.onSent).toHaveBeenCalledTimes(2);
  });

  it("neither shows nor sends another user's entries", async () => {
    userId = 7;
    const other = makeOutbox(async () => {
      throw new ApiError('network', undefined, undefined);
    });
    await other.outbox.enqueue(...text('v1', 'room-1', 'from user 7'));
    await other.outbox.flush();
    other.outbox.dispose();

    userId = USER;
    const mine = makeOutbox(async (entry) => accepted(entry));
    await mine.outbox.reload();
    expect(mine.outbox.getSnapshot().entries).toEqual([]);
    await mine.outbox.enqueue(...text('v1', 'room-1', 'from user 42'));
    await mine.outbox.flush();
    await vi.waitFor(async () => expect(texts(await stored())).toEqual(['from user 7']));
    expect(sentTexts(mine.send)).toEqual(['from user 42']);
    expect(mine.outbox.getSnapshot().entries).toEqual([]);
  });

  it('stopped by a logout while a send is on the wire, writes nothing back whatever the answer', async () => {
    const answers = [deferred<RoomMessage[]>(), deferred<RoomMessage[]>()];
    const { outbox, send, onSent } = makeOutbox(() => answers[send.mock.calls.length - 1]!.promise);
    await outbox.enqueue(...text('v1', 'room-1', 'accepted after logout'));
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    outbox.dispose();
    // The logout deletes the database; what would have been written back stays away.
    await (await chatDb()).clear('outbox');
    answers[0]!.resolve(accepted(send.mock.calls[0]![0]));
    await outbox.flush();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(onSent).not.toHaveBeenCalled();
    expect(await stored()).toEqual([]);

    const refused = makeOutbox(() => answers[1]!.promise);
    await refused.outbox.enqueue(...text('v1', 'room-1', 'refused after logout'));
    await vi.waitFor(() => expect(refused.send).toHaveBeenCalledTimes(1));
    expect(texts(await stored())).toEqual(['refused after logout']);
    refused.outbox.dispose();
    await (await chatDb()).clear('outbox');
    answers[1]!.reject(new ApiError('http', 422, { error: true, status_code: 422, error_message: 'No.' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await stored()).toEqual([]);
  });

  it('refuses to enqueue without a signed-in user and stores nothing', async () => {
    userId = undefined;
    const { outbox, send } = makeOutbox(async (entry) => accepted(entry));
    await expect(outbox.enqueue(...text('v1', 'room-1', 'nobody'))).rejects.toThrow();
    expect(await stored()).toEqual([]);
    expect(send).not.toHaveBeenCalled();
  });

  it('stores a sticker and files (their bytes too) before sending them, in order with the texts, and sends them after a reload', async () => {
    const offline = makeOutbox(async () => {
      throw new ApiError('network', undefined, undefined);
    });
    const room = { version: 'v2', uuid: 'room-1' } as const;
    const report = new File(['%PDF-1.4 quarterly report'], 'report.pdf', { type: 'application/pdf' });
    await offline.outbox.enqueue(room, { kind: 'text', text: 'first' });
    await offline.outbox.enqueue(room, { kind: 'sticker', text: '', sticker: { id: 3, name: 'Semangat', imageUrl: 'https://files.example/s/3.png' } });
    await offline.outbox.enqueue(room, { kind: 'file', text: 'The report', files: [{ name: 'report.pdf', type: 'application/pdf', size: report.size, blob: report }] });
    await offline.outbox.flush();
    const kept = await stored();
    expect(kept.map((entry) => entry.kind)).toEqual(['text', 'sticker', 'file']);
    offline.outbox.dispose(); // The page is reloaded.

    const sent: OutboxEntry[] = [];
    let bytes = '';
    const next = makeOutbox(async (entry) => {
      sent.push(entry);
      if (entry.kind === 'file') bytes = await entry.files[0]!.blob.text();
      return accepted(entry);
    });
    await next.outbox.reload();
    await next.outbox.flush();
    await vi.waitFor(async () => expect(await stored()).toEqual([]));
    expect(sent.map((entry) => entry.kind)).toEqual(['text', 'sticker', 'file']);
    expect(sent[1]).toMatchObject({ kind: 'sticker', sticker: { id: 3 }, clientId: kept[1]!.clientId });
    expect(sent[2]).toMatchObject({ kind: 'file', text: 'The report', files: [{ name: 'report.pdf', type: 'application/pdf' }] });
    expect(bytes).toBe('%PDF-1.4 quarterly report');
  });

  it('reads an entry stored before entries had kinds as a text', async () => {
    await (await chatDb()).put('outbox', { clientId: 'old', seq: 1, userId: USER, version: 'v1', roomUuid: 'room-1', text: 'from before', status: 'pending', createdAt: '2026-11-01T00:00:00Z' } as unknown as OutboxEntry);
    const { outbox, send } = makeOutbox(async (entry) => accepted(entry));
    await outbox.flush();
    expect(send.mock.calls[0]![0]).toMatchObject({ kind: 'text', text: 'from before' });
  });

  it("tells how far the entry on the wire is (an upload's progress)", async () => {
    const answer = deferred<RoomMessage[]>();
    let report: ((loaded: number, total: number) => void) | undefined;
    const outbox = createOutbox({
      currentUserId: () => USER,
      onSent: () => undefined,
      send: (_entry, transfer) => {
        report = (loaded, total) => transfer.onProgress?.({ loaded, total });
        return answer.promise;
      },
    });
    outboxes.push(outbox);
    const entry = await outbox.enqueue({ version: 'v1', uuid: 'room-1' }, { kind: 'file', text: '', files: [{ name: 'a.bin', type: '', size: 4, blob: new Blob(['abcd']) }] });
    await vi.waitFor(() => expect(outbox.getSnapshot().sending).toBe(entry.clientId));
    report!(1, 4);
    expect(outbox.getSnapshot().progress).toBe(0.25);
    answer.resolve(accepted(entry));
    await vi.waitFor(() => expect(outbox.getSnapshot().progress).toBeNull());
  });

  describe('an attended send (the Upload File modal waits on it)', () => {
    const room = { version: 'v1', uuid: 'room-1' } as const;
    const file = () => ({ kind: 'file', text: 'Minutes', files: [{ name: 'minutes.txt', type: 'text/plain', size: 5, blob: new Blob(['notes']) }] }) as const;

    it('is stored before it is sent, and resolves with the server messages once accepted', async () => {
      let storedWhenSent: OutboxEntry[] = [];
      const { outbox, onSent } = makeOutbox(async (entry) => {
        storedWhenSent = await stored();
        return accepted(entry);
      });
      const messages = await outbox.sendAttended(room, file());
      expect(storedWhenSent.map((entry) => entry.kind)).toEqual(['file']);
      expect(messages).toEqual(accepted(storedWhenSent[0]!));
      expect(onSent).toHaveBeenCalledTimes(1);
      expect(await stored()).toEqual([]);
    });

    it('comes back to the caller on any failure (a 500, no answer, a refusal): out of the outbox, neither pending nor "Not sent"', async () => {
      for (const failure of [new ApiError('http', 500, { error: true, error_message: 'Storage is full.' }), new ApiError('network', undefined, undefined), new ApiError('http', 413, undefined)]) {
        const { outbox } = makeOutbox(async () => {
          throw failure;
        });
        await expect(outbox.sendAttended(room, file())).rejects.toBe(failure);
        expect(await stored()).toEqual([]);
        expect(outbox.getSnapshot().entries).toEqual([]);
      }
    });

    it('is cancelled by its signal: the request on the wire is aborted and the entry taken out', async () => {
      let wire: AbortSignal | undefined;
      const outbox = createOutbox({
        currentUserId: () => USER,
        onSent: () => undefined,
        send: (_entry, transfer) =>
          new Promise<RoomMessage[]>((_resolve, reject) => {
            wire = transfer.signal;
            transfer.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      });
      outboxes.push(outbox);
      const cancel = new AbortController();
      const sending = outbox.sendAttended(room, file(), { signal: cancel.signal });
      await vi.waitFor(() => expect(wire).toBeDefined());
      cancel.abort();
      await expect(sending).rejects.toBeTruthy();
      expect(wire!.aborted).toBe(true);
      expect(await stored()).toEqual([]);
    });

    it('left by its caller (the modal closed with the room), stays in the outbox as any other entry: a refusal shows as "Not sent"', async () => {
      const answer = deferred<RoomMessage[]>();
      const { outbox, send } = makeOutbox(() => answer.promise);
      const detach = new AbortController();
      const sending = outbox.sendAttended(room, file(), { detach: detach.signal });
      await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
      detach.abort();
      await expect(sending).rejects.toBeTruthy();
      answer.reject(new ApiError('http', 422, { error: true, error_message: 'Not allowed here.' }));
      await vi.waitFor(async () => expect((await stored())[0]).toMatchObject({ kind: 'file', status: 'failed', error: 'Not allowed here.' }));
    });
  });
});