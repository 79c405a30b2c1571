// video-call/attendee (SPEC §2): who is in the current call. The room's people (GET
// /live-chat/chat-room/{uuid}) with each one's place in the call: the user, those connected or
// connecting, and those not in it. `?chat_room_call_id=` names the call; "Back to call" returns to it.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { personName } from '../../../shared/format/person.ts';
import { useSession } from '../../../shared/session/session-context.tsx';
import * as paths from '../../../shared/routes/paths.ts';
import { Avatar } from '../../../shared/ui/avatar.tsx';
import { IconButton } from '../../../shared/ui/button.tsx';
import { CloseIcon, MicIcon, MicOffIcon, VideoIcon, VideoOffIcon } from '../../../shared/ui/icons.tsx';
import { ListGroup, ListRow } from '../../../shared/ui/list-row.tsx';
import { headerActionClass, ScreenHeader } from '../../../shared/ui/screen-header.tsx';
import { ErrorState, Skeleton } from '../../../shared/ui/states.tsx';
import { useCallRoomPeople, useChatRoomCall, type Employee } from '../api/call.ts';
import { useStreamTracks } from '../call/video-tile.tsx';
import type { PeerConnectionState, RemoteParticipant } from '../media/call-media.ts';
import { useCallMediaState, useLiveSession } from '../registry/use-call-registry.ts';
import styles from './attendee.module.css';

type Presence = 'you' | PeerConnectionState | 'absent';

const PRESENCE_KEYS: Record<Presence, string> = {
  you: 'calls.attendee.you',
  connected: 'calls.attendee.inCall',
  connecting: 'calls.attendee.connecting',
  reconnecting: 'calls.attendee.connecting',
  failed: 'calls.attendee.connectionFailed',
  absent: 'calls.attendee.notInCall',
};

/** Microphone and camera, on or off, as two icons with their names. */
function Devices({ microphone, camera }: { microphone: boolean; camera: boolean }) {
  const { t } = useTranslation();
  const Mic = microphone ? MicIcon : MicOffIcon;
  const Camera = camera ? VideoIcon : VideoOffIcon;
  return (
    <span className={styles.devices} data-testid="attendee-devices">
      <span role="img" aria-label={t(microphone ? 'calls.attendee.microphoneOn' : 'calls.call.microphoneOff')} data-off={!microphone}>
        <Mic size={20} aria-hidden="true" />
      </span>
      <span role="img" aria-label={t(camera ? 'calls.attendee.cameraOn' : 'calls.attendee.cameraOff')} data-off={!camera}>
        <Camera size={20} aria-hidden="true" />
      </span>
    </span>
  );
}

function RemoteDevices({ remote }: { remote: RemoteParticipant }) {
  const tracks = useStreamTracks(remote.stream);
  return remote.stream ? <Devices microphone={tracks.audio} camera={tracks.video} /> : null;
}

function AttendeeRow({ person, presence, devices }: { person: Employee; presence: Presence; devices: ReactNode }) {
  const { t } = useTranslation();
  return (
    <li data-testid="attendee" data-presence={presence}>
      <ListRow
        start={<Avatar src={person.signed_profile_picture_url} firstName={person.first_name} lastName={person.last_name} decorative />}
        title={personName(person)}
        subtitle={
          <span className={styles.presence} data-presence={presence}>
            {t(PRESENCE_KEYS[presence])}
          </span>
        }
        end={devices}
      />
    </li>
  );
}

export function AttendeeScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const raw = params.get('chat_room_call_id') ?? '';
  const callId = /^\d+$/.test(raw) ? Number(raw) : undefined;
  // The call's session while the user is in it (the call registry owns it; it goes on behind this list).
  const inThisCall = useLiveSession(callId);
  const media = useCallMediaState(inThisCall);
  // In the call, its session knows the room; only a list opened from outside loads the call.
  const knownRoom = inThisCall?.roomUuid;
  const call = useChatRoomCall(knownRoom ? undefined : callId);
  const people = useCallRoomPeople(knownRoom ?? call.data?.chat_room_call.chat_room_uuid);
  const userId = useSession().userData?.user?.id;

  const remoteOf = (id: number) => media?.remotes.find((remote) => remote.id === String(id));
  const presenceOf = (id: number): Presence => {
    if (id === userId) return inThisCall ? 'you' : 'absent';
    return remoteOf(id)?.state ?? 'absent';
  };
  const devicesOf = (id: number, presence: Presence) => {
    if (presence === 'you') return media?.local ? <Devices microphone={media.microphoneOn} camera={media.cameraOn} /> : null;
    const remote = remoteOf(id);
    return remote && presence === 'connected' ? <RemoteDevices remote={remote} /> : null;
  };
  const list = people.data?.participants ?? [];
  const failed = callId === undefined || call.isError || people.isError;

  return (
    <section className={styles.screen} aria-labelledby="attendee-title">
      <ScreenHeader
        title={t('routes.video-call_attendee')}
        titleId="attendee-title"
        actions={
          callId !== undefined && inThisCall ? (
            <Link className={headerActionClass} to={paths.callScreen(callId)}>
              {t('calls.attendee.back')}
            </Link>
          ) : (
            <IconButton icon={CloseIcon} label={t('calls.attendee.close')} onClick={() => void navigate(paths.callTab)} />
          )
        }
      />
      <div className={styles.body}>
        {failed ? (
          <ErrorState
            title={t('calls.attendee.loadError')}
            onRetry={callId === undefined ? undefined : () => void (call.isError ? call.refetch() : people.refetch())}
            retryLabel={t('calls.call.retry')}
          />
        ) : (!knownRoom && call.isPending) || people.isPending ? (
          <Skeleton rows={4} />
        ) : (
          <ListGroup label={t('routes.video-call_attendee')}>
            {list.map((person) => {
              const presence = presenceOf(person.id);
              return <AttendeeRow key={person.id} person={person} presence={presence} devices={devicesOf(person.id, presence)} />;
            })}
          </ListGroup>
        )}
      </div>
    </section>
  );
}
