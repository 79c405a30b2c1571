// Logout ends every tab (issue 33). The tabs of one origin share one session: its token is in the
// storage they share. So when one tab ends it (Log out, or a 401), the others hear of it at once and
// let go of it too: their token first (nothing they still do is sent with it, nor without it:
// src/api/session-guard.ts), then the logout flow as for their own logout: the logout cleanups (drafts
// and outbox stop, a call hangs up here), the live connections, the query cache and the storage's
// copy of the session, and the sign-in screen. What the flow also does to the device and the server
// was done by the tab that logged out; doing it again changes nothing (the server is not called: the
// token is gone from the storage before the flow reads it).
//
// A sign-in in one tab is picked up by the others: a tab showing the sign-in screen starts again on the
// session now stored. A tab still running an earlier session (it missed the logout: frozen, in the
// back-forward cache) drops its token, runs the logout cleanups and starts again on the new session,
// touching nothing of the device, which is the next person's now. So no tab goes on acting as one
// person after another has signed in.
//
// How they hear: a BroadcastChannel message, at the start of a logout and once a sign-in has stored its
// token; where BroadcastChannel is missing, the `storage` event of the session's copy in localStorage
// (storage.ts keeps it while IndexedDB works). Messages carry a short fingerprint of the token, never the
// token: a tab acts on a logout only of its own session (an old tab's late 401 never ends the next
// person's). A tab that may have missed a message (loaded after it, frozen, back from the back-forward
// cache, brought back to the front) compares its token with the one stored.
// Loaded once the first screen has shown its content (src/app/wiring.tsx).
import { getAccessToken, setAccessToken } from '../../api/client.ts';
import { refuseCallsWithoutSession } from '../../api/session-guard.ts';
import { HOME_PATH } from '../../shared/routes/app-routes.ts';
import { onLogout, runLogoutCleanups } from '../../shared/domain/logout-cleanup.ts';
import type { SessionController } from '../../shared/session/session-types.ts';
import { request } from '../../shared/storage/indexeddb-driver.ts';
import { PREFIX } from '../../shared/storage/local-storage-driver.ts';
import { DATABASE_NAME, STORE_NAME } from '../../shared/storage/storage-driver.ts';
import { STORAGE_KEYS, type AppStorage } from '../../shared/storage/storage.ts';

export const SESSION_CHANNEL = 'ess-session';

/** The token's copy in localStorage (local-storage-driver.ts): the `storage` event's key. */
export const TOKEN_COPY_KEY = PREFIX + STORAGE_KEYS.accessToken;

export interface SessionMessage {
  type: 'logout' | 'login';
  /** fingerprint() of the session's token. */
  session: string;
}

/** 32-bit FNV-1a of the token, in hex: tells sessions apart without saying anything of the token. */
export function fingerprint(token: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < token.length; index += 1) hash = Math.imul(hash ^ token.charCodeAt(index), 0x01000193);
  return (hash >>> 0).toString(16);
}

export interface SyncEnvironment {
  BroadcastChannel?: typeof BroadcastChannel;
  window?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  document?: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
  indexedDB?: IDBFactory;
  localStorage?: Storage;
  sessionStorage?: Storage;
  /** Starts the page again at this path, on the session now stored (never where the last one was). */
  open(path: string): void;
}

/** Reads a property of the page that a blocked-storage setting makes throw. */
function available<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

function browserEnvironment(): SyncEnvironment {
  return {
    BroadcastChannel: typeof BroadcastChannel === 'function' ? BroadcastChannel : undefined,
    window,
    document,
    indexedDB: available(() => indexedDB),
    localStorage: available(() => localStorage),
    sessionStorage: available(() => sessionStorage),
    open: (path) => location.replace(path),
  };
}

/** The token as stored in IndexedDB now (null: none); undefined when it cannot be read. */
async function storedInIndexedDb(factory: IDBFactory): Promise<string | null | undefined> {
  const open = factory.open(DATABASE_NAME);
  // Never create it here: a missing database is the app's own start to handle.
  open.onupgradeneeded = () => open.transaction?.abort();
  const db = await request(open);
  try {
    const value = await request(db.transaction(STORE_NAME).objectStore(STORE_NAME).get(STORAGE_KEYS.accessToken));
    return typeof value === 'string' && value !== '' ? value : null;
  } finally {
    db.close();
  }
}

/** A value of the token's localStorage copy (JSON, null when absent) as a token; undefined when unreadable. */
function parseCopy(text: string | null): string | null | undefined {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'string' && value !== '' ? value : null;
  } catch {
    return undefined;
  }
}

/**
 * Keeps this tab's session in step with the other tabs'. `storage`: the app's storage (which of its
 * drivers holds the session). Returns the stop (tests).
 */
export function syncSession(session: SessionController, storage: AppStorage, environment: SyncEnvironment = browserEnvironment()): () => void {
  refuseCallsWithoutSession();
  const { window: page, document: doc } = environment;
  /** The session this tab runs: its token, or the one a sign-in is storing. */
  const own = () => getAccessToken() ?? storage.get<string>(STORAGE_KEYS.accessToken);
  const channel = environment.BroadcastChannel ? new environment.BroadcastChannel(SESSION_CHANNEL) : undefined;
  const post = (message: SessionMessage) => channel?.postMessage(message);

  const readStored = async (): Promise<string | null | undefined> => {
    try {
      if (storage.driver === 'indexeddb' && environment.indexedDB) return await storedInIndexedDb(environment.indexedDB);
      if (storage.driver === 'localstorage' && environment.localStorage) return parseCopy(environment.localStorage.getItem(TOKEN_COPY_KEY));
    } catch {
      // Unreadable now: the next message or return to the front asks again.
    }
    return undefined; // In memory only: no other tab shares this session.
  };

  /**
   * Another tab ended this session: this one lets go of it. `next`: the session stored now, if any (another
   * person's): see the top of this file.
   */
  const endHere = async (next: string | null) => {
    setAccessToken(undefined);
    try {
      environment.sessionStorage?.clear(); // This tab's own, which the logging-out tab cannot reach.
    } catch {
      // Blocked storage: nothing kept there either.
    }
    if (next) {
      void runLogoutCleanups();
      return environment.open(HOME_PATH);
    }
    void storage.remove(STORAGE_KEYS.accessToken); // From the storage's copy at once: the flow finds no token to tell the server of.
    await session.signOut();
  };

  /** Acts on the token stored now (undefined: unknown), if this tab runs another session or none. */
  const settle = async (stored: string | null | undefined, ran: string | undefined) => {
    // Unknown, unchanged, or this tab's own sign-in or logout moved on meanwhile: nothing to do.
    if (stored === undefined || (stored ?? undefined) === ran || own() !== ran) return;
    if (ran) await endHere(stored);
    else if (stored) environment.open(HOME_PATH); // Showing the sign-in screen: it starts on the new session.
  };

  const check = async () => {
    const ran = own();
    await settle(await readStored(), ran);
  };

  /**
   * This tab's session ended in another tab. Its token may still be stored for a moment (that tab removes
   * it next), and another person's may be stored already (this tab was frozen): only then is it kept.
   */
  const endedElsewhere = async () => {
    const ran = own();
    const stored = await readStored();
    if (ran && own() === ran) await endHere(stored && stored !== ran ? stored : null);
  };

  const onMessage = (event: MessageEvent<SessionMessage | undefined>) => {
    const { type, session: other } = event.data ?? {};
    const ran = own();
    const same = ran !== undefined && fingerprint(ran) === other;
    if (type === 'logout' && same) void endedElsewhere();
    else if (type === 'login' && !same) void check();
  };
  if (channel) channel.onmessage = onMessage;

  // The fallback: the copy of the token in localStorage changed in another tab (key null: it was cleared).
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_COPY_KEY) void settle(event.key === null ? null : parseCopy(event.newValue), own());
  };
  if (!channel) page?.addEventListener('storage', onStorage);

  // Messages a tab may have missed: back from the back-forward cache, or to the front after being frozen.
  const onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted) void check();
  };
  const onVisible = () => {
    if (doc?.visibilityState === 'visible') void check();
  };
  page?.addEventListener('pageshow', onPageShow);
  doc?.addEventListener('visibilitychange', onVisible);

  // A logout here (Log out, a 401) is told at its start, while this tab's token is still set. A session
  // another tab ended posts nothing: its token is gone before the cleanups run.
  const offLogout = onLogout(() => {
    const token = getAccessToken();
    if (token) post({ type: 'logout', session: fingerprint(token) });
  });
  // A sign-in here is told once its token is stored (the session's state changes only after that).
  let known = getAccessToken();
  const offSession = session.subscribe(() => {
    const token = getAccessToken();
    if (token && token !== known) post({ type: 'login', session: fingerprint(token) });
    known = token;
  });

  // Loaded after the first content: whatever happened before is read from the storage.
  void check();

  return () => {
    offLogout();
    offSession();
    channel?.close();
    page?.removeEventListener('storage', onStorage);
    page?.removeEventListener('pageshow', onPageShow);
    doc?.removeEventListener('visibilitychange', onVisible);
  };
}
