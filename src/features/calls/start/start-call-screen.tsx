// video-call/direct-video-call (SPEC §2): starts a call and hands over to the call screen. With
// `?user_id=` the direct room comes first (POST /live-chat/start-individual-chat), with
// `?chat_room_uuid=` the room is called as it is; then POST /live-chat/chat-room-calls and
// /chat/chat-detail/video-call/{id} replaces this page (Back must not start another call).
// Nothing starts from the address alone (issue 19): a typed URL, a link in a message, redirect_to, a
// push or a notification only shows whom the call is for, with a Call button; an in-app call button
// passes its intent in the navigation state and the call starts at once. The intent is taken out of
// the history entry as it is used, so a reload asks again instead of ringing a second time.
// Each attempt starts once: React StrictMode runs effects twice, and two calls would ring twice.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { callTargetKey, intendedCallKey, intendsVoiceCall } from '../../../shared/domain/start-call-link.ts';
import { useFailureHandler } from '../../../shared/errors/use-failure-handler.ts';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import { goBackOr } from '../../../shared/routes/back-or.ts';
import * as paths from '../../../shared/routes/paths.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { ErrorIcon, RetryIcon } from '../../../shared/ui/icons.tsx';
import { ScreenHeader } from '../../../shared/ui/screen-header.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { DirectChatStartError, startCall, type CallTarget, type JoinCallIntent } from '../api/start.ts';
import { callRegistry } from '../registry/call-registry.ts';
import { endCallOutbox } from '../session/end-call-outbox.ts';
import { CallPreview } from './call-preview.tsx';
import page from '../../../shared/ui/card-page.module.css';

const USER_ID = /^[1-9]\d{0,15}$/;
const ROOM_UUID = /^[A-Za-z0-9-]{1,64}$/;

/** Exactly one well-formed target, else null (a clear message instead of a call to someone unknown). */
export function parseCallTarget(userId: string | null, roomUuid: string | null): CallTarget | null {
  if (userId !== null && roomUuid !== null) return null;
  if (userId !== null) return USER_ID.test(userId) ? { kind: 'person', userId: Number(userId) } : null;
  if (roomUuid !== null) return ROOM_UUID.test(roomUuid) ? { kind: 'room', roomUuid } : null;
  return null;
}

/** One screen per address: a new target starts from nothing confirmed. */
export function StartCallScreen() {
  const { search } = useLocation();
  return <StartCall key={search} />;
}

function StartCall() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const showFailure = useFailureHandler();
  const [params] = useSearchParams();
  const userId = params.get('user_id');
  const roomUuid = params.get('chat_room_uuid');
  const target = useMemo(() => parseCallTarget(userId, roomUuid), [userId, roomUuid]);
  const targetKey = target ? callTargetKey(target) : null;

  // Confirmed for one target only: by an in-app tap's intent, or by the Call button here.
  const intentKey = intendedCallKey(location.state);
  const [tappedKey, setTappedKey] = useState<string | null>(intentKey);
  const confirmed = targetKey !== null && (tappedKey === targetKey || intentKey === targetKey);
  // A voice call only by the tap that asked for one (the Call button here starts a video call).
  const [voiceKey] = useState(() => (intendsVoiceCall(location.state) ? intentKey : null));
  const voice = voiceKey !== null && voiceKey === targetKey;
  useEffect(() => {
    // Used once: the entry keeps no intent, so a reload (or coming back to it) asks first.
    if (intentKey !== null) void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, [intentKey, navigate, location.pathname, location.search]);

  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  const startedAttempt = useRef<string | null>(null);
  // False once the person has left (Cancel, Back): a call that still comes back is ended, not shown.
  const here = useRef(true);
  useEffect(() => {
    here.current = true;
    return () => {
      here.current = false;
    };
  }, []);

  useEffect(() => {
    if (!target || !confirmed) return;
    const attemptKey = `${callTargetKey(target)}#${attempt}`;
    if (startedAttempt.current === attemptKey) return;
    startedAttempt.current = attemptKey;
    startCall(target, voice).then(
      (chatRoomCall) => {
        // Started after the caller gave up: it must not keep ringing the others (sent until the server takes it).
        if (!here.current) return void endCallOutbox.end(chatRoomCall.id);
        // From now on an ending (the other side declining at once) waits for the call screen's session.
        callRegistry.open(chatRoomCall.id);
        void navigate(paths.callScreen(chatRoomCall.id), { replace: true, state: { joinCall: chatRoomCall.id, ...(voice ? { voice } : {}) } satisfies JoinCallIntent });
      },
      (error: unknown) => {
        if (!here.current) return;
        setFailed(true);
        // SPEC §8: a failed direct-chat start is only logged; the screen still offers Try again.
        if (error instanceof DirectChatStartError) console.error(error.message, error.cause);
        else void showFailure(error);
      },
    );
  }, [target, confirmed, voice, attempt, navigate, showFailure]);

  const leave = () => {
    here.current = false;
    // Opened from outside (a link, a reload): Back lands on the Call tab.
    goBackOr(navigate, paths.callTab);
  };
  const retry = () => {
    setFailed(false);
    setAttempt((count) => count + 1);
  };

  return (
    <section className={page.screen} aria-labelledby="start-call-title">
      <ScreenHeader title={t('routes.video-call_direct-video-call')} titleId="start-call-title" back={leave} />
      <div className={page.body}>
        {!target ? (
          <div className={page.card}>
            <span className={page.stateIcon}>
              <ErrorIcon size={32} aria-hidden="true" />
            </span>
            <p className={page.message} role="alert">
              {t('calls.start.invalid')}
            </p>
            <div className={page.actions}>
              <Button onClick={leave}>{t('common.back')}</Button>
            </div>
          </div>
        ) : !confirmed ? (
          <CallPreview target={target} onCall={() => setTappedKey(targetKey)} onLeave={leave} />
        ) : failed ? (
          <div className={page.card}>
            <span className={page.stateIcon}>
              <ErrorIcon size={32} aria-hidden="true" />
            </span>
            <p className={page.message} role="alert">
              {t('calls.start.failed')}
            </p>
            <div className={page.actions}>
              <Button icon={RetryIcon} onClick={retry}>
                {t('common.retry')}
              </Button>
              <Button variant="secondary" onClick={leave}>
                {t('common.back')}
              </Button>
            </div>
          </div>
        ) : (
          <div className={page.card}>
            <Spinner label={t('calls.start.starting')} />
            <div className={page.actions}>
              <Button variant="secondary" onClick={leave}>
                {t('calls.start.cancel')}
              </Button>
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
