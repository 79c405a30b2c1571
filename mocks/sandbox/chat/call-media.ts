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
}

/** The app reaches Janus on its own origin: Vite's and nginx's /janus proxy (vite.config.ts, deploy/nginx). */
export const JANUS_PUBLIC_PATH = '/janus';
/** People a sandbox room takes (its VideoRoom publishers). */
export const ROOM_CAPACITY = 100;
/** A token lasts longer than any call may: every request the app sends Janus carries it. */
export const TOKEN_LIFETIME_MS = 4 * 60 * 60_000;

export function janusCallMedia(janus: { rooms: Pick<VideoRoomBackend, 'createRoom' | 'destroyRoom'>; tokenSecret: string }): CallMediaServer {
  return {
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
