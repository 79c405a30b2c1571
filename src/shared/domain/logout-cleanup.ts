// What a feature holds for the signed-in person and must let go of at logout (issue 19: logout leaves
// nothing behind). The session layer knows no feature, so a feature registers its cleanup here when its
// code loads (an open database connection, a running outbox, a call, a memory of what was shown); the
// logout flow runs them all. What a feature leaves on the device even when its code never loaded this
// time (its IndexedDB database) is deleted by name instead (./clear-device-data.ts).

/** Stops, closes or forgets one feature's per-user state; may finish asynchronously. */
export type LogoutCleanup = () => void | Promise<unknown>;

const cleanups = new Set<LogoutCleanup>();

/** Registers a cleanup for every logout from now on; returns its removal. */
export function onLogout(cleanup: LogoutCleanup): () => void {
  cleanups.add(cleanup);
  return () => {
    cleanups.delete(cleanup);
  };
}

/**
 * Runs every registered cleanup. Each starts synchronously, before this returns, so one that still
 * needs the session (hanging up a call tells the server with the session's token) runs while the
 * token is there. A cleanup that throws or rejects is logged and never stops the others; the promise
 * settles when they all have, and never rejects.
 */
export function runLogoutCleanups(): Promise<void> {
  // A promise's executor runs at once, and turns a cleanup's throw into a rejection.
  const running = [...cleanups].map((cleanup) =>
    new Promise((resolve) => resolve(cleanup())).catch((error: unknown) => console.warn('Part of the logout failed', error)),
  );
  return Promise.all(running).then(() => undefined);
}
