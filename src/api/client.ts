// The only hand-written HTTP layer: every generated SDK call goes through this client, which adds
// the bearer token, the platform/version headers, the anti-forgery header on writes to our own
// origin, the realtime socket id, and turns every failure into an ApiError — including the backend's
// usual "error in a 200 body" — so no caller ever checks a body by hand. Callers pass none of it.
import { mergeHeaders } from '../../generated/http/client/index.ts';
import { client } from '../../generated/http/client.gen.ts';
import { rejectErrorEnvelope, toApiError } from './api-error.ts';
import { config } from './config.ts';
import { PLATFORM_HEADERS } from './platform-headers.ts';

/**
 * Module state, on purpose: the session's token is one value for the whole page, set by the session
 * (sign-in, start, logout) and read synchronously by every request this client, the uploads and the
 * realtime connections make. The generated client reads it through `auth` at each request.
 */
let accessToken: string | undefined;
/**
 * Module state, on purpose: the one reaction to a 401 that ends the session, installed by the app shell
 * at start-up (it publishes its logout event; src/api knows no app events). A no-op until then.
 */
let onUnauthorized: () => void = () => undefined;

/** What an HTTP 401 during a session does (the app shell publishes its logout event); src/api knows no app events. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

export function setAccessToken(token: string | undefined): void {
  accessToken = token || undefined;
}

export function getAccessToken(): string | undefined {
  return accessToken;
}

const SOCKET_ID_HEADER = 'X-Socket-Id';

/**
 * Set by the realtime client once its socket is connected (Laravel uses it to skip the sender on
 * broadcasts): a header of every call from then on, kept in the client's own configuration beside the
 * platform headers (null removes it).
 */
export function setSocketId(id: string | undefined): void {
  client.setConfig({ headers: { [SOCKET_ID_HEADER]: id || null } });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const XSRF_COOKIE = 'XSRF-TOKEN';

function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const found = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  if (!found) return undefined;
  try {
    return decodeURIComponent(found.slice(name.length + 1));
  } catch {
    return undefined; // A malformed cookie must not stop the request; the server will say if it needs the token.
  }
}

function isOwnOrigin(url: string): boolean {
  if (typeof location === 'undefined') return false;
  return new URL(url, location.href).origin === location.origin;
}

client.setConfig({
  baseUrl: config.apiBase,
  auth: () => accessToken,
  headers: PLATFORM_HEADERS,
});

/** The anti-forgery header a call carries (SPEC §7: writes to relative URLs, from Laravel's XSRF-TOKEN cookie). */
function xsrfHeader(method: string, url: string): Record<string, string> {
  if (SAFE_METHODS.has(method) || !isOwnOrigin(url)) return {};
  const xsrf = readCookie(XSRF_COOKIE);
  return xsrf ? { 'X-XSRF-TOKEN': xsrf } : {};
}

/** Everything a request made outside the generated SDK (an upload with progress) must carry. */
export function authHeaders(method: string, url: string): Record<string, string> {
  const socketId = mergeHeaders(client.getConfig().headers).get(SOCKET_ID_HEADER);
  return {
    ...PLATFORM_HEADERS,
    ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}),
    ...xsrfHeader(method, url),
    ...(socketId ? { [SOCKET_ID_HEADER]: socketId } : {}),
  };
}

/** An HTTP 401 seen outside the generated SDK. */
export function reportUnauthorized(): void {
  if (accessToken) onUnauthorized();
}

client.interceptors.request.use((request) => {
  for (const [name, value] of Object.entries(xsrfHeader(request.method, request.url))) request.headers.set(name, value);
  return request;
});

// An error in a 200 body becomes an ApiError before the success schema is checked (api-error.ts).
client.interceptors.response.use(rejectErrorEnvelope);

/** Whether a request went out with the session's token as it is now (not one that ended since, or none). */
function carriesCurrentToken(request: Request | undefined): boolean {
  return accessToken !== undefined && request?.headers.get('Authorization') === `Bearer ${accessToken}`;
}

client.interceptors.error.use((error, response, request) => {
  const apiError = toApiError(error, response);
  // SPEC §8: an HTTP 401 anywhere ends the session. A call made without a token is not a session to end,
  // nor is one made with an earlier session's token (the logout call itself, or anything answered after
  // the next person signed in): that 401 must not end the session that is running now.
  if (apiError.kind === 'http' && apiError.status === 401 && carriesCurrentToken(request)) reportUnauthorized();
  return apiError;
});

export { client };
