// What the call screen shows in each phase (issue 12): ringing, calling, the call itself, a refused
// camera or microphone, and the end. The screen (call-screen.tsx) decides which and wires the session.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import * as paths from '../../../shared/routes/paths.ts';
import { Avatar } from '../../../shared/ui/avatar.tsx';
import { Button, IconButton } from '../../../shared/ui/button.tsx';
import {
  CallIcon,
  ErrorIcon,
  GroupIcon,
  HangUpIcon,
  IncomingCallIcon,
  MicIcon,
  MicOffIcon,
  OfflineIcon,
  RefreshIcon,
  RetryIcon,
  SwitchCameraIcon,
  VideoIcon,
  VideoOffIcon,
  type IconComponent,
} from '../../../shared/ui/icons.tsx';
import { endCall } from '../api/call.ts';
import { MESH_LIMIT, type CallMediaState, type RemoteParticipant } from '../media/call-media.ts';
import { callRegistry } from '../registry/call-registry.ts';
import { useCallRegistry } from '../registry/use-call-registry.ts';
import type { CallSession, CallSessionState, EndedBecause } from '../session/call-session.ts';
import { CallTimer } from './call-timer.tsx';
import styles from './call.module.css';
import { startRingtone, type Ringtone, type RingtoneState } from './ringtone.ts';
import { VideoTile } from './video-tile.tsx';

export interface CallPeople {
  /** Who the user talks to: the other person, or the group's name. */
  title: string;
  /** Who calls, for the incoming screen. */
  caller: string;
  avatarUrl: string | undefined;
}

/** The other person's (or the group's) picture, large; a soft ring pulses around it while it rings. */
export function Portrait({ name, src, ringing = false }: { name: string; src: string | undefined; ringing?: boolean }) {
  return (
    <span className={ringing ? `${styles.portrait} ${styles.ringing}` : styles.portrait} data-testid="call-portrait">
      <Avatar src={src} name={name} size="xl" decorative />
    </span>
  );
}

/** A round control with its label under it, on the stage. */
function Control({ icon, label, onClick, pressed, disabled, tone }: { icon: IconComponent; label: string; onClick(): void; pressed?: boolean; disabled?: boolean; tone?: 'hangUp' | 'accept' }) {
  const className = tone ? `${styles.control} ${styles[tone]}` : styles.control;
  return <IconButton icon={icon} label={label} showLabel size="l" variant={tone === 'hangUp' ? 'danger' : 'secondary'} className={className} pressed={pressed} disabled={disabled} onClick={onClick} />;
}

export function IncomingView({ session, people }: { session: CallSession; people: CallPeople }) {
  const { t } = useTranslation();
  const [ringing, setRinging] = useState<RingtoneState | undefined>();
  const ringtone = useRef<Ringtone | undefined>(undefined);
  useEffect(() => {
    const tone = startRingtone(setRinging);
    ringtone.current = tone;
    return () => tone.stop();
  }, []);
  return (
    <div className={styles.phase} data-testid="incoming-call" data-ringtone={ringing}>
      <div className={styles.center}>
        <Portrait name={session.isGroup ? people.title : people.caller} src={people.avatarUrl} ringing />
        <h1 className={styles.name}>{people.caller}</h1>
        <p className={styles.status}>{session.isGroup ? t('calls.call.incomingGroup', { group: people.title }) : t('calls.call.incoming')}</p>
        {ringing === 'blocked' && (
          <button type="button" className={styles.textButton} onClick={() => void ringtone.current?.unblock()}>
            {t('calls.call.tapToHear')}
          </button>
        )}
      </div>
      <div className={styles.controls}>
        <Control icon={HangUpIcon} label={t('calls.call.decline')} tone="hangUp" onClick={() => void session.decline()} />
        <Control icon={VideoIcon} label={t('calls.call.accept')} tone="accept" onClick={() => void session.accept()} />
      </div>
    </div>
  );
}

const MEDIA_ERROR_KEYS = {
  'permission-denied': 'calls.call.mediaBlocked',
  'no-device': 'calls.call.mediaMissing',
  'in-use': 'calls.call.mediaInUse',
  unsupported: 'calls.call.mediaUnsupported',
  other: 'calls.call.mediaFailed',
} as const;

export function MediaBlockedView({ session, media }: { session: CallSession; media: CallMediaState | undefined }) {
  const { t } = useTranslation();
  const reason = media?.localError ?? 'other';
  return (
    <div className={styles.phase} data-testid="media-blocked">
      <div className={styles.center} role="alert">
        <span className={styles.stateIcon}>
          <VideoOffIcon size={32} aria-hidden="true" />
        </span>
        <h1 className={styles.stateTitle}>{t('calls.call.mediaTitle')}</h1>
        <p className={styles.status}>{t(MEDIA_ERROR_KEYS[reason])}</p>
        <div className={styles.actions}>
          <Button icon={RetryIcon} onClick={() => void session.retryMedia()}>
            {t('calls.call.retry')}
          </Button>
          <Button variant="secondary" icon={MicIcon} className={styles.stageButton} onClick={() => void session.joinAudioOnly()}>
            {t('calls.call.audioOnly')}
          </Button>
        </div>
      </div>
      <div className={styles.controls}>
        <Control icon={HangUpIcon} label={t('calls.call.hangUp')} tone="hangUp" onClick={() => void session.hangUp()} />
      </div>
    </div>
  );
}

function connectionNotice(remotes: readonly RemoteParticipant[]): { key: 'calls.call.failed' | 'calls.call.reconnecting'; danger: boolean; icon: IconComponent } | undefined {
  if (remotes.length > 0 && remotes.every((remote) => remote.state === 'failed')) return { key: 'calls.call.failed', danger: true, icon: OfflineIcon };
  if (remotes.some((remote) => remote.state === 'reconnecting')) return { key: 'calls.call.reconnecting', danger: false, icon: RefreshIcon };
  return undefined;
}

/** The user's own call opened without the tap that started it: Join here, or end it (issue 19). */
export function JoinPromptView({ session, people }: { session: CallSession; people: CallPeople }) {
  const { t } = useTranslation();
  return (
    <div className={styles.phase} data-testid="join-prompt">
      <div className={styles.center}>
        <Portrait name={people.title} src={people.avatarUrl} />
        <h1 className={styles.name}>{people.title}</h1>
        <p className={styles.status}>{t('calls.call.joinPrompt')}</p>
      </div>
      <div className={styles.controls}>
        <Control icon={HangUpIcon} label={t('calls.call.hangUp')} tone="hangUp" onClick={() => void session.hangUp()} />
        <Control icon={CallIcon} label={t('calls.call.join')} tone="accept" onClick={() => void session.joinHere()} />
      </div>
    </div>
  );
}

export function CallStage({ session, state, media, people, nameOf }: { session: CallSession; state: CallSessionState; media: CallMediaState | undefined; people: CallPeople; nameOf(id: string): string | undefined }) {
  const { t } = useTranslation();
  const remotes = media?.remotes ?? [];
  const notice = connectionNotice(remotes);
  const outgoing = state.phase === 'outgoing';
  const waiting = outgoing ? t('calls.call.calling', { name: people.title }) : remotes.length === 0 ? (session.isGroup && state.phase === 'in-call' ? t('calls.call.waitingForOthers') : t('calls.call.connecting')) : undefined;
  const labelOf = (remote: RemoteParticipant, index: number) => (session.isGroup ? nameOf(remote.id) || t('calls.call.participant', { number: index + 1 }) : people.title);
  return (
    <>
      <header className={styles.header}>
        <div className={styles.titles}>
          <h1 className={waiting && outgoing ? styles.visuallyHidden : styles.title} title={people.title}>
            {people.title}
          </h1>
          {state.connectedAt !== undefined && <CallTimer since={state.connectedAt} className={styles.meta} />}
        </div>
        {session.isGroup && (
          <Link className={styles.headerLink} to={paths.callAttendees(state.callId)}>
            <GroupIcon size={18} aria-hidden="true" />
            {t('calls.call.attendees')}
          </Link>
        )}
      </header>
      {media?.local && (
        <VideoTile
          stream={media.local}
          muted
          testId="local-video"
          className={styles.preview}
          label={media.audioOnly ? t('calls.call.audioOnlyBadge') : undefined}
          placeholder={<VideoOffIcon size={28} aria-hidden="true" />}
          microphoneOff={!media.microphoneOn}
          cameraOff={!media.cameraOn}
        />
      )}
      <div className={styles.banners}>
        {media?.full && (
          <p className={styles.banner} data-tone="danger" role="alert">
            <ErrorIcon size={20} aria-hidden="true" />
            <span>{t('calls.call.full', { count: MESH_LIMIT })}</span>
          </p>
        )}
        {media?.localError && media.local && (
          <p className={styles.banner} data-tone="danger" role="alert" data-testid="camera-failed">
            <VideoOffIcon size={20} aria-hidden="true" />
            <span>{t('calls.call.cameraFailed')}</span>
          </p>
        )}
        {state.joinFailed && (
          <p className={styles.banner} data-tone="danger" role="alert">
            <OfflineIcon size={20} aria-hidden="true" />
            <span>{t('calls.call.joinFailed')}</span>
            <button type="button" className={styles.textButton} onClick={() => void session.rejoin()}>
              {t('calls.call.retry')}
            </button>
          </p>
        )}
        {notice && (
          <p className={styles.banner} data-tone={notice.danger ? 'danger' : undefined} role={notice.danger ? 'alert' : 'status'}>
            <notice.icon size={20} aria-hidden="true" />
            <span>{t(notice.key)}</span>
          </p>
        )}
        <BusyCalls />
      </div>
      {waiting ? (
        <div className={styles.center}>
          <Portrait name={people.title} src={people.avatarUrl} ringing={outgoing} />
          {outgoing && (
            <p className={styles.name} aria-hidden="true">
              {people.title}
            </p>
          )}
          <p className={styles.status} role="status" data-testid="call-status">
            {waiting}
          </p>
        </div>
      ) : (
        <div className={styles.stage} data-count={String(Math.min(remotes.length, 3))}>
          {remotes.map((remote, index) => (
            <VideoTile key={remote.id} stream={remote.stream} muted={false} testId="remote-video" className={styles.tile} label={labelOf(remote, index)} />
          ))}
        </div>
      )}
      <CallControls session={session} media={media} />
    </>
  );
}

/** Other calls that rang while the user is in this one (the call registry keeps them), each with Decline. */
function BusyCalls() {
  const { t } = useTranslation();
  const { waiting } = useCallRegistry();
  const decline = (id: number) => {
    callRegistry.dropWaiting(id);
    endCall(id, 'end_call_from_receiver').catch((error: unknown) => console.warn('calls: declining the waiting call failed', error));
  };
  return waiting.map((id) => (
    <p key={id} className={styles.banner} role="status" data-testid="busy-call">
      <IncomingCallIcon size={20} aria-hidden="true" />
      <span>{t('calls.call.busy')}</span>
      <button type="button" className={`${styles.textButton} ${styles.declineButton}`} onClick={() => decline(id)}>
        {t('calls.call.decline')}
      </button>
    </p>
  ));
}

export function CallControls({ session, media }: { session: CallSession; media: CallMediaState | undefined }) {
  const { t } = useTranslation();
  const microphoneOn = media?.microphoneOn ?? false;
  const cameraOn = media?.cameraOn ?? false;
  return (
    <div className={styles.controls} role="group" aria-label={t('calls.call.controls')}>
      <Control
        icon={microphoneOn ? MicIcon : MicOffIcon}
        label={microphoneOn ? t('calls.call.mute') : t('calls.call.unmute')}
        pressed={!microphoneOn}
        disabled={!media?.local}
        onClick={() => session.media.setMicrophone(!microphoneOn)}
      />
      <Control
        icon={cameraOn ? VideoIcon : VideoOffIcon}
        label={cameraOn ? t('calls.call.cameraOff') : t('calls.call.cameraOn')}
        pressed={!cameraOn}
        disabled={!media?.local}
        onClick={() => void session.media.setCamera(!cameraOn)}
      />
      {media?.canSwitchCamera && <Control icon={SwitchCameraIcon} label={t('calls.call.switchCamera')} onClick={() => void session.media.switchCamera()} />}
      <Control icon={HangUpIcon} label={t('calls.call.hangUp')} tone="hangUp" onClick={() => void session.hangUp()} />
    </div>
  );
}

const ENDED_KEYS = {
  declined: 'calls.call.endedDeclined',
  'hung-up': 'calls.call.ended',
  'remote-ended': 'calls.call.ended',
  'no-answer': 'calls.call.endedNoAnswer',
  missed: 'calls.call.endedMissed',
  'already-over': 'calls.call.endedAlready',
  // Never on screen: the screen was gone when it ended.
  left: 'calls.call.ended',
} as const satisfies Record<EndedBecause, string>;

export function EndedView({ state, people, onClose }: { state: CallSessionState; people: CallPeople; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.center} data-testid="call-ended" data-ended-because={state.endedBecause}>
      <Portrait name={people.title} src={people.avatarUrl} />
      <h1 className={styles.name}>{people.title}</h1>
      <p className={styles.status} role="status">
        {t(ENDED_KEYS[state.endedBecause ?? 'hung-up'])}
      </p>
      <div className={styles.actions}>
        <Button variant="secondary" className={styles.stageButton} onClick={onClose}>
          {t('calls.call.close')}
        </Button>
      </div>
    </div>
  );
}
