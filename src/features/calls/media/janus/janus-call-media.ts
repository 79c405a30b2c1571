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
import { NO_MEDIA, type CallMedia, type PeerConnectionState, type RemoteParticipant, type VisibleVideo } from '../call-media.ts';
import { createMediaFacade } from '../media-facade.ts';
import { connectJanus, JanusError, type JanusConnectOptions, type JanusHandle, type JanusSession, type Jsep, type PluginMessage } from './janus-connection.ts';
import { asId, displayOf, isRecord, list, parseDisplay, peopleOf, planSubscription, streamsOf, type Feed, type FeedDevices, type FeedKind, type RosterEntry } from './feeds.ts';

export { displayOf, parseDisplay, type FeedDevices, type RosterEntry } from './feeds.ts';

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

const PLUGIN = 'janus.plugin.videoroom';
/** Janus's VideoRoom error codes that mean the room cannot take us. */
const ROOM_FULL = 432;
/** Not in the room's ACL (the member's place was taken away), or a wrong pin. */
const UNAUTHORIZED = 433;
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
/** How long a renegotiation waits for the receiving connection's first handshake to finish. */
const SETTLE_TIMEOUT_MS = 10_000;

/** Resolves once the connection is up (or has failed, or closed), or after `timeoutMs` whatever it is. */
function settled(pc: RTCPeerConnection, timeoutMs: number): Promise<void> {
  const done = () => ['connected', 'failed', 'closed'].includes(pc.connectionState);
  if (done()) return Promise.resolve();
  return new Promise((resolve) => {
    const finish = () => {
      clearTimeout(timer);
      pc.removeEventListener('connectionstatechange', check);
      resolve();
    };
    const check = () => {
      if (done()) finish();
    };
    const timer = setTimeout(finish, timeoutMs);
    pc.addEventListener('connectionstatechange', check);
  });
}

/** How long a change in the room waits for the next, so that members joining together cost one renegotiation. */
export const COALESCE_MS = 150;
/** How often a lost connection to Janus is tried again before the call gives up on it. */
const RECONNECT_DELAYS_MS = [500, 1000, 2000, 4000, 8000];

/** One m-line of the subscription, as Janus last described it. */
interface Subscribed {
  mid: string;
  type: string;
  feedId: number;
  feedMid: string;
}

/** A peer connection that sends one stream to Janus: the camera and microphone, or a screen. */
interface Publication {
  handle: JanusHandle;
  /** Undefined while the offer is being answered. */
  pc: RTCPeerConnection | undefined;
  feedId: number | undefined;
}

export function createJanusCallMedia(options: JanusCallMediaOptions): CallMedia {
  const { selfId } = options;
  /** The call's newest answer's room: credentials and roster (renew). */
  let server = options.server;
  const createPeer = options.createPeer ?? ((config: RTCConfiguration) => new RTCPeerConnection(config));
  const connect = options.connect ?? connectJanus;
  const devices = () => options.mediaDevices ?? globalThis.navigator?.mediaDevices;
  const canShareScreen = typeof devices()?.getDisplayMedia === 'function';

  let attempt = 0; // bumped by join and leave: work answered after leave() is undone
  let session: JanusSession | undefined;
  let camera: Publication | undefined;
  let screenShare: { handle: JanusHandle; pc: RTCPeerConnection; feedId: number | undefined; stream: MediaStream } | undefined;
  let subscriber: { handle: JanusHandle; pc: RTCPeerConnection; offers: Promise<void> } | undefined;
  /** The camera publisher's private id, which ties our subscription to us in the room. */
  let privateId: number | undefined;
  let subscribed: Subscribed[] = [];
  /** The (feed, mid) pairs asked of Janus, and the layer asked for each video. */
  let requested = new Map<string, number | undefined>();
  let reconciling = false;
  let reconcileAgain = false;
  const feeds = new Map<number, Feed>();
  /** Joined but not (yet) publishing: participant id -> when first seen (whose it is: the roster's word). */
  const attendees = new Map<number, { order: number }>();
  let order = 0;
  let visible: Map<string, boolean> | undefined;
  let lastSpeaker: string | undefined;
  /** Feeds talking now (the VideoRoom's talking / stopped-talking). */
  const talking = new Set<number>();
  const streams = new Map<string, { key: string; stream: MediaStream }>();
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;

  const media = createMediaFacade({
    initial: { ...NO_MEDIA, capacity: server.capacity, canShareScreen },
    devices,
    send(kind, track) {
      const sender = camera?.pc?.getTransceivers().find((transceiver) => transceiver.receiver.track.kind === kind)?.sender;
      void sender?.replaceTrack(track ?? null).catch((error: unknown) => console.warn('calls: the media server did not take the new track', error));
    },
    // A new display tells everyone in the room (announce).
    onLocalChange(before, now) {
      if (now.microphoneOn !== before.microphoneOn || now.cameraOn !== before.cameraOn) announce();
    },
  });
  const { local, set, getState } = media;

  const cameraDevices = (): FeedDevices => ({ mic: getState().microphoneOn && !!local.track('audio'), cam: getState().cameraOn });

  /** Tells the others this member's microphone and camera (a new display reaches everyone in the room). */
  let announced = '';
  function announce() {
    const handle = camera?.handle;
    const display = displayOf(cameraDevices());
    if (!handle || display === announced) return;
    announced = display;
    handle.request({ request: 'configure', display }).catch((error: unknown) => console.warn('calls: telling the room about the microphone failed', error));
  }

  // --- What the screen sees -------------------------------------------------------------------------

  /** Whose a feed is, by the roster; undefined for an id the server never gave out (shown to nobody). */
  const ownerOf = (id: number): RosterEntry | undefined => server.roster.get(id);
  const isOwn = (id: number) => id === server.cameraFeedId || id === server.screenFeedId || id === camera?.feedId || id === screenShare?.feedId || ownerOf(id)?.user === selfId;
  /** The others' feeds the roster names, each with its owner. */
  const others = () =>
    [...feeds.values()].flatMap((feed) => {
      const owner = ownerOf(feed.id);
      return owner && !isOwn(feed.id) ? [{ ...feed, owner }] : [];
    });

  // --- Ids the roster does not name ----------------------------------------------------------------

  /** Ids already asked about: each makes at most one new request for the call. */
  const askedAbout = new Set<number>();
  let refetching: Promise<void> | undefined;
  let refetchAgain = false;
  /** Asks for the call once more (a member admitted since this roster, a place renewed); one request at a time. */
  function refresh(): Promise<void> {
    if (!options.refetch) return Promise.resolve();
    if (refetching) {
      refetchAgain = true;
      return refetching;
    }
    const started = attempt;
    refetching = options
      .refetch()
      .then((media) => {
        if (started === attempt) renew(media);
      })
      // A failed request changes nothing: the next status check brings the roster anyway.
      .catch(() => undefined)
      .finally(() => {
        refetching = undefined;
        if (refetchAgain) {
          refetchAgain = false;
          void refresh();
        }
      });
    return refetching;
  }
  function askAboutUnknown(ids: Iterable<number>) {
    let unknown = false;
    for (const id of ids) {
      if (ownerOf(id) || isOwn(id) || askedAbout.has(id)) continue;
      askedAbout.add(id);
      unknown = true;
    }
    if (unknown) void refresh();
  }

  /** A newer answer's room: its token for every later request, its roster for every tile from now on. */
  function renew(media: unknown) {
    const next = options.readServer?.(media);
    if (!next || next.room !== server.room || next.url !== server.url) return;
    server = next;
    if (!session) return;
    publishRemotes();
    reconcileSoon();
  }

  const trackOf = (subMid: string | undefined) => {
    if (subMid === undefined || !subscriber) return undefined;
    const track = subscriber.pc.getTransceivers().find((transceiver) => transceiver.mid === subMid)?.receiver.track;
    return track && track.readyState === 'live' ? track : undefined;
  };
  const subscriptionOf = (feed: Feed, type: 'audio' | 'video') => subscribed.find((entry) => entry.feedId === feed.id && entry.type === type);

  /** The same MediaStream while the tracks are the same (the tiles re-attach on a new object). */
  const streamFor = (name: string, tracks: MediaStreamTrack[]) => {
    if (tracks.length === 0) {
      streams.delete(name);
      return undefined;
    }
    const trackKey = tracks.map((track) => track.id).join(',');
    const known = streams.get(name);
    if (known?.key === trackKey) return known.stream;
    const stream = new MediaStream(tracks);
    streams.set(name, { key: trackKey, stream });
    return stream;
  };

  const connectionState = (): PeerConnectionState => {
    switch (subscriber?.pc.connectionState) {
      case 'connected':
        return 'connected';
      case 'disconnected':
        return 'reconnecting';
      case 'failed':
        return 'failed';
      default:
        return 'connecting';
    }
  };

  function publishRemotes() {
    const people = peopleOf(others(), [...attendees].flatMap(([id, { order: joinedAt }]) => {
      const owner = ownerOf(id);
      return owner && !isOwn(id) ? [{ user: owner.user, order: joinedAt }] : [];
    }));
    const linkState = connectionState();
    const remotes: RemoteParticipant[] = [...people.entries()]
      .sort((a, b) => a[1].order - b[1].order)
      .map(([user, person]) => {
        const cameraFeed = person.camera;
        const audio = cameraFeed && trackOf(subscriptionOf(cameraFeed, 'audio')?.mid);
        const video = cameraFeed && trackOf(subscriptionOf(cameraFeed, 'video')?.mid);
        const screenVideo = person.screen && trackOf(subscriptionOf(person.screen, 'video')?.mid);
        const receiving = !!(audio || video);
        return {
          id: user,
          stream: streamFor(`${user}:camera`, [audio, video].filter((track) => track !== undefined)),
          state: receiving ? linkState : linkState === 'connected' ? 'connecting' : linkState,
          microphoneOn: cameraFeed?.devices.mic,
          cameraOn: cameraFeed?.devices.cam,
          screen: streamFor(`${user}:screen`, screenVideo ? [screenVideo] : []),
          speaking: cameraFeed !== undefined && talking.has(cameraFeed.id),
        };
      });
    for (const name of [...streams.keys()]) if (!people.has(name.slice(0, name.lastIndexOf(':')))) streams.delete(name);
    const activeSpeaker = lastSpeaker !== undefined && people.has(lastSpeaker) ? lastSpeaker : undefined;
    set({ remotes, activeSpeaker });
  }

  // --- The subscription -----------------------------------------------------------------------------

  /** What the subscription should hold now (feeds.ts: every member's audio, video for the tiles on screen). */
  const wanted = () => planSubscription(others(), visible, options.initialVisible ?? 6);

  const onSubscriberMessage = (message: PluginMessage) => {
    const data = message.data;
    if (Array.isArray(data.streams)) {
      subscribed = list(data.streams).flatMap((stream) => {
        const feedId = asId(stream.feed_id);
        const mid = stream.mid;
        const feedMid = stream.feed_mid;
        if (feedId === undefined || typeof mid !== 'string' || typeof feedMid !== 'string' || stream.active === false) return [];
        return [{ mid, type: String(stream.type), feedId, feedMid }];
      });
    }
    if (message.jsep?.type === 'offer') answerOffer(message.jsep);
    publishRemotes();
  };

  function answerOffer(offer: Jsep) {
    const current = subscriber;
    if (!current) return;
    current.offers = current.offers
      .then(async () => {
        await current.pc.setRemoteDescription(offer);
        const answer = await current.pc.createAnswer();
        await current.pc.setLocalDescription(answer);
        await current.handle.request({ request: 'start' }, { type: 'answer', sdp: answer.sdp ?? '' });
        publishRemotes();
      })
      .catch((error: unknown) => {
        if (subscriber === current) console.warn('calls: answering the media server failed', error);
      });
  }

  async function startSubscription(entries: { feed: number; mid: string; substream: number | undefined }[], privateId: number | undefined) {
    const activeSession = session;
    if (!activeSession) return;
    const handle = await activeSession.attach(PLUGIN);
    const pc = createPeer({ iceServers: options.iceServers, bundlePolicy: 'max-bundle' });
    pc.addEventListener('icecandidate', (event) => handle.trickle(event.candidate ? event.candidate.toJSON() : null));
    pc.addEventListener('track', publishRemotes);
    pc.addEventListener('connectionstatechange', publishRemotes);
    handle.onCoreEvent((event) => addRemoteCandidate(pc, event));
    subscriber = { handle, pc, offers: Promise.resolve() };
    handle.onEvent(onSubscriberMessage);
    try {
      const joined = await handle.request({
        request: 'join',
        ptype: 'subscriber',
        room: server.room,
        ...(server.pin ? { pin: server.pin } : {}),
        ...(privateId === undefined ? {} : { private_id: privateId }),
        streams: entries.map(({ feed, mid, substream }) => ({ feed, mid, ...(substream === undefined ? {} : { substream }) })),
      });
      onSubscriberMessage(joined);
    } catch (error) {
      // A feed that left meanwhile fails the whole join: the next change starts a fresh subscription.
      if (subscriber?.handle === handle) {
        subscriber = undefined;
        requested = new Map();
      }
      handle.detach();
      pc.close();
      throw error;
    }
  }

  /** Brings the subscription to what is wanted: one change at a time, the latest wish wins. */
  async function reconcile(): Promise<void> {
    if (reconciling) {
      reconcileAgain = true;
      return;
    }
    reconciling = true;
    const started = attempt;
    try {
      do {
        reconcileAgain = false;
        if (!session || started !== attempt) return;
        const want = wanted();
        if (!subscriber) {
          if (want.size === 0) continue;
          requested = new Map([...want].map(([name, entry]) => [name, entry.substream]));
          await startSubscription([...want.values()], privateId);
          continue;
        }
        // One negotiation at a time: an update asked while Janus still waits for our answer to its last
        // offer crosses it (Janus would take that answer for its next offer). And none before the first
        // one has connected: Janus renegotiating during the DTLS handshake leaves it unfinished for
        // good (seen with a dozen members joining at once: ICE up, no media ever).
        await subscriber.offers;
        await settled(subscriber.pc, SETTLE_TIMEOUT_MS);
        if (!session || started !== attempt || !subscriber) return;
        const subscribe = [...want].filter(([name]) => !requested.has(name)).map(([, entry]) => entry);
        const unsubscribe = [...requested.keys()].filter((name) => !want.has(name));
        const relayer = [...want].filter(([name, entry]) => requested.has(name) && requested.get(name) !== entry.substream);
        requested = new Map([...want].map(([name, entry]) => [name, entry.substream]));
        if (subscribe.length > 0 || unsubscribe.length > 0) {
          const answer = await subscriber.handle.request({
            request: 'update',
            ...(subscribe.length > 0 ? { subscribe: subscribe.map(({ feed, mid, substream }) => ({ feed, mid, ...(substream === undefined ? {} : { substream }) })) } : {}),
            ...(unsubscribe.length > 0
              ? {
                  unsubscribe: unsubscribe.map((name) => {
                    const [feed, mid] = name.split('|');
                    return { feed: Number(feed), mid };
                  }),
                }
              : {}),
          });
          onSubscriberMessage(answer);
        }
        const layers = relayer.flatMap(([, entry]) => {
          const mid = subscribed.find((item) => item.feedId === entry.feed && item.feedMid === entry.mid)?.mid;
          return mid === undefined ? [] : [{ mid, substream: entry.substream }];
        });
        if (layers.length > 0) await subscriber.handle.request({ request: 'configure', streams: layers });
      } while (reconcileAgain);
    } catch (error) {
      if (started === attempt) console.warn('calls: updating what this call receives failed', error);
    } finally {
      reconciling = false;
    }
  }

  // --- Publishing ---------------------------------------------------------------------------------------

  function addRemoteCandidate(pc: RTCPeerConnection, event: { janus: string; [key: string]: unknown }) {
    if (event.janus !== 'trickle' || !isRecord(event.candidate)) return;
    const candidate = event.candidate;
    if (candidate.completed === true) {
      void pc.addIceCandidate().catch(() => undefined);
      return;
    }
    void pc.addIceCandidate(candidate as RTCIceCandidateInit).catch(() => undefined);
  }

  async function publish(handle: JanusHandle, tracks: { audio?: MediaStreamTrack; video?: MediaStreamTrack; simulcast: boolean; withAudio: boolean }, display: string): Promise<RTCPeerConnection> {
    const pc = createPeer({ iceServers: options.iceServers, bundlePolicy: 'max-bundle' });
    pc.addEventListener('icecandidate', (event) => handle.trickle(event.candidate ? event.candidate.toJSON() : null));
    handle.onCoreEvent((event) => addRemoteCandidate(pc, event));
    if (tracks.withAudio) pc.addTransceiver(tracks.audio ?? 'audio', { direction: 'sendonly' });
    pc.addTransceiver(tracks.video ?? 'video', { direction: 'sendonly', ...(tracks.simulcast ? { sendEncodings: SIMULCAST.map((encoding) => ({ ...encoding })) } : {}) });
    const offer = await pc.createOffer();
    await pc.setLocalDescription(offer);
    const answer = await handle.request({ request: 'publish', display }, { type: 'offer', sdp: offer.sdp ?? '' });
    if (!answer.jsep) throw new JanusError(undefined, 'the media server did not answer the offer');
    await pc.setRemoteDescription(answer.jsep);
    return pc;
  }

  const onRoomEvent = (message: PluginMessage) => {
    const data = message.data;
    let changed = false;
    for (const publisher of list(data.publishers)) {
      const id = asId(publisher.id);
      if (id === undefined) continue;
      const known = feeds.get(id);
      // Kept whatever the roster says (a newer roster may name it), shown only when it names it.
      feeds.set(id, { id, devices: parseDisplay(publisher.display), streams: streamsOf(publisher), order: known?.order ?? order++ });
      attendees.delete(id);
      changed = true;
    }
    const joining = isRecord(data.joining) ? data.joining : undefined;
    const joiningId = asId(joining?.id);
    if (joining && joiningId !== undefined && !feeds.has(joiningId)) {
      attendees.set(joiningId, { order: order++ });
      changed = true;
    }
    askAboutUnknown([...feeds.keys(), ...attendees.keys()]);
    for (const gone of [data.leaving, data.unpublished, data.kicked]) {
      const id = asId(gone);
      if (id === undefined) continue;
      talking.delete(id);
      if (feeds.delete(id)) {
        for (const name of [...requested.keys()]) if (name.startsWith(`${id}|`)) requested.delete(name);
        changed = true;
      }
      if (data.leaving !== undefined && attendees.delete(id)) changed = true;
    }
    // A display changed: a member said their microphone or camera changed.
    const displayId = asId(data.id);
    if (data.videoroom === 'event' && displayId !== undefined && typeof data.display === 'string') {
      const feed = feeds.get(displayId);
      if (feed) {
        feeds.set(displayId, { ...feed, devices: parseDisplay(data.display) });
        changed = true;
      }
    }
    if ((data.videoroom === 'talking' || data.videoroom === 'stopped-talking') && displayId !== undefined) {
      const feed = feeds.get(displayId);
      if (data.videoroom === 'talking') {
        if (!talking.has(displayId)) changed = true;
        talking.add(displayId);
        const owner = feed && ownerOf(feed.id);
        if (owner && !isOwn(displayId)) lastSpeaker = owner.user;
      } else if (talking.delete(displayId)) {
        changed = true;
      }
    }
    if (changed) {
      publishRemotes();
      reconcileSoon();
    }
  };

  /**
   * Members who come together (a meeting starting: a dozen in a second) are taken in one renegotiation
   * rather than one each: room events wait a moment before the subscription follows them.
   */
  let reconcileTimer: ReturnType<typeof setTimeout> | undefined;
  function reconcileSoon() {
    if (reconcileTimer !== undefined) return;
    reconcileTimer = setTimeout(() => {
      reconcileTimer = undefined;
      void reconcile();
    }, options.coalesceMs ?? COALESCE_MS);
  }

  // --- Joining and leaving --------------------------------------------------------------------------------

  function tearDown() {
    clearTimeout(reconnectTimer);
    reconnectTimer = undefined;
    clearTimeout(reconcileTimer);
    reconcileTimer = undefined;
    for (const pc of [camera?.pc, screenShare?.pc, subscriber?.pc]) pc?.close();
    for (const track of screenShare?.stream.getTracks() ?? []) track.stop();
    const activeSession = session;
    camera?.handle.request({ request: 'leave' }).catch(() => undefined);
    camera = undefined;
    screenShare = undefined;
    subscriber = undefined;
    privateId = undefined;
    subscribed = [];
    requested = new Map();
    feeds.clear();
    attendees.clear();
    talking.clear();
    streams.clear();
    announced = '';
    session = undefined;
    activeSession?.destroy();
  }

  /**
   * Joins as a publisher with this member's own id and join token. An id in use (our last connection not
   * yet gone from the room, or a publisher the server is kicking) is tried again a few times, then fails
   * saying so; anything else fails at once.
   */
  async function joinAsPublisher(handle: JanusHandle, kind: FeedKind, display: string, current: number): Promise<PluginMessage> {
    for (let tries = 0; ; tries += 1) {
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
        if (!(error instanceof JanusError && error.code === ID_EXISTS) || current !== attempt) throw error;
        if (delay === undefined) throw new JanusError(ID_EXISTS, `this member's place in the call (feed ${id}) is taken`);
        await new Promise((resolve) => setTimeout(resolve, delay));
        if (current !== attempt) throw error;
      }
    }
  }

  async function connectRoom(current: number): Promise<void> {
    const opened = await connect({ url: server.url, token: () => server.token ?? undefined });
    if (current !== attempt) {
      opened.destroy();
      return;
    }
    session = opened;
    opened.onLost(() => {
      if (session !== opened) return;
      reconnect(current, 0);
    });
    const handle = await opened.attach(PLUGIN);
    handle.onEvent((message) => {
      // The server took this member's place away (removed, logged out elsewhere, a new place given):
      // out of the room; a member who still has a place comes back with it (reconnect asks for it).
      if (message.data.leaving === 'ok' && message.data.reason === 'kicked') {
        if (session === opened) reconnect(current, 0);
        return;
      }
      onRoomEvent(message);
    });
    const display = displayOf(cameraDevices());
    const joined = await joinAsPublisher(handle, 'camera', display, current);
    if (current !== attempt) return;
    privateId = asId(joined.data.private_id);
    // Who is there, by the roster (an id it does not name counts for nobody).
    const present = new Set([...list(joined.data.publishers), ...list(joined.data.attendees)].flatMap((participant) => ownerOf(asId(participant.id) ?? 0)?.user ?? []));
    present.delete(selfId);
    if (present.size + 1 > server.capacity) {
      tearDown();
      set({ full: true, joined: false });
      return;
    }
    for (const attendee of list(joined.data.attendees)) {
      const id = asId(attendee.id);
      if (id !== undefined) attendees.set(id, { order: order++ });
    }
    const own: Publication = { handle, pc: undefined, feedId: asId(joined.data.id) };
    camera = own;
    set({ joined: true, full: false });
    onRoomEvent(joined);
    // Those already there at once: nothing to wait for.
    void reconcile();
    try {
      own.pc = await publish(handle, { audio: local.track('audio'), video: local.track('video'), simulcast: true, withAudio: true }, display);
      announced = display;
    } catch (error) {
      if (error instanceof JanusError && error.code === ROOM_FULL) {
        tearDown();
        set({ full: true, joined: false });
        return;
      }
      throw error;
    }
    // Whatever changed while publishing (a mute, the camera) is said now.
    announce();
  }

  function reconnect(current: number, tries: number) {
    if (current !== attempt) return;
    const people = getState().remotes.map((remote) => ({ ...remote, state: 'reconnecting' as const }));
    tearDown();
    set({ remotes: people });
    const delay = RECONNECT_DELAYS_MS[tries];
    if (delay === undefined) {
      set({ joined: false, remotes: getState().remotes.map((remote) => ({ ...remote, state: 'failed' as const })) });
      return;
    }
    reconnectTimer = setTimeout(() => {
      // The newest place first: a kick may have come with a new one, or none (then Janus says 433).
      refresh()
        .then(() => connectRoom(current))
        .catch((error: unknown) => {
          if (current !== attempt) return;
          // Not in the room's ACL any more: out of the call, no use trying again.
          if (error instanceof JanusError && error.code === UNAUTHORIZED) {
            tearDown();
            set({ joined: false, remotes: getState().remotes.map((remote) => ({ ...remote, state: 'failed' as const })) });
            return;
          }
          reconnect(current, tries + 1);
        });
    }, delay);
  }

  async function join(): Promise<void> {
    if (session) throw new Error('call media: already joined');
    const current = ++attempt;
    try {
      await connectRoom(current);
    } catch (error) {
      if (current === attempt) tearDown();
      throw error;
    }
  }

  async function shareScreen(on: boolean): Promise<void> {
    if (!on) {
      const sharing = screenShare;
      if (!sharing) return;
      screenShare = undefined;
      sharing.handle.request({ request: 'leave' }).catch(() => undefined);
      sharing.pc.close();
      sharing.handle.detach();
      for (const track of sharing.stream.getTracks()) track.stop();
      set({ screen: undefined });
      return;
    }
    if (screenShare) return;
    const activeSession = session;
    const mediaDevices = devices();
    if (!activeSession || !mediaDevices?.getDisplayMedia) throw new Error('call media: not in a call that carries a screen');
    const current = attempt;
    const stream = await mediaDevices.getDisplayMedia({ video: true, audio: false });
    const video = stream.getVideoTracks()[0];
    const stop = () => stream.getTracks().forEach((track) => track.stop());
    if (!video || current !== attempt || session !== activeSession) {
      stop();
      return;
    }
    if (server.screenFeedId === undefined) {
      stop();
      throw new Error('call media: the server gave no screen feed for this member');
    }
    const handle = await activeSession.attach(PLUGIN);
    try {
      const display = displayOf({});
      const joined = await joinAsPublisher(handle, 'screen', display, current);
      const pc = await publish(handle, { video, simulcast: false, withAudio: false }, display);
      if (current !== attempt) {
        pc.close();
        stop();
        return;
      }
      screenShare = { handle, pc, feedId: asId(joined.data.id), stream };
      // The browser's own "Stop sharing" ends the track.
      video.addEventListener('ended', () => void shareScreen(false));
      set({ screen: stream });
    } catch (error) {
      handle.detach();
      stop();
      throw error;
    }
  }

  function leave(): void {
    attempt++;
    lastSpeaker = undefined;
    visible = undefined;
    tearDown();
    media.left();
  }

  return media.build({
    join,
    setVisibleVideos(videos: readonly VisibleVideo[]) {
      const next = new Map(videos.map((video) => [video.id, video.large]));
      if (visible && next.size === visible.size && [...next].every(([id, large]) => visible!.get(id) === large)) return;
      visible = next;
      void reconcile();
    },
    shareScreen,
    leave,
    renew,
  });
}
