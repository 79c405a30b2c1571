import { client } from '../../generated/http/client.gen.ts';
import { apiBaseUrl } from './config.ts';
import { PLATFORM_HEADERS } from './platform-headers.ts';

let accessToken: string | undefined;

export function setAccessToken(token: string | undefined): void {
  accessToken = token;
}

// The generated SDK calls go through this one client: callers never pass the token or the platform headers.
client.setConfig({
  baseUrl: apiBaseUrl,
  auth: () => accessToken,
  headers: PLATFORM_HEADERS,
});

export { client };
