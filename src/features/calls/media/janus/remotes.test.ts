import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PeerConnectionState } from '../call-media.ts';
import { FakeTrack } from '../testing/fake-webrtc.ts';
import { createRemotes } from './remotes.ts';
import { cameraId, janusTestContext } from './testing/janus-test-context.ts';

let test: ReturnType<typeof janusTestContext>;
/** The tracks the subscription receives, by feed and kind. */
let received: Map<string, FakeTrack>;
let link: PeerConnectionState;
let talking: Set<number>;
let lastSpeaker: string | undefined;

beforeEach(() => {
  test = janusTestContext();
  received = new Map();
  link = 'connected';
  talking = new Set();
  lastSpeaker = undefined;
});

afterEach(() => vi.unstubAllGlobals());

const receive = (feed: number, kind: 'audio' | 'video') => {
  const track = new FakeTrack(kind);
  received.set(`${feed}:${kind}`, track);
  return track;
};

function remotes() {
  return createRemotes(test.ctx, {
    subscription: {
      trackOf: (feed, type) => received.get(`${feed}:${type}`) as unknown as MediaStreamTrack | undefined,
      connectionState: () => link,
    },
    speaker: { isTalking: (feed) => talking.has(feed), current: (shown) => (lastSpeaker && shown.has(lastSpeaker) ? lastSpeaker : undefined) },
  });
}
const shown = () => test.media.getState().remotes;

describe('what the call shows of the others', () => {
  it('each member the roster names, in the order they came, with the tracks received and their devices as they say them', () => {
    const citra = test.publishCamera('58', { mic: false });
    const budi = test.publishCamera('57');
    const screen = test.publishScreen('57');
    test.ctx.attendees.set(cameraId('59'), { order: test.ctx.nextOrder++ });
    test.ctx.feeds.set(999_001, { id: 999_001, devices: {}, streams: [], order: 99 });
    test.publishCamera('42');
    const tracks = [receive(citra, 'audio'), receive(citra, 'video'), receive(budi, 'audio'), receive(screen, 'video')];
    remotes().show();
    expect(shown().map((remote) => [remote.id, remote.microphoneOn, remote.cameraOn, remote.stream?.getTracks(), remote.screen?.getTracks()])).toEqual([
      ['58', false, true, [tracks[0], tracks[1]], undefined],
      ['57', true, true, [tracks[2]], [tracks[3]]],
      ['59', undefined, undefined, undefined, undefined],
    ]);
  });

  it('keeps the same stream while its tracks are the same, and a new one when they change', () => {
    const budi = test.publishCamera('57');
    receive(budi, 'audio');
    const view = remotes();
    view.show();
    const first = shown()[0]!.stream;
    view.show();
    expect(shown()[0]!.stream).toBe(first);
    receive(budi, 'video');
    view.show();
    expect(shown()[0]!.stream).not.toBe(first);
    expect(shown()[0]!.stream?.getTracks()).toHaveLength(2);
  });

  it('says a member is connecting until a track of theirs comes, then as the connection is', () => {
    const budi = test.publishCamera('57');
    const view = remotes();
    view.show();
    expect(shown()[0]!.state).toBe('connecting');
    receive(budi, 'audio');
    link = 'reconnecting';
    view.show();
    expect(shown()[0]!.state).toBe('reconnecting');
  });

  it('lights whoever talks, and names the speaker while they are shown', () => {
    const budi = test.publishCamera('57');
    test.publishCamera('58');
    talking.add(budi);
    lastSpeaker = '57';
    const view = remotes();
    view.show();
    expect(shown().map((remote) => remote.speaking)).toEqual([true, false]);
    expect(test.media.getState().activeSpeaker).toBe('57');
    test.ctx.feeds.delete(budi);
    view.show();
    expect(test.media.getState().activeSpeaker).toBeUndefined();
  });
});
