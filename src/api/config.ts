// Deployment configuration (SPEC §3 "Configuration"): values come from the build's environment
// (VITE_*); the defaults point at the local mocks so `npm start` needs no backend.
import { parseMediaServerOrigins } from './media-server-origins.ts';

const env = import.meta.env;

/** How the Chat tab's badge total is computed: SPEC §2 and §4 give two readings; both are supported. */
export type BadgeTotalMode = 'sum' | 'unread-messages';

/**
 * What a web module that asks for the session is handed (VITE_MODULE_TOKENS): `auto` (the default) a
 * short-lived token scoped to that module (POST /auth/module-token), or the bearer token when the
 * backend does not offer that call; `required` the module token or nothing; `off` the bearer token,
 * without asking the backend.
 */
export type ModuleTokenMode = 'auto' | 'required' | 'off';

export interface AppConfig {
  /** Root of the backend's API (every generated SDK call is relative to it). */
  apiBase: string;
  /** The company site, opened for links that leave the app. */
  site: string;
  /** The socket.io live-chat server (SPEC §7 "a websocket host") and the broadcast channel prefix (`{prefix}_global_event`). */
  websocketEndpoint: string;
  websocketPrefix: string;
  /** The Pusher-protocol broadcast server (Laravel broadcasting): `ws(s)://{host}:{port}{path}/app/{key}`. */
  pusher: PusherConfig;
  /** Where the company's web modules live; a route without a native screen opens `{iframeBase}/{route}`. */
  iframeBase: string;
  /**
   * Which web modules may use the camera, microphone or location (VITE_MODULE_PERMISSIONS,
   * `route:camera,microphone;route:geolocation`); none unless listed. Undefined: the default list.
   * Parsed by src/api/module-permissions.ts when a module opens, so the parser stays off the start.
   */
  modulePermissions: string | undefined;
  moduleTokens: ModuleTokenMode;
  /** Push: OneSignal app id (native) and the VAPID public key (web push). Empty when not configured. */
  oneSignalAppId: string;
  vapidPublicKey: string;
  /** The two external e-learning links. */
  eLearningLinks: readonly string[];
  badgeTotalMode: BadgeTotalMode;
  /** STUN/TURN servers for calls (VITE_ICE_SERVERS, JSON as RTCConfiguration.iceServers); none needed on one machine. */
  iceServers: RTCIceServer[];
  /**
   * The origins a call's media server (its `media.url`, an absolute ws(s):// URL) may be on besides the
   * app's own (VITE_MEDIA_SERVER_ORIGINS, comma or space separated, e.g. `wss://media.company.example`);
   * the Content-Security-Policy's connect-src allows the same ones. None by default: the media server
   * is then reached only through the app's origin (`/janus`, proxied).
   */
  mediaServerOrigins: string[];
  /**
   * The largest file a person may upload (VITE_UPLOAD_MAX_BYTES, bytes; 25 MB by default): a larger one
   * is refused in the app before any byte is sent. The server keeps its own limit (the sandbox: 5 MB, 413).
   */
  uploadMaxBytes: number;
}

export interface PusherConfig {
  key: string;
  host: string;
  port: number;
  /** Prefix before `/app/{key}`; locally `/realtime`, which the dev and preview servers proxy to the realtime mock. */
  path: string;
  forceTLS: boolean;
}

// Without VITE_PUSHER_HOST the broadcast server is reached on the page's own origin (a reverse proxy,
// or Vite's proxy to the realtime mock in development and preview), so no host is baked into the build.
const page = typeof location === 'undefined' ? undefined : location;
const pageIsHttps = page?.protocol === 'https:';

export const DEFAULT_UPLOAD_MAX_BYTES = 25 * 1024 * 1024;

/** A positive whole number of bytes; anything else is reported and the default is used. */
export function parseUploadMaxBytes(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return DEFAULT_UPLOAD_MAX_BYTES;
  const bytes = Number(raw);
  if (Number.isSafeInteger(bytes) && bytes > 0) return bytes;
  console.warn(`config: VITE_UPLOAD_MAX_BYTES is not a positive number of bytes; the limit is ${DEFAULT_UPLOAD_MAX_BYTES}`);
  return DEFAULT_UPLOAD_MAX_BYTES;
}

/** A malformed value is reported and ignored: calls then work where no relay is needed. */
export function parseIceServers(raw: string | undefined): RTCIceServer[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (Array.isArray(parsed) && parsed.every((server) => typeof server === 'object' && server !== null && 'urls' in server)) return parsed as RTCIceServer[];
  } catch {
    // Falls through to the warning.
  }
  console.warn('config: VITE_ICE_SERVERS is not a JSON list of ice servers; calls use none');
  return [];
}

export const config: AppConfig = {
  apiBase: env.VITE_API_BASE ?? '/api',
  site: env.VITE_SITE ?? 'https://www.company.example',
  websocketEndpoint: env.VITE_WEBSOCKET_ENDPOINT ?? '/',
  websocketPrefix: env.VITE_WEBSOCKET_PREFIX ?? 'ess',
  pusher: {
    key: env.VITE_PUSHER_KEY ?? 'ess-mock-key',
    host: env.VITE_PUSHER_HOST ?? (page?.hostname || '127.0.0.1'),
    port: Number(env.VITE_PUSHER_PORT ?? page?.port) || (pageIsHttps ? 443 : 80),
    path: env.VITE_PUSHER_PATH ?? (env.VITE_PUSHER_HOST === undefined ? '/realtime' : ''),
    forceTLS: env.VITE_PUSHER_TLS === undefined ? pageIsHttps : env.VITE_PUSHER_TLS === 'true',
  },
  // The realtime mock's stand-ins, on their own origin like the company's modules: a same-origin module
  // could not be both sandboxed and handed the session (src/features/modules/module-page.tsx).
  iframeBase: env.VITE_IFRAME_BASE ?? 'http://127.0.0.1:6001/modules',
  modulePermissions: env.VITE_MODULE_PERMISSIONS,
  moduleTokens: env.VITE_MODULE_TOKENS === 'off' || env.VITE_MODULE_TOKENS === 'required' ? env.VITE_MODULE_TOKENS : 'auto',
  oneSignalAppId: env.VITE_ONESIGNAL_APP_ID ?? '',
  vapidPublicKey: env.VITE_VAPID_PUBLIC_KEY ?? '',
  eLearningLinks: [env.VITE_ELEARNING_URL_1 ?? '', env.VITE_ELEARNING_URL_2 ?? ''].filter(Boolean),
  badgeTotalMode: env.VITE_BADGE_TOTAL === 'unread-messages' ? 'unread-messages' : 'sum',
  iceServers: parseIceServers(env.VITE_ICE_SERVERS),
  mediaServerOrigins: parseMediaServerOrigins(env.VITE_MEDIA_SERVER_ORIGINS),
  uploadMaxBytes: parseUploadMaxBytes(env.VITE_UPLOAD_MAX_BYTES),
};
