// video-call/attendee (SPEC §2): who is in the current call. The room's people (GET
// /live-chat/chat-room/{uuid}) with each one's place in the call: the user, those connected or
// connecting, and those not in it. `?chat_room_call_id=` names the call; "Back to call" returns to it.
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { personName } from '../../../shared/format/person.ts';
import { useSession } from '../../../shared/session/session-context.tsx';
import * as paths from '../../../shared/routes/paths.ts';
import { headerActionClass, ScreenHeader } from '../../../shared/ui/screen-header.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { useCallRoomPeople, useChatRoomCall } from '../api/call.ts';
import styles from '../call/call.module.css';
import type { PeerConnectionState } from '../media/call-media.ts';
import { useCallMediaState, useLiveSession } from '../registry/use-call-registry.ts';

type Presence = 'you' | PeerConnectionState | 'absent';

const PRESENCE_KEYS: Record<Presence, string> = {
  you: 'calls.attendee.you',
  connected: 'calls.attendee.inCall',
  connecting: 'calls.attendee.connecting',
  reconnecting: 'calls.attendee.connecting',
  failed: 'calls.attendee.connectionFailed',
  absent: 'calls.attendee.notInCall',
};

export function AttendeeScreen() {
  const { t } = useTranslation();
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

  const presenceOf = (id: number): Presence => {
    if (id === userId) return inThisCall ? 'you' : 'absent';
    return media?.remotes.find((remote) => remote.id === String(id))?.state ?? 'absent';
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
            <Link className={headerActionClass} to={paths.callTab}>
              {t('calls.attendee.close')}
            </Link>
          )
        }
      />
      {failed ? (
        <p className={styles.banner} data-tone="danger" role="alert">
          <span>{t('calls.attendee.loadError')}</span>
          {callId !== undefined && (
            <button type="button" className={styles.linkButton} onClick={() => void (call.isError ? call.refetch() : people.refetch())}>
              {t('calls.call.retry')}
            </button>
          )}
        </p>
      ) : (!knownRoom && call.isPending) || people.isPending ? (
        <Spinner />
      ) : (
        <ul className={styles.attendees} aria-label={t('routes.video-call_attendee')}>
          {list.map((person) => {
            const presence = presenceOf(person.id);
            return (
              <li key={person.id} data-testid="attendee" data-presence={presence}>
                <span>{personName(person)}</span>
                <span className={styles.meta}>{t(PRESENCE_KEYS[presence])}</span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
