// What the call screen shows in each phase (issue 12): ringing, a refused camera or microphone, the
// join prompt, the controls, and the end (the call itself: call-stage.tsx). The screen
// (call-screen.tsx) decides which and wires the session.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import { Avatar } from '../../../shared/ui/avatar.tsx';
import { Button, IconButton } from '../../../shared/ui/button.tsx';
import {
  CallIcon,
  HangUpIcon,
  MicIcon,
  MicOffIcon,
  RetryIcon,
  ScreenShareIcon,
  StopScreenShareIcon,
  SwitchCameraIcon,
  VideoIcon,
  VideoOffIcon,
  type IconComponent,
} from '../../../shared/ui/icons.tsx';
import { showToast } from '../../../shared/ui/toast.tsx';
import type { CallMedia, CallMediaState } from '../media/call-media.ts';
import type { CallSession, CallSessionState, EndedBecause } from '../session/call-session.ts';
import styles from './call.module.css';
import { startRingtone, type Ringtone, type RingtoneState } from './ringtone.ts';

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

/** `voice`: a voice call, answered without the camera (the user may turn it on in the call). */
export function IncomingView({ session, people, voice = false }: { session: CallSession; people: CallPeople; voice?: boolean }) {
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
        <p className={styles.status}>{session.isGroup ? t(voice ? 'calls.call.incomingGroupVoice' : 'calls.call.incomingGroup', { group: people.title }) : t(voice ? 'calls.call.incomingVoice' : 'calls.call.incoming')}</p>
        {ringing === 'blocked' && (
          <button type="button" className={styles.textButton} onClick={() => void ringtone.current?.unblock()}>
            {t('calls.call.tapToHear')}
          </button>
        )}
      </div>
      <div className={styles.controls}>
        <Control icon={HangUpIcon} label={t('calls.call.decline')} tone="hangUp" onClick={() => void session.decline()} />
        <Control icon={voice ? CallIcon : VideoIcon} label={t('calls.call.accept')} tone="accept" onClick={() => void session.accept()} />
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

/** The browser refused or failed to share: a cancelled picker (NotAllowedError, AbortError) says nothing. */
const cancelled = (error: unknown) => error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'AbortError');

/** Starts or stops sharing the screen; a failure (not a cancelled picker) says so in a toast. */
export function useShareScreen(media: CallMedia): (on: boolean) => void {
  const { t } = useTranslation();
  return (on) => {
    media.shareScreen(on).catch((error: unknown) => {
      if (cancelled(error)) return;
      console.warn('calls: screen sharing failed', error);
      showToast(t(on ? 'calls.call.shareFailed' : 'calls.call.stopShareFailed'), { tone: 'danger' });
    });
  };
}

/** A touch-only device (a phone, a tablet): no screen to share from, even where the browser has the call. */
const touchOnly = () => typeof matchMedia === 'function' && matchMedia('(hover: none) and (pointer: coarse)').matches;

export function CallControls({ session, media, share }: { session: CallSession; media: CallMediaState | undefined; share?: (on: boolean) => void }) {
  const { t } = useTranslation();
  const microphoneOn = media?.microphoneOn ?? false;
  const cameraOn = media?.cameraOn ?? false;
  const sharing = media?.screen !== undefined;
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
      {share && (sharing || (media?.canShareScreen && !touchOnly())) && (
        <Control icon={sharing ? StopScreenShareIcon : ScreenShareIcon} label={sharing ? t('calls.call.stopSharing') : t('calls.call.shareScreen')} pressed={sharing} onClick={() => share(!sharing)} />
      )}
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
