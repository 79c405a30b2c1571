// Which media carries a call: the call's answer decides (its x-inferred `media`). A Janus VideoRoom
// when it names one this app may reach, with the member's own feed id and the room's roster (issue 33:
// who is who comes from the server, never from a member's app); otherwise the peer-to-peer mesh (up to
// MESH_LIMIT people), which is also what direct calls use.
import { parseUrl } from '../../../shared/format/formatters.ts';
import type { CallMedia } from './call-media.ts';
import { createJanusCallMedia, type JanusServer, type RosterEntry } from './janus/janus-call-media.ts';
import { createMeshCallMedia } from './mesh-call-media.ts';
import { waitForSignalling } from './wait-for-signalling.ts';

/** The call answer's `media`, as far as this app reads it. */
export interface CallMediaAnswer {
  kind?: string | null;
  url?: string | null;
  room?: number | null;
  pin?: string | null;
  token?: string | null;
  join_token?: string | null;
  camera_feed_id?: number | null;
  screen_feed_id?: number | null;
  feeds?: readonly { id?: unknown; user_id?: unknown; kind?: unknown }[] | null;
  capacity?: number | null;
}

const feedId = (value: unknown): number | undefined => (typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined);

/** The roster by feed id; an id listed twice (a faulty answer) names nobody. */
function rosterOf(feeds: CallMediaAnswer['feeds']): Map<number, RosterEntry> | undefined {
  if (!Array.isArray(feeds)) return undefined;
  const roster = new Map<number, RosterEntry>();
  const twice = new Set<number>();
  for (const feed of feeds as readonly unknown[]) {
    if (typeof feed !== 'object' || feed === null) continue;
    const { id: rawId, user_id: userId, kind } = feed as Record<string, unknown>;
    const id = feedId(rawId);
    const user = typeof userId === 'number' && Number.isSafeInteger(userId) ? String(userId) : undefined;
    if (id === undefined || user === undefined || (kind !== 'camera' && kind !== 'screen')) continue;
    if (roster.has(id)) twice.add(id);
    roster.set(id, { user, kind });
  }
  for (const id of twice) roster.delete(id);
  return roster;
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
  // Without its own feed id and the roster, nobody in the room could be told from an impostor: the mesh.
  const cameraFeedId = feedId(media.camera_feed_id);
  const roster = rosterOf(media.feeds);
  if (cameraFeedId === undefined || !roster) return undefined;
  const url = parseUrl(media.url, page);
  if (!url) return undefined;
  const own = new URL(page);
  const sameOrigin = media.url.startsWith('/') && !media.url.startsWith('//');
  const scheme = WEBSOCKET[url.protocol];
  if (!scheme) return undefined;
  if (!sameOrigin) {
    if (url.protocol !== 'ws:' && url.protocol !== 'wss:') return undefined;
    const allowed = allowedOrigins.some((origin) => {
      const listed = parseUrl(origin);
      return listed !== null && listed.host === url.host && WEBSOCKET[listed.protocol] === url.protocol;
    });
    if (!allowed) return undefined;
  } else if (url.host !== own.host) {
    return undefined;
  }
  url.protocol = scheme;
  const capacity = typeof media.capacity === 'number' && media.capacity > 1 ? Math.floor(media.capacity) : 100;
  return {
    url: url.href,
    room: media.room,
    pin: media.pin ?? undefined,
    token: media.token ?? undefined,
    capacity,
    joinToken: typeof media.join_token === 'string' && media.join_token ? media.join_token : undefined,
    cameraFeedId,
    screenFeedId: feedId(media.screen_feed_id),
    roster,
  };
}

export interface ChooseCallMediaOptions {
  media: CallMediaAnswer | null | undefined;
  selfId: string;
  iceServers: RTCIceServer[];
  mediaServerOrigins: readonly string[];
  page?: string;
  /** Asks the server for the call again (its newest `media`): a newer roster, a renewed token. */
  refetch?: () => Promise<CallMediaAnswer | null | undefined>;
}

export function createCallMediaFor(options: ChooseCallMediaOptions): CallMedia {
  const page = options.page ?? globalThis.location.href;
  const server = janusServerOf(options.media, page, options.mediaServerOrigins);
  if (server) {
    return createJanusCallMedia({
      server,
      selfId: options.selfId,
      iceServers: options.iceServers,
      readServer: (media) => janusServerOf(media as CallMediaAnswer | null | undefined, page, options.mediaServerOrigins),
      ...(options.refetch ? { refetch: options.refetch } : {}),
    });
  }
  return createMeshCallMedia({ signalling: () => waitForSignalling(), iceServers: options.iceServers });
}
