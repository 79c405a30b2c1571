// What the call screen shows in each phase (issue 12): ringing, calling, the call itself, a refused
// camera or microphone, and the end. The screen (call-screen.tsx) decides which and wires the session.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import * as paths from '../../../shared/routes/paths.ts';
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

function Avatar({ people }: { people: CallPeople }) {
  return people.avatarUrl ? (
    <img className={styles.avatar} src={people.avatarUrl} alt="" />
  ) : (
    <span className={styles.avatar} aria-hidden="true">
      {people.title.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
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
    <div className={styles.center} data-testid="incoming-call" data-ringtone={ringing}>
      <Avatar people={people} />
      <h1 className={styles.name}>{people.caller}</h1>
      <p className={styles.status}>{session.isGroup ? t('calls.call.incomingGroup', { group: people.title }) : t('calls.call.incoming')}</p>
      {ringing === 'blocked' && (
        <button type="button" className={styles.linkButton} onClick={() => void ringtone.current?.unblock()}>
          {t('calls.call.tapToHear')}
        </button>
      )}
      <div className={styles.controls}>
        <button type="button" className={`${styles.control} ${styles.hangUp}`} onClick={() => void session.decline()}>
          {t('calls.call.decline')}
        </button>
        <button type="button" className={`${styles.control} ${styles.accept}`} onClick={() => void session.accept()}>
          {t('calls.call.accept')}
        </button>
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
    <div className={styles.center} role="alert" data-testid="media-blocked">
      <h1 className={styles.name}>{t('calls.call.mediaTitle')}</h1>
      <p className={styles.status}>{t(MEDIA_ERROR_KEYS[reason])}</p>
      <div className={styles.controls}>
        <button type="button" className={styles.control} onClick={() => void session.joinAudioOnly()}>
          {t('calls.call.audioOnly')}
        </button>
        <button type="button" className={styles.control} onClick={() => void session.retryMedia()}>
          {t('calls.call.retry')}
        </button>
        <button type="button" className={`${styles.control} ${styles.hangUp}`} onClick={() => void session.hangUp()}>
          {t('calls.call.hangUp')}
        </button>
      </div>
    </div>
  );
}

function connectionNotice(remotes: readonly RemoteParticipant[]): { key: 'calls.call.failed' | 'calls.call.reconnecting'; danger: boolean } | undefined {
  if (remotes.length > 0 && remotes.every((remote) => remote.state === 'failed')) return { key: 'calls.call.failed', danger: true };
  if (remotes.some((remote) => remote.state === 'reconnecting')) return { key: 'calls.call.reconnecting', danger: false };
  return undefined;
}

/** The user's own call opened without the tap that started it: Join here, or end it (issue 19). */
export function JoinPromptView({ session, people }: { session: CallSession; people: CallPeople }) {
  const { t } = useTranslation();
  return (
    <div className={styles.center} data-testid="join-prompt">
      <Avatar people={people} />
      <h1 className={styles.name}>{people.title}</h1>
      <p className={styles.status}>{t('calls.call.joinPrompt')}</p>
      <div className={styles.controls}>
        <button type="button" className={`${styles.control} ${styles.hangUp}`} onClick={() => void session.hangUp()}>
          {t('calls.call.hangUp')}
        </button>
        <button type="button" className={`${styles.control} ${styles.accept}`} onClick={() => void session.joinHere()}>
          {t('calls.call.join')}
        </button>
      </div>
    </div>
  );
}

export function CallStage({ session, state, media, people, nameOf }: { session: CallSession; state: CallSessionState; media: CallMediaState | undefined; people: CallPeople; nameOf(id: string): string | undefined }) {
  const { t } = useTranslation();
  const remotes = media?.remotes ?? [];
  const notice = connectionNotice(remotes);
  const waiting = state.phase === 'outgoing' ? t('calls.call.calling', { name: people.title }) : remotes.length === 0 ? (session.isGroup && state.phase === 'in-call' ? t('calls.call.waitingForOthers') : t('calls.call.connecting')) : undefined;
  const labelOf = (remote: RemoteParticipant, index: number) => (session.isGroup ? nameOf(remote.id) || t('calls.call.participant', { number: index + 1 }) : people.title);
  return (
    <>
      <header className={styles.header}>
        <h1 className={styles.title}>{people.title}</h1>
        {state.connectedAt !== undefined && <CallTimer since={state.connectedAt} className={styles.meta} />}
        {session.isGroup && (
          <Link className={styles.linkButton} to={paths.callAttendees(state.callId)}>
            {t('calls.call.attendees')}
          </Link>
        )}
      </header>
      {media?.local && (
        <VideoTile stream={media.local} muted testId="local-video" className={styles.preview} label={media.audioOnly ? t('calls.call.audioOnlyBadge') : undefined} />
      )}
      {media?.full && (
        <p className={styles.banner} data-tone="danger" role="alert">
          <span>{t('calls.call.full', { count: MESH_LIMIT })}</span>
        </p>
      )}
      {media?.localError && media.local && (
        <p className={styles.banner} data-tone="danger" role="alert" data-testid="camera-failed">
          <span>{t('calls.call.cameraFailed')}</span>
        </p>
      )}
      {state.joinFailed && (
        <p className={styles.banner} data-tone="danger" role="alert">
          <span>{t('calls.call.joinFailed')}</span>
          <button type="button" className={styles.linkButton} onClick={() => void session.rejoin()}>
            {t('calls.call.retry')}
          </button>
        </p>
      )}
      {notice && (
        <p className={styles.banner} data-tone={notice.danger ? 'danger' : undefined} role={notice.danger ? 'alert' : 'status'}>
          <span>{t(notice.key)}</span>
        </p>
      )}
      <BusyCalls />
      {waiting ? (
        <div className={styles.center}>
          <Avatar people={people} />
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
      <span>{t('calls.call.busy')}</span>
      <button type="button" className={styles.linkButton} onClick={() => decline(id)}>
        {t('calls.call.decline')}
      </button>
    </p>
  ));
}

function CallControls({ session, media }: { session: CallSession; media: CallMediaState | undefined }) {
  const { t } = useTranslation();
  const microphoneOn = media?.microphoneOn ?? false;
  const cameraOn = media?.cameraOn ?? false;
  return (
    <div className={styles.controls}>
      <button type="button" className={styles.control} aria-pressed={!microphoneOn} disabled={!media?.local} onClick={() => session.media.setMicrophone(!microphoneOn)}>
        {microphoneOn ? t('calls.call.mute') : t('calls.call.unmute')}
      </button>
      <button type="button" className={styles.control} aria-pressed={!cameraOn} disabled={!media?.local} onClick={() => void session.media.setCamera(!cameraOn)}>
        {cameraOn ? t('calls.call.cameraOff') : t('calls.call.cameraOn')}
      </button>
      {media?.canSwitchCamera && (
        <button type="button" className={styles.control} onClick={() => void session.media.switchCamera()}>
          {t('calls.call.switchCamera')}
        </button>
      )}
      <button type="button" className={`${styles.control} ${styles.hangUp}`} onClick={() => void session.hangUp()}>
        {t('calls.call.hangUp')}
      </button>
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
      <Avatar people={people} />
      <h1 className={styles.name}>{people.title}</h1>
      <p className={styles.status} role="status">
        {t(ENDED_KEYS[state.endedBecause ?? 'hung-up'])}
      </p>
      <button type="button" className={styles.control} onClick={onClose}>
        {t('calls.call.close')}
      </button>
    </div>
  );
}
