// One video: a remote person, their shared screen, or the local preview (mirrored by CSS), with the
// person's name on it, a microphone-off mark, their picture or initials while no picture arrives, a
// ring while they speak and how their connection is doing. (Remote sound plays from remote-audio.tsx.)
import { useCallback, useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import { Avatar, type AvatarSize } from '../../../shared/ui/avatar.tsx';
import { MicOffIcon } from '../../../shared/ui/icons.tsx';
import styles from './call.module.css';

export interface StreamTracks {
  /** A live, unmuted audio track arrives (or is sent). */
  audio: boolean;
  /** A live, unmuted video track arrives (or is sent). */
  video: boolean;
}

const NONE: StreamTracks = { audio: false, video: false };

function tracksOf(stream: MediaStream | undefined): StreamTracks {
  if (!stream) return NONE;
  const live = (tracks: MediaStreamTrack[]) => tracks.some((track) => track.readyState === 'live' && !track.muted && track.enabled);
  return { audio: live(stream.getAudioTracks()), video: live(stream.getVideoTracks()) };
}

/**
 * What a stream carries right now, as the browser sees it: a track that stops arriving is muted, a
 * local track turned off is disabled. (A remote microphone switched off still sends silence, so the
 * other side's mute shows only once its track stops.)
 */
export function useStreamTracks(stream: MediaStream | undefined): StreamTracks {
  const last = useRef<StreamTracks>(NONE);
  const read = () => {
    const next = tracksOf(stream);
    if (next.audio !== last.current.audio || next.video !== last.current.video) last.current = next;
    return last.current;
  };
  const subscribe = useCallback((changed: () => void) => {
    if (!stream) return () => undefined;
    const events = ['mute', 'unmute', 'ended'] as const;
    const watched = new Set<MediaStreamTrack>();
    const watch = (track: MediaStreamTrack) => {
      if (watched.has(track)) return;
      watched.add(track);
      for (const event of events) track.addEventListener(event, changed);
    };
    stream.getTracks().forEach(watch);
    const added = (event: MediaStreamTrackEvent) => {
      watch(event.track);
      changed();
    };
    stream.addEventListener('addtrack', added);
    stream.addEventListener('removetrack', changed);
    return () => {
      stream.removeEventListener('addtrack', added);
      stream.removeEventListener('removetrack', changed);
      for (const track of watched) for (const event of events) track.removeEventListener(event, changed);
    };
  }, [stream]);
  return useSyncExternalStore(subscribe, read, read);
}

export interface VideoTileProps {
  stream: MediaStream | undefined;
  /** The element's own sound: muted for the local preview (no echo). */
  muted: boolean;
  /** The name on the tile. */
  label?: string | undefined;
  /** Shown as initials while no picture arrives. */
  name?: string | undefined;
  /** The person's picture, shown instead of the initials while no video arrives. */
  avatarUrl?: string | undefined;
  avatarSize?: AvatarSize;
  /** Shown instead of the initials while no picture arrives (the own preview: a camera-off icon). */
  placeholder?: ReactNode;
  /** The microphone is known to be off (the local preview); otherwise read from the stream. */
  microphoneOff?: boolean | undefined;
  /** The camera is known to be off (the local preview); otherwise read from the stream. */
  cameraOff?: boolean | undefined;
  testId: string;
  className: string | undefined;
  /** The member's user id (data-participant), for the remote tiles. */
  participant?: string | undefined;
  /** Speaking now: a ring around the tile. */
  speaking?: boolean;
  /** How the member's connection is doing, when not connected ("Connecting…"), shown quietly. */
  status?: string | undefined;
}

export function VideoTile({ stream, muted, label, name, avatarUrl, avatarSize = 'l', placeholder, microphoneOff, cameraOff, testId, className, participant, speaking, status }: VideoTileProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLVideoElement>(null);
  const tracks = useStreamTracks(stream);
  useEffect(() => {
    const video = ref.current;
    if (!video || video.srcObject === (stream ?? null)) return;
    video.srcObject = stream ?? null;
    // Autoplay can still refuse (no gesture yet); the video starts on the next tap then.
    if (stream) void Promise.resolve().then(() => video.play()).catch(() => undefined);
  }, [stream]);
  const micOff = microphoneOff ?? (stream !== undefined && !tracks.audio);
  const noPicture = cameraOff ?? (stream === undefined || !tracks.video);
  return (
    <div className={className} data-testid={testId} data-participant={participant} data-microphone={micOff ? 'off' : 'on'} data-camera={noPicture ? 'off' : 'on'} data-speaking={speaking || undefined} data-status={status ? 'pending' : undefined}>
      <video ref={ref} autoPlay playsInline muted={muted} />
      {noPicture && (placeholder || name || label) && (
        <span className={styles.tilePlaceholder}>{placeholder ?? <Avatar name={name || label} src={avatarUrl} size={avatarSize} decorative />}</span>
      )}
      {status && (
        <span className={styles.tileStatus} role="status">
          {status}
        </span>
      )}
      {(label || micOff) && (
        <span className={styles.tileLabel}>
          {micOff && (
            <span className={styles.mutedMark} role="img" aria-label={t('calls.call.microphoneOff')}>
              <MicOffIcon size={16} aria-hidden="true" />
            </span>
          )}
          {label && <span title={label}>{label}</span>}
        </span>
      )}
    </div>
  );
}
