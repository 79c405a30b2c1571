// The outbox: nothing typed is ever lost. A message is written to IndexedDB with a client id before
// any network call, shows at once, and is sent in creation order by whichever tab holds the outbox
// lock. A dropped network or a lost answer leaves it pending: it is sent again by itself (backoff,
// the browser coming online, the live-chat socket reconnecting, the app starting), always with the
// same client id, which the server uses to store it once. Only a refusal by the server (a 4xx or an
// error body) marks it failed, for the person to retry or delete.
import { ApiError } from '../../../api/api-error.ts';
import type { RoomMessage } from '../api/message-model.ts';
import type { ChatVersion } from '../api/messages.ts';
import { chatDb, type OutboxEntry } from './chat-db.ts';

export type { OutboxEntry };

export interface OutboxDeps {
  send(entry: OutboxEntry): Promise<RoomMessage>;
  /** The server accepted the entry (its message, for the room's list). */
  onSent(entry: OutboxEntry, message: RoomMessage): void;
  currentUserId(): number | undefined;
  /** Delays between automatic resends after network failures. */
  retryDelaysMs?: readonly number[];
}

export interface OutboxSnapshot {
  entries: readonly OutboxEntry[];
  /** The entry on the wire right now. */
  sending: string | null;
  /** True after a network failure until the next send succeeds. */
  offline: boolean;
}

const DEFAULT_RETRY_DELAYS_MS = [1000, 2000, 4000, 8000, 15_000];
const LOCK_NAME = 'ess-chat-outbox';
const CHANNEL_NAME = 'ess-chat-outbox';

/** No answer, or an answer that says "try later": the message stays pending. */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return error instanceof TypeError;
  if (error.kind === 'network') return true;
  // The session ended (SPEC §8: a 401 in the body logs out): the message stays pending while the app logs out;
  // the logout deletes the outbox with everything else of that person's (issue 19).
  if (error.kind === 'body') return String((error.body as { status_code?: unknown } | undefined)?.status_code) === '401';
  if (error.kind === 'http') return error.status === undefined || error.status >= 500 || error.status === 408 || error.status === 429 || error.status === 401;
  return false;
}

function refusalText(error: unknown): string | undefined {
  const body = error instanceof ApiError ? (error.body as { error_message?: unknown } | undefined) : undefined;
  return typeof body?.error_message === 'string' ? body.error_message : undefined;
}

function newClientId(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export interface Outbox {
  getSnapshot(): OutboxSnapshot;
  subscribe(listener: () => void): () => void;
  /** Stored first, then sent; resolves once it is stored. */
  enqueue(version: ChatVersion, roomUuid: string, text: string): Promise<OutboxEntry>;
  retry(clientId: string): Promise<void>;
  remove(clientId: string): Promise<void>;
  /** Sends every pending entry, in order (no-op while a flush runs). */
  flush(): Promise<void>;
  /** Reads the stored entries again (another tab changed them). */
  reload(): Promise<void>;
  dispose(): void;
}

export function createOutbox(deps: OutboxDeps): Outbox {
  const delays = deps.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  let snapshot: OutboxSnapshot = { entries: [], sending: null, offline: false };
  const listeners = new Set<() => void>();
  let flushing: Promise<void> | undefined;
  let again = false;
  let failures = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let disposed = false;
  let lastSeq = 0;
  const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(CHANNEL_NAME);

  const set = (next: Partial<OutboxSnapshot>) => {
    snapshot = { ...snapshot, ...next };
    listeners.forEach((listener) => listener());
  };
  const mine = (entries: OutboxEntry[]) => entries.filter((entry) => entry.userId === deps.currentUserId());
  const readAll = async () => mine(await (await chatDb()).getAllFromIndex('outbox', 'bySeq'));
  const reload = async () => {
    const entries = await readAll();
    lastSeq = Math.max(lastSeq, ...entries.map((entry) => entry.seq));
    set({ entries });
  };
  const changed = async () => {
    await reload();
    channel?.postMessage('changed');
  };
  if (channel) channel.onmessage = () => void reload();

  const scheduleRetry = () => {
    clearTimeout(retryTimer);
    const delay = delays[Math.min(failures, delays.length - 1)] ?? 15_000;
    failures += 1;
    retryTimer = setTimeout(() => void flush(), delay);
  };

  /** One pass over the stored pending entries, oldest first; stops at the first network failure. */
  const sendPending = async () => {
    const db = await chatDb();
    for (const entry of await readAll()) {
      if (disposed) return;
      if (entry.status !== 'pending') continue;
      if (!(await db.get('outbox', entry.clientId))) continue; // Deleted meanwhile.
      set({ sending: entry.clientId });
      try {
        const message = await deps.send(entry);
        // The session ended while it was on the wire: its database is being deleted, so nothing is written back.
        if (disposed) return;
        failures = 0;
        await db.delete('outbox', entry.clientId);
        set({ sending: null, offline: false });
        deps.onSent(entry, message);
        await changed();
      } catch (error) {
        if (disposed) return;
        set({ sending: null });
        if (isTransient(error)) {
          set({ offline: true });
          scheduleRetry();
          return;
        }
        await db.put('outbox', { ...entry, status: 'failed', error: refusalText(error) });
        await changed();
      }
    }
  };

  const underLock = (task: () => Promise<void>) =>
    typeof navigator !== 'undefined' && navigator.locks ? navigator.locks.request(LOCK_NAME, task) : task();

  function flush(): Promise<void> {
    if (disposed) return Promise.resolve();
    if (flushing) {
      again = true; // Something new arrived during the pass: one more pass after it.
      return flushing;
    }
    clearTimeout(retryTimer);
    flushing = (async () => {
      do {
        again = false;
        await underLock(sendPending);
      } while (again && !disposed && !snapshot.offline);
    })().finally(() => {
      flushing = undefined;
    });
    return flushing;
  }

  const onOnline = () => {
    failures = 0;
    void flush();
  };
  if (typeof window !== 'undefined') window.addEventListener('online', onOnline);

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async enqueue(version, roomUuid, text) {
      const userId = deps.currentUserId();
      if (userId === undefined) throw new Error('outbox: no signed-in user');
      lastSeq = Math.max(lastSeq + 1, Date.now());
      const entry: OutboxEntry = { clientId: newClientId(), seq: lastSeq, userId, version, roomUuid, text, status: 'pending', createdAt: new Date().toISOString() };
      await (await chatDb()).put('outbox', entry);
      set({ entries: [...snapshot.entries, entry] });
      channel?.postMessage('changed');
      void flush();
      return entry;
    },
    async retry(clientId) {
      const db = await chatDb();
      const entry = await db.get('outbox', clientId);
      if (!entry) return;
      await db.put('outbox', { ...entry, status: 'pending', error: undefined });
      failures = 0;
      await changed();
      void flush();
    },
    async remove(clientId) {
      await (await chatDb()).delete('outbox', clientId);
      await changed();
    },
    flush,
    reload,
    dispose() {
      disposed = true;
      clearTimeout(retryTimer);
      channel?.close();
      if (typeof window !== 'undefined') window.removeEventListener('online', onOnline);
      listeners.clear();
    },
  };
}
