// One WebRTC connection of the mesh: to one other member of the meet room. The member who joined
// later offers (see mesh-call-media.ts), so offers never cross; only that side restarts ICE.
import type { CallSignal } from '../../../shared/domain/call-signalling.ts';
import type { PeerConnectionState, RemoteParticipant } from './call-media.ts';

export type MediaKind = 'audio' | 'video';
const KINDS: MediaKind[] = ['audio', 'video'];

/** Candidates gathered within this window travel as one signal: brokers cap client events per second. */
export const CANDIDATE_BATCH_MS = 100;
/** A connection that has not (re)connected within this time shows as failed. */
export const CONNECT_TIMEOUT_MS = 15_000;

export interface MeshPeerDeps {
  id: string;
  offerer: boolean;
  pc: RTCPeerConnection;
  send(signal: CallSignal): void;
  /** The own track of that kind right now (null: none yet, or the camera is off). */
  localTrack(kind: MediaKind): MediaStreamTrack | null;
  /** The own microphone and camera as the other member should be told them (a `media-state` signal). */
  mediaState(): { audio: boolean; video: boolean };
  createStream(tracks: MediaStreamTrack[]): MediaStream;
  onChange(): void;
}

export interface MeshPeer {
  readonly id: string;
  /** The remote's join session; learnt from its first signal when we offered. */
  session: string | undefined;
  view(): RemoteParticipant;
  /** Sends the first offer (offerer only). */
  start(): void;
  handle(signal: CallSignal): void;
  setTrack(kind: MediaKind, track: MediaStreamTrack | null): void;
  /** Tells the member the own microphone and camera if they changed since last told (once connected). */
  sayMediaState(): void;
  close(): void;
}

export function createMeshPeer(deps: MeshPeerDeps): MeshPeer {
  const { pc, id } = deps;
  const senders = new Map<MediaKind, RTCRtpSender>();
  const remoteTracks = new Map<string, MediaStreamTrack>();
  let view: RemoteParticipant = { id, stream: undefined, state: 'connecting' };
  let pending: RTCIceCandidateInit[] = [];
  let outgoing: RTCIceCandidateInit[] = [];
  let batchTimer: ReturnType<typeof setTimeout> | undefined;
  let connectTimer: ReturnType<typeof setTimeout> | undefined;
  let everConnected = false;
  // One ICE restart per outage: the offerer sends it, the answerer notes that it came.
  let restartUsed = false;
  let closed = false;
  // The media state last told ('audio,video'). It is told from the first connection on, when the member
  // surely has this connection to apply it to, and again on each (re)connection: a signal lost meanwhile
  // is made good then.
  let toldMediaState: string | undefined;
  // Signals are applied one at a time, in arrival order: each step awaits the previous description.
  let chain: Promise<void> = Promise.resolve();

  const update = (next: Partial<RemoteParticipant>) => {
    if (closed) return;
    view = { ...view, ...next };
    deps.onChange();
  };
  const setState = (state: PeerConnectionState) => {
    if (view.state !== state) update({ state });
  };
  const send = (signal: CallSignal) => {
    if (!closed) deps.send(signal);
  };
  const enqueue = (step: () => Promise<void>) => {
    chain = chain.then(step).catch(() => {
      // A description the browser refuses leaves nothing to retry with: the member shows as failed.
      clearConnectTimer();
      setState('failed');
    });
  };

  const sayMediaState = (again: boolean) => {
    if (!everConnected) return;
    const { audio, video } = deps.mediaState();
    const said = `${audio},${video}`;
    if (!again && said === toldMediaState) return;
    toldMediaState = said;
    send({ kind: 'media-state', audio, video });
  };

  const armConnectTimer = () => {
    connectTimer ??= setTimeout(() => {
      connectTimer = undefined;
      setState('failed');
    }, CONNECT_TIMEOUT_MS);
  };
  const clearConnectTimer = () => {
    clearTimeout(connectTimer);
    connectTimer = undefined;
  };

  const flushCandidates = () => {
    clearTimeout(batchTimer);
    batchTimer = undefined;
    if (outgoing.length === 0) return;
    const candidates = outgoing;
    outgoing = [];
    send({ kind: 'candidates', candidates });
  };

  const addRemoteCandidates = async (candidates: RTCIceCandidateInit[]) => {
    for (const candidate of candidates) {
      // One candidate the browser cannot use (another network, an old ICE generation) is no failure.
      await pc.addIceCandidate(candidate).catch(() => undefined);
    }
  };
  const applyRemote = async (description: RTCSessionDescriptionInit) => {
    await pc.setRemoteDescription(description);
    const queued = pending;
    pending = [];
    await addRemoteCandidates(queued);
  };

  const sendOffer = async (iceRestart: boolean) => {
    const offer = await pc.createOffer(iceRestart ? { iceRestart: true } : undefined);
    await pc.setLocalDescription(offer);
    send({ kind: 'offer', sdp: offer.sdp ?? '' });
  };

  const onOffer = async (sdp: string) => {
    const renegotiation = pc.remoteDescription !== null;
    if (renegotiation && view.state !== 'connected') restartUsed = true;
    await applyRemote({ type: 'offer', sdp });
    if (!renegotiation) {
      // The offer made an audio and a video transceiver here: send on them too, with whatever we have.
      for (const transceiver of pc.getTransceivers()) {
        const kind = transceiver.receiver.track.kind as MediaKind;
        if (senders.has(kind) || !KINDS.includes(kind)) continue;
        transceiver.direction = 'sendrecv';
        senders.set(kind, transceiver.sender);
        await transceiver.sender.replaceTrack(deps.localTrack(kind));
      }
    }
    const answer = await pc.createAnswer();
    await pc.setLocalDescription(answer);
    send({ kind: 'answer', sdp: answer.sdp ?? '' });
  };

  const onConnectionState = () => {
    switch (pc.connectionState) {
      case 'new':
      case 'connecting':
        armConnectTimer();
        setState(everConnected || restartUsed ? 'reconnecting' : 'connecting');
        return;
      case 'connected':
        everConnected = true;
        restartUsed = false;
        clearConnectTimer();
        setState('connected');
        sayMediaState(true);
        return;
      case 'disconnected':
        // Often a short network change the browser recovers from by itself.
        armConnectTimer();
        setState('reconnecting');
        return;
      case 'failed':
        if (restartUsed) {
          clearConnectTimer();
          setState('failed');
          return;
        }
        armConnectTimer();
        setState('reconnecting');
        if (deps.offerer) {
          restartUsed = true;
          enqueue(() => sendOffer(true));
        }
        return;
      case 'closed':
        return;
    }
  };

  pc.onicecandidate = (event) => {
    if (closed) return;
    if (!event.candidate) {
      flushCandidates(); // Gathering is complete: nothing more will join this batch.
      return;
    }
    outgoing.push(event.candidate.toJSON());
    batchTimer ??= setTimeout(flushCandidates, CANDIDATE_BATCH_MS);
  };
  pc.ontrack = (event) => {
    remoteTracks.set(event.track.kind, event.track);
    // A new stream object, so that a video element already showing the audio picks up the video too.
    update({ stream: deps.createStream([...remoteTracks.values()]) });
  };
  pc.onconnectionstatechange = onConnectionState;
  armConnectTimer();

  return {
    id,
    session: undefined,
    view: () => view,
    start() {
      // Both kinds always, even without a camera: turning it on later is a replaceTrack, no renegotiation,
      // and the other side's video arrives either way.
      for (const kind of KINDS) {
        const transceiver = pc.addTransceiver(deps.localTrack(kind) ?? kind, { direction: 'sendrecv' });
        senders.set(kind, transceiver.sender);
      }
      enqueue(() => sendOffer(false));
    },
    handle(signal) {
      switch (signal.kind) {
        case 'offer':
          enqueue(() => onOffer(signal.sdp));
          return;
        case 'answer':
          enqueue(async () => {
            if (pc.signalingState === 'have-local-offer') await applyRemote({ type: 'answer', sdp: signal.sdp });
          });
          return;
        case 'candidates':
          enqueue(async () => {
            if (pc.remoteDescription) await addRemoteCandidates(signal.candidates);
            else pending.push(...signal.candidates);
          });
          return;
        case 'media-state':
          // What they say of their own microphone and camera (their tracks cannot tell: see CallSignal).
          if (view.microphoneOn !== signal.audio || view.cameraOn !== signal.video) update({ microphoneOn: signal.audio, cameraOn: signal.video });
          return;
        case 'bye':
          return; // The owner removes the member.
      }
    },
    setTrack(kind, track) {
      void senders
        .get(kind)
        ?.replaceTrack(track)
        .catch(() => undefined);
    },
    sayMediaState: () => sayMediaState(false),
    close() {
      if (closed) return;
      closed = true;
      clearTimeout(batchTimer);
      clearConnectTimer();
      pc.onicecandidate = null;
      pc.ontrack = null;
      pc.onconnectionstatechange = null;
      pc.close();
    },
  };
}
