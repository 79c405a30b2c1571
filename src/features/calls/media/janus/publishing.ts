// Our own feeds: a publisher joins the room with this member's own id and join token (the room's ACL),
// then publishes one peer connection, the camera and microphone once (the camera as three simulcast
// layers) or a screen (screen-share.ts). After a lost session the camera joins and publishes again the
// same way. Our microphone and camera are told to the room by a new `display` (announce), and a new
// device reaches Janus by replaceTrack, with no renegotiation.
import type { JanusCallContext } from './janus-context.ts';
import { JanusError, type JanusHandle, type PluginMessage } from './janus-connection.ts';
import { asId, displayOf, type FeedDevices, type FeedKind } from './feeds.ts';
import { openPeer } from './janus-peer.ts';

/** Janus's VideoRoom error: the room takes no more publishers. */
const ROOM_FULL = 432;
/** The publisher id is in use in the room (our last connection not yet gone, or someone kicked any moment now). */
const ID_EXISTS = 436;
/** How long a join whose id is in use waits before each try again; then it fails, saying so. */
export const ID_IN_USE_RETRY_MS = [300, 700, 1500];
/**
 * The camera's simulcast layers (as janus.js sends them: full, half and quarter size); Janus numbers
 * them from the smallest (substream 0) to the full one (2). 880 kbit/s in all, under the room's 1 Mbit/s
 * cap (mocks/janus/videoroom.ts), so a subscriber of the full layer is not starved by the cap alone.
 */
const SIMULCAST: RTCRtpEncodingParameters[] = [
  { rid: 'h', active: true, maxBitrate: 600_000 },
  { rid: 'm', active: true, maxBitrate: 200_000, scaleResolutionDownBy: 2 },
  { rid: 'l', active: true, maxBitrate: 80_000, scaleResolutionDownBy: 4 },
];

export interface PublishedTracks {
  audio?: MediaStreamTrack;
  video?: MediaStreamTrack;
  simulcast: boolean;
  withAudio: boolean;
}

export interface Publishing {
  /**
   * Joins as a publisher with this member's own id and join token. An id in use (our last connection not
   * yet gone from the room, or a publisher the server is kicking) is tried again a few times, then fails
   * saying so; anything else fails at once.
   */
  joinAsPublisher(handle: JanusHandle, kind: FeedKind, display: string, current: number): Promise<PluginMessage>;
  /** Sends the tracks on a new connection; an empty slot is filled later by replaceTrack. */
  publish(handle: JanusHandle, tracks: PublishedTracks, display: string): Promise<RTCPeerConnection>;
  /** Joins our camera publisher, saying our devices as they are now. */
  joinCamera(handle: JanusHandle, current: number): Promise<{ joined: PluginMessage; display: string }>;
  /** The joined camera publisher is ours from now on (what announce and leaving speak to). */
  adopt(handle: JanusHandle, joined: PluginMessage): void;
  /** Publishes the microphone and camera: 'full' when Janus refuses the publisher for the room's limit. */
  publishCamera(display: string): Promise<'published' | 'full'>;
  /** Gives the camera connection our new track of that kind (undefined: send nothing). */
  send(kind: 'audio' | 'video', track: MediaStreamTrack | undefined): void;
  /** Tells the others this member's microphone and camera (a new display reaches everyone in the room). */
  announce(): void;
  /** The session is gone: out of the room. */
  close(): void;
}

export function createPublishing(ctx: JanusCallContext): Publishing {
  const camera = {
    handle: undefined as JanusHandle | undefined,
    /** Undefined while the offer is being answered. */
    pc: undefined as RTCPeerConnection | undefined,
    /** The display the room last heard from us. */
    announced: '',
  };

  const cameraDevices = (): FeedDevices => ({ mic: ctx.media.getState().microphoneOn && !!ctx.media.local.track('audio'), cam: ctx.media.getState().cameraOn });

  async function joinAsPublisher(handle: JanusHandle, kind: FeedKind, display: string, current: number): Promise<PluginMessage> {
    for (let tries = 0; ; tries += 1) {
      const { server } = ctx;
      const id = kind === 'camera' ? server.cameraFeedId : server.screenFeedId;
      try {
        return await handle.request({
          request: 'join',
          ptype: 'publisher',
          room: server.room,
          ...(id === undefined ? {} : { id }),
          display,
          ...(server.pin ? { pin: server.pin } : {}),
          ...(server.joinToken ? { token: server.joinToken } : {}),
        });
      } catch (error) {
        const delay = ID_IN_USE_RETRY_MS[tries];
        if (!(error instanceof JanusError && error.code === ID_EXISTS) || current !== ctx.attempt) throw error;
        if (delay === undefined) throw new JanusError(ID_EXISTS, `this member's place in the call (feed ${id}) is taken`);
        await new Promise((resolve) => setTimeout(resolve, delay));
        if (current !== ctx.attempt) throw error;
      }
    }
  }

  async function publish(handle: JanusHandle, tracks: PublishedTracks, display: string): Promise<RTCPeerConnection> {
    const pc = openPeer(ctx, handle);
    if (tracks.withAudio) pc.addTransceiver(tracks.audio ?? 'audio', { direction: 'sendonly' });
    pc.addTransceiver(tracks.video ?? 'video', { direction: 'sendonly', ...(tracks.simulcast ? { sendEncodings: SIMULCAST.map((encoding) => ({ ...encoding })) } : {}) });
    const offer = await pc.createOffer();
    await pc.setLocalDescription(offer);
    const answer = await handle.request({ request: 'publish', display }, { type: 'offer', sdp: offer.sdp ?? '' });
    if (!answer.jsep) throw new JanusError(undefined, 'the media server did not answer the offer');
    await pc.setRemoteDescription(answer.jsep);
    return pc;
  }

  function announce() {
    const handle = camera.handle;
    const display = displayOf(cameraDevices());
    if (!handle || display === camera.announced) return;
    camera.announced = display;
    handle.request({ request: 'configure', display }).catch((error: unknown) => console.warn('calls: telling the room about the microphone failed', error));
  }

  return {
    joinAsPublisher,
    publish,
    async joinCamera(handle, current) {
      const display = displayOf(cameraDevices());
      const joined = await joinAsPublisher(handle, 'camera', display, current);
      if (current === ctx.attempt) ctx.privateId = asId(joined.data.private_id);
      return { joined, display };
    },
    adopt(handle, joined) {
      camera.handle = handle;
      camera.pc = undefined;
      const feedId = asId(joined.data.id);
      if (feedId !== undefined) ctx.ownFeeds.add(feedId);
    },
    async publishCamera(display) {
      const handle = camera.handle;
      if (!handle) return 'published';
      const { local } = ctx.media;
      try {
        const pc = await publish(handle, { audio: local.track('audio'), video: local.track('video'), simulcast: true, withAudio: true }, display);
        // Torn down meanwhile (a lost session): a camera joined since is not this connection's.
        if (camera.handle === handle) camera.pc = pc;
        camera.announced = display;
      } catch (error) {
        if (error instanceof JanusError && error.code === ROOM_FULL) return 'full';
        throw error;
      }
      // Whatever changed while publishing (a mute, the camera) is said now.
      announce();
      return 'published';
    },
    send(kind, track) {
      const sender = camera.pc?.getTransceivers().find((transceiver) => transceiver.receiver.track.kind === kind)?.sender;
      void sender?.replaceTrack(track ?? null).catch((error: unknown) => console.warn('calls: the media server did not take the new track', error));
    },
    announce,
    close() {
      camera.pc?.close();
      camera.handle?.request({ request: 'leave' }).catch(() => undefined);
      camera.handle = undefined;
      camera.pc = undefined;
      camera.announced = '';
    },
  };
}
