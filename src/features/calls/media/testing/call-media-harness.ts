// The mesh under test, with fake WebRTC, fake devices and the in-memory signalling hub.
import { vi } from 'vitest';
import type { CallMedia } from '../call-media.ts';
import { createMeshCallMedia } from '../mesh-call-media.ts';
import { createSignallingHub, type FakeRoom } from './fake-signalling.ts';
import { FakeMediaDevices, FakeMediaStream, FakePeerConnection } from './fake-webrtc.ts';

export const ROOM = 'meet-room-1';
export const ALICE = '42';
export const BOB = '43';
export const CAROL = '44';
export const DAVE = '45';
export const ERIN = '46';

export type SignallingHub = ReturnType<typeof createSignallingHub>;

/** Fake timers, a MediaStream, and a fresh hub; call from beforeEach and undo with tearDownHarness. */
export function setUpHarness(): SignallingHub {
  vi.useFakeTimers();
  vi.stubGlobal('MediaStream', FakeMediaStream);
  return createSignallingHub();
}
export function tearDownHarness() {
  vi.useRealTimers();
  vi.unstubAllGlobals();
}

/** Lets the async negotiation steps (each an awaited browser call) run to the end. */
export async function settle() {
  for (let i = 0; i < 50; i++) await Promise.resolve();
}
export async function elapse(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
  await settle();
}

export function member(
  hub: SignallingHub,
  selfId: string,
  options: { devices?: FakeMediaDevices; mediaDevices?: null; maxParticipants?: number } = {},
) {
  const devices = options.devices ?? new FakeMediaDevices();
  const peers: FakePeerConnection[] = [];
  const media = createMeshCallMedia({
    signalling: async () => hub.signalling(selfId),
    iceServers: [],
    mediaDevices: options.mediaDevices === null ? undefined : (devices as unknown as MediaDevices),
    createPeer: (config) => {
      const pc = new FakePeerConnection(config);
      peers.push(pc);
      return pc as unknown as RTCPeerConnection;
    },
    maxParticipants: options.maxParticipants,
  });
  return { media, peers, devices };
}

export const remoteIds = (media: CallMedia) => media.getState().remotes.map((remote) => remote.id);
export const remoteState = (media: CallMedia, id: string) => media.getState().remotes.find((remote) => remote.id === id)?.state;
export const localTrack = (media: CallMedia, kind: 'audio' | 'video') =>
  (media.getState().local as unknown as FakeMediaStream | undefined)?.getTracks().find((track) => track.kind === kind);

export async function offerFrom(room: FakeRoom, to: string) {
  room.send(to, { kind: 'offer', sdp: `offer from ${room.selfId}` });
  await settle();
}
