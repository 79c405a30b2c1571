// The outbox: nothing sent is ever lost. Every outgoing message (a text, a sticker, files with their
// message) is written to IndexedDB with a client id before any network call (a file's bytes too, as a
// Blob), shows at once, and is sent in creation order by whichever tab holds the outbox lock. A
// dropped network or a lost answer leaves it pending: it is sent again by itself (backoff, the browser
// coming online, the live-chat socket reconnecting, the app starting), always with the same client id,
// which the server uses to store it once. Only a refusal by the server (a 4xx or an error body) marks
// it failed, for the person to retry or delete.
//
// An entry can also be sent "attended" (sendAttended): the Upload File modal stays open on it and
// still holds the chosen files (SPEC §4: failure shows an alert and keeps the modal), so any failure
// takes it out of the outbox and is handed to the modal instead. While it waits, a Web Lock named
// after it tells other tabs to leave it to this one; if this tab goes (a reload), the lock goes with
// it and the stored entry is sent like any other.
import { ApiError } from '../../../api/api-error.ts';
import { createListenerStore } from '../../../shared/events/listener-store.ts';
import type { UploadProgress } from '../../../api/upload.ts';
import type { RoomMessage } from '../api/message-model.ts';
import type { OutgoingMessage, RoomRef, Transfer } from '../api/room-api.ts';
import { chatDb, type OutboxEntry } from './chat-db.ts';

export type { OutboxEntry };

export interface OutboxDeps {
  send(entry: OutboxEntry, transfer: Transfer): Promise<RoomMessage[]>;
  /** The server accepted the entry (its messages, for the room's list). */
  onSent(entry: OutboxEntry, messages: RoomMessage[]): void;
  currentUserId(): number | undefined;
  /** Delays between automatic resends after network failures. */
  retryDelaysMs?: readonly number[];
}

export interface OutboxSnapshot {
  entries: readonly OutboxEntry[];
  /** The entry on the wire right now. */
  sending: string | null;
  /** How much of the entry on the wire has gone (0 to 1), when it reports it (an upload). */
  progress: number | null;
  /** True after a network failure until the next send succeeds. */
  offline: boolean;
}

export interface AttendedOptions {
  /** Aborting cancels the send (the request too, when it is on the wire) and takes the entry out. */
  signal?: AbortSignal;
  /** Aborting stops waiting (the modal went away): the entry stays in the outbox as any other. */
  detach?: AbortSignal;
  onProgress?(progress: UploadProgress): void;
}

const DEFAULT_RETRY_DELAYS_MS = [1000, 2000, 4000, 8000, 15_000];
const LOCK_NAME = 'ess-chat-outbox';
const ATTENDED_LOCK_PREFIX = 'ess-chat-outbox-attended:';
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

const cancelled = () => new DOMException('The send was cancelled.', 'AbortError');

/** Entries stored before the outbox had kinds were texts. */
const withKind = (entry: OutboxEntry): OutboxEntry => ((entry as { kind?: string }).kind ? entry : ({ ...(entry as object), kind: 'text' } as OutboxEntry));

const webLocks = () => (typeof navigator !== 'undefined' ? navigator.locks : undefined);

/** Holds a Web Lock until `until` settles; resolves once it is held (at once without Web Locks). */
function holdLock(name: string, until: Promise<unknown>): Promise<void> {
  const locks = webLocks();
  if (!locks) return Promise.resolve();
  return new Promise((held) => {
    void locks.request(name, () => {
      held();
      return until.catch(() => undefined);
    });
  });
}

/** The entries another tab is sending attended (their lock is held), by client id. */
async function attendedElsewhere(): Promise<Set<string>> {
  const held = (await webLocks()?.query())?.held ?? [];
  return new Set(held.flatMap((lock) => (lock.name?.startsWith(ATTENDED_LOCK_PREFIX) ? [lock.name.slice(ATTENDED_LOCK_PREFIX.length)] : [])));
}

interface Watcher {
  resolve(messages: RoomMessage[]): void;
  reject(error: unknown): void;
  onProgress?(progress: UploadProgress): void;
  cancelled: boolean;
}

export interface Outbox {
  getSnapshot(): OutboxSnapshot;
  subscribe(listener: () => void): () => void;
  /** Stored first, then sent; resolves once it is stored. */
  enqueue(room: RoomRef, message: OutgoingMessage): Promise<OutboxEntry>;
  /**
   * Stored first, then sent in its turn while the caller waits; resolves with the server's messages.
   * The caller still holds what it sends: any failure takes the entry out and rejects with the error.
   */
  sendAttended(room: RoomRef, message: OutgoingMessage, options?: AttendedOptions): Promise<RoomMessage[]>;
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
  const state = createListenerStore<OutboxSnapshot>({ entries: [], sending: null, progress: null, offline: false });
  /** Entries this tab sends attended, by client id. */
  const watchers = new Map<string, Watcher>();
  let onWire: { clientId: string; abort: AbortController } | undefined;
  let flushing: Promise<void> | undefined;
  let again = false;
  let failures = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let disposed = false;
  let lastSeq = 0;
  const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(CHANNEL_NAME);

  const set = (next: Partial<OutboxSnapshot>) => {
    if (!disposed) state.update((current) => ({ ...current, ...next }));
  };
  const mine = (entries: OutboxEntry[]) => entries.filter((entry) => entry.userId === deps.currentUserId()).map(withKind);
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

  /** An attended entry leaves the outbox; whoever waits for it is told why. */
  const withdraw = async (clientId: string, reason: unknown) => {
    const watcher = watchers.get(clientId);
    watchers.delete(clientId);
    await (await chatDb()).delete('outbox', clientId);
    await changed();
    watcher?.reject(reason);
  };

  /** One pass over the stored pending entries, oldest first; stops at the first network failure. */
  const sendPending = async () => {
    const db = await chatDb();
    const entries = await readAll();
    const elsewhere = entries.some((entry) => !watchers.has(entry.clientId)) ? await attendedElsewhere() : new Set<string>();
    for (const entry of entries) {
      if (disposed) return;
      if (entry.status !== 'pending') continue;
      if (!watchers.has(entry.clientId) && elsewhere.has(entry.clientId)) continue; // Another tab waits on it and sends it.
      if (!(await db.get('outbox', entry.clientId))) continue; // Deleted meanwhile.
      if (watchers.get(entry.clientId)?.cancelled) continue;
      const wire = { clientId: entry.clientId, abort: new AbortController() };
      onWire = wire;
      set({ sending: entry.clientId, progress: null });
      const onProgress = (progress: UploadProgress) => {
        if (onWire === wire && progress.total > 0) set({ progress: Math.min(1, progress.loaded / progress.total) });
        watchers.get(entry.clientId)?.onProgress?.(progress);
      };
      try {
        const messages = await deps.send(entry, { signal: wire.abort.signal, onProgress });
        onWire = undefined;
        // The session ended while it was on the wire: its database is being deleted, so nothing is written back.
        if (disposed) return;
        failures = 0;
        await db.delete('outbox', entry.clientId);
        set({ sending: null, progress: null, offline: false });
        deps.onSent(entry, messages);
        watchers.get(entry.clientId)?.resolve(messages);
        watchers.delete(entry.clientId);
        await changed();
      } catch (error) {
        onWire = undefined;
        if (disposed) return;
        set({ sending: null, progress: null });
        if (watchers.has(entry.clientId)) {
          // The person is looking at it and still holds what it sends: it comes back to them, whatever went wrong.
          await withdraw(entry.clientId, error);
          continue;
        }
        if (!isTransient(error)) {
          await db.put('outbox', { ...entry, status: 'failed', error: refusalText(error) });
          await changed();
          continue;
        }
        set({ offline: true });
        scheduleRetry();
        // The network is away: those waited on further down the queue come back to their senders too.
        for (const clientId of [...watchers.keys()]) await withdraw(clientId, error);
        return;
      }
    }
  };

  const underLock = (task: () => Promise<void>) => (webLocks() ? webLocks()!.request(LOCK_NAME, task) : task());

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
      } while (again && !disposed && !state.getSnapshot().offline);
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

  const store = async (room: RoomRef, message: OutgoingMessage, clientId: string) => {
    const userId = deps.currentUserId();
    // Stopped: the session ended (here or in another tab) and its database is deleted; nothing goes back in.
    if (userId === undefined || disposed) throw new Error('outbox: no signed-in user');
    lastSeq = Math.max(lastSeq + 1, Date.now());
    const entry = { ...message, clientId, seq: lastSeq, userId, version: room.version, roomUuid: room.uuid, status: 'pending', createdAt: new Date().toISOString() } as OutboxEntry;
    const db = await chatDb();
    if (disposed) throw new Error('outbox: no signed-in user');
    await db.put('outbox', entry);
    set({ entries: [...state.getSnapshot().entries, entry] });
    channel?.postMessage('changed');
    return entry;
  };

  /** Cancels an attended entry: aborts its request when on the wire, else takes it out at once. */
  const cancel = (clientId: string) => {
    const watcher = watchers.get(clientId);
    if (!watcher) return;
    watcher.cancelled = true;
    if (onWire?.clientId === clientId) onWire.abort.abort();
    else void withdraw(clientId, cancelled());
  };

  return {
    getSnapshot: state.getSnapshot,
    subscribe: state.subscribe,
    async enqueue(room, message) {
      const entry = await store(room, message, newClientId());
      void flush();
      return entry;
    },
    async sendAttended(room, message, { signal, detach, onProgress } = {}) {
      if (signal?.aborted) throw cancelled();
      const clientId = newClientId();
      let done!: () => void;
      const finished = new Promise<void>((resolve) => (done = resolve));
      // Held before the entry is stored, so no other tab ever sees it unclaimed.
      await holdLock(`${ATTENDED_LOCK_PREFIX}${clientId}`, finished);
      try {
        const result = new Promise<RoomMessage[]>((resolve, reject) => watchers.set(clientId, { resolve, reject, onProgress, cancelled: false }));
        try {
          await store(room, message, clientId);
        } catch (error) {
          watchers.delete(clientId);
          throw error;
        }
        signal?.addEventListener('abort', () => cancel(clientId), { once: true });
        if (signal?.aborted) cancel(clientId);
        const stopWaiting = () => {
          const watcher = watchers.get(clientId);
          if (!watcher || watcher.cancelled) return;
          watchers.delete(clientId);
          watcher.reject(new DOMException('No longer waited for.', 'AbortError'));
        };
        detach?.addEventListener('abort', stopWaiting, { once: true });
        if (detach?.aborted) stopWaiting();
        void flush();
        return await result;
      } finally {
        done();
      }
    },
    async retry(clientId) {
      if (disposed) return;
      const db = await chatDb();
      const entry = await db.get('outbox', clientId);
      if (!entry) return;
      await db.put('outbox', { ...entry, status: 'pending', error: undefined });
      failures = 0;
      await changed();
      void flush();
    },
    async remove(clientId) {
      if (disposed) return;
      await (await chatDb()).delete('outbox', clientId);
      await changed();
    },
    flush,
    reload,
    dispose() {
      disposed = true;
      clearTimeout(retryTimer);
      onWire?.abort.abort();
      channel?.close();
      if (typeof window !== 'undefined') window.removeEventListener('online', onOnline);
      for (const watcher of watchers.values()) watcher.reject(new Error('The outbox stopped (the session ended).'));
      watchers.clear();
    },
  };
}
