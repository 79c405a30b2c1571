// Deduplication with bounded memory: the keys seen last (at most `limit`, oldest forgotten first), each
// remembered for `ttlMs` at most. Long-poll ids are kept by count; the same call event arriving by both
// the socket and the poll is recognised within a time window.

export interface RecentKeys {
  /** True the first time a key is seen (within its time to live); false for a repeat. */
  firstSeen(key: string): boolean;
  readonly size: number;
  clear(): void;
}

export function createRecentKeys({ limit, ttlMs = Number.POSITIVE_INFINITY, now = Date.now }: { limit: number; ttlMs?: number; now?: () => number }): RecentKeys {
  // A Map iterates in insertion order: its first entry is always the oldest.
  const seenAt = new Map<string, number>();
  return {
    firstSeen(key) {
      const time = now();
      const previous = seenAt.get(key);
      if (previous !== undefined && time - previous < ttlMs) return false;
      seenAt.delete(key);
      seenAt.set(key, time);
      while (seenAt.size > limit) seenAt.delete(seenAt.keys().next().value as string);
      return true;
    },
    get size() {
      return seenAt.size;
    },
    clear() {
      seenAt.clear();
    },
  };
}
