// A call's end is sent until the server takes it (issue 32): bounded backoff, kept across a reload,
// refusals that never succeed taken as done, nothing left after logout.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/api-error.ts';
import { END_CALL_GIVE_UP_MS, END_CALL_RETRY_DELAYS_MS, createEndCallOutbox, isRetryable, type RecordStorage } from './end-call-outbox.ts';

const KEY = 'test:pending-end-calls';
const AYU = 42;
const offline = () => new ApiError('network', undefined, undefined, new TypeError('Failed to fetch'));
const refused = (status: number) => new ApiError('http', status, { error: true, status_code: status });

/** localStorage as a page sees it; the same one is seen again after a "reload". */
function memoryStorage(): RecordStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (key) => map.get(key) ?? null, setItem: (key, value) => void map.set(key, value), removeItem: (key) => void map.delete(key) };
}

const stored = (storage: RecordStorage) => JSON.parse(storage.getItem(KEY) ?? '[]') as Array<{ callId: number; reason?: string; userId?: number }>;

/** One page's outbox; `send` answers as the test says (by default: no answer at all). */
function page(storage: RecordStorage, send = vi.fn<(callId: number, reason?: string) => Promise<unknown>>(async () => Promise.reject(offline()))) {
  const outbox = createEndCallOutbox({ send, storage, key: KEY });
  return { outbox, send };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('ending a call when the server does not answer', () => {
  it('sends it again after 1 s, 2 s, 4 s … at most 30 s apart, and gives up after 3 minutes', async () => {
    const storage = memoryStorage();
    const { outbox, send } = page(storage);
    outbox.resume(() => AYU);
    const done = vi.fn();
    void outbox.end(7, 'end_call_from_caller_group').then(done);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenLastCalledWith(7, 'end_call_from_caller_group');
    expect(stored(storage)).toEqual([expect.objectContaining({ callId: 7, reason: 'end_call_from_caller_group', userId: AYU })]);

    // Each wait, one millisecond short and then complete: exactly one more try at its end.
    for (const [index, delay] of [1000, 2000, 4000, 8000, 16_000, 30_000, 30_000].entries()) {
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(send).toHaveBeenCalledTimes(index + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(send).toHaveBeenCalledTimes(index + 2);
    }
    expect(END_CALL_RETRY_DELAYS_MS.at(-1)).toBe(30_000);

    await vi.advanceTimersByTimeAsync(END_CALL_GIVE_UP_MS);
    const tries = send.mock.calls.length;
    // 1+2+4+8+16 s, then every 30 s up to 3 minutes: a dozen tries, not an endless loop.
    expect(tries).toBeLessThanOrEqual(12);
    expect(done).toHaveBeenCalled();
    expect(stored(storage)).toEqual([]);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(send).toHaveBeenCalledTimes(tries);
  });

  it('stops as soon as the server takes it, and forgets the stored end', async () => {
    const storage = memoryStorage();
    const { outbox, send } = page(storage);
    void outbox.end(7, 'end_call_from_caller');
    await vi.advanceTimersByTimeAsync(1000 + 2000);
    expect(send).toHaveBeenCalledTimes(3);
    send.mockResolvedValue({ message: 'Call ended.' });
    await vi.advanceTimersByTimeAsync(4000);
    expect(send).toHaveBeenCalledTimes(4);
    expect(stored(storage)).toEqual([]);
    expect(outbox.pending()).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(send).toHaveBeenCalledTimes(4);
  });

  it('takes a 404 (the call is gone), a 401 and any other 4xx as done at once; 5xx, 408 and 429 are tried again', async () => {
    for (const status of [404, 401, 403, 422]) {
      const storage = memoryStorage();
      const { outbox, send } = page(storage, vi.fn(async () => Promise.reject(refused(status))));
      await outbox.end(7, 'end_call_from_caller');
      await vi.advanceTimersByTimeAsync(60_000);
      expect(send, `status ${status}`).toHaveBeenCalledTimes(1);
      expect(stored(storage)).toEqual([]);
    }
    for (const error of [refused(500), refused(503), refused(408), refused(429), offline()]) expect(isRetryable(error), String(error.status)).toBe(true);
    // The error envelope in a 200 answer is read by its status_code (a 401 there ends the session, it must not loop).
    const inBody = (code: unknown) => new ApiError('body', 200, { error: true, status_code: code });
    expect([inBody(401), inBody('401'), inBody(404), inBody('CHANGE_PASS'), inBody(undefined)].map(isRetryable)).toEqual([false, false, false, false, false]);
    expect([inBody(500), inBody('503')].map(isRetryable)).toEqual([true, true]);
    expect(isRetryable(new ApiError('malformed', 200, undefined))).toBe(false);
  });
});

describe('an end that a reload interrupted', () => {
  it('is stored before it is sent, and goes out from the next page once the same user is signed in', async () => {
    const storage = memoryStorage();
    const before = page(storage);
    before.outbox.resume(() => AYU);
    void before.outbox.end(7, 'end_call_from_caller_group');
    expect(before.send).toHaveBeenCalledTimes(1);
    // The tab reloads: its timers go with it; the record stays.
    vi.clearAllTimers();

    const after = page(storage, vi.fn(async () => ({ message: 'Call ended.' })));
    expect(after.send).not.toHaveBeenCalled();
    after.outbox.resume(() => AYU);
    expect(after.send).toHaveBeenCalledWith(7, 'end_call_from_caller_group');
    await vi.advanceTimersByTimeAsync(0);
    expect(stored(storage)).toEqual([]);
  });

  it("is never sent with someone else's session, nor once its 3 minutes are over", async () => {
    const storage = memoryStorage();
    storage.setItem(
      KEY,
      JSON.stringify([
        { callId: 7, reason: 'end_call_from_caller', userId: AYU, since: Date.now() },
        { callId: 8, reason: 'end_call_from_caller', userId: AYU, since: Date.now() - END_CALL_GIVE_UP_MS },
      ]),
    );
    const budi = page(storage);
    budi.outbox.resume(() => 43);
    expect(budi.send).not.toHaveBeenCalled();
    expect(stored(storage)).toEqual([]);
  });

  it('waits while the user is not known yet, and ignores what is not a record', () => {
    const storage = memoryStorage();
    storage.setItem(KEY, JSON.stringify([{ callId: 7, userId: AYU, since: Date.now() }, { callId: 'x' }, null]));
    const { outbox, send } = page(storage);
    outbox.resume(() => undefined);
    expect(send).not.toHaveBeenCalled();
    outbox.resume(() => AYU);
    expect(send).toHaveBeenCalledWith(7, undefined);
  });
});

describe('an end that no longer applies', () => {
  it('is dropped when the user joins that call again (a member who left comes back)', async () => {
    const storage = memoryStorage();
    const { outbox, send } = page(storage);
    void outbox.end(7, 'end_call_from_receiver');
    outbox.withdraw(7);
    expect(stored(storage)).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('logout forgets every end and stops sending; the logout\'s own hang-up goes once, unstored', async () => {
    const storage = memoryStorage();
    const { outbox, send } = page(storage);
    outbox.resume(() => AYU);
    void outbox.end(7, 'end_call_from_caller');
    outbox.clear();
    expect(stored(storage)).toEqual([]);
    void outbox.end(8, 'end_call_from_caller');
    expect(send).toHaveBeenCalledTimes(2);
    expect(stored(storage)).toEqual([]);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('a second end of the same call while the first is being sent adds no second sender', async () => {
    const { outbox, send } = page(memoryStorage());
    void outbox.end(7, 'end_call_from_caller');
    void outbox.end(7, 'no_answer');
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(send).toHaveBeenCalledTimes(2);
  });
});
