// An in-memory Janus VideoRoom for the client's unit tests (the browser test uses the real one): it keeps
// the room's publishers, answers join / publish / configure / update / start as the plugin documents
// them (a publisher's join with the `id` it asks for, 436 when that id is in use, 433 without a token
// of the room's ACL when it has one), numbers the subscription's m-lines, and lets a test play the other
// members (publish, talk, change display, leave) and the backend (kick). SDP is a stand-in: "mids:0,1,2"
// names the m-lines an offer carries.
import type { JanusConnectOptions, JanusHandle, JanusSession, Jsep, PluginMessage } from '../janus-connection.ts';
import { JanusError } from '../janus-connection.ts';

export interface FakeStream {
  type: 'audio' | 'video';
  mid: string;
}

interface Publisher {
  id: number;
  display: string;
  streams: FakeStream[];
}

interface Subscription {
  mids: { mid: string; feed: number; feedMid: string; type: string; substream?: number }[];
  nextMid: number;
}

export class FakeVideoRoom {
  readonly publishers = new Map<number, Publisher>();
  readonly requests: { handle: number; body: Record<string, unknown>; jsep?: Jsep }[] = [];
  readonly handles = new Map<number, FakeHandle>();
  /** Sessions opened (the lost-connection tests end one). */
  readonly sessions: FakeSession[] = [];
  pin: string | undefined = undefined;
  /** The room's ACL (join tokens); undefined: none. */
  allowed: Set<string> | undefined = undefined;
  full = false;
  private nextId = 100;

  id(): number {
    return this.nextId++;
  }

  /** Another member publishes (or republishes): everyone in the room is told. */
  publish(display: string, streams: FakeStream[] = [{ type: 'audio', mid: '0' }, { type: 'video', mid: '1' }], id = this.id()): number {
    this.publishers.set(id, { id, display, streams });
    this.broadcast({ videoroom: 'event', publishers: [this.view(id)] }, id);
    return id;
  }

  leave(id: number): void {
    this.publishers.delete(id);
    this.broadcast({ videoroom: 'event', leaving: id }, id);
    for (const handle of this.handles.values()) {
      const subscription = handle.subscription;
      if (!subscription || !subscription.mids.some((entry) => entry.feed === id)) continue;
      subscription.mids = subscription.mids.filter((entry) => entry.feed !== id);
      handle.emit({ videoroom: 'updated', streams: handle.streams() }, handle.offer());
    }
  }

  /** The backend kicks a publisher: it is told, and everyone else sees it leave. */
  kick(id: number): void {
    for (const handle of this.handles.values()) if (handle.publisherId === id) handle.emit({ videoroom: 'event', leaving: 'ok', reason: 'kicked' });
    if (this.publishers.has(id)) this.leave(id);
    for (const handle of this.handles.values()) if (handle.publisherId === id) handle.publisherId = undefined;
  }

  /** A publisher id taken in the room (publishing, or joined and not yet publishing). */
  taken(id: number): boolean {
    return this.publishers.has(id) || [...this.handles.values()].some((handle) => handle.publisherId === id);
  }

  talk(id: number): void {
    this.broadcast({ videoroom: 'talking', id }, id);
  }

  stopTalking(id: number): void {
    this.broadcast({ videoroom: 'stopped-talking', id }, id);
  }

  changeDisplay(id: number, display: string): void {
    const publisher = this.publishers.get(id);
    if (!publisher) return;
    publisher.display = display;
    this.broadcast({ videoroom: 'event', id, display }, id);
  }

  view(id: number) {
    const publisher = this.publishers.get(id)!;
    return { id, display: publisher.display, streams: publisher.streams.map((stream) => ({ ...stream, mindex: Number(stream.mid) })) };
  }

  private broadcast(data: Record<string, unknown>, from: number): void {
    for (const handle of this.handles.values()) if (handle.publisherId !== undefined && handle.publisherId !== from) handle.emit(data);
  }

  requestsOf(request: string) {
    return this.requests.filter((entry) => entry.body.request === request);
  }
}

const offerOf = (mids: string[]): Jsep => ({ type: 'offer', sdp: `mids:${mids.join(',')}` });

export class FakeHandle implements JanusHandle {
  readonly id: number;
  publisherId: number | undefined;
  subscription: Subscription | undefined;
  readonly candidates: (RTCIceCandidateInit | null)[] = [];
  detached = false;
  private readonly room: FakeVideoRoom;
  private readonly events: ((message: PluginMessage) => void)[] = [];
  private readonly core: ((event: { janus: string }) => void)[] = [];

  constructor(room: FakeVideoRoom) {
    this.room = room;
    this.id = room.id();
    room.handles.set(this.id, this);
  }

  emit(data: Record<string, unknown>, jsep?: Jsep): void {
    queueMicrotask(() => {
      if (!this.detached) for (const listener of this.events) listener({ data, jsep });
    });
  }

  streams() {
    return this.subscription!.mids.map((entry) => ({ mid: entry.mid, type: entry.type, feed_id: entry.feed, feed_mid: entry.feedMid, active: true }));
  }

  offer(): Jsep {
    return offerOf(this.subscription!.mids.map((entry) => entry.mid));
  }

  private addStreams(list: unknown): void {
    const subscription = this.subscription!;
    for (const item of (list as { feed: number; mid: string; substream?: number }[]) ?? []) {
      const publisher = this.room.publishers.get(item.feed);
      const stream = publisher?.streams.find((candidate) => candidate.mid === item.mid);
      if (!stream) continue;
      subscription.mids.push({ mid: String(subscription.nextMid++), feed: item.feed, feedMid: item.mid, type: stream.type, substream: item.substream });
    }
  }

  async request(body: Record<string, unknown>, jsep?: Jsep): Promise<PluginMessage> {
    this.room.requests.push({ handle: this.id, body, jsep });
    await Promise.resolve();
    if (body.pin !== undefined || this.room.pin !== undefined) {
      if ((body.request === 'join' || body.request === 'joinandconfigure') && body.pin !== this.room.pin) throw new JanusError(433, 'Unauthorized (wrong pin)');
    }
    switch (body.request) {
      case 'join': {
        if (body.ptype === 'publisher') {
          if (this.room.allowed && !(typeof body.token === 'string' && this.room.allowed.has(body.token))) throw new JanusError(433, 'Unauthorized (not in the allowed list)');
          const asked = typeof body.id === 'number' ? body.id : undefined;
          if (asked !== undefined && this.room.taken(asked)) throw new JanusError(436, `User ID ${asked} already exists`);
          this.publisherId = asked ?? this.room.id();
          return {
            data: { videoroom: 'joined', id: this.publisherId, private_id: 7, publishers: [...this.room.publishers.keys()].map((id) => this.room.view(id)), attendees: [] },
            jsep: undefined,
          };
        }
        this.subscription = { mids: [], nextMid: 0 };
        this.addStreams(body.streams);
        return { data: { videoroom: 'attached', streams: this.streams() }, jsep: this.offer() };
      }
      case 'publish': {
        if (this.room.full) throw new JanusError(432, 'Maximum number of publishers reached');
        const mids = /mids:(.*)/.exec(jsep?.sdp ?? '')?.[1]?.split(',') ?? [];
        const streams = mids.map((mid, index) => ({ mid, type: (jsep?.sdp.includes('video-only') ? 'video' : index === 0 ? 'audio' : 'video') as 'audio' | 'video' }));
        this.room.publishers.set(this.publisherId!, { id: this.publisherId!, display: String(body.display), streams });
        return { data: { videoroom: 'event', configured: 'ok' }, jsep: { type: 'answer', sdp: 'answer' } };
      }
      case 'configure':
        if (typeof body.display === 'string' && this.publisherId !== undefined) this.room.changeDisplay(this.publisherId, body.display);
        return { data: { videoroom: 'event', configured: 'ok' }, jsep: undefined };
      case 'update': {
        const subscription = this.subscription!;
        for (const item of (body.unsubscribe as { feed: number; mid: string }[]) ?? []) {
          subscription.mids = subscription.mids.filter((entry) => !(entry.feed === item.feed && entry.feedMid === item.mid));
        }
        this.addStreams(body.subscribe);
        return { data: { videoroom: 'updated', streams: this.streams() }, jsep: this.offer() };
      }
      case 'start':
        return { data: { videoroom: 'event', started: 'ok' }, jsep: undefined };
      case 'leave':
        if (this.publisherId !== undefined) this.room.leave(this.publisherId);
        return { data: { videoroom: 'event', leaving: 'ok' }, jsep: undefined };
      default:
        throw new JanusError(423, `unknown request ${String(body.request)}`);
    }
  }

  trickle(candidate: RTCIceCandidateInit | null): void {
    this.candidates.push(candidate);
  }

  onEvent(listener: (message: PluginMessage) => void): void {
    this.events.push(listener);
  }

  onCoreEvent(listener: (event: { janus: string }) => void): void {
    this.core.push(listener);
  }

  detach(): void {
    this.detached = true;
    if (this.publisherId !== undefined && this.room.publishers.has(this.publisherId)) this.room.leave(this.publisherId);
    this.room.handles.delete(this.id);
  }
}

export class FakeSession implements JanusSession {
  readonly options: JanusConnectOptions;
  destroyed = false;
  private readonly room: FakeVideoRoom;
  private readonly lost: ((reason: string) => void)[] = [];
  readonly handles: FakeHandle[] = [];

  constructor(room: FakeVideoRoom, options: JanusConnectOptions) {
    this.room = room;
    this.options = options;
  }

  async attach(): Promise<JanusHandle> {
    const handle = new FakeHandle(this.room);
    this.handles.push(handle);
    return handle;
  }

  onLost(listener: (reason: string) => void): void {
    this.lost.push(listener);
  }

  /** The socket dropped: the room forgets this session's publishers. */
  drop(): void {
    for (const handle of this.handles) handle.detach();
    for (const listener of this.lost) listener('dropped');
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    for (const handle of this.handles) handle.detach();
  }
}

/** `connect` for createJanusCallMedia: sessions on this room. `refuse` makes the next connections fail. */
export function fakeJanus(room: FakeVideoRoom) {
  const control = { refuse: 0 };
  const connect = async (options: JanusConnectOptions): Promise<JanusSession> => {
    if (control.refuse > 0) {
      control.refuse -= 1;
      throw new JanusError(undefined, 'the media server cannot be reached');
    }
    const session = new FakeSession(room, options);
    room.sessions.push(session);
    return session;
  };
  return { connect, control };
}

/** The receiving side's peer connection: m-lines by mid, each with a receiver track. */
export class FakeJanusPeer extends EventTarget {
  readonly config: RTCConfiguration;
  /** The state new connections start in: connected, unless a test plays the handshake (the browser's own). */
  static initialState: RTCPeerConnectionState = 'connected';
  connectionState: RTCPeerConnectionState = FakeJanusPeer.initialState;
  closed = false;
  readonly transceivers: { mid: string | null; direction: string; sender: { track: unknown; replaceTrack(track: unknown): Promise<void> }; receiver: { track: FakeReceiverTrack }; sendEncodings?: RTCRtpEncodingParameters[] }[] = [];

  constructor(config: RTCConfiguration) {
    super();
    this.config = config;
  }

  addTransceiver(trackOrKind: { kind: string } | string, init: RTCRtpTransceiverInit) {
    const kind = typeof trackOrKind === 'string' ? trackOrKind : trackOrKind.kind;
    const sender: { track: unknown; replaceTrack(track: unknown): Promise<void> } = {
      track: typeof trackOrKind === 'string' ? null : trackOrKind,
      async replaceTrack(track: unknown) {
        sender.track = track;
      },
    };
    const transceiver = { mid: String(this.transceivers.length), direction: init.direction ?? 'sendrecv', sender, receiver: { track: new FakeReceiverTrack(kind) }, sendEncodings: init.sendEncodings };
    this.transceivers.push(transceiver);
    return transceiver;
  }

  getTransceivers() {
    return [...this.transceivers];
  }

  async createOffer() {
    const videoOnly = this.transceivers.every((transceiver) => transceiver.receiver.track.kind === 'video');
    return { type: 'offer' as const, sdp: `mids:${this.transceivers.map((transceiver) => transceiver.mid).join(',')}${videoOnly ? ' video-only' : ''}` };
  }

  async createAnswer() {
    return { type: 'answer' as const, sdp: 'answer' };
  }

  async setLocalDescription() {}

  async setRemoteDescription(description: { type: string; sdp?: string }) {
    if (description.type !== 'offer') return;
    const mids = /mids:(.*)/.exec(description.sdp ?? '')?.[1]?.split(',').filter(Boolean) ?? [];
    for (const mid of mids) {
      if (this.transceivers.some((transceiver) => transceiver.mid === mid)) continue;
      this.transceivers.push({ mid, direction: 'recvonly', sender: { track: null, replaceTrack: async () => undefined }, receiver: { track: new FakeReceiverTrack('unknown') } });
      this.dispatchEvent(new Event('track'));
    }
  }

  async addIceCandidate() {}

  /** The browser connected (or lost) the media. */
  setState(state: RTCPeerConnectionState) {
    this.connectionState = state;
    this.dispatchEvent(new Event('connectionstatechange'));
  }

  close() {
    this.closed = true;
    this.connectionState = 'closed';
  }
}

export class FakeReceiverTrack {
  readonly id = `remote-${crypto.randomUUID()}`;
  readonly kind: string;
  readyState: MediaStreamTrackState = 'live';
  constructor(kind: string) {
    this.kind = kind;
  }
}
