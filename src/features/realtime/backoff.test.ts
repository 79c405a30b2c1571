import { describe, expect, it } from 'vitest';
import { createBackoff } from './backoff.ts';

describe('createBackoff', () => {
  it('doubles from the initial delay up to the maximum (no jitter)', () => {
    const backoff = createBackoff({ initialMs: 500, maxMs: 5000, jitter: 0 });
    expect(Array.from({ length: 7 }, () => backoff.next())).toEqual([500, 1000, 2000, 4000, 5000, 5000, 5000]);
    expect(backoff.attempts).toBe(7);
  });

  it('starts over after a success', () => {
    const backoff = createBackoff({ initialMs: 1000, jitter: 0 });
    backoff.next();
    backoff.next();
    backoff.reset();
    expect(backoff.next()).toBe(1000);
  });

  it('spreads each delay within ±jitter and never beyond the maximum', () => {
    const low = createBackoff({ initialMs: 1000, maxMs: 1000, jitter: 0.2, random: () => 0 });
    const high = createBackoff({ initialMs: 1000, maxMs: 1000, jitter: 0.2, random: () => 0.999999 });
    expect(low.next()).toBe(800);
    expect(high.next()).toBe(1000);
    const spread = createBackoff({ initialMs: 1000, maxMs: 30_000, jitter: 0.2, random: () => 0.999999 });
    expect(spread.next()).toBe(1200);
  });
});
