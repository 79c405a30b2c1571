// The other member's microphone and camera in the mesh (a direct call): told by a `media-state` signal
// once connected and on each change, since a muted microphone still sends silence and a camera turned
// off black frames. And a voice call: the microphone alone is opened, and the camera comes in later
// on the video transceiver already negotiated.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CallMedia, RemoteParticipant } from './call-media.ts';
import { ALICE, BOB, CAROL, localTrack, member as memberOf, ROOM, settle, setUpHarness, tearDownHarness, type SignallingHub } from './testing/call-media-harness.ts';
import type { FakePeerConnection } from './testing/fake-webrtc.ts';

let hub: SignallingHub;
const member = (selfId: string) => memberOf(hub, selfId);

beforeEach(() => {
  hub = setUpHarness();
});
afterEach(tearDownHarness);

const said = (media: CallMedia, id: string): Pick<RemoteParticipant, 'microphoneOn' | 'cameraOn'> => {
  const remote = media.getState().remotes.find((entry) => entry.id === id);
  return { microphoneOn: remote?.microphoneOn, cameraOn: remote?.cameraOn };
};
const connect = (...peers: (FakePeerConnection | undefined)[]) => {
  for (const pc of peers) pc?.setConnectionState('connected');
};

/** Alice (the caller: in the room first) and Bob (who answers: joins and offers), with `video` each. */
async function directCall(video: { alice: boolean; bob: boolean }) {
  const alice = member(ALICE);
  await alice.media.startLocal({ video: video.alice });
  await alice.media.join(ROOM);
  const bob = member(BOB);
  await bob.media.startLocal({ video: video.bob });
  await bob.media.join(ROOM);
  await settle();
  return { alice, bob };
}

describe("the other member's microphone and camera", () => {
  it('are told once connected, and again on each change; the other side shows what it was told', async () => {
    const { alice, bob } = await directCall({ alice: true, bob: true });
    expect(hub.signals(BOB, ALICE, 'media-state')).toEqual([]);
    expect(said(alice.media, BOB)).toEqual({ microphoneOn: undefined, cameraOn: undefined });

    connect(alice.peers[0], bob.peers[0]);
    expect(hub.signals(BOB, ALICE, 'media-state')).toEqual([{ kind: 'media-state', audio: true, video: true }]);
    expect(hub.signals(ALICE, BOB, 'media-state')).toEqual([{ kind: 'media-state', audio: true, video: true }]);
    expect(said(alice.media, BOB)).toEqual({ microphoneOn: true, cameraOn: true });

    bob.media.setMicrophone(false);
    expect(said(alice.media, BOB)).toEqual({ microphoneOn: false, cameraOn: true });
    await bob.media.setCamera(false);
    expect(said(alice.media, BOB)).toEqual({ microphoneOn: false, cameraOn: false });
    // Nothing new, nothing sent.
    bob.media.setMicrophone(false);
    await bob.media.setCamera(false);
    expect(hub.signals(BOB, ALICE, 'media-state')).toEqual([
      { kind: 'media-state', audio: true, video: true },
      { kind: 'media-state', audio: false, video: true },
      { kind: 'media-state', audio: false, video: false },
    ]);
    // Alice's own side stays as she has it.
    expect(said(bob.media, ALICE)).toEqual({ microphoneOn: true, cameraOn: true });
  });

  it('reach one who connects later, or again, as they are now', async () => {
    const { alice, bob } = await directCall({ alice: true, bob: true });
    alice.media.setMicrophone(false);
    await alice.media.setCamera(false);
    connect(alice.peers[0], bob.peers[0]);
    expect(said(bob.media, ALICE)).toEqual({ microphoneOn: false, cameraOn: false });

    // A network change: once connected again, it is told again (a signal lost meanwhile is made good).
    alice.peers[0]?.setConnectionState('disconnected');
    alice.peers[0]?.setConnectionState('connected');
    expect(hub.signals(ALICE, BOB, 'media-state')).toEqual([
      { kind: 'media-state', audio: false, video: false },
      { kind: 'media-state', audio: false, video: false },
    ]);
  });

  it('from someone not connected to, change nothing', async () => {
    const alice = member(ALICE);
    await alice.media.join(ROOM);
    const carol = hub.joinRoom(ROOM, CAROL);
    carol.send(ALICE, { kind: 'media-state', audio: false, video: false });
    await settle();
    expect(alice.media.getState().remotes).toEqual([]);
    expect(alice.peers).toHaveLength(0);
  });
});

describe('a voice call', () => {
  it('opens the microphone only, tells the other side the camera is off, and turning it on sends video without renegotiating', async () => {
    const { alice, bob } = await directCall({ alice: false, bob: true });
    expect(alice.devices.requests).toEqual([{ audio: true, video: false }]);
    expect(alice.media.getState()).toMatchObject({ audioOnly: true, cameraOn: false });
    connect(alice.peers[0], bob.peers[0]);
    expect(said(bob.media, ALICE)).toEqual({ microphoneOn: true, cameraOn: false });
    const pc = alice.peers[0]!;
    expect(pc.sender('video')?.track).toBeNull();

    await alice.media.setCamera(true);
    await settle();
    expect(alice.devices.requests.at(-1)).toMatchObject({ audio: false, video: expect.any(Object) });
    const camera = localTrack(alice.media, 'video');
    expect(camera?.readyState).toBe('live');
    expect(pc.sender('video')?.track).toBe(camera);
    expect(alice.media.getState()).toMatchObject({ audioOnly: false, cameraOn: true });
    expect(said(bob.media, ALICE)).toEqual({ microphoneOn: true, cameraOn: true });
    // The video transceiver was there from the first offer: no new offer, no new answer.
    expect(hub.signals(BOB, ALICE, 'offer')).toHaveLength(1);
    expect(hub.signals(ALICE, BOB, 'answer')).toHaveLength(1);
  });
});
