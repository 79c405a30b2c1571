// The call screen at chat/chat-detail/video-call/:chat_room_call_id (SPEC §2, §4; issue 12). The call
// router opens it on an incoming call; the start screen opens it for the caller. It loads the call
// and its room (GET /live-chat/chat-room-calls/{id}), tells caller from callee by caller_id, and
// runs one call session, owned by the call registry: ringing or calling, the call, the end. Call events
// for this call (SPEC §4's rejected_ids rule is applied by the registry) end it, also those that came
// while this screen was still loading; the screen then closes by itself.
import { useEffect, useMemo } from 'react';
import { useLocation, useParams } from 'react-router';
import { ApiError } from '../../../api/api-error.ts';
import { config } from '../../../api/config.ts';
import { useFailureHandler } from '../../../shared/errors/use-failure-handler.ts';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import { markFirstContentShown } from '../../../shared/scheduling/after-first-content.ts';
import { displayText } from '../../../shared/format/display-text.ts';
import { personName } from '../../../shared/format/person.ts';
import * as paths from '../../../shared/routes/paths.ts';
import { otherPersonAvatar } from '../../../shared/domain/direct-room.ts';
import { useSession } from '../../../shared/session/session-context.tsx';
import { showConfirm } from '../../../shared/ui/alert-host.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { ErrorIcon, RetryIcon } from '../../../shared/ui/icons.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { fetchCall, fetchCallStatusRenewing, useCallRoomPeople, useChatRoomCall, type ChatRoom, type ChatRoomCall, type LoadedCall } from '../api/call.ts';
import { intendedJoinId, joinsAsVoiceCall } from '../api/start.ts';
import { createCallMediaFor } from '../media/choose-call-media.ts';
import { callRegistry } from '../registry/call-registry.ts';
import { useCallMediaState, useCallSessionState } from '../registry/use-call-registry.ts';
import { createCallSession } from '../session/call-session.ts';
import { endCallOutbox } from '../session/end-call-outbox.ts';
import styles from './call.module.css';
import { CallStage, type CallPerson } from './call-stage.tsx';
import { EndedView, IncomingView, JoinPromptView, MediaBlockedView, type CallPeople } from './call-views.tsx';
import { useCallExit } from './use-call-exit.ts';
import { useScreenAwake } from './use-screen-awake.ts';

/** How long the end of a call stays on screen before the screen closes by itself. */
export const ENDED_SCREEN_MS = 2000;


function peopleOf(call: ChatRoomCall, room: ChatRoom | undefined, userId: number | undefined): CallPeople {
  const isCaller = call.caller_id === userId;
  const other = displayText(room?.individual_name) || displayText(room?.to_user_name);
  const title = room?.type === 'group' ? displayText(room.name) || other : other;
  const caller = isCaller ? title : (call.caller ? personName(call.caller) : '') || other || title;
  // A direct room's other person (from_* is whoever started the chat, which may be me).
  const avatar = otherPersonAvatar(room, userId);
  return { title: title || caller, caller: caller || title, avatarUrl: avatar ?? undefined };
}

function useCall(callId: number | undefined, loaded: LoadedCall | undefined, userId: number | undefined, startedHere: boolean, voice: boolean) {
  const call = loaded?.chat_room_call;
  const room = loaded?.chat_room;
  // From the first render, before the call has loaded: an ending that arrives meanwhile waits for the session.
  useEffect(() => (callId === undefined ? undefined : callRegistry.show(callId)), [callId]);
  // The running session for this id when there is one (a remount), so the call is not started twice.
  const session = useMemo(
    () =>
      callId === undefined || !call || userId === undefined
        ? undefined
        : callRegistry.sessionFor(callId, () => {
            // The call's answer names its media server (a group call through Janus), else the mesh. Its
            // newest answer (an unknown feed in the room, each status check) renews what the media
            // server needs: a short-lived token, the roster of who is who (issue 33).
            const media = createCallMediaFor({
              media: call.media,
              selfId: String(userId),
              iceServers: config.iceServers,
              mediaServerOrigins: config.mediaServerOrigins,
              refetch: () => fetchCall(callId).then((current) => current.media),
            });
            return createCallSession({
              callId,
              role: call.caller_id === userId ? 'caller' : 'callee',
              isGroup: room?.type === 'group',
              meetRoomUuid: call.meet_room_uuid ?? String(callId),
              roomUuid: call.chat_room_uuid ?? undefined,
              status: call.status,
              joinAtStart: startedHere,
              video: !voice,
              media,
              // Sent again until the server takes it: a lost end leaves the others in the call (issue 32).
              endCall: endCallOutbox.end,
              onJoin: endCallOutbox.withdraw,
              fetchStatus: (id) => fetchCallStatusRenewing(id, (answer) => media.renew?.(answer)),
            });
          }, loaded),
    [callId, call, room, userId, startedHere, voice, loaded],
  );
  useEffect(() => {
    if (session) callRegistry.start(session);
  }, [session]);
  return session;
}

export function CallScreen() {
  const { t } = useTranslation();
  const { chat_room_call_id: param } = useParams();
  const callId = param && /^\d+$/.test(param) ? Number(param) : undefined;
  const { userData } = useSession();
  const userId = userData?.user?.id;
  const query = useChatRoomCall(callId);
  const fail = useFailureHandler();
  // A call the user is in shows at once when its screen opens again (back from the attendee list):
  // the registry kept what the screen loaded; the answer loading again replaces it.
  const loaded = query.data ?? (callId === undefined ? undefined : callRegistry.loadedCall(callId));
  const call = loaded?.chat_room_call;
  const room = loaded?.chat_room;
  // Joined with the camera at once only when the start screen's tap led here (its hand-over stays in
  // this history entry, so a reload keeps it); a link to one's own call asks first.
  const handOver: unknown = useLocation().state;
  const startedHere = intendedJoinId(handOver) === callId;
  // A voice call, as the call says (x-inferred call_type), or as the caller's own tap asked.
  const voice = call?.call_type === 'voice' || (startedHere && joinsAsVoiceCall(handOver));
  const session = useCall(callId, loaded, userId, startedHere, voice);
  const state = useCallSessionState(session);
  const media = useCallMediaState(session);
  const roomPeople = useCallRoomPeople(room?.type === 'group' ? call?.chat_room_uuid : undefined);
  const personOf = (id: string): CallPerson | undefined => {
    const person = roomPeople.data?.participants?.find((employee) => String(employee.id) === id);
    return person ? { name: personName(person), avatarUrl: person.signed_profile_picture_url ?? undefined } : undefined;
  };
  const people = useMemo(() => (call ? peopleOf(call, room, userId) : { title: '', caller: '', avatarUrl: undefined }), [call, room, userId]);

  const phase = state?.phase;
  // The join prompt is not in the call: leaving it hangs nothing up (the call runs where it was started).
  const live = phase !== undefined && phase !== 'ended' && phase !== 'join-prompt';
  useScreenAwake(phase === 'outgoing' || phase === 'connecting' || phase === 'in-call');
  const exit = useCallExit({
    guard: live,
    confirmLeave: () => showConfirm({ headerKey: 'calls.call.leaveTitle', message: { key: 'calls.call.leaveMessage' }, buttonKey: 'calls.call.leave', cancelKey: 'calls.call.stay' }),
    onLeave: () => void session?.hangUp(),
    fallback: paths.callTab,
  });

  // A call that is gone (404) says so on the screen; anything else also goes through the catalogue
  // (a session that ended, a password to change).
  const gone = query.error instanceof ApiError && query.error.status === 404;
  // (Loading again a call the user is in, a failure leaves the call on screen.)
  const failed = query.isError && !loaded;
  useEffect(() => {
    if (failed && !gone) void fail(query.error);
  }, [failed, query.error, gone, fail]);
  // Opened as the first screen (a reload mid-call): the realtime connection carries the call's signalling.
  const settled = Boolean(loaded) || !query.isPending;
  useEffect(() => {
    if (settled) markFirstContentShown();
  }, [settled]);

  useEffect(() => {
    if (phase !== 'ended') return;
    const timer = setTimeout(exit, ENDED_SCREEN_MS);
    return () => clearTimeout(timer);
  }, [phase, exit]);

  let content;
  if (callId === undefined || failed) {
    content = (
      <div className={styles.center} role="alert">
        <span className={styles.stateIcon}>
          <ErrorIcon size={32} aria-hidden="true" />
        </span>
        <p className={styles.stateTitle}>{t(gone ? 'calls.call.notFound' : 'calls.call.loadError')}</p>
        <div className={styles.actions}>
          {callId !== undefined && !gone && (
            <Button icon={RetryIcon} onClick={() => void query.refetch()}>
              {t('calls.call.retry')}
            </Button>
          )}
          <Button variant="secondary" className={styles.stageButton} onClick={exit}>
            {t('calls.call.close')}
          </Button>
        </div>
      </div>
    );
  } else if (!session || !state) {
    content = (
      <div className={styles.loading}>
        <Spinner label={t('calls.call.loading')} />
      </div>
    );
  } else if (state.phase === 'incoming') {
    content = <IncomingView session={session} people={people} voice={voice} />;
  } else if (state.phase === 'join-prompt') {
    content = <JoinPromptView session={session} people={people} />;
  } else if (state.phase === 'media-blocked') {
    content = <MediaBlockedView session={session} media={media} />;
  } else if (state.phase === 'ended') {
    content = <EndedView state={state} people={people} onClose={exit} />;
  } else {
    content = <CallStage session={session} state={state} media={media} people={people} personOf={personOf} />;
  }

  return (
    <section className={styles.screen} aria-label={t('routes.chat_chat-detail_video-call')} data-testid="call-screen" data-phase={phase ?? 'loading'}>
      {content}
    </section>
  );
}
