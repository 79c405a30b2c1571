// Which media carries a call: the call's answer decides (its x-inferred `media`). A Janus VideoRoom
// when it names one this app may reach; otherwise the peer-to-peer mesh (up to MESH_LIMIT people),
// which is also what direct calls use.
import type { CallMedia } from './call-media.ts';
import { createJanusCallMedia, type JanusServer } from './janus/janus-call-media.ts';
import { createMeshCallMedia } from './mesh-call-media.ts';
import { waitForSignalling } from './wait-for-signalling.ts';

/** The call answer's `media`, as far as this app reads it. */
export interface CallMediaAnswer {
  kind?: string | null;
  url?: string | null;
  room?: number | null;
  pin?: string | null;
  token?: string | null;
  capacity?: number | null;
}

const WEBSOCKET: Record<string, string> = { 'http:': 'ws:', 'https:': 'wss:', 'ws:': 'ws:', 'wss:': 'wss:' };

/**
 * The Janus server a call's answer names, if this app may connect to it: a path on the app's own origin
 * (the app's server proxies it), or an absolute ws(s) URL whose origin the deployment lists in
 * VITE_MEDIA_SERVER_ORIGINS (the Content-Security-Policy allows the same ones). Anything else is ignored,
 * so a tampered answer cannot send the call's camera elsewhere.
 */
export function janusServerOf(media: CallMediaAnswer | null | undefined, page: string, allowedOrigins: readonly string[]): JanusServer | undefined {
  if (!media || media.kind !== 'janus' || typeof media.url !== 'string' || typeof media.room !== 'number' || !Number.isSafeInteger(media.room)) return undefined;
  let url: URL;
  try {
    url = new URL(media.url, page);
  } catch {
    return undefined;
  }
  const own = new URL(page);
  const sameOrigin = media.url.startsWith('/') && !media.url.startsWith('//');
  const scheme = WEBSOCKET[url.protocol];
  if (!scheme) return undefined;
  if (!sameOrigin) {
    if (url.protocol !== 'ws:' && url.protocol !== 'wss:') return undefined;
    const allowed = allowedOrigins.some((origin) => {
      try {
        const listed = new URL(origin);
        return listed.host === url.host && WEBSOCKET[listed.protocol] === url.protocol;
      } catch {
        return false;
      }
    });
    if (!allowed) return undefined;
  } else if (url.host !== own.host) {
    return undefined;
  }
  url.protocol = scheme;
  const capacity = typeof media.capacity === 'number' && media.capacity > 1 ? Math.floor(media.capacity) : 100;
  return { url: url.href, room: media.room, pin: media.pin ?? undefined, token: media.token ?? undefined, capacity };
}

export interface ChooseCallMediaOptions {
  media: CallMediaAnswer | null | undefined;
  selfId: string;
  iceServers: RTCIceServer[];
  mediaServerOrigins: readonly string[];
  page?: string;
}

export function createCallMediaFor(options: ChooseCallMediaOptions): CallMedia {
  const server = janusServerOf(options.media, options.page ?? globalThis.location.href, options.mediaServerOrigins);
  if (server) return createJanusCallMedia({ server, selfId: options.selfId, iceServers: options.iceServers });
  return createMeshCallMedia({ signalling: () => waitForSignalling(), iceServers: options.iceServers });
}
