// @vitest-environment happy-dom
// Logout ends every tab (issue 33), one tab at a time: this tab runs the real session controller, the
// real storage (on a fake IndexedDB another "tab" opens too) and the real API client; the other tab is
// played by hand: its storage, and its messages on the session's BroadcastChannel.
import { IDBFactory } from 'fake-indexeddb';
import { BroadcastChannel as NodeBroadcastChannel } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAccessToken, setAccessToken } from '../../api/client.ts';
import type { UserDataResponse } from '../../api/models.ts';
import { onLogout, runLogoutCleanups } from '../../shared/domain/logout-cleanup.ts';
import { openStorage, type AppStorage } from '../../shared/storage/storage.ts';
import { createSessionController } from './session-controller.ts';
import { fingerprint, SESSION_CHANNEL, syncSession, TOKEN_COPY_KEY, type SessionMessage, type SyncEnvironment } from './session-sync.ts';

const AYU = 'ayu-token';
const BUDI = 'budi-token';
const userData: UserDataResponse = { changed_password: 1, compliance_ping: 0, error: false, status_code: 200, user: { id: 42, first_name: 'Ayu', last_name: 'Lestari' } };

const BroadcastChannelImpl = NodeBroadcastChannel as unknown as typeof BroadcastChannel;
const stops: Array<() => void> = [];
const channels: BroadcastChannel[] = [];

/** The other tab's end of the session channel. */
function otherTab() {
  const channel = new BroadcastChannelImpl(SESSION_CHANNEL);
  channels.push(channel);
  const heard: SessionMessage[] = [];
  channel.onmessage = (event: MessageEvent<SessionMessage>) => heard.push(event.data);
  return { post: (message: SessionMessage) => channel.postMessage(message), heard };
}

interface TabOptions {
  token?: string;
  environment?: Partial<SyncEnvironment>;
  /** Attach the sync only when asked (a tab whose sync loads after something happened). */
  attach?: boolean;
}

async function thisTab(factory: IDBFactory, { token, environment = {}, attach = true }: TabOptions = {}) {
  const storage = await openStorage({ indexedDB: factory });
  if (token) await storage.set('access_token', token);
  const seen = {
    clearUserData: vi.fn<() => Promise<void>>(async () => runLogoutCleanups()),
    signOutOnServer: vi.fn<(token: string) => Promise<void>>(async () => undefined),
    unregisterDevice: vi.fn(async () => undefined),
    polling: { start: vi.fn(), stop: vi.fn() },
    clearServerCache: vi.fn(),
    navigate: vi.fn<(path: string) => void>(),
    open: vi.fn<(path: string) => void>(),
    sessionStorage: { clear: vi.fn() } as unknown as Storage,
  };
  const session = createSessionController({
    storage,
    setToken: setAccessToken,
    fetchUserData: async () => userData,
    registerDevice: async () => undefined,
    unregisterDevice: seen.unregisterDevice,
    signOutOnServer: seen.signOutOnServer,
    clearUserData: seen.clearUserData,
    polling: seen.polling,
    resetPermissions: () => undefined,
    clearServerCache: seen.clearServerCache,
    navigate: seen.navigate,
    currentLocation: () => ({ pathname: '/chats/chat', search: '' }),
    showError: () => undefined,
    schedule: () => undefined,
  });
  await session.start();
  const sync = () =>
    stops.push(
      syncSession(session, storage, {
        BroadcastChannel: BroadcastChannelImpl,
        indexedDB: factory,
        sessionStorage: seen.sessionStorage,
        open: seen.open,
        ...environment,
      }),
    );
  if (attach) sync();
  return { session, storage, seen, sync };
}

/** The other tab's logout, as its logout flow does it: its storage's session goes, then the message. */
async function logOutElsewhere(factory: IDBFactory, token: string, post?: (message: SessionMessage) => void): Promise<AppStorage> {
  const other = await openStorage({ indexedDB: factory });
  post?.({ type: 'logout', session: fingerprint(token) });
  await other.clearSession();
  return other;
}

let factory: IDBFactory;

beforeEach(() => {
  factory = new IDBFactory();
});

afterEach(() => {
  stops.splice(0).forEach((stop) => stop());
  channels.splice(0).forEach((channel) => channel.close());
  setAccessToken(undefined);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a logout in another tab', () => {
  it('ends the session here at once: token first, then the logout flow (memory, connections, sign-in screen); the server is not called', async () => {
    const tab = await thisTab(factory, { token: AYU });
    expect(tab.session.getState().status).toBe('signed-in');
    const other = otherTab();
    await logOutElsewhere(factory, AYU, other.post);

    await vi.waitFor(() => expect(tab.session.getState().status).toBe('signed-out'));
    expect(getAccessToken()).toBeUndefined();
    expect(tab.storage.get('access_token')).toBeUndefined();
    expect(tab.storage.get('user_data')).toBeUndefined();
    expect(tab.seen.clearUserData).toHaveBeenCalledTimes(1);
    expect(tab.seen.polling.stop).toHaveBeenCalled();
    expect(tab.seen.clearServerCache).toHaveBeenCalled();
    expect(tab.seen.sessionStorage.clear).toHaveBeenCalled();
    expect(tab.seen.navigate).toHaveBeenLastCalledWith('/login');
    expect(tab.seen.signOutOnServer).not.toHaveBeenCalled();
    // It posts nothing of its own: the session it let go of was ended elsewhere.
    expect(other.heard).toEqual([]);
    expect(tab.seen.open).not.toHaveBeenCalled();
  });

  it("of another session (an old tab's late 401) ends nothing here", async () => {
    const tab = await thisTab(factory, { token: BUDI });
    const other = otherTab();
    other.post({ type: 'logout', session: fingerprint(AYU) });
    other.post({ type: 'login', session: fingerprint(BUDI) });
    // The check the login message asks for finds this tab's own session stored: nothing to do.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(tab.session.getState().status).toBe('signed-in');
    expect(getAccessToken()).toBe(BUDI);
  });
});

describe('a sign-in in another tab', () => {
  it('is picked up by a tab showing the sign-in screen: it starts again on the session now stored', async () => {
    const tab = await thisTab(factory);
    expect(tab.session.getState().status).toBe('signed-out');
    const other = await openStorage({ indexedDB: factory });
    await other.set('access_token', BUDI);
    otherTab().post({ type: 'login', session: fingerprint(BUDI) });
    await vi.waitFor(() => expect(tab.seen.open).toHaveBeenCalledWith('/home'));
  });

  it('a tab still on an earlier session (it missed the logout) drops it and starts on the new one, touching nothing of the device', async () => {
    const tab = await thisTab(factory, { token: AYU });
    const cleanup = vi.fn();
    const off = onLogout(cleanup);
    const other = await openStorage({ indexedDB: factory });
    await other.set('access_token', BUDI);
    otherTab().post({ type: 'login', session: fingerprint(BUDI) });
    await vi.waitFor(() => expect(tab.seen.open).toHaveBeenCalledWith('/home'));
    off();
    expect(getAccessToken()).toBeUndefined();
    expect(cleanup).toHaveBeenCalledTimes(1);
    expect(tab.seen.clearUserData).not.toHaveBeenCalled();
    expect((await openStorage({ indexedDB: factory })).get('access_token')).toBe(BUDI);
  });

  it('a logout message that reaches a frozen tab after the next sign-in leaves the next session alone', async () => {
    const tab = await thisTab(factory, { token: AYU });
    await logOutElsewhere(factory, AYU);
    const other = await openStorage({ indexedDB: factory });
    await other.set('access_token', BUDI);
    otherTab().post({ type: 'logout', session: fingerprint(AYU) });
    await vi.waitFor(() => expect(tab.seen.open).toHaveBeenCalledWith('/home'));
    expect(getAccessToken()).toBeUndefined();
    expect((await openStorage({ indexedDB: factory })).get('access_token')).toBe(BUDI);
  });
});

describe('this tab tells the others', () => {
  it('of its logout at its start, with the ending token\'s fingerprint (never the token), and of its sign-in once the token is stored', async () => {
    const tab = await thisTab(factory, { token: AYU });
    const other = otherTab();
    await tab.session.signOut();
    await vi.waitFor(() => expect(other.heard).toEqual([{ type: 'logout', session: fingerprint(AYU) }]));
    expect(JSON.stringify(other.heard)).not.toContain(AYU);

    await tab.session.signIn(BUDI);
    await vi.waitFor(() => expect(other.heard).toContainEqual({ type: 'login', session: fingerprint(BUDI) }));
    expect(other.heard).toHaveLength(2);
  });
});

describe('where a message may have been missed', () => {
  it('a tab whose sync loads after the logout reads the stored token and ends its session', async () => {
    const tab = await thisTab(factory, { token: AYU, attach: false });
    await logOutElsewhere(factory, AYU);
    tab.sync();
    await vi.waitFor(() => expect(tab.session.getState().status).toBe('signed-out'));
    expect(tab.seen.open).not.toHaveBeenCalled();
  });

  it('without BroadcastChannel, the storage event of the token\'s localStorage copy says it: a removal ends the session, a new token starts on it', async () => {
    const page = new EventTarget();
    const tab = await thisTab(factory, { token: AYU, environment: { BroadcastChannel: undefined, window: page as unknown as Window } });
    const storageEvent = (newValue: string | null) => Object.assign(new Event('storage'), { key: TOKEN_COPY_KEY, newValue });

    page.dispatchEvent(storageEvent(null));
    await vi.waitFor(() => expect(tab.session.getState().status).toBe('signed-out'));
    expect(tab.seen.open).not.toHaveBeenCalled();

    page.dispatchEvent(storageEvent(JSON.stringify(BUDI)));
    await vi.waitFor(() => expect(tab.seen.open).toHaveBeenCalledWith('/home'));
  });
});
