// The call media as a WebRTC mesh: one RTCPeerConnection per other member of the meet room, with the
// call signalling (src/shared/domain/call-signalling.ts) as the only server involved. The member who joins offers to
// everyone already present and the others answer, so two offers never cross. Nothing here needs a
// STUN or TURN server when both ends can reach each other directly (iceServers may be empty).
import type { CallSignalling, MembershipChange, ReceivedSignal, SignallingRoom } from '../../../shared/domain/call-signalling.ts';
import { MESH_LIMIT, NO_MEDIA, type CallMedia } from './call-media.ts';
import { createMediaFacade } from './media-facade.ts';
import { createMeshPeer, type MeshPeer } from './mesh-peer.ts';

export interface MeshCallMediaOptions {
  signalling: () => Promise<CallSignalling>;
  iceServers: RTCIceServer[];
  /** Default: navigator.mediaDevices (absent outside a secure context). */
  mediaDevices?: MediaDevices;
  createPeer?: (config: RTCConfiguration) => RTCPeerConnection;
  /** People in one call, oneself included. Default MESH_LIMIT. */
  maxParticipants?: number;
}

export function createMeshCallMedia(options: MeshCallMediaOptions): CallMedia {
  const limit = options.maxParticipants ?? MESH_LIMIT;
  const createPeer = options.createPeer ?? ((config: RTCConfiguration) => new RTCPeerConnection(config));
  let joinAttempt = 0; // bumped by each join and by leave(): a join answered after leave() is undone
  let room: SignallingRoom | undefined;
  let joining = false;
  let presentSeen = false;
  let unsubscribe: (() => void)[] = [];
  const peers = new Map<string, MeshPeer>();
  const retired = new Set<string>(); // `${member}\n${session}` of connections already closed

  const media = createMediaFacade({
    initial: { ...NO_MEDIA, capacity: limit },
    devices: () => options.mediaDevices ?? globalThis.navigator?.mediaDevices,
    send(kind, track) {
      for (const peer of peers.values()) peer.setTrack(kind, track ?? null);
    },
    // The others see the own microphone and camera only as told (each peer tells a change once).
    onLocalChange: () => {
      for (const peer of peers.values()) peer.sayMediaState();
    },
  });
  const { local, set, getState } = media;
  const publishRemotes = () => set({ remotes: [...peers.values()].map((peer) => peer.view()) });

  const addPeer = (id: string, offerer: boolean, session: string | undefined) => {
    const signallingRoom = room;
    if (!signallingRoom) return undefined;
    const peer = createMeshPeer({
      id,
      offerer,
      pc: createPeer({ iceServers: options.iceServers, bundlePolicy: 'max-bundle' }),
      send(signal) {
        try {
          signallingRoom.send(id, signal);
        } catch {
          // The room is gone (the connection dropped): leave() or the member's removal closes this peer.
        }
      },
      localTrack: (kind) => local.track(kind) ?? null,
      // As the group calls say it (janus-call-media.ts): a microphone not opened is off too.
      mediaState: () => ({ audio: getState().microphoneOn && !!local.track('audio'), video: getState().cameraOn }),
      createStream: (tracks) => new MediaStream(tracks),
      onChange: publishRemotes,
    });
    peer.session = session;
    peers.set(id, peer);
    publishRemotes();
    if (offerer) peer.start();
    return peer;
  };

  const removePeer = (id: string) => {
    const peer = peers.get(id);
    if (!peer) return;
    peer.close();
    if (peer.session) retired.add(`${id}\n${peer.session}`);
    peers.delete(id);
    publishRemotes();
  };

  const leaveRoom = () => {
    for (const stop of unsubscribe) stop();
    unsubscribe = [];
    room?.leave();
    room = undefined;
  };

  const onMembership = (change: MembershipChange) => {
    const self = room?.selfId;
    switch (change.type) {
      case 'present': {
        const others = change.ids.filter((id) => id !== self);
        if (presentSeen) {
          // The channel was joined again: whoever is gone by now has left the call.
          for (const id of [...peers.keys()]) if (!others.includes(id)) removePeer(id);
          return;
        }
        presentSeen = true;
        if (others.length + 1 > limit) {
          // Leave at once: staying would only make the room look fuller to the next one who joins.
          leaveRoom();
          set({ full: true, joined: false });
          return;
        }
        for (const id of others) addPeer(id, true, undefined);
        return;
      }
      case 'added':
        return; // They offer to us once their channel is joined.
      case 'removed':
        removePeer(change.id);
        return;
    }
  };

  const onSignal = ({ from, session, signal }: ReceivedSignal) => {
    if (!room || from === room.selfId || retired.has(`${from}\n${session}`)) return;
    let peer = peers.get(from);
    if (peer?.session !== undefined && peer.session !== session) {
      // They left and joined again (a reload, another device): the old connection is dead.
      removePeer(from);
      peer = undefined;
    }
    if (signal.kind === 'bye') {
      removePeer(from);
      retired.add(`${from}\n${session}`);
      return;
    }
    if (!peer) {
      if (signal.kind !== 'offer') return; // A leftover of a connection that is gone.
      peer = addPeer(from, false, session);
      if (!peer) return;
    }
    peer.session ??= session;
    peer.handle(signal);
  };

  async function join(meetRoomUuid: string): Promise<void> {
    if (room || joining) throw new Error('call media: already joined');
    joining = true;
    const attempt = ++joinAttempt;
    try {
      const signalling = await options.signalling();
      const joined = await signalling.join(meetRoomUuid);
      if (attempt !== joinAttempt) {
        joined.leave(); // leave() came first
        return;
      }
      room = joined;
      presentSeen = false;
      set({ joined: true, full: false });
      unsubscribe.push(joined.onSignal(onSignal));
      // `present` may come at once, and a full room is left inside that call.
      const stopMembership = joined.onMembership(onMembership);
      if (room === joined) unsubscribe.push(stopMembership);
      else stopMembership();
    } finally {
      if (attempt === joinAttempt) joining = false;
    }
  }

  function leave(): void {
    joinAttempt++;
    joining = false;
    const signallingRoom = room;
    for (const peer of [...peers.values()]) {
      try {
        signallingRoom?.send(peer.id, { kind: 'bye' });
      } catch {
        // The connection is already down: the presence channel tells them instead.
      }
      removePeer(peer.id);
    }
    leaveRoom();
    media.left();
  }

  return media.build({
    join,
    // Every member's video arrives anyway (a mesh has no one to ask), and it carries no screen.
    setVisibleVideos: () => undefined,
    shareScreen: () => Promise.reject(new Error('call media: the mesh does not carry a shared screen')),
    leave,
  });
}
