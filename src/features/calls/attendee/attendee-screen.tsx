// video-call/attendee (SPEC §2): who is in the current call. The room's people (GET
// /live-chat/chat-room/{uuid}) and anyone else in the call (named by their id), with each one's place
// in it, in this order: the user, who speaks, those in the call, those connecting, those not in it;
// with microphone, camera and a shared screen for those in it. `?chat_room_call_id=` names the call;
// "Back to call" returns to it.
import type { ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { personName } from '../../../shared/format/person.ts';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import { useSession } from '../../../shared/session/session-context.tsx';
import * as paths from '../../../shared/routes/paths.ts';
import { Avatar } from '../../../shared/ui/avatar.tsx';
import { IconButton } from '../../../shared/ui/button.tsx';
import { CloseIcon, MicIcon, MicOffIcon, ScreenShareIcon, VideoIcon, VideoOffIcon } from '../../../shared/ui/icons.tsx';
import { ListGroup, ListRow } from '../../../shared/ui/list-row.tsx';
import { headerActionClass, ScreenHeader } from '../../../shared/ui/screen-header.tsx';
import { ErrorState, Skeleton } from '../../../shared/ui/states.tsx';
import { useCallRoomPeople, useChatRoomCall, type Employee } from '../api/call.ts';
import { useStreamTracks } from '../call/video-tile.tsx';
import type { CallMediaState, PeerConnectionState, RemoteParticipant } from '../media/call-media.ts';
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

/** The list's order: you, who speaks, who is in the call, who is connecting, then the others. */
const RANK: Record<Presence, number> = { you: 0, connected: 2, connecting: 3, reconnecting: 3, failed: 4, absent: 5 };

/** Microphone and camera, on or off, as two icons with their names, and a shared screen. */
function Devices({ microphone, camera, sharing }: { microphone: boolean; camera: boolean; sharing: boolean }) {
  const { t } = useTranslation();
  const Mic = microphone ? MicIcon : MicOffIcon;
  const Camera = camera ? VideoIcon : VideoOffIcon;
  return (
    <span className={styles.devices} data-testid="attendee-devices">
      {sharing && (
        <span role="img" aria-label={t('calls.attendee.sharingScreen')} data-sharing="true">
          <ScreenShareIcon size={20} aria-hidden="true" />
        </span>
      )}
      <span role="img" aria-label={t(microphone ? 'calls.attendee.microphoneOn' : 'calls.call.microphoneOff')} data-off={!microphone}>
        <Mic size={20} aria-hidden="true" />
      </span>
      <span role="img" aria-label={t(camera ? 'calls.attendee.cameraOn' : 'calls.attendee.cameraOff')} data-off={!camera}>
        <Camera size={20} aria-hidden="true" />
      </span>
    </span>
  );
}

/** What the member says of microphone and camera, else what their tracks carry. */
function RemoteDevices({ remote }: { remote: RemoteParticipant }) {
  const tracks = useStreamTracks(remote.stream);
  if (!remote.stream && remote.microphoneOn === undefined && remote.cameraOn === undefined) return null;
  return <Devices microphone={remote.microphoneOn ?? tracks.audio} camera={remote.cameraOn ?? tracks.video} sharing={remote.screen !== undefined} />;
}

interface Attendee {
  key: string;
  name: string;
  /** The room's record of them; none for a member the room's people do not list (named by their id). */
  person: Employee | undefined;
  presence: Presence;
  speaking: boolean;
  devices: ReactNode;
}

function AttendeeRow({ attendee }: { attendee: Attendee }) {
  const { t } = useTranslation();
  const { person, presence, speaking } = attendee;
  return (
    <li data-testid="attendee" data-presence={presence} data-speaking={speaking || undefined}>
      <ListRow
        start={<Avatar src={person?.signed_profile_picture_url} firstName={person?.first_name} lastName={person?.last_name} name={person ? undefined : attendee.name} decorative />}
        title={attendee.name}
        subtitle={
          <span className={styles.presence} data-presence={speaking ? 'speaking' : presence}>
            {t(speaking ? 'calls.attendee.speaking' : PRESENCE_KEYS[presence])}
          </span>
        }
        end={attendee.devices}
      />
    </li>
  );
}

/** The room's people with their place in the call, and anyone in the call the room does not list, in the list's order. */
function attendeesOf(list: readonly Employee[], media: CallMediaState | undefined, userId: number | undefined, inCall: boolean): Attendee[] {
  const remotes = media?.remotes ?? [];
  const remoteOf = (id: string) => remotes.find((remote) => remote.id === id);
  const devicesOf = (presence: Presence, remote: RemoteParticipant | undefined) => {
    if (presence === 'you') return media?.local ? <Devices microphone={media.microphoneOn} camera={media.cameraOn} sharing={media.screen !== undefined} /> : null;
    return remote && presence === 'connected' ? <RemoteDevices remote={remote} /> : null;
  };
  const attendee = (key: string, name: string, person: Employee | undefined): Attendee => {
    const remote = remoteOf(key);
    const presence: Presence = person?.id === userId && userId !== undefined ? (inCall ? 'you' : 'absent') : (remote?.state ?? 'absent');
    const speaking = remote !== undefined && presence !== 'you' && (remote.speaking ?? media?.activeSpeaker === key);
    return { key, name, person, presence, speaking, devices: devicesOf(presence, remote) };
  };
  const known = new Set(list.map((person) => String(person.id)));
  const rows = [...list.map((person) => attendee(String(person.id), personName(person), person)), ...remotes.filter((remote) => !known.has(remote.id)).map((remote) => attendee(remote.id, remote.id, undefined))];
  const rank = (row: Attendee) => (row.speaking ? 1 : RANK[row.presence]);
  return rows.sort((a, b) => rank(a) - rank(b));
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
  const roomUuid = knownRoom ?? call.data?.chat_room_call.chat_room_uuid;
  const people = useCallRoomPeople(roomUuid);
  const userId = useSession().userData?.user?.id;

  const list = attendeesOf(people.data?.participants ?? [], media, userId, inThisCall !== undefined);
  // A call whose answer names no room has nobody to list: said so, rather than loading for ever.
  const failed = callId === undefined || call.isError || people.isError || (call.isSuccess && !roomUuid);

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
            {list.map((attendee) => (
              <AttendeeRow key={attendee.key} attendee={attendee} />
            ))}
          </ListGroup>
        )}
      </div>
    </section>
  );
}
