import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import type { UserFacingError } from '../../api/errors.ts';
import type { UserDataResponse } from '../../api/models.ts';
import { openStorage, type AppStorage, type StorageKey } from '../../shared/storage/storage.ts';
import type { SessionController } from '../../shared/session/session-types.ts';
import { createSessionController } from './session-controller.ts';

const USER_ID = 42;

/** An error in a 200 body, as src/api reports it. */
const bodyError = (body: Record<string, unknown>) => new ApiError('body', 200, { error: true, ...body });

const userData = (overrides: Partial<UserDataResponse> = {}): UserDataResponse => ({
  changed_password: 1,
  compliance_ping: 0,
  error: false,
  status_code: 200,
  user: { id: USER_ID, first_name: 'Ayu', last_name: 'Lestari', employee_number: 'E-042' },
  ...overrides,
});

interface Harness {
  storage: AppStorage;
  controller: SessionController;
  location: { pathname: string; search: string };
  setToken: ReturnType<typeof vi.fn<(token: string | undefined) => void>>;
  fetchUserData: ReturnType<typeof vi.fn<() => Promise<UserDataResponse>>>;
  registerDevice: ReturnType<typeof vi.fn<(userId: number) => Promise<void>>>;
  unregisterDevice: ReturnType<typeof vi.fn<() => Promise<void>>>;
  signOutOnServer: ReturnType<typeof vi.fn<(token: string) => Promise<void>>>;
  clearUserData: ReturnType<typeof vi.fn<() => Promise<void>>>;
  polling: { start: ReturnType<typeof vi.fn<() => void>>; stop: ReturnType<typeof vi.fn<() => void>> };
  resetPermissions: ReturnType<typeof vi.fn<() => void>>;
  clearServerCache: ReturnType<typeof vi.fn<() => void>>;
  navigate: ReturnType<typeof vi.fn<(path: string) => void>>;
  showError: ReturnType<typeof vi.fn<(error: UserFacingError) => void>>;
}

interface SetupOptions {
  token?: string;
  pathname?: string;
  search?: string;
  stored?: Partial<Record<StorageKey, unknown>>;
  answer?: UserDataResponse | Error;
  /** Replaces the registerDevice spy (a vi.fn marks the promises it returns as handled). */
  registerDevice?: (userId: number) => Promise<void>;
  /** Replaces the unregisterDevice spy, for the same reason. */
  unregisterDevice?: () => Promise<void>;
}

async function setup({ token, pathname = '/', search = '', stored = {}, answer = userData(), registerDevice, unregisterDevice }: SetupOptions = {}): Promise<Harness> {
  const storage = await openStorage({});
  for (const [key, value] of Object.entries(stored)) await storage.set(key as StorageKey, value);
  if (token !== undefined) await storage.set('access_token', token);

  const location = { pathname, search };
  const fetchUserData = vi.fn<() => Promise<UserDataResponse>>();
  if (answer instanceof Error) fetchUserData.mockRejectedValue(answer);
  else fetchUserData.mockResolvedValue(answer);

  const harness = {
    storage,
    location,
    setToken: vi.fn<(token: string | undefined) => void>(),
    fetchUserData,
    registerDevice: vi.fn<(userId: number) => Promise<void>>().mockResolvedValue(undefined),
    unregisterDevice: vi.fn<() => Promise<void>>().mockResolvedValue(undefined),
    signOutOnServer: vi.fn<(token: string) => Promise<void>>().mockResolvedValue(undefined),
    clearUserData: vi.fn<() => Promise<void>>().mockResolvedValue(undefined),
    polling: { start: vi.fn<() => void>(), stop: vi.fn<() => void>() },
    resetPermissions: vi.fn<() => void>(),
    clearServerCache: vi.fn<() => void>(),
    navigate: vi.fn<(path: string) => void>(),
    showError: vi.fn<(error: UserFacingError) => void>(),
  };
  const controller = createSessionController({
    ...harness,
    ...(registerDevice ? { registerDevice } : {}),
    ...(unregisterDevice ? { unregisterDevice } : {}),
    currentLocation: () => ({ ...location }),
    schedule: (task, ms) => void setTimeout(task, ms),
  });
  return { ...harness, controller };
}

/** The logout flow of SPEC §4 ran in full. */
function expectLoggedOut(h: Harness): void {
  expect(h.controller.getState().status).toBe('signed-out');
  expect(h.resetPermissions).toHaveBeenCalled();
  expect(h.polling.stop).toHaveBeenCalled();
  expect(h.setToken).toHaveBeenLastCalledWith(undefined);
  expect(h.clearServerCache).toHaveBeenCalled();
  expect(h.navigate).toHaveBeenLastCalledWith('/login');
  expect(h.storage.get('access_token')).toBeUndefined();
  expect(h.storage.get('user_data')).toBeUndefined();
}

const callOrder = (fn: { mock: { invocationCallOrder: number[] } }) => fn.mock.invocationCallOrder[0] ?? Infinity;

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('start with a stored token (login flow)', () => {
  it('hands the token to the HTTP layer, fetches and stores the user data, starts polling and lands on /home', async () => {
    const h = await setup({ token: 'stored-token', pathname: '/' });
    await h.controller.start();

    expect(h.setToken).toHaveBeenCalledWith('stored-token');
    expect(callOrder(h.setToken)).toBeLessThan(callOrder(h.fetchUserData));
    expect(h.fetchUserData).toHaveBeenCalledTimes(1);
    expect(h.storage.get('user_data')).toEqual(userData());
    expect(h.polling.start).toHaveBeenCalledTimes(1);
    expect(h.polling.stop).not.toHaveBeenCalled();
    expect(h.navigate).toHaveBeenCalledTimes(1);
    expect(h.navigate).toHaveBeenCalledWith('/home');
    expect(h.controller.getState()).toEqual({ status: 'signed-in', userData: userData() });
    expect(h.showError).not.toHaveBeenCalled();
  });

  it('lands on /home when opened on /login', async () => {
    const h = await setup({ token: 't', pathname: '/login' });
    await h.controller.start();
    expect(h.navigate).toHaveBeenCalledWith('/home');
  });

  it.each(['/online-meetings', '/this-page-does-not-exist'])('stays where it was opened (%s): no navigation', async (pathname) => {
    const h = await setup({ token: 't', pathname });
    await h.controller.start();
    expect(h.controller.getState().status).toBe('signed-in');
    expect(h.polling.start).toHaveBeenCalled();
    expect(h.navigate).not.toHaveBeenCalled();
  });

  it('notifies subscribers when the state changes', async () => {
    const h = await setup({ token: 't' });
    const seen: string[] = [];
    h.controller.subscribe(() => seen.push(h.controller.getState().status));
    expect(h.controller.getState().status).toBe('starting');
    await h.controller.start();
    expect(seen).toContain('signed-in');
  });

  it('an empty stored token counts as no token: logout flow, no user data call', async () => {
    const h = await setup({ token: '' });
    await h.controller.start();
    expect(h.fetchUserData).not.toHaveBeenCalled();
    expectLoggedOut(h);
  });
});

describe('start without a token (logout flow)', () => {
  it('clears permissions, stops polling, drops the token and the session keys, clears the cache and goes to /login', async () => {
    const h = await setup({
      stored: { user_data: userData(), permissions: ['qa-audit'], check_in_data: { at: 1 }, opened_chat_room_uuid: 'room-1', language: 'id' },
    });
    await h.controller.start();

    expectLoggedOut(h);
    expect(h.fetchUserData).not.toHaveBeenCalled();
    expect(h.polling.start).not.toHaveBeenCalled();
    expect(h.storage.get('permissions')).toBeUndefined();
    expect(h.storage.get('check_in_data')).toBeUndefined();
    expect(h.storage.get('opened_chat_room_uuid')).toBeUndefined();
    expect(h.storage.get('language')).toBe('id');
    expect(h.navigate).toHaveBeenCalledTimes(1);
  });
});

describe('redirect_to (SPEC §2: kept and used after login)', () => {
  it('a deep link opened without a session is kept, honoured after signIn, then cleared', async () => {
    const h = await setup({ pathname: '/notification', search: '?x=1' });
    await h.controller.start();
    expect(h.navigate).toHaveBeenLastCalledWith('/login');
    expect(h.storage.get('redirect_to')).toBe('/notification?x=1');

    h.location.pathname = '/login';
    h.location.search = '';
    await h.controller.signIn('t');

    expect(h.storage.get('access_token')).toBe('t');
    expect(h.setToken).toHaveBeenLastCalledWith('t');
    expect(h.navigate).toHaveBeenLastCalledWith('/notification?x=1');
    expect(h.navigate).not.toHaveBeenCalledWith('/home');
    expect(h.storage.get('redirect_to')).toBeUndefined();
    expect(h.controller.getState().status).toBe('signed-in');
  });

  it('is used only once: the next sign-in lands on /home', async () => {
    const h = await setup({ pathname: '/notification', search: '?x=1' });
    await h.controller.start();
    h.location.pathname = '/login';
    h.location.search = '';
    await h.controller.signIn('t');
    await h.controller.signOut();
    h.navigate.mockClear();
    await h.controller.signIn('t2');
    expect(h.navigate).toHaveBeenCalledWith('/home');
  });

  it('a redirect_to query on the opened URL is kept and used after signIn', async () => {
    const h = await setup({ pathname: '/login', search: '?redirect_to=%2Fchats' });
    await h.controller.start();
    expect(h.storage.get('redirect_to')).toBe('/chats');

    h.location.search = '';
    await h.controller.signIn('t');
    expect(h.navigate).toHaveBeenLastCalledWith('/chats');
    expect(h.storage.get('redirect_to')).toBeUndefined();
  });

  it('a redirect_to query is honoured at a start with a stored token', async () => {
    const h = await setup({ token: 't', pathname: '/', search: '?redirect_to=%2Fqa-audit%2Fhome' });
    await h.controller.start();
    expect(h.navigate).toHaveBeenCalledTimes(1);
    expect(h.navigate).toHaveBeenCalledWith('/qa-audit/home');
  });

  const hostile = ['//evil.example', 'javascript:alert(1)', 'https://evil.example', 'https://evil.example/home', '%2F%2Fevil.example', '/unknown', '/unknown-route'];

  it.each(hostile)('a hostile redirect_to query (%s) never reaches navigate: /home after signIn', async (value) => {
    const h = await setup({ pathname: '/login', search: `?redirect_to=${encodeURIComponent(value)}` });
    await h.controller.start();
    await h.controller.signIn('t');

    const targets = h.navigate.mock.calls.map(([path]) => path);
    expect(targets).toEqual(['/login', '/home']);
    expect(h.storage.get('redirect_to')).toBeUndefined();
  });

  it.each(hostile)('a hostile redirect_to already in storage (%s) lands on /home and is cleared', async (value) => {
    const h = await setup({ pathname: '/login', stored: { redirect_to: value } });
    await h.controller.signIn('t');
    expect(h.navigate.mock.calls).toEqual([['/home']]);
    expect(h.storage.get('redirect_to')).toBeUndefined();
  });

  it.each(['//evil.example', '/unknown'])('a hostile deep link (%s) opened without a session is not kept', async (pathname) => {
    const h = await setup({ pathname });
    await h.controller.start();
    expect(h.storage.get('redirect_to')).toBeUndefined();
    h.location.pathname = '/login';
    await h.controller.signIn('t');
    expect(h.navigate.mock.calls.map(([path]) => path)).toEqual(['/login', '/home']);
  });
});

describe('password not yet changed', () => {
  it.each([
    ['changed_password 0', userData({ changed_password: 0 })],
  ])('%s → /change-password, even when redirect_to is set', async (_label, answer) => {
    const h = await setup({ pathname: '/login', search: '?redirect_to=%2Fchats', answer });
    await h.controller.start();
    await h.controller.signIn('t');

    expect(h.navigate).toHaveBeenLastCalledWith('/change-password');
    expect(h.navigate).not.toHaveBeenCalledWith('/chats');
    expect(h.navigate).not.toHaveBeenCalledWith('/home');
    expect(h.controller.getState().status).toBe('signed-in');
  });

  it('at a start with a stored token on an unrelated page, still goes to /change-password', async () => {
    const h = await setup({ token: 't', pathname: '/online-meetings', answer: userData({ changed_password: 0 }) });
    await h.controller.start();
    expect(h.navigate).toHaveBeenCalledWith('/change-password');
  });

  it('once the password is changed, the fresh user data is taken and the user lands on /home', async () => {
    const h = await setup({ pathname: '/login', answer: userData({ changed_password: 0 }) });
    await h.controller.start();
    await h.controller.signIn('t');
    expect(h.navigate).toHaveBeenLastCalledWith('/change-password');

    h.fetchUserData.mockResolvedValue(userData());
    await h.controller.completePasswordChange();
    expect(h.navigate).toHaveBeenLastCalledWith('/home');
    expect(h.controller.getState()).toEqual({ status: 'signed-in', userData: userData() });
  });

  it('CHANGE_PASSWORD in the body → /change-password without an alert', async () => {
    const h = await setup({
      token: 't',
      answer: bodyError({ status_code: 'CHANGE_PASSWORD' }),
    });
    await h.controller.start();
    expect(h.navigate).toHaveBeenLastCalledWith('/change-password');
    expect(h.showError).not.toHaveBeenCalled();
  });
});

describe('user data failures (SPEC §5, §8)', () => {
  it.each([
    ['401 as a number in the body', bodyError({ status_code: 401, error_message: 'Unauthenticated.' })],
    ['401 as a string in the body', bodyError({ status_code: '401', error_message: 'Unauthenticated.' })],
  ])('%s → logout flow with no alert', async (_label, answer) => {
    const h = await setup({ token: 't', answer });
    await h.controller.start();
    expect(h.showError).not.toHaveBeenCalled();
    expectLoggedOut(h);
    expect(h.storage.get('user_data')).toBeUndefined();
  });

  it('HTTP 401 → logout flow with no alert', async () => {
    const h = await setup({ token: 't', answer: new ApiError('http', 401, { message: 'Unauthenticated.' }) });
    await h.controller.start();
    expect(h.showError).not.toHaveBeenCalled();
    expectLoggedOut(h);
  });

  it('HTTP 500 → "please log in again", then logout', async () => {
    const h = await setup({ token: 't', answer: new ApiError('http', 500, { error: true, status_code: 500, error_message: 'Server Error' }) });
    await h.controller.start();
    expect(h.showError).toHaveBeenCalledTimes(1);
    expect(h.showError.mock.calls[0]![0].message).toEqual({ key: 'errors.loginAgain' });
    expect(callOrder(h.showError)).toBeLessThan(callOrder(h.navigate));
    expectLoggedOut(h);
  });

  it('a malformed answer → "please log in again", then logout', async () => {
    const h = await setup({ token: 't', answer: new ApiError('malformed', 200, undefined) });
    await h.controller.start();
    expect(h.showError.mock.calls[0]![0].message).toEqual({ key: 'errors.loginAgain' });
    expectLoggedOut(h);
  });

  it('an error in the body shows its message, then logout', async () => {
    const h = await setup({ token: 't', answer: bodyError({ status_code: 503, error_message: 'Maintenance.' }) });
    await h.controller.start();
    expect(h.showError).toHaveBeenCalledTimes(1);
    expect(h.showError.mock.calls[0]![0]).toMatchObject({ header: 'errors.header', message: { text: 'Maintenance.' } });
    expect(callOrder(h.showError)).toBeLessThan(callOrder(h.navigate));
    expectLoggedOut(h);
  });

  it('a returning user starts at once on the stored user data; no answer then changes nothing and says nothing', async () => {
    const stored = userData({ user: { id: USER_ID, first_name: 'Stored' } });
    const h = await setup({ token: 't', stored: { user_data: stored }, answer: new ApiError('network', undefined, undefined) });
    await h.controller.start();

    expect(h.showError).not.toHaveBeenCalled();
    expect(h.controller.getState()).toEqual({ status: 'signed-in', userData: stored });
    expect(h.storage.get('access_token')).toBe('t');
    expect(h.polling.start).toHaveBeenCalled();
    expect(h.navigate).toHaveBeenCalledTimes(1);
    expect(h.navigate).toHaveBeenCalledWith('/home');
  });

  it('stored user data that is not usable (password not changed) is not started on: the fetch decides', async () => {
    const stored = userData({ changed_password: 0 });
    const h = await setup({ token: 't', stored: { user_data: stored }, answer: new ApiError('network', undefined, undefined) });
    await h.controller.start();

    expect(h.showError.mock.calls[0]![0].message).toEqual({ key: 'errors.checkConnection' });
    expect(h.navigate).toHaveBeenCalledWith('/change-password');
  });

  it('a returning user whose token was revoked is logged out once the fetch answers 401', async () => {
    const h = await setup({ token: 't', stored: { user_data: userData() }, answer: new ApiError('http', 401, { error: true, status_code: 401 }) });
    await h.controller.start();

    expect(h.navigate.mock.calls.map(([path]) => path)).toEqual(['/home', '/login']);
    expectLoggedOut(h);
  });

  it('a deep link kept across a forced password change is honoured once the password is changed', async () => {
    const h = await setup({ pathname: '/notification', search: '?id=9', answer: userData({ changed_password: 0 }) });
    await h.controller.start();
    await h.controller.signIn('t');
    expect(h.navigate).toHaveBeenLastCalledWith('/change-password');
    expect(h.storage.get('redirect_to')).toBe('/notification?id=9');

    h.fetchUserData.mockResolvedValue(userData());
    await h.controller.completePasswordChange();
    expect(h.navigate).toHaveBeenLastCalledWith('/notification?id=9');
    expect(h.storage.get('redirect_to')).toBeUndefined();
    expect(h.controller.getState().userData?.changed_password).toBe(1);
  });

  it('a returning user\'s user-data check can wait for the first content', async () => {
    const h = await setup({ token: 't', stored: { user_data: userData() } });
    let release: (() => void) | undefined;
    const controller = createSessionController({
      ...h,
      currentLocation: () => ({ ...h.location }),
      schedule: (task, ms) => void setTimeout(task, ms),
      afterFirstContent: (task) => (release = task),
    });
    await controller.start();
    expect(controller.getState().status).toBe('signed-in');
    expect(h.fetchUserData).not.toHaveBeenCalled();
    release!();
    await vi.waitFor(() => expect(h.fetchUserData).toHaveBeenCalledTimes(1));
  });

  it('a returning user told to change the password by the fresh user data goes to /change-password', async () => {
    const h = await setup({ token: 't', stored: { user_data: userData() }, answer: userData({ changed_password: 0 }) });
    await h.controller.start();

    expect(h.navigate.mock.calls.map(([path]) => path)).toEqual(['/home', '/change-password']);
    expect(h.controller.getState().userData?.changed_password).toBe(0);
  });

  it('no answer and nothing stored → unreachable; retry() after the server recovers signs in', async () => {
    const h = await setup({ token: 't', answer: new ApiError('network', undefined, undefined) });
    await h.controller.start();

    expect(h.showError.mock.calls[0]![0].message).toEqual({ key: 'errors.checkConnection' });
    expect(h.controller.getState().status).toBe('unreachable');
    expect(h.navigate).not.toHaveBeenCalled();
    expect(h.storage.get('access_token')).toBe('t');

    h.fetchUserData.mockResolvedValue(userData());
    await h.controller.retry();
    expect(h.controller.getState()).toEqual({ status: 'signed-in', userData: userData() });
    expect(h.storage.get('user_data')).toEqual(userData());
    expect(h.polling.start).toHaveBeenCalled();
    expect(h.navigate).toHaveBeenCalledWith('/home');
  });

  it('a retry that still gets no answer stays unreachable', async () => {
    const h = await setup({ token: 't', answer: new ApiError('network', undefined, undefined) });
    await h.controller.start();
    await h.controller.retry();
    expect(h.controller.getState().status).toBe('unreachable');
    expect(h.fetchUserData).toHaveBeenCalledTimes(2);
  });
});

describe('device registration (SPEC §9: 200 ms after login)', () => {
  it('registers the device with the user id after 200 ms, not at 199 ms', async () => {
    const h = await setup({ token: 't' });
    await h.controller.start();
    vi.advanceTimersByTime(199);
    expect(h.registerDevice).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(h.registerDevice).toHaveBeenCalledTimes(1);
    expect(h.registerDevice).toHaveBeenCalledWith(USER_ID);
  });

  it('a failing registration does not throw and leaves the session signed in', async () => {
    const registered: number[] = [];
    const h = await setup({
      token: 't',
      registerDevice: (userId) => {
        registered.push(userId);
        return Promise.reject(new Error('push refused'));
      },
    });
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      await h.controller.start();
      await vi.advanceTimersByTimeAsync(200);
      expect(registered).toEqual([USER_ID]);
      // Node reports an unhandled rejection only after the current task: wait for a real one.
      vi.useRealTimers();
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).toEqual([]);
      expect(h.controller.getState().status).toBe('signed-in');
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('is not registered after a failed login', async () => {
    const h = await setup({ token: 't', answer: bodyError({ status_code: 401 }) });
    await h.controller.start();
    vi.advanceTimersByTime(1000);
    expect(h.registerDevice).not.toHaveBeenCalled();
  });

  it('is registered once per login; logging out registers nothing', async () => {
    const h = await setup({ token: 't' });
    await h.controller.start();
    vi.advanceTimersByTime(1000);
    expect(h.registerDevice).toHaveBeenCalledTimes(1);
    await h.controller.signOut();
    vi.advanceTimersByTime(1000);
    expect(h.registerDevice).toHaveBeenCalledTimes(1);
  });
});

describe('push subscription at logout', () => {
  it('signOut drops the subscription without waiting for it: the logout flow completes while it is still pending', async () => {
    const h = await setup({ token: 't' });
    await h.controller.start();
    h.unregisterDevice.mockReturnValue(new Promise<void>(() => undefined));
    await h.controller.signOut();
    expectLoggedOut(h);
    await vi.waitFor(() => expect(h.unregisterDevice).toHaveBeenCalledTimes(1));
  });

  it('a failing removal does not stop the logout and raises nothing', async () => {
    let removals = 0;
    const h = await setup({
      token: 't',
      unregisterDevice: () => {
        removals += 1;
        return Promise.reject(new Error('no service worker'));
      },
    });
    await h.controller.start();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      await h.controller.signOut();
      expectLoggedOut(h);
      vi.useRealTimers();
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(removals).toBe(1);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('a session ended by a 401 drops it too', async () => {
    const h = await setup({ token: 't', answer: new ApiError('http', 401, { message: 'Unauthenticated.' }) });
    await h.controller.start();
    expectLoggedOut(h);
    await vi.waitFor(() => expect(h.unregisterDevice).toHaveBeenCalledTimes(1));
  });

  it('a start without any session has nothing to drop', async () => {
    const h = await setup();
    await h.controller.start();
    expectLoggedOut(h);
    await vi.advanceTimersByTimeAsync(100);
    expect(h.unregisterDevice).not.toHaveBeenCalled();
  });
});

describe('logout leaves nothing behind (issue 19)', () => {
  it('tells the server with the ending session\'s token and leaves without waiting for the answer', async () => {
    const h = await setup({ token: 'first-token' });
    await h.controller.start();
    h.signOutOnServer.mockReturnValue(new Promise<void>(() => undefined));
    await h.controller.signOut();
    expectLoggedOut(h);
    await vi.waitFor(() => expect(h.signOutOnServer).toHaveBeenCalledTimes(1));
    expect(h.signOutOnServer).toHaveBeenCalledWith('first-token');
  });

  it('a failing server call is only logged: no unhandled rejection, the logout completes', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const h = await setup({ token: 't' });
    await h.controller.start();
    h.signOutOnServer.mockImplementation(() => Promise.reject(new ApiError('network', undefined, undefined)));
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      await h.controller.signOut();
      expectLoggedOut(h);
      vi.useRealTimers();
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(warn).toHaveBeenCalledWith('Part of the logout failed', expect.any(ApiError));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      warn.mockRestore();
    }
  });

  it('a session ended by a 401 tells the server once, and clears the data too', async () => {
    const h = await setup({ token: 'revoked', answer: new ApiError('http', 401, { message: 'Unauthenticated.' }) });
    await h.controller.start();
    expectLoggedOut(h);
    await vi.waitFor(() => expect(h.signOutOnServer).toHaveBeenCalledTimes(1));
    expect(h.signOutOnServer).toHaveBeenCalledWith('revoked');
    expect(h.clearUserData).toHaveBeenCalledTimes(1);
  });

  it("clears the person's data at once, while the token is still set, and leaves without waiting for it", async () => {
    const h = await setup({ token: 't' });
    await h.controller.start();
    let tokenCleared: boolean | undefined;
    h.clearUserData.mockImplementation(() => {
      tokenCleared = h.setToken.mock.calls.some(([token]) => token === undefined);
      return new Promise<void>(() => undefined);
    });
    await h.controller.signOut();
    expectLoggedOut(h);
    expect(h.clearUserData).toHaveBeenCalledTimes(1);
    expect(tokenCleared).toBe(false);
  });

  it('a clearing that throws does not stop the logout', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const h = await setup({ token: 't' });
    await h.controller.start();
    h.clearUserData.mockImplementation(() => {
      throw new Error('storage gone');
    });
    await h.controller.signOut();
    expectLoggedOut(h);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('a start without a session tells the server nothing, and clears what a cut-short logout may have left', async () => {
    const h = await setup();
    await h.controller.start();
    expectLoggedOut(h);
    await vi.advanceTimersByTimeAsync(100);
    expect(h.signOutOnServer).not.toHaveBeenCalled();
    expect(h.clearUserData).toHaveBeenCalledTimes(1);
  });
});

describe('access type', () => {
  it("sets CFAccessType to 'online' on login when absent", async () => {
    const h = await setup({ token: 't' });
    expect(h.storage.get('CFAccessType')).toBeUndefined();
    await h.controller.start();
    expect(h.storage.get('CFAccessType')).toBe('online');
  });

  it('keeps an access type that is already set', async () => {
    const h = await setup({ token: 't', stored: { CFAccessType: 'offline' } });
    await h.controller.start();
    expect(h.storage.get('CFAccessType')).toBe('offline');
  });
});

describe('signOut', () => {
  it('runs the logout flow and keeps the language', async () => {
    const h = await setup({ token: 't', stored: { language: 'id' } });
    await h.controller.start();
    h.navigate.mockClear();

    await h.controller.signOut();
    expectLoggedOut(h);
    expect(h.storage.get('language')).toBe('id');
    expect(h.storage.get('CFAccessType')).toBe('online');
  });

  it('signing in again after signOut fetches the new user and lands on /home', async () => {
    const h = await setup({ token: 't', pathname: '/home' });
    await h.controller.start();
    await h.controller.signOut();
    h.location.pathname = '/login';
    h.fetchUserData.mockResolvedValue(userData({ user: { id: 7 } }));
    await h.controller.signIn('t2');
    expect(h.controller.getState().userData?.user?.id).toBe(7);
    expect(h.navigate).toHaveBeenLastCalledWith('/home');
    vi.advanceTimersByTime(200);
    expect(h.registerDevice).toHaveBeenLastCalledWith(7);
  });
});

describe('a user-data answer after a logout (issue 33)', () => {
  it('brings nothing back: no session, nothing stored (another tab\'s logout reached this one while it was asked)', async () => {
    let answer!: (data: UserDataResponse) => void;
    const h = await setup({ token: 't' });
    h.fetchUserData.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const starting = h.controller.start();
    await vi.advanceTimersByTimeAsync(0);
    await h.controller.signOut();
    answer(userData());
    await starting;
    expectLoggedOut(h);
    expect(h.polling.start).not.toHaveBeenCalled();
    expect(h.storage.get('user_data')).toBeUndefined();
  });
});

describe('the user the sign-in answer named (a user-data answer without `user`)', () => {
  const AYU = userData().user;
  const BUDI = { id: 7, first_name: 'Budi', last_name: 'Santoso', employee_number: 'E-007' };

  it('fills the user-data answers of that session; a later sign-in that names no user keeps none of it', async () => {
    const h = await setup({ answer: userData({ user: undefined }) });
    await h.controller.start();
    await h.controller.signIn('t', AYU);
    expect(h.controller.getState().userData?.user).toEqual(AYU);
    await h.controller.refreshUserData();
    expect(h.controller.getState().userData?.user).toEqual(AYU);

    await h.controller.signOut();
    await h.controller.signIn('t2');
    expect(h.controller.getState()).toMatchObject({ status: 'signed-in' });
    expect(h.controller.getState().userData?.user).toBeUndefined();
  });

  it('comes before the user stored at the last login, and an answer that names one comes first', async () => {
    const h = await setup({ answer: userData({ user: undefined }), stored: { user_data: userData({ user: BUDI }) } });
    await h.controller.signIn('t', AYU);
    expect(h.controller.getState().userData?.user).toEqual(AYU);
    h.fetchUserData.mockResolvedValue(userData({ user: BUDI }));
    await h.controller.refreshUserData();
    expect(h.controller.getState().userData?.user).toEqual(BUDI);
  });
});
