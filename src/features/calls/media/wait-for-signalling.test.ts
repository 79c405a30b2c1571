// A call joins through the realtime feature's signalling, which comes and goes with the broadcast connection.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { provideCallSignalling, type CallSignalling } from '../../../shared/domain/call-signalling.ts';
import { waitForSignalling } from './wait-for-signalling.ts';

const signalling: CallSignalling = { join: () => Promise.reject(new Error('unused')) };
let withdraw: (() => void) | undefined;
afterEach(() => {
  withdraw?.();
  withdraw = undefined;
  vi.useRealTimers();
});

describe('waiting for the call signalling', () => {
  it('while the broadcast connection is open: at once', async () => {
    withdraw = provideCallSignalling(signalling);
    await expect(waitForSignalling(10)).resolves.toBe(signalling);
  });

  it('while it opens (a reload on the call screen): as soon as it is provided', async () => {
    vi.useFakeTimers();
    const waiting = waitForSignalling(10_000);
    await vi.advanceTimersByTimeAsync(9_000);
    withdraw = provideCallSignalling(signalling);
    await expect(waiting).resolves.toBe(signalling);
  });

  it('not there in time, or withdrawn with the connection: the join fails and says why', async () => {
    vi.useFakeTimers();
    provideCallSignalling(signalling)();
    const waiting = waitForSignalling(50);
    const failed = expect(waiting).rejects.toThrow(/the realtime connection is not available/);
    await vi.advanceTimersByTimeAsync(50);
    await failed;
  });
});
