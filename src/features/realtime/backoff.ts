// Reconnection delays: exponential from `initialMs` up to `maxMs`, with jitter so that every app
// reconnecting after a server restart does not knock at the same moment.

export interface Backoff {
  /** The delay before the next attempt (grows with each call). */
  next(): number;
  /** After a success: the next failure starts from `initialMs` again. */
  reset(): void;
  readonly attempts: number;
}

export interface BackoffOptions {
  initialMs?: number;
  maxMs?: number;
  factor?: number;
  /** 0.2: each delay is drawn from ±20 % of the nominal one. */
  jitter?: number;
  random?: () => number;
}

export function createBackoff({ initialMs = 500, maxMs = 30_000, factor = 2, jitter = 0.2, random = Math.random }: BackoffOptions = {}): Backoff {
  let attempts = 0;
  return {
    next() {
      const nominal = Math.min(maxMs, initialMs * factor ** attempts);
      attempts += 1;
      const spread = nominal * jitter * (random() * 2 - 1);
      return Math.round(Math.min(maxMs, Math.max(0, nominal + spread)));
    },
    reset() {
      attempts = 0;
    },
    get attempts() {
      return attempts;
    },
  };
}
