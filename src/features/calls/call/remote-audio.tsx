// Every other member's sound, one hidden <audio> each, whether their tile is on screen or not (the
// media receives audio for everyone). The video tiles are muted: a member's sound never plays twice,
// and it does not stop for a moment when their tile moves (a new page, becoming the speaker), which
// is exactly when they start to talk.
import { useEffect, useMemo, useRef } from 'react';
import type { RemoteParticipant } from '../media/call-media.ts';

/** A stream of the member's audio tracks only (an <audio> has no use for their video). */
function audioOf(stream: MediaStream | undefined): MediaStream | undefined {
  const tracks = stream?.getAudioTracks() ?? [];
  return tracks.length > 0 ? new MediaStream(tracks) : undefined;
}

function RemoteSound({ remote }: { remote: RemoteParticipant }) {
  const ref = useRef<HTMLAudioElement>(null);
  // The media hands a new stream object whenever a track is added.
  const audio = useMemo(() => audioOf(remote.stream), [remote.stream]);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.srcObject = audio ?? null;
    if (!audio) return;
    // Autoplay with sound can be refused before the page had a tap (a reload mid-call): the next tap plays it.
    const play = () => Promise.resolve().then(() => element.play());
    const retry = () => void play().catch(() => undefined);
    play().catch(() => document.addEventListener('pointerdown', retry, { once: true }));
    return () => document.removeEventListener('pointerdown', retry);
  }, [audio]);
  return <audio ref={ref} autoPlay data-testid="remote-audio" data-participant={remote.id} />;
}

export function RemoteAudio({ remotes }: { remotes: readonly RemoteParticipant[] }) {
  return (
    <div hidden>
      {remotes.map((remote) => (
        <RemoteSound key={remote.id} remote={remote} />
      ))}
    </div>
  );
}
