// The session flows of SPEC §4, free of React so they can be tested step by step: on start the
// stored token decides between the login flow and the logout flow.
import { isErrorEnvelope } from '../../api/api-error.ts';
import { describeFailure, failureFromError, type UserFacingError } from '../../api/errors.ts';
import type { UserDataResponse } from '../../api/models.ts';
import { CHANGE_PASSWORD_PATH, HOME_PATH, LOGIN_PATH } from '../../shared/routes/app-routes.ts';
import { toSafePath } from '../../shared/safe-path/safe-path.ts';
import type { SessionController, SessionState } from '../../shared/session/session-types.ts';
import { STORAGE_KEYS, type AppStorage } from '../../shared/storage/storage.ts';
import { createListenerSet } from '../../shared/events/listener-store.ts';

/** SPEC §9: the device is registered for push 200 ms after the login flow. */
export const DEVICE_REGISTRATION_DELAY_MS = 200;

export interface SessionDeps {
  storage: AppStorage;
  /** The HTTP layer's token (src/api/client.ts). */
  setToken(token: string | undefined): void;
  fetchUserData(): Promise<UserDataResponse>;
  registerDevice(userId: number): Promise<void>;
  /** Drops this device's push subscription when a session ends; best-effort, never awaited. */
  unregisterDevice?(): Promise<void>;
  /**
   * Tells the server the session ended (POST /auth/logout, x-inferred: it revokes the token), with the
   * ending session's token. Best-effort: never awaited, a failure or a timeout only logged.
   */
  signOutOnServer?(token: string): Promise<void>;
  /**
   * Clears the person's data beyond the session keys (issue 19): what features registered
   * (src/shared/domain/logout-cleanup.ts; started at once, while the token is still set) and the
   * per-user databases, caches, badge and notifications (src/shared/domain/clear-device-data.ts).
   * Never awaited: leaving does not wait for it.
   */
  clearUserData?(): Promise<void>;
  polling: { start(): void; stop(): void };
  resetPermissions(): void;
  /** Drops every cached server answer of the previous user. */
  clearServerCache(): void;
  navigate(path: string): void;
  /** The current location (path + query), to keep a deep link across the start. */
  currentLocation(): { pathname: string; search: string };
  showError(error: UserFacingError): void;
  schedule(task: () => void, ms: number): void;
  /**
   * Runs background work once the first screen shows its content (src/shared/scheduling); at once
   * when not given. A returning user's user-data check waits for it: any call made meanwhile with a
   * revoked token answers 401, which logs out just the same.
   */
  afterFirstContent?(task: () => void): void;
}

const ENTRY_PATHS = new Set(['/', '', LOGIN_PATH]);

export function createSessionController(deps: SessionDeps): SessionController {
  let state: SessionState = { status: 'starting' };
  /**
   * Counts the logouts: a user-data answer that arrives after one (asked before it, here or before another
   * tab's logout reached this one) must not bring the session back.
   */
  let ended = 0;
  /**
   * The user the last sign-in answer named, for a user-data answer without one. Every sign-in replaces
   * it and every logout forgets it, so it never outlives the session it came with.
   */
  let signedInUser: UserDataResponse['user'];
  const listeners = createListenerSet();
  const setState = (next: SessionState) => {
    state = next;
    listeners.emit();
  };

  /** SPEC §2: a redirect_to query parameter is kept (in storage) and used after login. */
  async function keepRedirectTo(): Promise<void> {
    const { search } = deps.currentLocation();
    const redirect = new URLSearchParams(search).get('redirect_to');
    if (redirect !== null && toSafePath(redirect)) await deps.storage.set(STORAGE_KEYS.redirectTo, redirect);
  }

  async function takeRedirectTo(): Promise<string | null> {
    const stored = deps.storage.get<string>(STORAGE_KEYS.redirectTo);
    if (stored === undefined) return null;
    await deps.storage.remove(STORAGE_KEYS.redirectTo);
    return toSafePath(stored) ?? HOME_PATH;
  }

  /** `endsSession`: a session was running (a start without any token has nothing to end). */
  async function logoutFlow(endsSession = true): Promise<void> {
    ended += 1;
    signedInUser = undefined;
    if (endsSession) {
      // All of it starts before the token is cleared below, and none of it holds the way to /login up.
      const token = deps.storage.get<string>(STORAGE_KEYS.accessToken);
      clearUserData();
      if (typeof token === 'string' && token !== '') inBackground(() => deps.signOutOnServer?.(token));
      inBackground(() => deps.unregisterDevice?.()); // The push subscription.
    } else {
      // A start without a session: whatever a logout cut short (the app closed at once) goes now.
      (deps.afterFirstContent ?? ((task: () => void) => task()))(clearUserData);
    }
    deps.resetPermissions();
    deps.polling.stop();
    deps.setToken(undefined);
    await deps.storage.clearSession();
    deps.clearServerCache();
    setState({ status: 'signed-out' });
    deps.navigate(LOGIN_PATH);
  }

  /**
   * Fetches the user data and acts on it. `shown`: the app already runs on the stored user data (a
   * returning user), so this only confirms it: no second navigation, and no alert when offline.
   */
  async function loginFlow({ atStart, shown = false }: { atStart: boolean; shown?: boolean }): Promise<void> {
    let userData: UserDataResponse;
    const session = ended;
    try {
      userData = await deps.fetchUserData();
    } catch (error) {
      if (session !== ended) return;
      // Every failure arrives here, an error in the answer's body included (src/api throws it).
      const failure = failureFromError(error);
      const described = describeFailure('userData', failure);
      if (described.then === 'logout') return logoutFlow();
      if (described.then === 'change-password') {
        if (shown) return deps.navigate(CHANGE_PASSWORD_PATH);
        // The answer holds no user data: go on with what is stored, if anything, until the password is changed.
        return enter(deps.storage.get<UserDataResponse>(STORAGE_KEYS.userData), { atStart, forceChangePassword: true });
      }
      if (shown && failure.type === 'network') return; // offline: keep going on the stored data
      deps.showError(described);
      if (failure.type !== 'network') return logoutFlow();
      // No answer: an offline start keeps working from the stored user data, else waits for a retry.
      const cached = deps.storage.get<UserDataResponse>(STORAGE_KEYS.userData);
      if (cached) return enter(cached, { atStart });
      return setState({ status: 'unreachable' });
    }

    if (session !== ended) return;
    userData = withKnownUser(userData);
    await deps.storage.set(STORAGE_KEYS.userData, userData);
    if (!shown) return enter(userData, { atStart });
    setState({ status: 'signed-in', userData });
    if (userData.changed_password !== 1) deps.navigate(CHANGE_PASSWORD_PATH);
  }

  async function enter(userData: UserDataResponse | undefined, options: { atStart: boolean; forceChangePassword?: boolean }): Promise<void> {
    // SPEC §3: this app only runs online (the offline access modes are other apps' business).
    if (deps.storage.get(STORAGE_KEYS.accessType) === undefined) await deps.storage.set(STORAGE_KEYS.accessType, 'online');
    deps.polling.start();
    setState({ status: 'signed-in', userData });
    if (options.forceChangePassword || userData?.changed_password !== 1) {
      // redirect_to stays stored: it is honoured once the password is changed.
      deps.navigate(CHANGE_PASSWORD_PATH);
      scheduleDeviceRegistration(userData);
      return;
    }
    const redirect = await takeRedirectTo();
    if (redirect) {
      deps.navigate(redirect);
    } else if (!options.atStart || ENTRY_PATHS.has(deps.currentLocation().pathname)) {
      deps.navigate(HOME_PATH);
    }
    // Otherwise a reload or a link opened with a session stays where it is (an unknown path shows not-found).
    scheduleDeviceRegistration(userData);
  }

  /**
   * SPEC §3 names only changed_password, compliance_ping, error and status_code: the `user` the
   * contract infers is optional, and an answer without it keeps the user the sign-in answer named, else
   * the one stored (the last answer that named one), never dropping who is signed in.
   */
  function withKnownUser(userData: UserDataResponse): UserDataResponse {
    if (userData.user !== undefined) return userData;
    const known = signedInUser ?? deps.storage.get<UserDataResponse>(STORAGE_KEYS.userData)?.user;
    return known === undefined ? userData : { ...userData, user: known };
  }

  async function refreshUserData(): Promise<void> {
    const session = ended;
    const userData = withKnownUser(await deps.fetchUserData());
    if (session !== ended) return;
    await deps.storage.set(STORAGE_KEYS.userData, userData);
    setState({ status: 'signed-in', userData });
  }

  /** Called synchronously: the features' cleanups start before the token is cleared. */
  function clearUserData(): void {
    inBackground(() => deps.clearUserData?.());
  }

  /**
   * A part of the logout it never waits for (telling the server, clearing the data, dropping the push
   * subscription), started at once: what it throws or rejects is only logged, and stops nothing.
   */
  function inBackground(part: () => Promise<unknown> | undefined): void {
    const warn = (error: unknown) => console.warn('Part of the logout failed', error);
    try {
      void part()?.catch(warn);
    } catch (error) {
      warn(error);
    }
  }

  function scheduleDeviceRegistration(userData: UserDataResponse | undefined): void {
    const userId = userData?.user?.id;
    if (userId === undefined) return;
    deps.schedule(() => {
      deps.registerDevice(userId).catch(() => undefined);
    }, DEVICE_REGISTRATION_DELAY_MS);
  }

  return {
    getState: () => state,
    subscribe: listeners.subscribe,
    async start() {
      await keepRedirectTo();
      const token = deps.storage.get<string>(STORAGE_KEYS.accessToken);
      if (typeof token === 'string' && token !== '') {
        deps.setToken(token);
        // A returning user starts at once on the stored user data; the fetch confirms it (a 401 still logs out).
        const stored = deps.storage.get<UserDataResponse>(STORAGE_KEYS.userData);
        if (stored?.changed_password === 1 && stored.user?.id !== undefined && !isErrorEnvelope(stored)) {
          await enter(stored, { atStart: true });
          if (!deps.afterFirstContent) return loginFlow({ atStart: true, shown: true });
          return deps.afterFirstContent(() => void loginFlow({ atStart: true, shown: true }));
        }
        return loginFlow({ atStart: true });
      }
      // A deep link opened without a session comes back after login.
      const { pathname, search } = deps.currentLocation();
      if (!ENTRY_PATHS.has(pathname) && pathname !== CHANGE_PASSWORD_PATH && toSafePath(pathname + search)) {
        await deps.storage.set(STORAGE_KEYS.redirectTo, pathname + search);
      }
      return logoutFlow(false);
    },
    async signIn(accessToken, user) {
      signedInUser = user;
      await deps.storage.set(STORAGE_KEYS.accessToken, accessToken);
      deps.setToken(accessToken);
      setState({ status: 'starting' });
      return loginFlow({ atStart: false });
    },
    signOut: () => logoutFlow(),
    retry: () => loginFlow({ atStart: true }),
    async completePasswordChange() {
      await refreshUserData().catch(() => undefined);
      deps.navigate((await takeRedirectTo()) ?? HOME_PATH);
    },
    refreshUserData,
  };
}
