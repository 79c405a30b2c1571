// What the parts of the Janus call media share (janus-call-media.ts puts them together): the room as the
// call's newest answer gives it, the session of the current attempt, the room's publishers and
// attendees as its events describe them, this member's own feed ids, and the call screen's state. One
// object, made per call and handed to each part, so that what a part reads or changes of another's is
// in plain sight.
import type { MediaFacade } from '../media-facade.ts';
import type { JanusSession } from './janus-connection.ts';
import type { Feed, RosterEntry } from './feeds.ts';

/** Where the call's media goes: the call answer's `media` (x-inferred), for a Janus VideoRoom. */
export interface JanusServer {
  /** The WebSocket API (absolute ws:// or wss://). */
  url: string;
  room: number;
  pin: string | null | undefined;
  /** The Janus API token (short-lived: renewed with the call's answers). */
  token: string | null | undefined;
  /** People the room takes. */
  capacity: number;
  /** This member's credential in the room's ACL: its publisher joins carry it as `token`. */
  joinToken: string | undefined;
  /** The publisher id this member's camera joins with. */
  cameraFeedId: number;
  /** The publisher id this member's screen joins with; without it the member shares no screen. */
  screenFeedId: number | undefined;
  /** Every feed id of the room and whose it is. */
  roster: ReadonlyMap<number, RosterEntry>;
}

export const PLUGIN = 'janus.plugin.videoroom';

export interface JanusCallContext {
  /** The signed-in user's id (the roster names this member's feeds with it). */
  readonly selfId: string;
  /** The call's newest answer's room: credentials and roster (renew). */
  server: JanusServer;
  /** Bumped by join and leave: work answered for an earlier attempt is dropped. */
  attempt: number;
  session: JanusSession | undefined;
  /** The camera publisher's private id, which ties our subscription to us in the room. */
  privateId: number | undefined;
  /** The ids Janus gave our own publishers in this session (they may differ from the server's). */
  readonly ownFeeds: Set<number>;
  /** The room's publishers, kept whatever the roster says (a newer roster may name them). */
  readonly feeds: Map<number, Feed>;
  /** Joined but not (yet) publishing: participant id -> when first seen. */
  readonly attendees: Map<number, { order: number }>;
  /** The place of the next one to come: the call shows members in the order they came, across reconnects. */
  nextOrder: number;
  readonly media: Pick<MediaFacade, 'local' | 'getState' | 'set'>;
  readonly iceServers: RTCIceServer[];
  createPeer(config: RTCConfiguration): RTCPeerConnection;
  devices(): MediaDevices | undefined;
}

export type JanusContextInit = Pick<JanusCallContext, 'selfId' | 'server' | 'media' | 'iceServers' | 'createPeer' | 'devices'>;

export function createJanusContext(init: JanusContextInit): JanusCallContext {
  return { ...init, attempt: 0, session: undefined, privateId: undefined, ownFeeds: new Set(), feeds: new Map(), attendees: new Map(), nextOrder: 0 };
}
