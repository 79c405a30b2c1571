// What a backend does with Janus for a group call (the sandbox does it for its calls): creates a
// VideoRoom room when the call starts, with the admin_key only it knows, a random pin (which the
// call's members are given, with a token, in the call's `media`), a random secret (which it keeps:
// it edits the room's ACL, kicks and destroys with it) and an ACL (`allowed`: one join token per
// member, issue 33); admits and revokes members in that ACL, kicks publishers, and destroys the room
// when the call is over.
//
// One Janus session, opened when first needed and kept alive with a keepalive every 25 s (Janus drops
// a session idle for session_timeout, 60 s), is reused by every request: a call's room is then one
// round trip away instead of four (connect, create, attach, message), and a session that went away
// (Janus restarted, the connection dropped, a timeout while the process was paused) is replaced at
// the next request, which is tried once more on the new one. Rooms do not belong to the session:
// they live until destroyed, whatever happens to it. The backend's own token is minted fresh for each
// request, so it never expires under a long-lived session.
import { randomBytes, randomInt } from 'node:crypto';
import { JanusError, JanusSession } from './client.ts';
import { mintToken, VIDEOROOM_PLUGIN } from './token.ts';

/** Janus's VideoRoom error codes the backend acts on (janus_videoroom.c). */
export const NO_SUCH_ROOM = 426;
export const ROOM_EXISTS = 427;
export const UNAUTHORIZED = 433;
/** A publisher id asked for is in use in the room. */
export const ID_EXISTS = 436;
/** No such publisher (a kick of one gone already). */
export const NO_SUCH_FEED = 428;
/** Janus core: the session is gone. */
const SESSION_NOT_FOUND = 458;

export const KEEPALIVE_MS = 25_000;
const BACKEND_TOKEN_MS = 10 * 60_000;

export interface RoomSettings {
  /** The room's id; a random one (1 to 2^48, exact in JavaScript) when left out. */
  room?: number;
  description?: string;
  /** How many may publish at once (each participant publishes once). */
  publishers?: number;
  /** The join tokens admitted from the start (the room's ACL). */
  allowed?: readonly string[];
}

export interface CreatedRoom {
  room: number;
  /** Needed to join; given to the call's members. */
  pin: string;
  /** Needed to edit or destroy the room; kept by the backend. */
  secret: string;
}

export interface VideoRoomBackendOptions {
  /** Janus's websocket API, e.g. ws://127.0.0.1:8188. */
  url: string;
  tokenSecret: string;
  adminKey: string;
  keepaliveMs?: number;
}

const randomSecret = (bytes: number) => randomBytes(bytes).toString('base64url');

/**
 * The room settings the app's calls are made for (see janus_videoroom.c's documentation):
 * - publishers 100: everyone in the call publishes once (camera and microphone);
 * - VP8 (simulcast is the publisher's choice and VP8's the codec browsers simulcast best; a phone then
 *   subscribes to a lower layer), Opus;
 * - bitrate 1 Mbit/s per publisher (REMB cap): room for the app's three simulcast layers (600 + 200 +
 *   80 kbit/s, src/features/calls/media/janus/janus-call-media.ts), so the best one is not dropped for
 *   the cap alone; a keyframe request every 10 s (fir_freq), so a subscriber arriving late or switching
 *   layers gets a picture soon;
 * - audiolevel_event with audio_active_packets 50 (Opus sends 50 packets a second: the speaker is
 *   decided each second, quick enough to follow a conversation) and audio_level_average 40 (-40 dBov
 *   on average over that second: speech at a normal distance from the microphone counts, a quiet room
 *   does not; Janus's default of 25 misses softer voices), so the app can show the active speaker;
 * - notify_joining: everyone hears of every participant, also those who publish nothing (audio-only
 *   phones, a camera that failed), for the attendee list;
 * - is_private: the room is not listed to anyone who asks Janus for its rooms;
 * - allowed (issue 33): an ACL, empty until members are admitted; Janus 1.1 refuses a publisher `join`
 *   whose `token` is not in it (433) and tells the event handlers which token each publisher used;
 * - require_pvtid: a subscriber must name the private id of a publisher in the room (Janus 1.1 checks
 *   the ACL on publishers only), so nobody receives without having joined as a publisher, and a kicked
 *   publisher's subscriptions get no more media.
 */
export function roomRequest(room: number, pin: string, secret: string, adminKey: string, settings: RoomSettings = {}) {
  return {
    request: 'create',
    admin_key: adminKey,
    room,
    permanent: false,
    description: settings.description ?? `call ${room}`,
    secret,
    pin,
    is_private: true,
    publishers: settings.publishers ?? 100,
    bitrate: 1_000_000,
    fir_freq: 10,
    audiocodec: 'opus',
    videocodec: 'vp8',
    audiolevel_ext: true,
    audiolevel_event: true,
    audio_active_packets: 50,
    audio_level_average: 40,
    notify_joining: true,
    allowed: [...(settings.allowed ?? [])],
    require_pvtid: true,
  };
}

export class VideoRoomBackend {
  private readonly options: Required<VideoRoomBackendOptions>;
  private current: Promise<{ session: JanusSession; handle: number }> | undefined;
  private closed = false;
  /** The secret of each room made here and not destroyed (the gate lets a listing through only with it). */
  private readonly secrets = new Map<number, string>();

  constructor(options: VideoRoomBackendOptions) {
    this.options = { keepaliveMs: KEEPALIVE_MS, ...options };
  }

  /** Creates a room with a random pin and secret; a random id taken already is replaced by another. */
  async createRoom(settings: RoomSettings = {}): Promise<CreatedRoom> {
    for (let attempt = 0; ; attempt += 1) {
      const room = settings.room ?? randomInt(1, 2 ** 48);
      const pin = randomSecret(12);
      const secret = randomSecret(18);
      try {
        const { data } = await this.send(roomRequest(room, pin, secret, this.options.adminKey, settings));
        this.secrets.set(Number(data.room), secret);
        return { room: Number(data.room), pin, secret };
      } catch (error) {
        if (!(error instanceof JanusError && error.code === ROOM_EXISTS && settings.room === undefined && attempt < 3)) throw error;
      }
    }
  }

  /** Destroys a room (its participants are told and let go). False when there was no such room. */
  async destroyRoom({ room, secret }: { room: number; secret: string }): Promise<boolean> {
    try {
      await this.send({ request: 'destroy', room, secret, permanent: false });
      this.secrets.delete(room);
      return true;
    } catch (error) {
      if (error instanceof JanusError && error.code === NO_SUCH_ROOM) {
        this.secrets.delete(room);
        return false;
      }
      throw error;
    }
  }

  /** Adds join tokens to a room's ACL (a member admitted). */
  async allow(room: Pick<CreatedRoom, 'room' | 'secret'>, tokens: readonly string[]): Promise<void> {
    if (tokens.length > 0) await this.send({ request: 'allowed', room: room.room, secret: room.secret, action: 'add', allowed: [...tokens] });
  }

  /** Takes join tokens out of a room's ACL: their holders' next `join` is refused (433). False when the room is gone. */
  async disallow(room: Pick<CreatedRoom, 'room' | 'secret'>, tokens: readonly string[]): Promise<boolean> {
    if (tokens.length === 0) return true;
    try {
      await this.send({ request: 'allowed', room: room.room, secret: room.secret, action: 'remove', allowed: [...tokens] });
      return true;
    } catch (error) {
      if (error instanceof JanusError && error.code === NO_SUCH_ROOM) return false;
      throw error;
    }
  }

  /** Kicks a publisher out of a room (its subscriptions stop too, with require_pvtid). False when it was not there. */
  async kick(room: Pick<CreatedRoom, 'room' | 'secret'>, id: number): Promise<boolean> {
    try {
      await this.send({ request: 'kick', room: room.room, secret: room.secret, id });
      return true;
    } catch (error) {
      if (error instanceof JanusError && (error.code === NO_SUCH_FEED || error.code === NO_SUCH_ROOM)) return false;
      throw error;
    }
  }

  secretOf(room: number): string | undefined {
    return this.secrets.get(room);
  }

  /** Who is in a room now (publishing or not, with notify_joining): each participant's id and display. */
  async participants(room: number): Promise<{ id: number; display: string | undefined }[]> {
    const { data } = await this.send({ request: 'listparticipants', room });
    const list = Array.isArray(data.participants) ? (data.participants as Record<string, unknown>[]) : [];
    return list.map((participant) => ({ id: Number(participant.id), display: typeof participant.display === 'string' ? participant.display : undefined }));
  }

  /** Whether a room exists (the tests' check that a finished call's room is gone). */
  async roomExists(room: number): Promise<boolean> {
    const { data } = await this.send({ request: 'exists', room });
    return data.exists === true;
  }

  async close(): Promise<void> {
    this.closed = true;
    const current = this.current;
    this.current = undefined;
    if (current) await (await current.catch(() => undefined))?.session.destroy();
  }

  private async send(body: Record<string, unknown>) {
    for (let attempt = 0; ; attempt += 1) {
      const { session, handle } = await this.handle();
      try {
        return await session.message(handle, body);
      } catch (error) {
        const sessionGone = !session.usable || (error instanceof JanusError && error.code === SESSION_NOT_FOUND);
        if (!sessionGone || attempt > 0) throw error;
        this.current = undefined;
      }
    }
  }

  private handle(): Promise<{ session: JanusSession; handle: number }> {
    if (this.closed) return Promise.reject(new Error('the VideoRoom backend is closed'));
    const current = this.current;
    if (current) {
      return current.then((open) => {
        if (open.session.usable) return open;
        if (this.current === current) this.current = undefined;
        return this.handle();
      });
    }
    const opening = this.open();
    this.current = opening;
    // A failed opening is not kept: the next request tries again.
    opening.catch(() => {
      if (this.current === opening) this.current = undefined;
    });
    return opening;
  }

  private async open() {
    const { url, tokenSecret, keepaliveMs } = this.options;
    const token = () => mintToken(tokenSecret, { expiresAt: Date.now() + BACKEND_TOKEN_MS, plugins: [VIDEOROOM_PLUGIN] });
    const session = await JanusSession.create(url, { token, keepaliveMs });
    try {
      return { session, handle: await session.attach(VIDEOROOM_PLUGIN) };
    } catch (error) {
      await session.destroy();
      throw error;
    }
  }
}
