// @vitest-environment happy-dom
import type { QueryClient } from '@tanstack/react-query';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
// The app's configured HTTP client (base '/api', headers, error wrapping), as at runtime.
import '../../api/client.ts';
import { createQueryClient } from '../../api/query-client.ts';
import { getStorage, initAppStorage } from '../../shared/storage/storage.ts';
import { stubDocumentRequest } from '../../api/testing/document-request.ts';
import { PERMISSION_TIMEOUT_MS, permissionsQuery } from './api.ts';
import { resetPermissions } from './reset-permissions.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const fetchMock = vi.fn<(request: Request) => Promise<Response>>();
let queryClient: QueryClient;

beforeAll(() => {
  stubDocumentRequest();
});

afterAll(() => {
  vi.unstubAllGlobals();
});

beforeEach(async () => {
  await initAppStorage({});
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => json({ error: false, permissions: ['qa-audit', 'live-chat'] }));
  vi.stubGlobal('fetch', fetchMock);
  queryClient = createQueryClient();
});

afterEach(() => {
  queryClient.clear();
  vi.restoreAllMocks();
});

describe('the permission list (SPEC §6)', () => {
  it('is fetched from /permission/get-pwa, returned and stored under "permissions"', async () => {
    const permissions = await queryClient.fetchQuery(permissionsQuery);
    expect(permissions).toEqual(['qa-audit', 'live-chat']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const request = fetchMock.mock.calls[0]![0];
    expect(new URL(request.url).pathname).toBe('/api/permission/get-pwa');
    expect(request.method).toBe('GET');
    expect(getStorage().get('permissions')).toEqual(['qa-audit', 'live-chat']);
  });

  it('a missing list means nothing is permitted', async () => {
    fetchMock.mockImplementation(async () => json({ error: false }));
    expect(await queryClient.fetchQuery(permissionsQuery)).toEqual([]);
  });
});

describe('a failed fetch: silently nothing permitted', () => {
  it.each([
    ['HTTP 500', async () => json({ error: true, status_code: 500, error_message: 'Server Error' }, 500)],
    ['HTTP 401', async () => json({ message: 'Unauthenticated.' }, 401)],
    ['no answer (network)', async () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a body that breaks the contract', async () => json({ permissions: 'qa-audit' })],
    ['a body that is not JSON', async () => new Response('<html>oops</html>', { status: 200, headers: { 'Content-Type': 'application/json' } })],
    ['error: true in a 200 body', async () => json({ error: true, status_code: 500, error_message: 'x', permissions: ['qa-audit'] })],
  ])('%s → []', async (_label, answer) => {
    fetchMock.mockImplementation(answer);
    const permissions = await queryClient.fetchQuery(permissionsQuery);
    expect(permissions).toEqual([]);
    expect(getStorage().get('permissions')).toBeUndefined();
  });
});

describe('timeout (SPEC §9: 30 000 ms)', () => {
  it('the request is aborted when the 30 s timeout fires, and the list is empty', async () => {
    const timeout = new AbortController();
    const timeoutSpy = vi.spyOn(AbortSignal, 'timeout').mockImplementation(() => timeout.signal);
    // A server that never answers: only an abort ends the request, as with a real fetch.
    fetchMock.mockImplementation(
      (request) =>
        new Promise<Response>((_resolve, reject) => {
          request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true });
        }),
    );

    let settled = false;
    const result = queryClient.fetchQuery(permissionsQuery).finally(() => (settled = true));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(timeoutSpy).toHaveBeenCalledWith(PERMISSION_TIMEOUT_MS);
    expect(PERMISSION_TIMEOUT_MS).toBe(30_000);
    const signal = fetchMock.mock.calls[0]![0].signal;
    expect(signal.aborted).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);

    timeout.abort(new DOMException('The operation timed out.', 'TimeoutError'));
    expect(signal.aborted).toBe(true);
    const stillPending = new Promise((resolve) => setTimeout(() => resolve('still pending after the timeout fired'), 2000));
    expect(await Promise.race([result, stillPending])).toEqual([]);
  });
});

describe('caching (SPEC §6: fetched once, cached until reset on logout)', () => {
  it('a second fetchQuery does not call the server again', async () => {
    await queryClient.fetchQuery(permissionsQuery);
    fetchMock.mockImplementation(async () => json({ error: false, permissions: ['other'] }));
    const again = await queryClient.fetchQuery(permissionsQuery);
    expect(again).toEqual(['qa-audit', 'live-chat']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('resetPermissions makes the next fetch ask the server again (the next user gets their own list)', async () => {
    await queryClient.fetchQuery(permissionsQuery);
    resetPermissions(queryClient);
    fetchMock.mockImplementation(async () => json({ error: false, permissions: ['store-operations'] }));

    const next = await queryClient.fetchQuery(permissionsQuery);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(next).toEqual(['store-operations']);
    expect(getStorage().get('permissions')).toEqual(['store-operations']);
  });

  it('after a failure, resetPermissions lets a later fetch succeed', async () => {
    fetchMock.mockImplementation(async () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await queryClient.fetchQuery(permissionsQuery)).toEqual([]);
    resetPermissions(queryClient);
    fetchMock.mockImplementation(async () => json({ error: false, permissions: ['qa-audit'] }));
    expect(await queryClient.fetchQuery(permissionsQuery)).toEqual(['qa-audit']);
  });
});
