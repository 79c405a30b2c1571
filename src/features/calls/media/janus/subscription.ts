// The others' media on ONE subscription (Janus 1.x multistream): what it should hold is feeds.ts's
// planSubscription (every member's audio, video for the tiles on screen in the layer their size needs,
// every screen large); this part brings the subscription there as the room and the screen change. A
// page turn is one `update` (subscribe and unsubscribe together) and one renegotiation, a tile that only
// grows or shrinks a `configure` of its layer; changes go one at a time, the latest wish winning.
import type { PeerConnectionState, VisibleVideo } from '../call-media.ts';
import { PLUGIN, type JanusCallContext } from './janus-context.ts';
import type { JanusHandle, Jsep, PluginMessage } from './janus-connection.ts';
import { asId, list, planSubscription, type WantedStream } from './feeds.ts';
import { openPeer, settled } from './janus-peer.ts';
import { othersOf } from './roster.ts';

/** How long a change in the room waits for the next, so that members joining together cost one renegotiation. */
export const COALESCE_MS = 150;
/** How long a renegotiation waits for the receiving connection's first handshake to finish. */
const SETTLE_TIMEOUT_MS = 10_000;

/** One m-line of the subscription, as Janus last described it. */
interface Subscribed {
  mid: string;
  type: string;
  feedId: number;
  feedMid: string;
}

export interface SubscriptionOptions {
  /** Until the screen says which videos it shows, this many members' videos are received. */
  initialVisible?: number;
  /** How long room events wait to be taken together (COALESCE_MS). */
  coalesceMs?: number;
  /** Tracks or their connection changed: what the call shows follows. */
  onChange(): void;
}

export interface Subscription {
  /** Brings the subscription to what is wanted now. */
  reconcile(): Promise<void>;
  /** The same, a moment later, so that changes which come together are taken together. */
  reconcileSoon(): void;
  setVisibleVideos(videos: readonly VisibleVideo[]): void;
  /** A feed left the room: Janus dropped its streams itself, nothing to unsubscribe. */
  forget(feedId: number): void;
  /** The live track received of a feed's audio or video. */
  trackOf(feedId: number, type: 'audio' | 'video'): MediaStreamTrack | undefined;
  /** The receiving connection, as the tiles say it. */
  connectionState(): PeerConnectionState;
  /** The session is gone: the subscription with it (which videos the screen shows stays). */
  close(): void;
  /** The call is left: the screen shows nothing either. */
  reset(): void;
}

const toJanus = ({ feed, mid, substream }: WantedStream) => ({ feed, mid, ...(substream === undefined ? {} : { substream }) });

export function createSubscription(ctx: JanusCallContext, options: SubscriptionOptions): Subscription {
  const state = {
    subscriber: undefined as { handle: JanusHandle; pc: RTCPeerConnection; offers: Promise<void> } | undefined,
    subscribed: [] as Subscribed[],
    /** The (feed, mid) pairs asked of Janus, and the layer asked for each video. */
    requested: new Map<string, number | undefined>(),
    visible: undefined as Map<string, boolean> | undefined,
    reconciling: false,
    reconcileAgain: false,
    reconcileTimer: undefined as ReturnType<typeof setTimeout> | undefined,
  };

  const wanted = () => planSubscription(othersOf(ctx), state.visible, options.initialVisible ?? 6);

  const onMessage = (message: PluginMessage) => {
    const data = message.data;
    if (Array.isArray(data.streams)) {
      state.subscribed = list(data.streams).flatMap((stream) => {
        const feedId = asId(stream.feed_id);
        const mid = stream.mid;
        const feedMid = stream.feed_mid;
        if (feedId === undefined || typeof mid !== 'string' || typeof feedMid !== 'string' || stream.active === false) return [];
        return [{ mid, type: String(stream.type), feedId, feedMid }];
      });
    }
    if (message.jsep?.type === 'offer') answerOffer(message.jsep);
    options.onChange();
  };

  function answerOffer(offer: Jsep) {
    const current = state.subscriber;
    if (!current) return;
    current.offers = current.offers
      .then(async () => {
        await current.pc.setRemoteDescription(offer);
        const answer = await current.pc.createAnswer();
        await current.pc.setLocalDescription(answer);
        await current.handle.request({ request: 'start' }, { type: 'answer', sdp: answer.sdp ?? '' });
        options.onChange();
      })
      .catch((error: unknown) => {
        if (state.subscriber === current) console.warn('calls: answering the media server failed', error);
      });
  }

  async function start(entries: WantedStream[]) {
    const session = ctx.session;
    if (!session) return;
    const handle = await session.attach(PLUGIN);
    const pc = openPeer(ctx, handle);
    pc.addEventListener('track', options.onChange);
    pc.addEventListener('connectionstatechange', options.onChange);
    state.subscriber = { handle, pc, offers: Promise.resolve() };
    handle.onEvent(onMessage);
    const { server, privateId } = ctx;
    try {
      const joined = await handle.request({
        request: 'join',
        ptype: 'subscriber',
        room: server.room,
        ...(server.pin ? { pin: server.pin } : {}),
        ...(privateId === undefined ? {} : { private_id: privateId }),
        streams: entries.map(toJanus),
      });
      onMessage(joined);
    } catch (error) {
      // A feed that left meanwhile fails the whole join: the next change starts a fresh subscription.
      if (state.subscriber?.handle === handle) {
        state.subscriber = undefined;
        state.requested = new Map();
      }
      handle.detach();
      pc.close();
      throw error;
    }
  }

  async function reconcile(): Promise<void> {
    if (state.reconciling) {
      state.reconcileAgain = true;
      return;
    }
    state.reconciling = true;
    const started = ctx.attempt;
    const current = () => !!ctx.session && started === ctx.attempt;
    try {
      do {
        state.reconcileAgain = false;
        if (!current()) return;
        const want = wanted();
        if (!state.subscriber) {
          if (want.size === 0) continue;
          state.requested = new Map([...want].map(([name, entry]) => [name, entry.substream]));
          await start([...want.values()]);
          continue;
        }
        // One negotiation at a time: an update asked while Janus still waits for our answer to its last
        // offer crosses it (Janus would take that answer for its next offer). And none before the first
        // one has connected: Janus renegotiating during the DTLS handshake leaves it unfinished for
        // good (seen with a dozen members joining at once: ICE up, no media ever).
        await state.subscriber.offers;
        await settled(state.subscriber.pc, SETTLE_TIMEOUT_MS);
        const subscriber = state.subscriber;
        if (!current() || !subscriber) return;
        const { requested } = state;
        const subscribe = [...want].filter(([name]) => !requested.has(name)).map(([, entry]) => entry);
        const unsubscribe = [...requested.keys()].filter((name) => !want.has(name));
        const relayer = [...want].filter(([name, entry]) => requested.has(name) && requested.get(name) !== entry.substream);
        state.requested = new Map([...want].map(([name, entry]) => [name, entry.substream]));
        if (subscribe.length > 0 || unsubscribe.length > 0) {
          const answer = await subscriber.handle.request({
            request: 'update',
            ...(subscribe.length > 0 ? { subscribe: subscribe.map(toJanus) } : {}),
            ...(unsubscribe.length > 0
              ? {
                  unsubscribe: unsubscribe.map((name) => {
                    const [feed, mid] = name.split('|');
                    return { feed: Number(feed), mid };
                  }),
                }
              : {}),
          });
          onMessage(answer);
        }
        const layers = relayer.flatMap(([, entry]) => {
          const mid = state.subscribed.find((item) => item.feedId === entry.feed && item.feedMid === entry.mid)?.mid;
          return mid === undefined ? [] : [{ mid, substream: entry.substream }];
        });
        if (layers.length > 0) await subscriber.handle.request({ request: 'configure', streams: layers });
      } while (state.reconcileAgain);
    } catch (error) {
      if (started === ctx.attempt) console.warn('calls: updating what this call receives failed', error);
    } finally {
      state.reconciling = false;
    }
  }

  return {
    reconcile,
    reconcileSoon() {
      if (state.reconcileTimer !== undefined) return;
      state.reconcileTimer = setTimeout(() => {
        state.reconcileTimer = undefined;
        void reconcile();
      }, options.coalesceMs ?? COALESCE_MS);
    },
    setVisibleVideos(videos) {
      const next = new Map(videos.map((video) => [video.id, video.large]));
      const before = state.visible;
      if (before && next.size === before.size && [...next].every(([id, large]) => before.get(id) === large)) return;
      state.visible = next;
      void reconcile();
    },
    forget(feedId) {
      for (const name of [...state.requested.keys()]) if (name.startsWith(`${feedId}|`)) state.requested.delete(name);
    },
    trackOf(feedId, type) {
      const mid = state.subscribed.find((entry) => entry.feedId === feedId && entry.type === type)?.mid;
      if (mid === undefined || !state.subscriber) return undefined;
      const track = state.subscriber.pc.getTransceivers().find((transceiver) => transceiver.mid === mid)?.receiver.track;
      return track && track.readyState === 'live' ? track : undefined;
    },
    connectionState() {
      switch (state.subscriber?.pc.connectionState) {
        case 'connected':
          return 'connected';
        case 'disconnected':
          return 'reconnecting';
        case 'failed':
          return 'failed';
        default:
          return 'connecting';
      }
    },
    close() {
      clearTimeout(state.reconcileTimer);
      state.reconcileTimer = undefined;
      state.subscriber?.pc.close();
      state.subscriber = undefined;
      state.subscribed = [];
      state.requested = new Map();
    },
    reset() {
      state.visible = undefined;
    },
  };
}
