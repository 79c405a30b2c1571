// One video: a remote person (with sound) or the local preview (muted, mirrored by CSS).
import { useEffect, useRef } from 'react';

export function VideoTile({ stream, muted, label, testId, className }: { stream: MediaStream | undefined; muted: boolean; label?: string | undefined; testId: string; className: string | undefined }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video || video.srcObject === (stream ?? null)) return;
    video.srcObject = stream ?? null;
    // Autoplay can still refuse (no gesture yet); the video starts on the next tap then.
    if (stream) void video.play().catch(() => undefined);
  }, [stream]);
  return (
    <div className={className} data-testid={testId}>
      <video ref={ref} autoPlay playsInline muted={muted} />
      {label && <span>{label}</span>}
    </div>
  );
}
