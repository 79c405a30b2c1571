// A call's end reaches the server (issue 32: "a call ends for everyone"). The app cannot tell which of
// its ends ends the call for everyone: the server decides from who asks (the caller's hang-up ends a
// group call for all, a member's only for them unless nobody else is left, any end of a direct call
// ends it for both, no_answer for everyone still rung). So every end the app sends goes through here:
// stored first, then sent again with backoff until the server answers, for a bounded time. A lost end
// otherwise leaves the others in a call its starter left (and offers the starter to join it again).
//
// The record is kept in localStorage, not IndexedDB: a hang-up is often followed at once by closing or
// reloading the tab, and only a synchronous write is sure to be there for the next start, which sends
// it again once signed in (resume). It is the person's data: the logout forgets it here and deletes it
// by name (src/shared/domain/clear-device-data.ts), and it is sent only for the user who stored it.
import { ApiError } from '../../../api/api-error.ts';
import { onLogout } from '../../../shared/domain/logout-cleanup.ts';
import { PENDING_END_CALLS_KEY } from '../../../shared/storage/user-databases.ts';
import { endCall, type EndReason } from '../api/call.ts';

/** Waits between tries: 1 s, 2 s, 4 s … then 30 s each. */
export const END_CALL_RETRY_DELAYS_MS: readonly number[] = [1000, 2000, 4000, 8000, 16_000, 30_000];
/** After this long since the end was first asked for, it is given up (the server's own timeout ends the call). */
export const END_CALL_GIVE_UP_MS = 3 * 60_000;

export interface PendingEndCall {
  callId: number;
  /** Omitted: the server tells caller from receiver (EndCallRequest's event_type is optional). */
  reason?: EndReason;
  /** Who asked (undefined when the app did not know yet): never sent with someone else's session. */
  userId?: number;
  /** When it was first asked for (ms): the give-up time counts from here, across reloads. */
  since: number;
}

/** The storage the record lives in (localStorage in the app). */
export type RecordStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface EndCallOutboxDeps {
  /** POST /live-chat/chat-room-calls/end-call; resolves once the server answered with success. */
  send(callId: number, reason: EndReason | undefined): Promise<unknown>;
  storage: RecordStorage | undefined;
  key: string;
  now?: () => number;
}

export interface EndCallOutbox {
  /** Stores the end and sends it until the server takes it; settles when it did, refused it for good, or it was given up. Never rejects. */
  end(callId: number, reason?: EndReason): Promise<void>;
  /**
   * Signed in (again): who the user is, and the ends an earlier page stored (a reload, a closed tab)
   * go out now, those of this user only.
   */
  resume(currentUserId: () => number | undefined): void;
  /** The user joins this call again (a member who left comes back): a stored end of it is stale. */
  withdraw(callId: number): void;
  /** Logout: forgets every end and sends nothing more; until the next resume an end is sent once, not stored. */
  clear(): void;
  /** The ends not yet taken by the server (for tests and diagnostics). */
  pending(): PendingEndCall[];
}

/**
 * Whether a failed end is worth sending again: no answer, a server error, 408 and 429 are; any other
 * refusal never succeeds (404: the call is gone already; 401: the session ended, and the logout
 * follows), so it counts as done, as does an answer that came but did not parse.
 */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  const retryableStatus = (status: number) => status >= 500 || status === 408 || status === 429;
  switch (error.kind) {
    case 'network':
      return true;
    case 'http':
      return error.status === undefined || retryableStatus(error.status);
    case 'body': {
      // The error envelope in a 2xx answer; its status_code says what kind of refusal it is.
      const code = (error.body as { status_code?: unknown } | undefined)?.status_code;
      return typeof code === 'number' || (typeof code === 'string' && /^\d+$/.test(code)) ? retryableStatus(Number(code)) : false;
    }
    default:
      return false;
  }
}

const isPending = (value: unknown): value is PendingEndCall => {
  const record = value as Partial<PendingEndCall> | null;
  return typeof record === 'object' && record !== null && Number.isInteger(record.callId) && typeof record.since === 'number';
};

interface Job {
  record: PendingEndCall;
  timer: ReturnType<typeof setTimeout> | undefined;
  done: Promise<void>;
  settle(): void;
}

export function createEndCallOutbox(deps: EndCallOutboxDeps): EndCallOutbox {
  const now = deps.now ?? Date.now;
  const jobs = new Map<number, Job>();
  let currentUserId: () => number | undefined = () => undefined;
  let signedOut = false;

  // Storage can be missing, full or refused (private modes): the ends are then kept in this page only.
  const read = (): PendingEndCall[] => {
    try {
      const parsed: unknown = JSON.parse(deps.storage?.getItem(deps.key) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter(isPending) : [];
    } catch {
      return [];
    }
  };
  // Read, change, write each time: another tab may have stored or settled ends of its own since.
  const change = (update: (records: PendingEndCall[]) => PendingEndCall[]) => {
    try {
      const next = update(read());
      if (next.length === 0) deps.storage?.removeItem(deps.key);
      else deps.storage?.setItem(deps.key, JSON.stringify(next));
    } catch (error) {
      console.warn('calls: the pending call ends could not be stored', error);
    }
  };
  const store = (record: PendingEndCall) => change((records) => [...records.filter((other) => other.callId !== record.callId), record]);
  const unstore = (callId: number) => change((records) => records.filter((other) => other.callId !== callId));

  const finish = (job: Job) => {
    clearTimeout(job.timer);
    if (jobs.get(job.record.callId) === job) {
      jobs.delete(job.record.callId);
      unstore(job.record.callId);
    }
    job.settle();
  };

  const attempt = async (job: Job, tries: number) => {
    job.timer = undefined;
    let again: boolean;
    try {
      await deps.send(job.record.callId, job.record.reason);
      again = false;
    } catch (error) {
      again = isRetryable(error);
      if (again) console.warn(`calls: ending call ${job.record.callId} failed; trying again`, error);
    }
    // Withdrawn, or forgotten at logout, while it was on the wire.
    if (jobs.get(job.record.callId) !== job) return;
    if (!again || now() - job.record.since >= END_CALL_GIVE_UP_MS) return finish(job);
    const delay = END_CALL_RETRY_DELAYS_MS[Math.min(tries, END_CALL_RETRY_DELAYS_MS.length - 1)];
    job.timer = setTimeout(() => void attempt(job, tries + 1), delay);
  };

  const run = (record: PendingEndCall): Promise<void> => {
    let settle = () => undefined as void;
    const done = new Promise<void>((resolve) => (settle = resolve));
    const job: Job = { record, timer: undefined, done, settle };
    jobs.set(record.callId, job);
    void attempt(job, 0);
    return done;
  };

  return {
    end(callId, reason) {
      const running = jobs.get(callId);
      if (running) return running.done;
      if (signedOut) {
        // The logout's own hang-up, while the token is still set: once, as nothing may outlive the session.
        return deps.send(callId, reason).then(
          () => undefined,
          (error: unknown) => console.warn('calls: end-call failed', error),
        );
      }
      const record: PendingEndCall = { callId, since: now(), ...(reason ? { reason } : {}), ...(currentUserId() === undefined ? {} : { userId: currentUserId() }) };
      store(record);
      return run(record);
    },
    resume(userIdNow) {
      currentUserId = userIdNow;
      signedOut = false;
      const userId = currentUserId();
      for (const record of read()) {
        // Not known yet whose session this is: the next start sends it.
        if (jobs.has(record.callId) || (record.userId !== undefined && userId === undefined)) continue;
        const someoneElses = record.userId !== undefined && userId !== undefined && record.userId !== userId;
        if (someoneElses || now() - record.since >= END_CALL_GIVE_UP_MS) unstore(record.callId);
        else void run(record);
      }
    },
    withdraw(callId) {
      const job = jobs.get(callId);
      if (job) finish(job);
      else unstore(callId);
    },
    clear() {
      signedOut = true;
      currentUserId = () => undefined;
      const running = [...jobs.values()];
      jobs.clear();
      for (const job of running) {
        clearTimeout(job.timer);
        job.settle();
      }
      change(() => []);
    },
    pending: () => [...jobs.values()].map((job) => job.record),
  };
}

function browserStorage(): RecordStorage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // Refused (storage blocked): ends are then retried in this page only.
  }
}

/**
 * The app's ends. Module state, as the call registry's: a session that ends and the screen that ran it
 * are gone long before the server takes the end, so the retries must outlive both.
 */
export const endCallOutbox = createEndCallOutbox({ send: endCall, storage: browserStorage(), key: PENDING_END_CALLS_KEY });

onLogout(() => endCallOutbox.clear());
