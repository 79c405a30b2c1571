import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CANDIDATE_BATCH_MS, CONNECT_TIMEOUT_MS } from './mesh-peer.ts';
import {
  ALICE,
  BOB,
  CAROL,
  DAVE,
  ERIN,
  elapse,
  localTrack,
  member as memberOf,
  offerFrom,
  remoteIds,
  remoteState,
  ROOM,
  settle,
  setUpHarness,
  tearDownHarness,
  type SignallingHub,
} from './testing/call-media-harness.ts';
import type { FakeMediaStream } from './testing/fake-webrtc.ts';

let hub: SignallingHub;
const member = (selfId: string) => memberOf(hub, selfId);

beforeEach(() => {
  hub = setUpHarness();
});
afterEach(tearDownHarness);

describe('joining a meet room', () => {
  it('offers to every member already present, with audio and video, and not to those who join later', async () => {
    const bob = hub.joinRoom(ROOM, BOB);
    const carol = hub.joinRoom(ROOM, CAROL);
    const alice = member(ALICE);
    await alice.media.startLocal({ video: true });
    await alice.media.join(ROOM);
    await settle();

    expect(bob.received.map((entry) => entry.signal.kind)).toEqual(['offer']);
    expect(carol.received.map((entry) => entry.signal.kind)).toEqual(['offer']);
    expect(alice.media.getState()).toMatchObject({ joined: true, full: false });
    expect(remoteIds(alice.media)).toEqual([BOB, CAROL]);
    expect(remoteState(alice.media, BOB)).toBe('connecting');
    const [toBob] = alice.peers;
    expect(toBob?.transceivers.map((t) => [t.receiver.track.kind, t.direction])).toEqual([
      ['audio', 'sendrecv'],
      ['video', 'sendrecv'],
    ]);
    expect(toBob?.sender('video')?.track).toBe(localTrack(alice.media, 'video'));

    hub.joinRoom(ROOM, DAVE);
    await settle();
    expect(hub.signals(ALICE, DAVE)).toEqual([]);
    expect(alice.peers).toHaveLength(2);
  });

  it('answers the offer of a member who joins later and shows their audio and video', async () => {
    const alice = member(ALICE);
    await alice.media.startLocal({ video: true });
    await alice.media.join(ROOM);
    const bob = hub.joinRoom(ROOM, BOB);
    await offerFrom(bob, ALICE);

    expect(bob.received.map((entry) => entry.signal)).toEqual([{ kind: 'answer', sdp: expect.any(String) }]);
    const [pc] = alice.peers;
    expect(pc?.remoteDescription).toEqual({ type: 'offer', sdp: `offer from ${BOB}` });
    expect(pc?.transceivers.map((t) => t.direction)).toEqual(['sendrecv', 'sendrecv']);
    expect(pc?.sender('audio')?.track).toBe(localTrack(alice.media, 'audio'));
    expect(pc?.sender('video')?.track).toBe(localTrack(alice.media, 'video'));

    pc?.receiveTracks();
    pc?.setConnectionState('connected');
    const [remote] = alice.media.getState().remotes;
    expect(remote?.state).toBe('connected');
    expect((remote?.stream as unknown as FakeMediaStream).getTracks().map((track) => track.kind)).toEqual(['audio', 'video']);
  });

  it('negotiates between two members: the joiner offers, the other answers, the joiner applies the answer', async () => {
    const alice = member(ALICE);
    const bob = member(BOB);
    await alice.media.join(ROOM);
    await bob.media.join(ROOM);
    await settle();

    expect(hub.signals(BOB, ALICE, 'offer')).toHaveLength(1);
    expect(hub.signals(ALICE, BOB, 'offer')).toHaveLength(0);
    expect(hub.signals(ALICE, BOB, 'answer')).toHaveLength(1);
    expect(bob.peers[0]?.remoteDescription?.type).toBe('answer');
    expect(bob.peers[0]?.signalingState).toBe('stable');
    expect(remoteIds(alice.media)).toEqual([BOB]);
    expect(remoteIds(bob.media)).toEqual([ALICE]);
  });

  it('does not connect when the room already holds the limit, and frees its place', async () => {
    for (const id of [BOB, CAROL, DAVE, ERIN]) hub.joinRoom(ROOM, id);
    const alice = member(ALICE);
    await alice.media.join(ROOM);
    await settle();

    expect(alice.media.getState()).toMatchObject({ full: true, joined: false, remotes: [] });
    expect(alice.peers).toHaveLength(0);
    expect(hub.sent).toHaveLength(0);
    expect(hub.members(ROOM)).not.toContain(ALICE);
  });

  it('connects when the room has one place left', async () => {
    for (const id of [BOB, CAROL, DAVE]) hub.joinRoom(ROOM, id);
    const alice = member(ALICE);
    await alice.media.join(ROOM);
    await settle();
    expect(alice.media.getState().full).toBe(false);
    expect(remoteIds(alice.media)).toEqual([BOB, CAROL, DAVE]);
  });

  it('joins receive-only without local media and sends once the microphone is granted, without renegotiating', async () => {
    hub.joinRoom(ROOM, BOB);
    const alice = member(ALICE);
    await alice.media.join(ROOM);
    await settle();
    const [pc] = alice.peers;
    expect(pc?.sender('audio')?.track).toBeNull();

    await alice.media.startLocal({ video: false });
    await settle();
    expect(pc?.sender('audio')?.track).toBe(localTrack(alice.media, 'audio'));
    expect(pc?.offerOptions).toHaveLength(1);
  });
});

describe('ICE candidates', () => {
  it('sends the candidates gathered within a short window as one signal', async () => {
    const bob = hub.joinRoom(ROOM, BOB);
    const alice = member(ALICE);
    await alice.media.join(ROOM);
    await settle();
    const pc = alice.peers[0]!;

    pc.gather('candidate 1');
    await elapse(CANDIDATE_BATCH_MS / 2);
    pc.gather('candidate 2');
    expect(hub.signals(ALICE, BOB, 'candidates')).toHaveLength(0);
    await elapse(CANDIDATE_BATCH_MS);
    expect(hub.signals(ALICE, BOB, 'candidates')).toEqual([
      {
        kind: 'candidates',
        candidates: [
          { candidate: 'candidate 1', sdpMid: '0' },
          { candidate: 'candidate 2', sdpMid: '0' },
        ],
      },
    ]);

    pc.gather('candidate 3');
    pc.endGathering();
    expect(hub.signals(ALICE, BOB, 'candidates')).toHaveLength(2);
    expect(bob.received.at(-1)?.signal).toEqual({ kind: 'candidates', candidates: [{ candidate: 'candidate 3', sdpMid: '0' }] });
  });

  it('keeps candidates that arrive before the answer and applies them after it', async () => {
    const bob = hub.joinRoom(ROOM, BOB);
    const alice = member(ALICE);
    await alice.media.join(ROOM);
    await settle();
    const pc = alice.peers[0]!;

    bob.send(ALICE, { kind: 'candidates', candidates: [{ candidate: 'early', sdpMid: '0' }] });
    await settle();
    expect(pc.addedCandidates).toEqual([]);

    bob.send(ALICE, { kind: 'answer', sdp: 'answer from bob' });
    bob.send(ALICE, { kind: 'candidates', candidates: [{ candidate: 'late', sdpMid: '0' }] });
    await settle();
    expect(pc.remoteDescription).toEqual({ type: 'answer', sdp: 'answer from bob' });
    expect(pc.addedCandidates.map((candidate) => candidate.candidate)).toEqual(['early', 'late']);
  });
});

describe('members leaving and rejoining', () => {
  async function aliceWithBob() {
    const alice = member(ALICE);
    await alice.media.join(ROOM);
    const bob = hub.joinRoom(ROOM, BOB);
    await offerFrom(bob, ALICE);
    return { alice, bob };
  }

  it('removes a member who says bye', async () => {
    const { alice, bob } = await aliceWithBob();
    bob.send(ALICE, { kind: 'bye' });
    expect(alice.media.getState().remotes).toEqual([]);
    expect(alice.peers[0]?.closed).toBe(true);
  });

  it('removes a member who leaves the channel', async () => {
    const { alice, bob } = await aliceWithBob();
    bob.leave();
    expect(alice.media.getState().remotes).toEqual([]);
    expect(alice.peers[0]?.closed).toBe(true);
  });

  it('starts afresh when a member comes back with a new session, and ignores the old one', async () => {
    const { alice, bob } = await aliceWithBob();
    alice.peers[0]?.setConnectionState('connected');

    const bobAgain = hub.joinRoom(ROOM, BOB);
    await offerFrom(bobAgain, ALICE);
    expect(alice.peers).toHaveLength(2);
    expect(alice.peers[0]?.closed).toBe(true);
    expect(alice.peers[1]?.remoteDescription?.sdp).toBe(`offer from ${BOB}`);
    expect(bobAgain.received.map((entry) => entry.signal.kind)).toEqual(['answer']);
    expect(alice.media.getState().remotes).toEqual([{ id: BOB, stream: undefined, state: 'connecting' }]);

    bob.send(ALICE, { kind: 'candidates', candidates: [{ candidate: 'stale', sdpMid: '0' }] });
    bob.send(ALICE, { kind: 'bye' });
    await settle();
    expect(alice.peers).toHaveLength(2);
    expect(alice.peers[1]?.closed).toBe(false);
    expect(alice.peers[1]?.addedCandidates).toEqual([]);
    expect(remoteIds(alice.media)).toEqual([BOB]);
  });
});

describe('connection failures', () => {
  it('the offerer restarts ICE once, then gives up', async () => {
    const bob = hub.joinRoom(ROOM, BOB);
    const alice = member(ALICE);
    await alice.media.join(ROOM);
    await settle();
    bob.send(ALICE, { kind: 'answer', sdp: 'answer from bob' });
    await settle();
    const pc = alice.peers[0]!;
    pc.setConnectionState('connected');

    pc.setConnectionState('disconnected');
    expect(remoteState(alice.media, BOB)).toBe('reconnecting');
    pc.setConnectionState('failed');
    await settle();
    expect(remoteState(alice.media, BOB)).toBe('reconnecting');
    expect(pc.offerOptions).toEqual([undefined, { iceRestart: true }]);
    expect(hub.signals(ALICE, BOB, 'offer')).toHaveLength(2);

    pc.setConnectionState('failed');
    await settle();
    expect(remoteState(alice.media, BOB)).toBe('failed');
    expect(pc.offerOptions).toHaveLength(2);
  });

  it('recovers when the restart connects', async () => {
    hub.joinRoom(ROOM, BOB);
    const alice = member(ALICE);
    await alice.media.join(ROOM);
    await settle();
    const pc = alice.peers[0]!;
    pc.setConnectionState('failed');
    await settle();
    pc.setConnectionState('connected');
    expect(remoteState(alice.media, BOB)).toBe('connected');
  });

  it('the answerer waits for the restart and shows failed when nothing connects within the time limit', async () => {
    const alice = member(ALICE);
    await alice.media.join(ROOM);
    const bob = hub.joinRoom(ROOM, BOB);
    await offerFrom(bob, ALICE);
    const pc = alice.peers[0]!;
    pc.setConnectionState('connected');
    pc.setConnectionState('failed');
    await settle();
    expect(remoteState(alice.media, BOB)).toBe('reconnecting');
    expect(hub.signals(ALICE, BOB, 'offer')).toHaveLength(0);

    await elapse(CONNECT_TIMEOUT_MS);
    expect(remoteState(alice.media, BOB)).toBe('failed');
  });

  it('shows failed when the first connection never comes up', async () => {
    hub.joinRoom(ROOM, BOB);
    const alice = member(ALICE);
    await alice.media.join(ROOM);
    await settle();
    await elapse(CONNECT_TIMEOUT_MS - 1);
    expect(remoteState(alice.media, BOB)).toBe('connecting');
    await elapse(1);
    expect(remoteState(alice.media, BOB)).toBe('failed');
  });
});


describe('leaving', () => {
  it('says bye to everyone, closes the connections, releases the devices and leaves the room, once', async () => {
    const bob = hub.joinRoom(ROOM, BOB);
    const carol = hub.joinRoom(ROOM, CAROL);
    const alice = member(ALICE);
    await alice.media.startLocal({ video: true });
    await alice.media.join(ROOM);
    await settle();
    const tracks = [localTrack(alice.media, 'audio')!, localTrack(alice.media, 'video')!];
    const listener = vi.fn();
    alice.media.subscribe(listener);

    alice.media.leave();
    expect(bob.received.at(-1)?.signal).toEqual({ kind: 'bye' });
    expect(carol.received.at(-1)?.signal).toEqual({ kind: 'bye' });
    expect(alice.peers.every((pc) => pc.closed)).toBe(true);
    expect(tracks.map((track) => track.readyState)).toEqual(['ended', 'ended']);
    expect(hub.members(ROOM)).toEqual([BOB, CAROL]);
    expect(alice.media.getState()).toMatchObject({ joined: false, local: undefined, remotes: [] });

    const sent = hub.sent.length;
    listener.mockClear();
    alice.media.leave();
    expect(hub.sent).toHaveLength(sent);
    expect(listener).not.toHaveBeenCalled();
  });

  it('a join still under way when leaving does not stay in the room', async () => {
    const alice = member(ALICE);
    const joining = alice.media.join(ROOM);
    alice.media.leave();
    await joining;
    expect(hub.members(ROOM)).toEqual([]);
    expect(alice.media.getState().joined).toBe(false);
  });
});
