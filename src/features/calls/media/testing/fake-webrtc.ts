// Just enough of WebRTC and getUserMedia for the mesh tests (jsdom and Node have neither). The fakes
// record what the code under test asked for and let a test fire the browser's events.

/** An EventTarget with `muted`, so that the call screens can show a fake track too (useStreamTracks). */
export class FakeTrack extends EventTarget {
  readonly id = `track-${crypto.randomUUID()}`;
  readonly kind: 'audio' | 'video';
  enabled = true;
  muted = false;
  readyState: MediaStreamTrackState = 'live';
  private readonly settings: MediaTrackSettings;
  constructor(kind: 'audio' | 'video', settings: MediaTrackSettings = {}) {
    super();
    this.kind = kind;
    this.settings = settings;
  }
  stop() {
    this.readyState = 'ended';
  }
  getSettings() {
    return this.settings;
  }
}

export class FakeMediaStream {
  private readonly tracks: FakeTrack[];
  constructor(tracks: FakeTrack[] = []) {
    this.tracks = [...tracks];
  }
  getTracks() {
    return [...this.tracks];
  }
  getAudioTracks() {
    return this.tracks.filter((track) => track.kind === 'audio');
  }
  getVideoTracks() {
    return this.tracks.filter((track) => track.kind === 'video');
  }
}

export interface FakeCamera {
  deviceId: string;
  facingMode?: 'user' | 'environment';
}

type Constraint = string | { exact?: string; ideal?: string } | undefined;
const wanted = (constraint: unknown): { value: string | undefined; exact: boolean } => {
  const c = constraint as Constraint;
  if (typeof c === 'string') return { value: c, exact: false };
  if (c?.exact) return { value: c.exact, exact: true };
  return { value: c?.ideal, exact: false };
};

export class FakeMediaDevices {
  cameras: FakeCamera[] = [{ deviceId: 'camera-1' }];
  /** Error names (NotAllowedError…) the next getUserMedia calls fail with, in turn. */
  failures: string[] = [];
  readonly requests: MediaStreamConstraints[] = [];
  /** Every track handed out, in order. */
  readonly opened: FakeTrack[] = [];

  async getUserMedia(constraints: MediaStreamConstraints) {
    this.requests.push(constraints);
    const failure = this.failures.shift();
    if (failure) throw new DOMException('refused', failure);
    const tracks: FakeTrack[] = [];
    if (constraints.audio) tracks.push(new FakeTrack('audio', { deviceId: 'microphone-1' }));
    if (constraints.video) tracks.push(new FakeTrack('video', this.pickCamera(constraints.video)));
    this.opened.push(...tracks);
    return new FakeMediaStream(tracks);
  }

  async enumerateDevices() {
    return [
      { kind: 'audioinput', deviceId: 'microphone-1', groupId: '', label: '' },
      ...this.cameras.map((camera) => ({ kind: 'videoinput', deviceId: camera.deviceId, groupId: '', label: '' })),
    ];
  }

  private pickCamera(video: boolean | MediaTrackConstraints): MediaTrackSettings {
    const constraints = typeof video === 'object' ? video : {};
    const device = wanted(constraints.deviceId);
    const facing = wanted(constraints.facingMode);
    const match =
      this.cameras.find((camera) => device.value !== undefined && camera.deviceId === device.value) ??
      this.cameras.find((camera) => facing.value !== undefined && camera.facingMode === facing.value);
    if (!match && (device.exact || facing.exact)) throw new DOMException('no such camera', 'OverconstrainedError');
    const camera = match ?? this.cameras[0];
    if (!camera) throw new DOMException('no camera', 'NotFoundError');
    return { deviceId: camera.deviceId, facingMode: camera.facingMode };
  }
}

export class FakeSender {
  track: FakeTrack | null;
  constructor(track: FakeTrack | null) {
    this.track = track;
  }
  async replaceTrack(track: FakeTrack | null) {
    this.track = track;
  }
}

export class FakeTransceiver {
  direction: RTCRtpTransceiverDirection;
  readonly sender: FakeSender;
  readonly receiver: { track: FakeTrack };
  constructor(kind: 'audio' | 'video', direction: RTCRtpTransceiverDirection, track: FakeTrack | null) {
    this.direction = direction;
    this.sender = new FakeSender(track);
    this.receiver = { track: new FakeTrack(kind) };
  }
}

type Description = { type: RTCSdpType; sdp?: string };

export class FakePeerConnection {
  readonly config: RTCConfiguration;
  connectionState: RTCPeerConnectionState = 'new';
  signalingState: RTCSignalingState = 'stable';
  localDescription: Description | null = null;
  remoteDescription: Description | null = null;
  readonly transceivers: FakeTransceiver[] = [];
  readonly offerOptions: (RTCOfferOptions | undefined)[] = [];
  readonly addedCandidates: RTCIceCandidateInit[] = [];
  closed = false;
  onicecandidate: ((event: { candidate: { toJSON(): RTCIceCandidateInit } | null }) => void) | null = null;
  ontrack: ((event: { track: FakeTrack; streams: FakeMediaStream[] }) => void) | null = null;
  onconnectionstatechange: (() => void) | null = null;
  private descriptions = 0;

  constructor(config: RTCConfiguration) {
    this.config = config;
  }

  addTransceiver(trackOrKind: FakeTrack | 'audio' | 'video', init: RTCRtpTransceiverInit) {
    const track = typeof trackOrKind === 'string' ? null : trackOrKind;
    const transceiver = new FakeTransceiver(track?.kind ?? (trackOrKind as 'audio' | 'video'), init.direction ?? 'sendrecv', track);
    this.transceivers.push(transceiver);
    return transceiver;
  }
  getTransceivers() {
    return [...this.transceivers];
  }
  async createOffer(options?: RTCOfferOptions): Promise<Description> {
    this.offerOptions.push(options);
    return { type: 'offer', sdp: `offer ${++this.descriptions}${options?.iceRestart ? ' ice-restart' : ''}` };
  }
  async createAnswer(): Promise<Description> {
    return { type: 'answer', sdp: `answer ${++this.descriptions}` };
  }
  async setLocalDescription(description: Description) {
    this.localDescription = description;
    this.signalingState = description.type === 'offer' ? 'have-local-offer' : 'stable';
  }
  async setRemoteDescription(description: Description) {
    this.remoteDescription = description;
    if (description.type !== 'offer') {
      this.signalingState = 'stable';
      return;
    }
    this.signalingState = 'have-remote-offer';
    // Like a browser: the offer's audio and video sections make transceivers that only receive so far.
    if (this.transceivers.length === 0) for (const kind of ['audio', 'video'] as const) this.addTransceiver(kind, { direction: 'recvonly' });
  }
  async addIceCandidate(candidate: RTCIceCandidateInit) {
    if (!this.remoteDescription) throw new DOMException('no remote description', 'InvalidStateError');
    this.addedCandidates.push(candidate);
  }
  close() {
    this.closed = true;
    this.connectionState = 'closed';
  }

  // What the browser would do by itself:
  gather(...candidates: string[]) {
    for (const candidate of candidates) this.onicecandidate?.({ candidate: { toJSON: () => ({ candidate, sdpMid: '0' }) } });
  }
  endGathering() {
    this.onicecandidate?.({ candidate: null });
  }
  receiveTracks() {
    for (const transceiver of this.transceivers) this.ontrack?.({ track: transceiver.receiver.track, streams: [] });
  }
  setConnectionState(state: RTCPeerConnectionState) {
    this.connectionState = state;
    this.onconnectionstatechange?.();
  }
  sender(kind: 'audio' | 'video') {
    return this.transceivers.find((transceiver) => transceiver.receiver.track.kind === kind)?.sender;
  }
}
