// The call media through a selective forwarding unit: Janus's VideoRoom (issue 23). Each member
// publishes its camera and microphone once (the camera as three simulcast layers), and receives the
// others on ONE subscription (Janus 1.x multistream): every member's audio, and video only for the
// tiles the screen shows (setVisibleVideos), the large ones in the best layer and the small ones in the
// smallest. A shared screen is a second publisher of the same member.
//
// Who is who (issue 33): the server's word, never a member's. The call's answer gives this member its
// own camera and screen feed ids and join token (the room's ACL), and the roster of the room: which
// feed id is whose, camera or screen. This client joins with its own ids, names every feed from the
// roster by its id, shows a feed as a screen only when the roster says that id is a screen, and ignores
// any feed whose id is not in it (no tile, no sound, not an attendee); an unknown id makes it ask for
// the call once more (a member admitted since), at most once per id. The server kicks a publisher that
// joins with an id that is not its own. Each publisher's `display` is a small JSON object this client
// writes, `{"mic": true, "cam": true}`: only the microphone and camera as the member says them (a
// `configure` with a new display reaches everyone at once), never who they are. The VideoRoom tells
// who is talking (`talking` events from its audio-level extension): that is the active speaker. The
// call's answers, asked for every 15 s while in the call, renew the short-lived Janus token (every
// later request carries the newest) and the roster.
//
// This file puts the parts together around one context (janus-context.ts): publishing.ts (our camera and
// screen publishers), subscription.ts (the one subscription), room-events.ts and roster.ts (who is in
// the room, and who they are), active-speaker.ts, remotes.ts (what the screen shows of the others),
// screen-share.ts and reconnection.ts (a lost session).
import { NO_MEDIA, type CallMedia } from '../call-media.ts';
import { createMediaFacade } from '../media-facade.ts';
import { connectJanus, type JanusConnectOptions, type JanusSession } from './janus-connection.ts';
import { createJanusContext, PLUGIN, type JanusServer } from './janus-context.ts';
import { createActiveSpeaker } from './active-speaker.ts';
import { createPublishing } from './publishing.ts';
import { createReconnection } from './reconnection.ts';
import { createRemotes } from './remotes.ts';
import { createRoomEvents } from './room-events.ts';
import { createRoster, isFull } from './roster.ts';
import { createScreenShare } from './screen-share.ts';
import { createSubscription } from './subscription.ts';

export { displayOf, parseDisplay, type FeedDevices, type RosterEntry } from './feeds.ts';
export { type JanusServer } from './janus-context.ts';
export { ID_IN_USE_RETRY_MS } from './publishing.ts';
export { COALESCE_MS } from './subscription.ts';

export interface JanusCallMediaOptions {
  server: JanusServer;
  /** The signed-in user's id (the roster names this member's feeds with it). */
  selfId: string;
  /** Reads a newer answer's `media` (renew): undefined when it names no usable room. */
  readServer?: (media: unknown) => JanusServer | undefined;
  /** Asks the server for the call's newest `media` (an unknown feed id, a lost place). */
  refetch?: () => Promise<unknown>;
  iceServers: RTCIceServer[];
  mediaDevices?: MediaDevices;
  createPeer?: (config: RTCConfiguration) => RTCPeerConnection;
  connect?: (options: JanusConnectOptions) => Promise<JanusSession>;
  /** Until the screen says which videos it shows, this many members' videos are received. */
  initialVisible?: number;
  /** How long room events wait to be taken together (COALESCE_MS). */
  coalesceMs?: number;
}

export function createJanusCallMedia(options: JanusCallMediaOptions): CallMedia {
  const connect = options.connect ?? connectJanus;
  const devices = () => options.mediaDevices ?? globalThis.navigator?.mediaDevices;
  const media = createMediaFacade({
    initial: { ...NO_MEDIA, capacity: options.server.capacity, canShareScreen: typeof devices()?.getDisplayMedia === 'function' },
    devices,
    send: (kind, track) => publishing.send(kind, track),
    // A new display tells everyone in the room.
    onLocalChange(before, now) {
      if (now.microphoneOn !== before.microphoneOn || now.cameraOn !== before.cameraOn) publishing.announce();
    },
  });
  const ctx = createJanusContext({
    selfId: options.selfId,
    server: options.server,
    media,
    iceServers: options.iceServers,
    createPeer: options.createPeer ?? ((config) => new RTCPeerConnection(config)),
    devices,
  });

  const publishing = createPublishing(ctx);
  const speaker = createActiveSpeaker(ctx);
  const subscription = createSubscription(ctx, { initialVisible: options.initialVisible, coalesceMs: options.coalesceMs, onChange: () => remotes.show() });
  const remotes = createRemotes(ctx, { subscription, speaker });
  const roomChanged = () => {
    remotes.show();
    subscription.reconcileSoon();
  };
  const roster = createRoster(ctx, { readServer: options.readServer, refetch: options.refetch, onRenewed: roomChanged });
  const room = createRoomEvents(ctx, { askAboutUnknown: roster.askAboutUnknown, speaker, forgetFeed: subscription.forget, onChange: roomChanged });
  const screen = createScreenShare(ctx, publishing);
  const reconnection = createReconnection(ctx, { tearDown, refresh: roster.refresh, connect: connectRoom });

  /** Ends everything of the session; what the call keeps across sessions stays (reconnection.ts). */
  function tearDown() {
    reconnection.stop();
    subscription.close();
    screen.close();
    publishing.close();
    ctx.privateId = undefined;
    ctx.ownFeeds.clear();
    ctx.feeds.clear();
    ctx.attendees.clear();
    speaker.clear();
    remotes.clear();
    const session = ctx.session;
    ctx.session = undefined;
    session?.destroy();
  }

  const full = () => {
    tearDown();
    media.set({ full: true, joined: false });
  };

  async function connectRoom(current: number): Promise<void> {
    const opened = await connect({ url: ctx.server.url, token: () => ctx.server.token ?? undefined });
    if (current !== ctx.attempt) {
      opened.destroy();
      return;
    }
    ctx.session = opened;
    opened.onLost(() => {
      if (ctx.session === opened) reconnection.lost(current);
    });
    const handle = await opened.attach(PLUGIN);
    handle.onEvent((message) => {
      // The server took this member's place away (removed, logged out elsewhere, a new place given):
      // out of the room; a member who still has a place comes back with it (reconnect asks for it).
      if (message.data.leaving === 'ok' && message.data.reason === 'kicked') {
        if (ctx.session === opened) reconnection.lost(current);
        return;
      }
      room.onEvent(message);
    });
    const { joined, display } = await publishing.joinCamera(handle, current);
    if (current !== ctx.attempt) return;
    if (isFull(ctx, joined.data)) {
      full();
      return;
    }
    room.admit(joined);
    publishing.adopt(handle, joined);
    media.set({ joined: true, full: false });
    room.onEvent(joined);
    // Those already there at once: nothing to wait for.
    void subscription.reconcile();
    if ((await publishing.publishCamera(display)) === 'full') full();
  }

  async function join(): Promise<void> {
    if (ctx.session) throw new Error('call media: already joined');
    const current = ++ctx.attempt;
    try {
      await connectRoom(current);
    } catch (error) {
      if (current === ctx.attempt) tearDown();
      throw error;
    }
  }

  return media.build({
    join,
    setVisibleVideos: subscription.setVisibleVideos,
    shareScreen: screen.share,
    leave() {
      ctx.attempt++;
      speaker.reset();
      subscription.reset();
      tearDown();
      media.left();
    },
    renew: roster.renew,
  });
}
