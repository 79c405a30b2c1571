// The media server of the sandbox's group calls (issues 23 and 33): with a Janus running beside the
// mocks (mocks/janus/), a group call gets a VideoRoom room when it starts, its members get the call's
// `media` (the contract's ChatRoomCallMedia) in every answer carrying the call, and the room is
// destroyed when the call is over for everyone. Direct calls stay peer to peer. Without a media server
// nothing changes: no `media`, the app's mesh.
//
// Who is who is the server's word, never a member's app's (issue 33):
// - each member admitted to a call's room gets a place: a random join token in the room's ACL
//   (`allowed`), a random camera feed id and a random screen feed id; every member's answers carry the
//   roster of every place (`feeds`), which the app names its tiles from;
// - Janus's event handler reports each publisher joining, with the ACL token it used
//   (mocks/janus/events.ts): a publisher whose id is not one of its token's member's ids, or whose
//   token is unknown, is kicked at once; the others tell the call history who answered;
// - a member out of the call (left it, removed from the group, logged out) loses their place: their
//   token leaves the ACL, their feeds are kicked, their ids leave the roster;
// - the Janus API token in `media` lasts minutes and is minted afresh in every answer (the app asks
//   for the call every 15 s while in it), so a member no longer answered drops out of Janus on its own.
import { randomBytes, randomInt } from 'node:crypto';
import type { ChatRoomCallFeed, ChatRoomCallMedia } from '../../../generated/http/types.gen.ts';
import type { JanusEvents } from '../../janus/events.ts';
import { mintToken, VIDEOROOM_PLUGIN } from '../../janus/token.ts';
import type { CreatedRoom, VideoRoomBackend } from '../../janus/videoroom.ts';

/** A member's place in a call's room: the credential and the feed ids the server gave them. */
export interface MediaPlace {
  userId: number;
  joinToken: string;
  cameraFeedId: number;
  screenFeedId: number;
}

/** A call's room on the media server, with the places of the members admitted to it. */
export interface MediaRoom extends CreatedRoom {
  /** Member -> place, in the order they were admitted. */
  readonly places: Map<number, MediaPlace>;
  /** Every feed id ever given out in this room (an id is never given twice). */
  readonly usedIds: Set<number>;
}

export interface CallMediaServer {
  /** Creates a call's room, with a place for each of `members` (they are rung). */
  createRoom(description: string, members: readonly number[]): Promise<MediaRoom>;
  /** Destroys it (false when it was gone already). */
  destroyRoom(room: MediaRoom): Promise<boolean>;
  /** Gives a member a place (a member the call did not ring, or one back after leaving); nothing when they have one. */
  admit(room: MediaRoom, userId: number): Promise<void>;
  /** Takes a member's place away: their token leaves the ACL, their feeds are kicked, their ids leave the roster. */
  revoke(room: MediaRoom, userId: number): Promise<void>;
  /** What a member with a place is given (with a fresh Janus API token); undefined without a place. */
  mediaFor(room: MediaRoom, userId: number, now?: number): ChatRoomCallMedia | undefined;
  /**
   * Watches the room's joins (Janus's event handler), until the returned stop: kicks an impostor at
   * once, and tells each member seen publishing with their own token and id (once): how the sandbox
   * learns who answered a group call, whose members never join the call's presence channel.
   */
  watchRoom(room: MediaRoom, onJoined: (userId: number) => void): () => void;
}

/** The app reaches Janus on its own origin: Vite's and nginx's /janus proxy (vite.config.ts, deploy/nginx). */
export const JANUS_PUBLIC_PATH = '/janus';
/** People a sandbox room takes (its VideoRoom publishers). */
export const ROOM_CAPACITY = 100;
/**
 * A Janus API token lasts 5 minutes: every answer carrying the call mints a new one, and the app asks
 * for the call at least every 15 s while in it, so a member the server no longer answers (removed from
 * the group) is refused by Janus within minutes even if a kick were missed.
 */
export const TOKEN_LIFETIME_MS = 5 * 60_000;
/** Feed ids: random, below 2^53 (exact in JavaScript), never 0 (Janus's "pick one for me"). */
const MAX_FEED_ID = 2 ** 53 - 1;

const randomToken = () => randomBytes(18).toString('base64url');

export interface JanusForCalls {
  rooms: Pick<VideoRoomBackend, 'createRoom' | 'destroyRoom' | 'allow' | 'disallow' | 'kick'>;
  events: Pick<JanusEvents, 'onJoined'>;
  tokenSecret: string;
}

export function janusCallMedia(janus: JanusForCalls): CallMediaServer {
  /** A new place, its ids unused in the room. */
  function placeFor(room: Pick<MediaRoom, 'usedIds'>, userId: number): MediaPlace {
    const freshId = () => {
      for (;;) {
        const id = randomInt(1, 2 ** 48) * 32 + randomInt(0, 32);
        if (id <= MAX_FEED_ID && !room.usedIds.has(id)) {
          room.usedIds.add(id);
          return id;
        }
      }
    };
    return { userId, joinToken: randomToken(), cameraFeedId: freshId(), screenFeedId: freshId() };
  }

  /** Kicks each of the ids (one gone already is no error). */
  const kickAll = (room: MediaRoom, ids: readonly number[]) =>
    Promise.all(ids.map((id) => janus.rooms.kick(room, id).catch((error: unknown) => console.warn(`sandbox: could not kick feed ${id} of room ${room.room}: ${(error as Error).message}`))));

  return {
    async createRoom(description, members) {
      const usedIds = new Set<number>();
      const places = new Map([...new Set(members)].map((userId) => [userId, placeFor({ usedIds }, userId)] as const));
      const created = await janus.rooms.createRoom({ description, publishers: ROOM_CAPACITY, allowed: [...places.values()].map((place) => place.joinToken) });
      return { ...created, places, usedIds };
    },
    destroyRoom: (room) => janus.rooms.destroyRoom(room),
    async admit(room, userId) {
      if (room.places.has(userId)) return;
      const place = placeFor(room, userId);
      room.places.set(userId, place);
      try {
        await janus.rooms.allow(room, [place.joinToken]);
      } catch (error) {
        if (room.places.get(userId) === place) room.places.delete(userId);
        throw error;
      }
    },
    async revoke(room, userId) {
      const place = room.places.get(userId);
      if (!place) return;
      room.places.delete(userId);
      // Out of the ACL first, so the kicked member cannot join again in between.
      const inRoom = await janus.rooms.disallow(room, [place.joinToken]);
      if (inRoom) await kickAll(room, [place.cameraFeedId, place.screenFeedId]);
    },
    mediaFor(room, userId, now = Date.now()) {
      const place = room.places.get(userId);
      if (!place) return undefined;
      const feeds: ChatRoomCallFeed[] = [...room.places.values()].flatMap((member) => [
        { id: member.cameraFeedId, user_id: member.userId, kind: 'camera' as const },
        { id: member.screenFeedId, user_id: member.userId, kind: 'screen' as const },
      ]);
      return {
        kind: 'janus',
        url: JANUS_PUBLIC_PATH,
        room: room.room,
        pin: room.pin,
        token: mintToken(janus.tokenSecret, { expiresAt: now + TOKEN_LIFETIME_MS, plugins: [VIDEOROOM_PLUGIN] }),
        join_token: place.joinToken,
        camera_feed_id: place.cameraFeedId,
        screen_feed_id: place.screenFeedId,
        feeds,
        capacity: ROOM_CAPACITY,
      };
    },
    watchRoom(room, onJoined) {
      const answered = new Set<number>();
      return janus.events.onJoined((event) => {
        if (event.room !== room.room) return;
        const place = [...room.places.values()].find((candidate) => candidate.joinToken === event.token);
        if (!place || (event.id !== place.cameraFeedId && event.id !== place.screenFeedId)) {
          console.warn(`sandbox: kicked feed ${event.id} from room ${room.room}: ${place ? `not an id of user ${place.userId}` : 'its token is no member’s'}`);
          void kickAll(room, [event.id]);
          return;
        }
        if (answered.has(place.userId)) return;
        answered.add(place.userId);
        onJoined(place.userId);
      });
    },
  };
}
