// @vitest-environment happy-dom
// A server that answers GET /auth/user-data with exactly SPEC §3's fields (changed_password,
// compliance_ping, error, status_code) and none of the contract's inferred `user`: the session goes
// through the real HTTP client and the generated check, stays signed in, and keeps the user it
// knew (from the sign-in answer, or stored at the last login) instead of logging everyone out with
// "Sorry, something went wrong. Please log in again."
import { QueryClient } from '@tanstack/react-query';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken, setUnauthorizedHandler } from '../../api/client.ts';
import type { UserFacingError } from '../../api/errors.ts';
import type { UserDataResponse } from '../../api/models.ts';
import { stubDocumentRequest } from '../../api/testing/document-request.ts';
import { openStorage, type AppStorage } from '../../shared/storage/storage.ts';
import { fetchUserData, signInWithPassword } from './api.ts';
import { createSessionController } from './session-controller.ts';

const SPEC_USER_DATA = { changed_password: 1, compliance_ping: 0, error: false, status_code: 200 };
const AYU = { id: 42, first_name: 'Ayu', last_name: 'Lestari', employee_number: 'E-042' };

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The server: the sign-in answer (with or without its inferred `user`) and SPEC's user data. */
function serve({ loginUser }: { loginUser?: typeof AYU }) {
  const fetchMock = vi.fn(async (request: Request) => {
    const path = new URL(request.url).pathname;
    if (path.endsWith('/auth/login')) return json({ access_token: 'sandbox.42.abc', token_type: 'Bearer', ...(loginUser ? { user: loginUser } : {}) });
    if (path.endsWith('/auth/user-data')) return json(SPEC_USER_DATA);
    return json({ error: true, status_code: 404, error_message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function session(storage: AppStorage) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const showError = vi.fn<(error: UserFacingError) => void>();
  const navigate = vi.fn<(path: string) => void>();
  const registerDevice = vi.fn<(userId: number) => Promise<void>>().mockResolvedValue(undefined);
  const controller = createSessionController({
    storage,
    setToken: setAccessToken,
    fetchUserData: () => fetchUserData(queryClient),
    registerDevice,
    polling: { start: vi.fn(), stop: vi.fn() },
    resetPermissions: vi.fn(),
    clearServerCache: () => queryClient.clear(),
    navigate,
    currentLocation: () => ({ pathname: '/login', search: '' }),
    showError,
    schedule: (task) => task(),
  });
  return { controller, showError, navigate, registerDevice };
}

beforeAll(() => stubDocumentRequest());
afterAll(() => vi.unstubAllGlobals());
beforeEach(() => setUnauthorizedHandler(() => undefined));
afterEach(() => {
  setAccessToken(undefined);
  vi.unstubAllGlobals();
  stubDocumentRequest();
});

describe('user data with exactly the fields SPEC §3 names', () => {
  it('keeps a user who just signed in signed in, on the user the sign-in answer named', async () => {
    serve({ loginUser: AYU });
    const storage = await openStorage({});
    const { controller, showError, navigate, registerDevice } = await session(storage);

    const answer = await signInWithPassword({ username: 'ayu.lestari', password: 'secret' });
    await controller.signIn(answer.access_token, answer.user);

    expect(showError).not.toHaveBeenCalled();
    expect(controller.getState().status).toBe('signed-in');
    expect(navigate).toHaveBeenLastCalledWith('/home');
    expect(controller.getState().userData?.user?.id).toBe(42);
    expect(storage.get<UserDataResponse>('user_data')).toEqual({ ...SPEC_USER_DATA, user: AYU });
    expect(registerDevice).toHaveBeenCalledWith(42);
  });

  it('keeps a returning user signed in on the user stored at their last login', async () => {
    serve({});
    const storage = await openStorage({});
    await storage.set('access_token', 'sandbox.42.abc');
    await storage.set('user_data', { ...SPEC_USER_DATA, user: AYU });
    const { controller, showError } = await session(storage);

    await controller.start();
    await vi.waitFor(() => expect(storage.get<UserDataResponse>('user_data')).toEqual({ ...SPEC_USER_DATA, user: AYU }));
    await controller.refreshUserData();

    expect(showError).not.toHaveBeenCalled();
    expect(controller.getState()).toEqual({ status: 'signed-in', userData: { ...SPEC_USER_DATA, user: AYU } });
    expect(storage.get('access_token')).toBe('sandbox.42.abc');
  });

  it('stays signed in even when nothing names the user (the sign-in answer had none either)', async () => {
    serve({});
    const storage = await openStorage({});
    const { controller, showError, navigate } = await session(storage);

    const answer = await signInWithPassword({ username: 'ayu.lestari', password: 'secret' });
    await controller.signIn(answer.access_token, answer.user);

    expect(showError).not.toHaveBeenCalled();
    expect(controller.getState()).toEqual({ status: 'signed-in', userData: SPEC_USER_DATA });
    expect(navigate).toHaveBeenLastCalledWith('/home');
  });
});
