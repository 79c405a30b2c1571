import { afterEach, describe, expect, it, vi } from 'vitest';
import { openPeer, settled } from './janus-peer.ts';
import { FakeHandle, FakeJanusPeer, FakeVideoRoom } from './testing/fake-janus.ts';

afterEach(() => {
  FakeJanusPeer.initialState = 'connected';
});

/** A fake connection that records the candidates given to it. */
class CandidatePeer extends FakeJanusPeer {
  readonly added: (RTCIceCandidateInit | undefined)[] = [];
  override async addIceCandidate(candidate?: RTCIceCandidateInit) {
    this.added.push(candidate);
  }
}

describe('a handle’s peer connection', () => {
  it('is one bundle, trickles our candidates to Janus and takes Janus’s', async () => {
    const handle = new FakeHandle(new FakeVideoRoom());
    const core: ((event: { janus: string; [key: string]: unknown }) => void)[] = [];
    handle.onCoreEvent = (listener) => void core.push(listener);
    let peer: CandidatePeer | undefined;
    openPeer(
      {
        iceServers: [{ urls: 'stun:example.org' }],
        createPeer: (config) => {
          peer = new CandidatePeer(config);
          return peer as unknown as RTCPeerConnection;
        },
      },
      handle,
    );
    expect(peer!.config).toEqual({ iceServers: [{ urls: 'stun:example.org' }], bundlePolicy: 'max-bundle' });

    const candidate = { candidate: 'candidate:1', sdpMid: '0' };
    peer!.dispatchEvent(Object.assign(new Event('icecandidate'), { candidate: { toJSON: () => candidate } }));
    peer!.dispatchEvent(Object.assign(new Event('icecandidate'), { candidate: null }));
    expect(handle.candidates).toEqual([candidate, null]);

    for (const listener of core) {
      listener({ janus: 'trickle', candidate: { candidate: 'candidate:2', sdpMid: '0' } });
      listener({ janus: 'trickle', candidate: { completed: true } });
      listener({ janus: 'webrtcup' });
    }
    expect(peer!.added).toEqual([{ candidate: 'candidate:2', sdpMid: '0' }, undefined]);
  });
});

describe('settled', () => {
  it('resolves at once for a connection up, failed or closed, and otherwise when it gets there', async () => {
    await settled(new FakeJanusPeer({}) as unknown as RTCPeerConnection, 10_000);
    FakeJanusPeer.initialState = 'connecting';
    const peer = new FakeJanusPeer({});
    let done = false;
    void settled(peer as unknown as RTCPeerConnection, 10_000).then(() => (done = true));
    peer.setState('checking' as RTCPeerConnectionState);
    await Promise.resolve();
    expect(done).toBe(false);
    peer.setState('failed');
    await vi.waitFor(() => expect(done).toBe(true));
  });

  it('gives up waiting after its timeout', async () => {
    vi.useFakeTimers();
    FakeJanusPeer.initialState = 'connecting';
    let done = false;
    void settled(new FakeJanusPeer({}) as unknown as RTCPeerConnection, 10_000).then(() => (done = true));
    await vi.runAllTimersAsync();
    expect(done).toBe(true);
    vi.useRealTimers();
  });
});
