// @vitest-environment happy-dom
// No session, no call that needs one (issue 33): once installed, the client refuses every secured
// operation while it holds no token (after a logout here or in another tab), and lets the rest go.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getTranslations, getUserData, login, logout, saveDevice } from '../../generated/http/sdk.gen.ts';
import { setAccessToken, setUnauthorizedHandler } from './client.ts';
import { refuseCallsWithoutSession } from './session-guard.ts';
import { stubDocumentRequest } from './testing/document-request.ts';

const fetchMock = vi.fn<(request: Request) => Promise<Response>>();
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
const sentAuthorizations = () => fetchMock.mock.calls.map(([request]) => request.headers.get('Authorization'));
let logouts = 0;

beforeAll(() => {
  stubDocumentRequest();
  refuseCallsWithoutSession();
  refuseCallsWithoutSession(); // Installed once, however often asked.
  setUnauthorizedHandler(() => (logouts += 1));
});

afterAll(() => {
  setUnauthorizedHandler(() => undefined);
  setAccessToken(undefined);
  vi.unstubAllGlobals();
});

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => json({ error: false }));
  vi.stubGlobal('fetch', fetchMock);
  logouts = 0;
});

describe('calls without a session', () => {
  it('a secured call is not sent: it fails as a 401 that ends nothing', async () => {
    setAccessToken(undefined);
    await expect(getUserData({ throwOnError: true })).rejects.toMatchObject({ kind: 'http', status: 401 });
    await expect(saveDevice({ body: { user_id: 7, push_token: 'push-1' }, throwOnError: true })).rejects.toMatchObject({ kind: 'http', status: 401 });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(logouts).toBe(0);
  });

  it('those that need no session go: the sign-in and the texts; the logout call carries its token itself', async () => {
    setAccessToken(undefined);
    await login({ body: { username: 'budi.santoso', password: 'secret' } });
    await getTranslations({ path: { lang: 'en' } });
    await logout({ auth: 'ending-token' });
    expect(sentAuthorizations()).toEqual([null, null, 'Bearer ending-token']);
  });

  it("a session's calls go with its token", async () => {
    setAccessToken('next-person');
    await getUserData();
    expect(sentAuthorizations()).toEqual(['Bearer next-person']);
  });
});
