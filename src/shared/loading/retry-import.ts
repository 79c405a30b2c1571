// Code split into chunks is fetched when it is first needed; the network may drop just then (a screen
// appearing as the train enters a tunnel), or a chunk may be briefly unreachable. A failed import is
// tried again a couple of times before it counts as failed (Chromium fetches a failed module again:
// whatwg/html#10327). Work that only improves the app once it is up (realtime, the badge, push) is
// skipped quietly when its code still cannot load; a screen whose own code cannot load says so with
// Retry (src/app/screen-error-boundary.tsx).

/** The waits before the second and third attempts. */
export const IMPORT_RETRY_DELAYS_MS: readonly number[] = [400, 1500];

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `load()`, tried again after each of `delays` when it fails; the last failure is thrown. */
export async function retryImport<T>(load: () => Promise<T>, delays: readonly number[] = IMPORT_RETRY_DELAYS_MS): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await load();
    } catch (error) {
      const delay = delays[attempt];
      if (delay === undefined) throw error;
      await wait(delay);
    }
  }
}

/**
 * Deferred work's code: retried, and `undefined` when it still cannot load (a warning, never an
 * unhandled rejection). The caller skips the work then; it runs again at the next start.
 */
export function loadDeferred<T>(what: string, load: () => Promise<T>, delays?: readonly number[]): Promise<T | undefined> {
  return retryImport(load, delays).catch((error: unknown) => {
    console.warn(`Skipped ${what}: its code could not be loaded`, error);
    return undefined;
  });
}

/**
 * loadDeferred, and while the code still cannot load, again each time the browser comes back online
 * (the network dropped just as it was fetched: the live connections of a room opened from a link,
 * then offline). Undefined once `signal` aborts.
 */
export async function loadDeferredUntilOnline<T>(what: string, load: () => Promise<T>, signal: AbortSignal): Promise<T | undefined> {
  for (;;) {
    const module = await loadDeferred(what, load);
    if (module !== undefined || signal.aborted) return signal.aborted ? undefined : module;
    await new Promise<void>((resolve) => {
      window.addEventListener('online', () => resolve(), { once: true, signal });
      signal.addEventListener('abort', () => resolve(), { once: true });
    });
    if (signal.aborted) return undefined;
  }
}
