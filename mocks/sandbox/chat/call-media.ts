// The media server of the sandbox's group calls (issue 23): with a Janus running beside the mocks
// (mocks/janus/), a group call gets a VideoRoom room when it starts, its members get the call's
// `media` (the contract's ChatRoomCallMedia: the room, its pin and a token of their own) in every
// answer carrying the call, and the room is destroyed when the call is over for everyone. Direct
// calls stay peer to peer. Without a media server nothing changes: no `media`, the app's mesh.
import type { ChatRoomCallMedia } from '../../../generated/http/types.gen.ts';
import { mintToken, VIDEOROOM_PLUGIN } from '../../janus/token.ts';
import type { CreatedRoom, VideoRoomBackend } from '../../janus/videoroom.ts';

export interface CallMediaServer {
  /** Creates a call's room. */
  createRoom(description: string): Promise<CreatedRoom>;
  /** Destroys it (false when it was gone already). */
  destroyRoom(room: CreatedRoom): Promise<boolean>;
  /** What a member is given: the room, its pin and a fresh token. */
  mediaFor(room: CreatedRoom, now?: number): ChatRoomCallMedia;
  /**
   * Tells each member seen in the room (once), until the returned stop: how the sandbox learns who
   * answered a group call, whose members never join the call's presence channel. It asks the room's
   * participants every second and reads the user id the app writes in its display; a production
   * backend would take Janus's own join events (its event handlers) instead.
   */
  watchRoom(room: CreatedRoom, onJoined: (userId: number) => void): () => void;
}

/** How often the sandbox asks a call's room who is in it. */
export const WATCH_EVERY_MS = 1000;

/** The user id in a participant's display (the app writes `{"user": "42", …}`), if any. */
export function userOfDisplay(display: string | undefined): number | undefined {
  try {
    const user: unknown = display ? (JSON.parse(display) as { user?: unknown }).user : undefined;
    return typeof user === 'string' && /^\d{1,15}$/.test(user) ? Number(user) : undefined;
  } catch {
    return undefined;
  }
}

/** The app reaches Janus on its own origin: Vite's and nginx's /janus proxy (vite.config.ts, deploy/nginx). */
export const JANUS_PUBLIC_PATH = '/janus';
/** People a sandbox room takes (its VideoRoom publishers). */
export const ROOM_CAPACITY = 100;
/** A token lasts longer than any call may: every request the app sends Janus carries it. */
export const TOKEN_LIFETIME_MS = 4 * 60 * 60_000;

export function janusCallMedia(janus: { rooms: Pick<VideoRoomBackend, 'createRoom' | 'destroyRoom' | 'participants'>; tokenSecret: string }): CallMediaServer {
  return {
    watchRoom(room, onJoined) {
      const seen = new Set<number>();
      let asking = false;
      const timer = setInterval(() => {
        if (asking) return;
        asking = true;
        janus.rooms
          .participants(room.room)
          .then((participants) => {
            for (const { display } of participants) {
              const user = userOfDisplay(display);
              if (user === undefined || seen.has(user)) continue;
              seen.add(user);
              onJoined(user);
            }
          })
          // A room destroyed meanwhile, or Janus gone: nobody new to tell.
          .catch(() => undefined)
          .finally(() => (asking = false));
      }, WATCH_EVERY_MS);
      timer.unref();
      return () => clearInterval(timer);
    },
    createRoom: (description) => janus.rooms.createRoom({ description, publishers: ROOM_CAPACITY }),
    destroyRoom: (room) => janus.rooms.destroyRoom(room),
    mediaFor: (room, now = Date.now()) => ({
      kind: 'janus',
      url: JANUS_PUBLIC_PATH,
      room: room.room,
      pin: room.pin,
      token: mintToken(janus.tokenSecret, { expiresAt: now + TOKEN_LIFETIME_MS, plugins: [VIDEOROOM_PLUGIN] }),
      capacity: ROOM_CAPACITY,
    }),
  };
}
