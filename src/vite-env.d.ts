/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_BASE?: string;
  readonly VITE_SITE?: string;
  readonly VITE_WEBSOCKET_ENDPOINT?: string;
  readonly VITE_WEBSOCKET_PREFIX?: string;
  /** The Pusher-protocol broadcast server: app key, host, port, path prefix, `true`/`false` for TLS. */
  readonly VITE_PUSHER_KEY?: string;
  readonly VITE_PUSHER_HOST?: string;
  readonly VITE_PUSHER_PORT?: string;
  readonly VITE_PUSHER_PATH?: string;
  readonly VITE_PUSHER_TLS?: string;
  readonly VITE_IFRAME_BASE?: string;
  /** `route:camera,microphone;route:geolocation`: the web modules that may use these (src/api/module-permissions.ts). */
  readonly VITE_MODULE_PERMISSIONS?: string;
  /** `auto` (default), `required` or `off`: what a web module is handed as its session (src/api/config.ts). */
  readonly VITE_MODULE_TOKENS?: string;
  readonly VITE_ONESIGNAL_APP_ID?: string;
  readonly VITE_VAPID_PUBLIC_KEY?: string;
  readonly VITE_ELEARNING_URL_1?: string;
  readonly VITE_ELEARNING_URL_2?: string;
  /** `sum` (default) or `unread-messages`: the two readings of the Chat badge total. */
  readonly VITE_BADGE_TOTAL?: string;
  readonly VITE_ICE_SERVERS?: string;
  /** Comma- or space-separated origins a call's media server may be on besides the app's own (src/api/media-server-origins.ts). */
  readonly VITE_MEDIA_SERVER_ORIGINS?: string;
  /** The largest file a person may upload, in bytes (default 25 MB): larger ones are refused before sending. */
  readonly VITE_UPLOAD_MAX_BYTES?: string;
}
