// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getPermissions, getUserData, logout, saveDevice, uploadFile } from '../../generated/http/sdk.gen.ts';
import { ApiError } from './api-error.ts';
import { authHeaders, client, getAccessToken, setAccessToken, setSocketId, setUnauthorizedHandler } from './client.ts';
import { NodeRequest, stubDocumentRequest } from './testing/document-request.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const fetchMock = vi.fn<(request: Request) => Promise<Response>>();
const sentRequest = (index = 0): Request => {
  const request = fetchMock.mock.calls[index]?.[0];
  expect(request, `fetch call #${index}`).toBeInstanceOf(NodeRequest);
  return request!;
};

const clearCookie = (name: string) => {
  document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
};

let logouts: number;

// Give the generated client the browser's behaviour so its '/api' base is tested as is.
beforeAll(() => {
  stubDocumentRequest();
});

afterAll(() => {
  vi.unstubAllGlobals();
});

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => json({ error: false, permissions: ['qa-audit'] }));
  vi.stubGlobal('fetch', fetchMock);
  logouts = 0;
  setUnauthorizedHandler(() => (logouts += 1));
});

afterEach(() => {
  setUnauthorizedHandler(() => undefined);
  setAccessToken(undefined);
  setSocketId(undefined);
  clearCookie('XSRF-TOKEN');
  clearCookie('other');
});

describe('the environment these tests assume', () => {
  it('jsdom runs at http://localhost:3000/', () => {
    expect(location.href).toBe('http://localhost:3000/');
  });
});

describe('every request', () => {
  it('goes to the relative /api base, resolved against the page', async () => {
    await getUserData();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sentRequest().url).toBe('http://localhost:3000/api/auth/user-data');
    expect(sentRequest().method).toBe('GET');
  });

  it.each([
    ['GET', () => getPermissions()],
    ['POST', () => saveDevice({ body: { user_id: 7, push_token: 'push-1' } })],
  ])('carries the platform and version headers (%s)', async (_method, call) => {
    await call();
    const headers = sentRequest().headers;
    expect(headers.get('app-platforms')).toBe('pwa');
    expect(headers.get('pwa-version')).toBe('2.2.031');
    expect(headers.get('android-version')).toBe('2.0.39');
    expect(headers.get('ios-version')).toBe('2.0.37');
  });

  it('carries the bearer token once one is set, and none before or after it is cleared', async () => {
    await getUserData();
    expect(sentRequest(0).headers.get('Authorization')).toBeNull();

    setAccessToken('token-123');
    expect(getAccessToken()).toBe('token-123');
    await getUserData();
    await saveDevice({ body: { user_id: 7, push_token: 'push-1' } });
    expect(sentRequest(1).headers.get('Authorization')).toBe('Bearer token-123');
    expect(sentRequest(2).headers.get('Authorization')).toBe('Bearer token-123');

    setAccessToken('');
    expect(getAccessToken()).toBeUndefined();
    await getUserData();
    expect(sentRequest(3).headers.get('Authorization')).toBeNull();
  });

  it('sends a JSON body for JSON operations', async () => {
    await saveDevice({ body: { user_id: 7, push_token: 'push-1' } });
    const request = sentRequest();
    expect(request.method).toBe('POST');
    expect(request.url).toBe('http://localhost:3000/api/onesignal/save-device');
    expect(request.headers.get('Content-Type')).toBe('application/json');
    expect(await request.json()).toEqual({ user_id: 7, push_token: 'push-1' });
  });
});

describe('anti-forgery header', () => {
  it('a POST to our own origin carries X-XSRF-TOKEN decoded from the cookie', async () => {
    document.cookie = 'other=1; path=/';
    document.cookie = 'XSRF-TOKEN=abc%3D; path=/';
    await saveDevice({ body: { user_id: 7, push_token: 'push-1' } });
    expect(sentRequest().headers.get('X-XSRF-TOKEN')).toBe('abc=');
  });

  it('a GET does not carry it', async () => {
    document.cookie = 'XSRF-TOKEN=abc%3D; path=/';
    await getUserData();
    expect(sentRequest().headers.get('X-XSRF-TOKEN')).toBeNull();
  });

  it('a POST to another origin does not carry it', async () => {
    document.cookie = 'XSRF-TOKEN=abc%3D; path=/';
    await saveDevice({ baseUrl: 'https://api.elsewhere.example', body: { user_id: 7, push_token: 'push-1' } });
    expect(sentRequest().url).toBe('https://api.elsewhere.example/onesignal/save-device');
    expect(sentRequest().headers.get('X-XSRF-TOKEN')).toBeNull();
  });

  it('a POST without the cookie carries no header', async () => {
    await saveDevice({ body: { user_id: 7, push_token: 'push-1' } });
    expect(sentRequest().headers.has('X-XSRF-TOKEN')).toBe(false);
  });

  it('a cookie value that is not valid percent-encoding does not stop the write', async () => {
    document.cookie = 'XSRF-TOKEN=%E0%A4%A; path=/';
    const result = await saveDevice({ body: { user_id: 7, push_token: 'push-1' } });
    expect(result.error).toBeUndefined();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('socket id header', () => {
  it('appears only after setSocketId', async () => {
    await getUserData();
    expect(sentRequest(0).headers.has('X-Socket-Id')).toBe(false);

    setSocketId('123.456');
    await getUserData();
    await saveDevice({ body: { user_id: 7, push_token: 'push-1' } });
    expect(sentRequest(1).headers.get('X-Socket-Id')).toBe('123.456');
    expect(sentRequest(2).headers.get('X-Socket-Id')).toBe('123.456');

    setSocketId(undefined);
    await getUserData();
    expect(sentRequest(3).headers.has('X-Socket-Id')).toBe(false);
  });

  it('goes with a request made outside the SDK (an upload) too, until it is cleared', () => {
    expect(authHeaders('GET', '/api/x')).not.toHaveProperty('X-Socket-Id');
    setSocketId('123.456');
    expect(authHeaders('GET', '/api/x')).toMatchObject({ 'X-Socket-Id': '123.456' });
    setSocketId(undefined);
    expect(authHeaders('GET', '/api/x')).not.toHaveProperty('X-Socket-Id');
  });
});

describe('failures become ApiError', () => {
  it('an HTTP 401 with a token calls the unauthorized handler and rejects with ApiError 401', async () => {
    setAccessToken('expired');
    const body = { error: true, status_code: 401, error_message: 'Unauthenticated.' };
    fetchMock.mockImplementation(async () => json(body, 401));

    const failure = await getUserData({ throwOnError: true }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ kind: 'http', status: 401, body });
    expect(logouts).toBe(1);
  });

  it('without throwOnError the same 401 comes back as the result\'s error', async () => {
    setAccessToken('expired');
    fetchMock.mockImplementation(async () => json({ message: 'Unauthenticated.' }, 401));
    const result = await getUserData();
    expect(result.data).toBeUndefined();
    expect(result.error).toBeInstanceOf(ApiError);
    expect(result.error).toMatchObject({ kind: 'http', status: 401 });
    expect(logouts).toBe(1);
  });

  it('an HTTP 401 without a token (no session) calls nothing', async () => {
    fetchMock.mockImplementation(async () => json({ message: 'Unauthenticated.' }, 401));
    await expect(getUserData({ throwOnError: true })).rejects.toMatchObject({ kind: 'http', status: 401 });
    expect(logouts).toBe(0);
  });

  it('a 401 to a call made with an ended session\'s token (the logout call) ends nothing, not even the next session', async () => {
    setAccessToken('first-person');
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const pending = logout({ auth: 'first-person', throwOnError: true }).catch((error: unknown) => error);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(sentRequest().headers.get('Authorization')).toBe('Bearer first-person');
    // The first person logged out and the next one signed in before the server answered.
    setAccessToken('next-person');
    answer(json({ message: 'Unauthenticated.' }, 401));
    expect(await pending).toMatchObject({ kind: 'http', status: 401 });
    expect(logouts).toBe(0);
  });

  it('a 401 answered after the token was cleared (logged out meanwhile) ends nothing', async () => {
    setAccessToken('first-person');
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const pending = getPermissions({ throwOnError: true }).catch((error: unknown) => error);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    setAccessToken(undefined);
    answer(json({ message: 'Unauthenticated.' }, 401));
    expect(await pending).toMatchObject({ kind: 'http', status: 401 });
    expect(logouts).toBe(0);
  });

  it('other HTTP errors keep status and body and do not log out', async () => {
    setAccessToken('valid');
    const body = { error: true, status_code: 500, error_message: 'Server error' };
    fetchMock.mockImplementation(async () => json(body, 500));
    await expect(getUserData({ throwOnError: true })).rejects.toMatchObject({ kind: 'http', status: 500, body });
    expect(logouts).toBe(0);
  });

  it('a fetch that rejects with TypeError is a network ApiError', async () => {
    setAccessToken('valid');
    const cause = new TypeError('Failed to fetch');
    fetchMock.mockImplementation(async () => {
      throw cause;
    });
    const failure = await getUserData({ throwOnError: true }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ kind: 'network', status: undefined });
    expect((failure as ApiError).cause).toBe(cause);
    expect(logouts).toBe(0);
  });

  it('a 200 whose JSON breaks the schema is a malformed ApiError', async () => {
    // permissions is optional in the contract, but when present it must be an array of strings.
    fetchMock.mockImplementation(async () => json({ permissions: 'nope' }));
    const failure = await getPermissions({ throwOnError: true }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ kind: 'malformed', status: 200 });
    expect((failure as ApiError).cause).toMatchObject({ name: '$ZodError' });
  });

  it('a 200 that is not JSON at all is a malformed ApiError', async () => {
    fetchMock.mockImplementation(
      async () => new Response('<html>maintenance</html>', { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    await expect(getPermissions({ throwOnError: true })).rejects.toMatchObject({ kind: 'malformed' });
  });

  it.each([
    ['CHANGE_PASS', { error: true, status_code: 'CHANGE_PASS', error_message: 'Change it.' }],
    ['401 as a number', { error: true, status_code: 401, error_message: 'Unauthenticated.' }],
    ['401 as a string', { error: true, status_code: '401' }],
    ['an error without a status code', { error: true, error_message: 'Something broke.' }],
  ])('a 200 whose body is the error envelope (%s) rejects with a body ApiError carrying it, before any schema check', async (_label, body) => {
    setAccessToken('valid');
    fetchMock.mockImplementation(async () => json(body));
    const failure = await getPermissions({ throwOnError: true }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ kind: 'body', status: 200, body });
    // A 401 in a body is the catalogue's to act on (SPEC §8 differs per screen); only HTTP 401 logs out here.
    expect(logouts).toBe(0);
  });

  it('a JSON answer is read and parsed once: the error envelope is looked for in what the client parsed', async () => {
    // Reading a clone for the envelope parsed every answer twice (25 ms more for a 5,000-room chat home on a phone).
    const clone = vi.spyOn(Response.prototype, 'clone');
    const parse = vi.spyOn(JSON, 'parse');
    try {
      fetchMock.mockImplementation(async () => json({ error: false, permissions: ['qa-audit'] }));
      expect((await getPermissions({ throwOnError: true })).data).toEqual({ error: false, permissions: ['qa-audit'] });
      fetchMock.mockImplementation(async () => json({ error: true, status_code: 'CHANGE_PASS' }));
      await expect(getPermissions({ throwOnError: true })).rejects.toMatchObject({ kind: 'body', status: 200 });
      expect(clone).not.toHaveBeenCalled();
      expect(parse).toHaveBeenCalledTimes(2);
    } finally {
      clone.mockRestore();
      parse.mockRestore();
    }
  });

  it('a call without a schema check, or one that reads its body as text, still rejects the error envelope', async () => {
    const body = { error: true, status_code: 500, error_message: 'Server error' };
    fetchMock.mockImplementation(async () => json(body));
    await expect(client.get({ url: '/anything', throwOnError: true })).rejects.toMatchObject({ kind: 'body', status: 200, body });
    await expect(client.get({ url: '/anything', parseAs: 'text', throwOnError: true })).rejects.toMatchObject({ kind: 'body', status: 200, body });
    fetchMock.mockImplementation(async () => json({ error: false }));
    expect((await client.get({ url: '/anything', parseAs: 'text', throwOnError: true })).data).toBe('{"error":false}');
  });

  it('error: false is a success, whatever else the body says', async () => {
    fetchMock.mockImplementation(async () => json({ error: false, status_code: 200, permissions: [] }));
    const result = await getPermissions({ throwOnError: true });
    expect(result.data).toEqual({ error: false, status_code: 200, permissions: [] });
  });

  it('a 200 that matches the schema comes back as data', async () => {
    fetchMock.mockImplementation(async () => json({ error: false, permissions: ['qa-audit', 'helpdesk'] }));
    const result = await getPermissions({ throwOnError: true });
    expect(result.data).toEqual({ error: false, permissions: ['qa-audit', 'helpdesk'] });
  });
});

describe('multipart upload', () => {
  it('uploadFile with a chosen file reaches the server', async () => {
    fetchMock.mockImplementation(async () => json({ error: false, message: { id: 1, uuid: 'message-1' } }));
    const file = new Blob(['hello'], { type: 'text/plain' });
    const result = await uploadFile({ body: { file, message: 'hi', uuid: 'room-1' } });
    expect(result.error).toBeUndefined();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sentRequest().url).toBe('http://localhost:3000/api/live-chat/upload-file');
    expect(sentRequest().headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    // Read as text: undici's formData() parser trips over jsdom's Blob, the multipart text does not.
    const multipart = await sentRequest().text();
    expect(multipart).toMatch(/name="uuid"\r\n\r\nroom-1\r\n/);
    expect(multipart).toMatch(/name="message"\r\n\r\nhi\r\n/);
    expect(multipart).toMatch(/name="file"; filename="blob"/);
  });
});
