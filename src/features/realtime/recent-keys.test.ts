import { describe, expect, it } from 'vitest';
import { createRecentKeys } from './recent-keys.ts';

describe('createRecentKeys', () => {
  it('says true the first time and false for a repeat', () => {
    const keys = createRecentKeys({ limit: 10 });
    expect(keys.firstSeen('1001')).toBe(true);
    expect(keys.firstSeen('1001')).toBe(false);
    expect(keys.firstSeen('1002')).toBe(true);
  });

  it('keeps at most `limit` keys, forgetting the oldest first (bounded memory)', () => {
    const keys = createRecentKeys({ limit: 3 });
    for (const key of ['a', 'b', 'c', 'd']) keys.firstSeen(key);
    expect(keys.size).toBe(3);
    expect(keys.firstSeen('d')).toBe(false);
    expect(keys.firstSeen('a')).toBe(true); // forgotten, so new again
    expect(keys.size).toBe(3);
  });

  it('stays bounded under a long stream of distinct ids', () => {
    const keys = createRecentKeys({ limit: 1000 });
    for (let id = 0; id < 100_000; id += 1) keys.firstSeen(String(id));
    expect(keys.size).toBe(1000);
    expect(keys.firstSeen('99999')).toBe(false);
    expect(keys.firstSeen('0')).toBe(true);
  });

  it('forgets a key after its time to live', () => {
    let now = 0;
    const keys = createRecentKeys({ limit: 10, ttlMs: 20_000, now: () => now });
    expect(keys.firstSeen('call')).toBe(true);
    now = 19_999;
    expect(keys.firstSeen('call')).toBe(false);
    now = 40_000;
    expect(keys.firstSeen('call')).toBe(true);
  });
});
