// What the call screen shows of the others: each member the roster names (feeds.ts's peopleOf), in the
// order they came, with the tracks the subscription receives of their camera and screen, their
// microphone and camera as they say them, whether they are talking, and the active speaker.
import type { PeerConnectionState, RemoteParticipant } from '../call-media.ts';
import type { JanusCallContext } from './janus-context.ts';
import { peopleOf } from './feeds.ts';
import { otherAttendeesOf, othersOf } from './roster.ts';

export interface RemotesDeps {
  subscription: {
    trackOf(feedId: number, type: 'audio' | 'video'): MediaStreamTrack | undefined;
    connectionState(): PeerConnectionState;
  };
  speaker: {
    isTalking(feedId: number): boolean;
    current(shown: { has(user: string): boolean }): string | undefined;
  };
}

export interface Remotes {
  /** Puts the others as they are now into the call's state. */
  show(): void;
  /** The session is gone: its streams with it. */
  clear(): void;
}

export function createRemotes(ctx: JanusCallContext, { subscription, speaker }: RemotesDeps): Remotes {
  /** The same MediaStream while the tracks are the same: the tiles re-attach on a new object. */
  const streams = new Map<string, { key: string; stream: MediaStream }>();
  const streamFor = (name: string, tracks: MediaStreamTrack[]) => {
    if (tracks.length === 0) {
      streams.delete(name);
      return undefined;
    }
    const trackKey = tracks.map((track) => track.id).join(',');
    const known = streams.get(name);
    if (known?.key === trackKey) return known.stream;
    const stream = new MediaStream(tracks);
    streams.set(name, { key: trackKey, stream });
    return stream;
  };

  function show() {
    const people = peopleOf(othersOf(ctx), otherAttendeesOf(ctx));
    const linkState = subscription.connectionState();
    const remotes: RemoteParticipant[] = [...people.entries()]
      .sort((a, b) => a[1].order - b[1].order)
      .map(([user, person]) => {
        const cameraFeed = person.camera;
        const audio = cameraFeed && subscription.trackOf(cameraFeed.id, 'audio');
        const video = cameraFeed && subscription.trackOf(cameraFeed.id, 'video');
        const screenVideo = person.screen && subscription.trackOf(person.screen.id, 'video');
        const receiving = !!(audio || video);
        return {
          id: user,
          stream: streamFor(`${user}:camera`, [audio, video].filter((track) => track !== undefined)),
          state: receiving ? linkState : linkState === 'connected' ? 'connecting' : linkState,
          microphoneOn: cameraFeed?.devices.mic,
          cameraOn: cameraFeed?.devices.cam,
          screen: streamFor(`${user}:screen`, screenVideo ? [screenVideo] : []),
          speaking: cameraFeed !== undefined && speaker.isTalking(cameraFeed.id),
        };
      });
    for (const name of [...streams.keys()]) if (!people.has(name.slice(0, name.lastIndexOf(':')))) streams.delete(name);
    ctx.media.set({ remotes, activeSpeaker: speaker.current(people) });
  }

  return { show, clear: () => streams.clear() };
}
