// The call itself (issue 12, issue 23): the header, the notices, the other members' videos laid out
// by stage-layout.ts, the own preview, everyone's sound, and the controls.
import { useEffect, useRef, useState, type CSSProperties, type PointerEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import * as paths from '../../../shared/routes/paths.ts';
import { IconButton } from '../../../shared/ui/button.tsx';
import { ChevronLeftIcon, ChevronRightIcon, ErrorIcon, GroupIcon, IncomingCallIcon, OfflineIcon, RefreshIcon, ScreenShareIcon, VideoOffIcon, type IconComponent } from '../../../shared/ui/icons.tsx';
import type { CallMedia, CallMediaState, RemoteParticipant } from '../media/call-media.ts';
import { callRegistry } from '../registry/call-registry.ts';
import { useCallRegistry } from '../registry/use-call-registry.ts';
import type { CallSession, CallSessionState } from '../session/call-session.ts';
import { endCallOutbox } from '../session/end-call-outbox.ts';
import { CallTimer } from './call-timer.tsx';
import { CallControls, Portrait, useShareScreen, type CallPeople } from './call-views.tsx';
import styles from './call.module.css';
import { RemoteAudio } from './remote-audio.tsx';
import { planStage, speakerOf, spotlightContent, visibleVideos, type StagePlan, type StageSize } from './stage-layout.ts';
import stage from './stage.module.css';
import { useElementSize } from './use-element-size.ts';
import { VideoTile } from './video-tile.tsx';

/** A member of the call as the room's people name them. */
export interface CallPerson {
  name: string;
  avatarUrl: string | undefined;
}

type PreviewPlacement = 'screen' | 'stage' | 'strip';

/** What the stage assumes before it is measured: a phone's stage (390 x 844 less header and controls). */
const UNMEASURED: StageSize = { width: 374, height: 560 };
/** A horizontal swipe of at least this many px over the strip turns the page. */
const SWIPE = 48;

function connectionNotice(remotes: readonly RemoteParticipant[]): { key: 'calls.call.failed' | 'calls.call.reconnecting'; danger: boolean; icon: IconComponent } | undefined {
  if (remotes.length > 0 && remotes.every((remote) => remote.state === 'failed')) return { key: 'calls.call.failed', danger: true, icon: OfflineIcon };
  if (remotes.some((remote) => remote.state === 'reconnecting')) return { key: 'calls.call.reconnecting', danger: false, icon: RefreshIcon };
  return undefined;
}

const STATUS_KEYS = { connecting: 'calls.call.connecting', reconnecting: 'calls.call.reconnecting', failed: 'calls.attendee.connectionFailed' } as const;

export function CallStage({ session, state, media, people, personOf }: { session: CallSession; state: CallSessionState; media: CallMediaState | undefined; people: CallPeople; personOf(id: string): CallPerson | undefined }) {
  const { t } = useTranslation();
  const remotes = media?.remotes ?? [];
  const notice = connectionNotice(remotes);
  const outgoing = state.phase === 'outgoing';
  const waiting = outgoing ? t('calls.call.calling', { name: people.title }) : remotes.length === 0 ? (session.isGroup && state.phase === 'in-call' ? t('calls.call.waitingForOthers') : t('calls.call.connecting')) : undefined;
  const share = useShareScreen(session.media);
  const personAt = (remote: RemoteParticipant): CallPerson => {
    if (!session.isGroup) return { name: people.title, avatarUrl: people.avatarUrl };
    return personOf(remote.id) ?? { name: t('calls.call.participant', { number: remotes.indexOf(remote) + 1 }), avatarUrl: undefined };
  };
  // The own camera: over a corner of the screen (waiting), of the stage or the large tile, or a tile of the strip.
  const preview = (placement: PreviewPlacement) =>
    media?.local && (
      <VideoTile
        key="local"
        stream={media.local}
        muted
        testId="local-video"
        className={placement === 'strip' ? `${styles.tile} ${stage.ownTile}` : placement === 'stage' ? `${styles.preview} ${stage.stagePreview}` : styles.preview}
        label={media.audioOnly ? t('calls.call.audioOnlyBadge') : placement === 'strip' ? t('calls.attendee.you') : undefined}
        placeholder={<VideoOffIcon size={28} aria-hidden="true" />}
        microphoneOff={!media.microphoneOn}
        cameraOff={!media.cameraOn}
      />
    );
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
      {waiting && preview('screen')}
      <div className={styles.banners}>
        {media?.full && (
          <p className={styles.banner} data-tone="danger" role="alert">
            <ErrorIcon size={20} aria-hidden="true" />
            <span>{t('calls.call.full', { count: media.capacity })}</span>
          </p>
        )}
        {media?.screen && (
          <p className={styles.banner} role="status" data-testid="sharing-banner">
            <ScreenShareIcon size={20} aria-hidden="true" />
            <span>{t('calls.call.sharing')}</span>
            <button type="button" className={styles.textButton} onClick={() => share(false)}>
              {t('calls.call.stopSharing')}
            </button>
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
        <StageView media={session.media} state={media} personAt={personAt} preview={media?.local ? preview : undefined} />
      )}
      <RemoteAudio remotes={remotes} />
      <CallControls session={session} media={media} share={share} />
    </>
  );
}

/** Calls `send` with what the stage shows once per frame at most, and only when it changed; none once gone. */
function useVisibleVideos(media: CallMedia, entries: ReadonlyArray<{ id: string; large: boolean }>, ready: boolean) {
  const key = JSON.stringify(visibleVideos(entries));
  const sent = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!ready) return;
    const send = () => {
      if (sent.current === key) return;
      sent.current = key;
      media.setVisibleVideos(JSON.parse(key) as ReturnType<typeof visibleVideos>);
    };
    if (typeof requestAnimationFrame !== 'function') {
      const timer = setTimeout(send, 16);
      return () => clearTimeout(timer);
    }
    const frame = requestAnimationFrame(send);
    return () => cancelAnimationFrame(frame);
  }, [media, key, ready]);
  useEffect(
    () => () => {
      if (sent.current === undefined || sent.current === '[]') return;
      sent.current = undefined;
      media.setVisibleVideos([]);
    },
    [media],
  );
}

function StageView({ media, state, personAt, preview }: { media: CallMedia; state: CallMediaState | undefined; personAt(remote: RemoteParticipant): CallPerson; preview: ((placement: PreviewPlacement) => ReactNode) | undefined }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const measured = useElementSize(ref);
  const remotes = state?.remotes ?? [];
  const activeSpeaker = state?.activeSpeaker;
  // Who spoke last stays large while nobody speaks.
  const [lastSpeaker, setLastSpeaker] = useState<string | undefined>();
  if (activeSpeaker !== undefined && activeSpeaker !== lastSpeaker && remotes.some((remote) => remote.id === activeSpeaker)) setLastSpeaker(activeSpeaker);
  const [pageIndex, setPageIndex] = useState(0);
  const plan = planStage(measured ?? UNMEASURED, remotes.length, remotes.some((remote) => remote.screen), preview !== undefined);
  const spotlight = plan.kind === 'spotlight' ? spotlightContent(remotes, speakerOf(remotes, activeSpeaker, lastSpeaker), plan.perPage, pageIndex) : undefined;

  // The cameras on screen (a shared screen is always received: the media needs no word for it).
  const largeCamera = spotlight?.large && !spotlight.large.screen ? [{ id: spotlight.large.remote.id, large: true }] : [];
  const shown = spotlight ? [...largeCamera, ...spotlight.page.map((remote) => ({ id: remote.id, large: false }))] : remotes.map((remote) => ({ id: remote.id, large: true }));
  // Not before the stage is measured, where it can be: the first guess would ask for the wrong videos.
  useVisibleVideos(media, shown, measured !== undefined || typeof ResizeObserver === 'undefined');

  const tile = (remote: RemoteParticipant, large: boolean) => {
    const person = personAt(remote);
    return (
      <VideoTile
        key={remote.id}
        stream={remote.stream}
        muted
        testId="remote-video"
        participant={remote.id}
        className={large ? `${styles.tile} ${stage.large}` : styles.tile}
        label={person.name}
        avatarUrl={person.avatarUrl}
        avatarSize={large ? 'xl' : 'l'}
        microphoneOff={remote.microphoneOn === undefined ? undefined : !remote.microphoneOn}
        cameraOff={remote.cameraOn === false ? true : undefined}
        speaking={remote.speaking ?? remote.id === activeSpeaker}
        status={remote.state === 'connected' ? undefined : t(STATUS_KEYS[remote.state])}
      />
    );
  };

  let content: ReactNode;
  if (!spotlight || plan.kind !== 'spotlight') {
    content = (
      <>
        {remotes.map((remote) => tile(remote, plan.kind === 'solo'))}
        {preview?.('stage')}
      </>
    );
  } else {
    const { large } = spotlight;
    content = (
      <>
        <div className={stage.main}>
          {large?.screen ? (
            <VideoTile
              key={`screen-${large.remote.id}`}
              stream={large.remote.screen}
              muted
              testId="screen-share"
              participant={large.remote.id}
              className={`${styles.tile} ${stage.large} ${stage.screen}`}
              label={t('calls.call.screenOf', { name: personAt(large.remote).name })}
              microphoneOff={false}
            />
          ) : (
            large && tile(large.remote, true)
          )}
          {!plan.ownTile && preview?.('stage')}
        </div>
        <Strip plan={plan} pageIndex={spotlight.pageIndex} pages={spotlight.pages} onPage={setPageIndex}>
          {plan.ownTile && preview?.('strip')}
          {spotlight.page.map((remote) => tile(remote, false))}
        </Strip>
      </>
    );
  }
  return (
    <div
      ref={ref}
      className={`${styles.stage} ${stage.stage}`}
      data-layout={plan.kind}
      data-strip={plan.kind === 'spotlight' ? plan.strip : undefined}
      data-count={plan.kind === 'spotlight' ? undefined : String(Math.min(remotes.length, 3))}
    >
      {content}
    </div>
  );
}

function Strip({ plan, pageIndex, pages, onPage, children }: { plan: Extract<StagePlan, { kind: 'spotlight' }>; pageIndex: number; pages: number; onPage(index: number): void; children: ReactNode }) {
  const { t } = useTranslation();
  const swipe = useRef<{ x: number; y: number } | undefined>(undefined);
  const turn = (by: number) => onPage(Math.min(pages - 1, Math.max(0, pageIndex + by)));
  const onPointerDown = (event: PointerEvent) => {
    swipe.current = event.pointerType === 'mouse' ? undefined : { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipe.current;
    swipe.current = undefined;
    if (!start) return;
    const dx = event.clientX - start.x;
    if (Math.abs(dx) >= SWIPE && Math.abs(dx) > Math.abs(event.clientY - start.y) * 1.5) turn(dx < 0 ? 1 : -1);
  };
  const sizes = {
    '--strip-columns': plan.columns,
    '--strip-rows': plan.rowsShown,
    '--tile-width': `${plan.tileWidth}px`,
    '--tile-height': `${plan.tileHeight}px`,
  } as CSSProperties;
  return (
    <div className={stage.stripArea} style={sizes}>
      <div className={stage.strip} role="group" aria-label={t('calls.call.participants')} data-testid="call-strip" onPointerDown={onPointerDown} onPointerUp={onPointerUp} onPointerCancel={() => (swipe.current = undefined)}>
        {children}
      </div>
      {pages > 1 && (
        <div className={stage.pager}>
          <IconButton icon={ChevronLeftIcon} label={t('calls.call.previousPage')} className={stage.pagerButton} disabled={pageIndex === 0} onClick={() => turn(-1)} />
          <span aria-live="polite" data-testid="call-page">
            {t('calls.call.page', { page: pageIndex + 1, total: pages })}
          </span>
          <IconButton icon={ChevronRightIcon} label={t('calls.call.nextPage')} className={stage.pagerButton} disabled={pageIndex === pages - 1} onClick={() => turn(1)} />
        </div>
      )}
    </div>
  );
}

/** Other calls that rang while the user is in this one (the call registry keeps them), each with Decline. */
function BusyCalls() {
  const { t } = useTranslation();
  const { waiting } = useCallRegistry();
  const decline = (id: number) => {
    callRegistry.dropWaiting(id);
    // Through the outbox like every end: a decline that is lost would leave the caller ringing.
    void endCallOutbox.end(id, 'end_call_from_receiver');
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
