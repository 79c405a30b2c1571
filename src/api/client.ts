import { client } from '../../generated/http/client.gen.ts';
import { APP_VERSIONS, apiBaseUrl } from './config.ts';

let accessToken: string | undefined;

export function setAccessToken(token: string | undefined): void {
  accessToken = token;
}

// The generated SDK calls go through this one client: callers never pass the token or the platform headers.
client.setConfig({
  baseUrl: apiBaseUrl,
  auth: () => accessToken,
  headers: {
    'app-platforms': 'pwa',
    'pwa-version': APP_VERSIONS.pwa,
    'android-version': APP_VERSIONS.android,
    'ios-version': APP_VERSIONS.ios,
  },
});

export { client };
