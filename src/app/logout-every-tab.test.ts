// @vitest-environment happy-dom
// Logout ends every tab (issue 33), as the app composes it: a tab whose chat outbox waits to send a
// message again hears of a logout in another tab (src/features/session/session-sync.ts); its retry is
// not sent, with the ended session's token or any. This tab runs the real session controller, storage,
// API client and outbox; the other tab is played by hand (its storage, its message).
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { BroadcastChannel as NodeBroadcastChannel } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { client, setAccessToken } from '../api/client.ts';
import { stubDocumentRequest } from '../api/testing/document-request.ts';
import type { UserDataResponse } from '../api/models.ts';
import { chatDb } from '../features/chat/outbox/chat-db.ts';
import { createOutbox } from '../features/chat/outbox/outbox.ts';
import { createSessionController } from '../features/session/session-controller.ts';
import { fingerprint, SESSION_CHANNEL, syncSession } from '../features/session/session-sync.ts';
import { onLogout, runLogoutCleanups } from '../shared/domain/logout-cleanup.ts';
import { openStorage } from '../shared/storage/storage.ts';

const AYU = 'ayu-token';
const userData: UserDataResponse = { changed_password: 1, compliance_ping: 0, error: false, status_code: 200, user: { id: 42, first_name: 'Ayu', last_name: 'Lestari' } };
const BroadcastChannelImpl = NodeBroadcastChannel as unknown as typeof BroadcastChannel;
const cleanups: Array<() => void> = [];

/** This tab, signed in as Ayu, its session kept in step with the others'. */
async function thisTab(factory: IDBFactory) {
  const storage = await openStorage({ indexedDB: factory });
  await storage.set('access_token', AYU);
  const session = createSessionController({
    storage,
    setToken: setAccessToken,
    fetchUserData: async () => userData,
    registerDevice: async () => undefined,
    // The features' cleanups, as the app's (src/app/bootstrap.ts) starts them.
    clearUserData: async () => runLogoutCleanups(),
    polling: { start: () => undefined, stop: () => undefined },
    resetPermissions: () => undefined,
    clearServerCache: () => undefined,
    navigate: () => undefined,
    currentLocation: () => ({ pathname: '/chats/chat', search: '' }),
    showError: () => undefined,
    schedule: () => undefined,
  });
  await session.start();
  cleanups.push(syncSession(session, storage, { BroadcastChannel: BroadcastChannelImpl, indexedDB: factory, open: () => undefined }));
  return { session };
}

/** The other tab logs out: its storage's session goes, and it says so. */
async function logOutElsewhere(factory: IDBFactory): Promise<void> {
  const channel = new BroadcastChannelImpl(SESSION_CHANNEL);
  cleanups.push(() => channel.close());
  const other = await openStorage({ indexedDB: factory });
  channel.postMessage({ type: 'logout', session: fingerprint(AYU) });
  await other.clearSession();
}

/** The network is away: every send fails, and each request's Authorization is noted. */
function offlineFetch(): Array<string | null> {
  stubDocumentRequest();
  const fetches: Array<string | null> = [];
  vi.stubGlobal('fetch', async (request: Request) => {
    fetches.push(request.headers.get('Authorization'));
    throw new TypeError('Failed to fetch');
  });
  return fetches;
}

/** An outbox sending through the app's API client, as the chat's does. */
const outboxOf = (currentUserId: () => number | undefined) =>
  createOutbox({
    send: (entry) => client.post({ url: '/v2/live-chat/send', security: [{ scheme: 'bearer', type: 'http' }], body: { text: entry.text }, throwOnError: true }) as never,
    onSent: () => undefined,
    currentUserId,
    retryDelaysMs: [1000],
  });

afterEach(() => {
  cleanups.splice(0).forEach((cleanup) => cleanup());
  setAccessToken(undefined);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a logout in another tab, with a message waiting to be sent again here', () => {
  it('stops an outbox retry under way: it is not sent again, with the old token or any', async () => {
    const fetches = offlineFetch();
    const factory = new IDBFactory();
    const tab = await thisTab(factory);
    await (await chatDb()).clear('outbox');
    // The outbox's retry waits on a timer the test moves on by hand.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const outbox = outboxOf(() => tab.session.getState().userData?.user?.id);
    // As the outbox's runner does (src/features/chat/outbox/outbox-runner.ts).
    const off = onLogout(() => outbox.dispose());
    try {
      await outbox.enqueue({ version: 'v2', uuid: 'room-1' }, { kind: 'text', text: 'sent as Ayu?' });
      await vi.waitFor(() => expect(outbox.getSnapshot().offline).toBe(true));
      expect(fetches).toEqual([`Bearer ${AYU}`]);

      await logOutElsewhere(factory);
      await vi.waitFor(() => expect(tab.session.getState().status).toBe('signed-out'));
      await vi.advanceTimersByTimeAsync(60_000); // Many times the retry's delay.
      expect(fetches).toEqual([`Bearer ${AYU}`]);
      // Nor can a message be put in the stopped outbox (the database is being deleted).
      await expect(outbox.enqueue({ version: 'v2', uuid: 'room-1' }, { kind: 'text', text: 'late' })).rejects.toThrow();
    } finally {
      off();
      outbox.dispose();
    }
  });

  it('an outbox that missed the logout still sends nothing: the API client sends no call that needs the session without one', async () => {
    const fetches = offlineFetch();
    const factory = new IDBFactory();
    const tab = await thisTab(factory);
    await (await chatDb()).clear('outbox');
    // The outbox's retry waits on a timer the test moves on by hand.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const outbox = outboxOf(() => 42);
    try {
      await outbox.enqueue({ version: 'v2', uuid: 'room-1' }, { kind: 'text', text: 'sent as Ayu?' });
      await vi.waitFor(() => expect(fetches).toHaveLength(1));
      await logOutElsewhere(factory);
      await vi.waitFor(() => expect(tab.session.getState().status).toBe('signed-out'));
      await vi.advanceTimersByTimeAsync(60_000);
      expect(fetches).toEqual([`Bearer ${AYU}`]);
    } finally {
      outbox.dispose();
    }
  });
});
