// A chat room (SPEC §2: /live-chat/chat-room on the v1 calls, /chats/chat on v2): one screen for both
// versions, the room in the address (`?uuid=`), bound once to its version (api/room-api.ts). Layout
// only: the messages come from the chat's store (use-room.ts), in a bottom-anchored virtual list, the
// outbox's beside the server's; what the person does goes through the room's controller
// (room-controller.ts), whose state says which sheet is open and what the composer edits or answers.
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { startCallIntent, startCallPath, type CallTarget } from '../../../shared/domain/start-call-link.ts';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import { DeferredBoundary } from '../../../shared/loading/deferred-boundary.tsx';
import { afterFirstContent, useAfterFirstContent } from '../../../shared/scheduling/after-first-content.ts';
import { useSession } from '../../../shared/session/session-context.tsx';
import * as paths from '../../../shared/routes/paths.ts';
import { ScreenHeader, headerActionClass } from '../../../shared/ui/screen-header.tsx';
import { Button, IconButton } from '../../../shared/ui/button.tsx';
import { CallIcon, MoreVerticalIcon, MutedIcon, VideoIcon } from '../../../shared/ui/icons.tsx';
import type { MenuItem } from '../../../shared/ui/menu.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { isTruthyFlag, roomTitle } from '../api/message-model.ts';
import { roomApi, type RoomApi } from '../api/room-api.ts';
import { useGroupSize } from '../api/group-size.ts';
import styles from './room.module.css';
import { draftKey } from '../outbox/chat-db.ts';
import { Composer } from './composer.tsx';
import { MessageList } from './message-list.tsx';
import { MessageExtra, preloadMessageParts } from './room-parts.ts';
import { PinnedBar, type Action } from './room-panels.tsx';
import { FilesAndLinks, MessageSheet, ParticipantsPanel, PinnedList, PollVoters, preloadRoomDialogs, RoomMenu, StickerPicker, UploadFileModal } from './room-dialogs.ts';
import { RoomControllerContext, useNewRoomController } from './room-controller.ts';
import { useRoom } from './use-room.ts';
import { RoomSearch, RoomSearchButton, TypingIndicator } from './room-extras.ts';
import { SearchTermContext } from './search-term.ts';
import type { TypingSignal } from './typing-signal.ts';

const toMenuItem = (action: Action): MenuItem => ({ key: action.key, label: action.label, tone: action.danger ? 'danger' : 'default', onSelect: action.run });

/** `besideList`: the chat list stands beside the room (a wide screen, list/chat-room-route.tsx), so the header has no Back. */
export function ChatRoomScreen({ besideList = false }: { besideList?: boolean }) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const roomUuid = params.get('uuid') ?? '';
  if (!roomUuid) return <NoRoom />;
  const version = paths.chatVersionOf(pathname);
  const message = params.get('message');
  return <ChatRoom key={`${version}:${roomUuid}`} bind={() => roomApi({ version, uuid: roomUuid })} besideList={besideList} openAt={message && MESSAGE_ID.test(message) ? message : undefined} />;
}

/** A message named in the address (`&message=`, a mention's notification): a uuid-like id only, or none. */
const MESSAGE_ID = /^[A-Za-z0-9-]{1,64}$/;

/** The room's address without a room (a hand-typed or stale link): say so, and offer the list. */
function NoRoom() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const version = paths.chatVersionOf(pathname);
  return (
    <main className={styles.screen} aria-labelledby="no-room-title">
      <ScreenHeader title={t(version === 'v1' ? 'routes.live-chat_chat-room' : 'routes.chats_chat')} titleId="no-room-title" back={paths.chatList(version)} />
      <p className={styles.state}>{t('chat.noRoom')}</p>
    </main>
  );
}

/** One room, bound once (`bind`) to the version of the address it was opened from. */
function ChatRoom({ bind, besideList, openAt }: { bind(): RoomApi; besideList: boolean; openAt?: string | undefined }) {
  const { t } = useTranslation();
  const [api] = useState(bind);
  const roomUuid = api.uuid;
  const navigate = useNavigate();
  const { userData } = useSession();
  const userId = userData?.user?.id ?? 0;
  const controller = useNewRoomController(api);
  const { start, focus, editing, replyingTo, panel } = useSyncExternalStore(controller.subscribe, controller.getState);
  const { query, messages, room, pinned, firstUnread } = useRoom(api, start, !openAt);
  const atNewest = start.anchor === null;
  // A file's card and a poll: fetched beside the first page, so they are there when it is.
  useEffect(preloadMessageParts, []);
  useEffect(() => afterFirstContent(preloadRoomDialogs), []);
  // A link to a message (a mention's notification) opens the room at it, scrolled to and marked as a
  // jump does: it only reads (the page that holds it), so a hostile link can at most show the room.
  // Once per opening: React's development double mount must not fetch that page twice.
  const [opensAt] = useState(openAt);
  const jumped = useRef(false);
  useEffect(() => {
    if (!opensAt || jumped.current) return;
    jumped.current = true;
    void controller.jumpTo(opensAt);
  }, [controller, opensAt]);
  const callTarget: CallTarget = { kind: 'room', roomUuid };
  // Issue 24: the search bar (a chunk loaded on the tap) and the words it marks; the typing signal; who is typing, once the messages show.
  const [searching, setSearching] = useState(false);
  const [searchTerm, setSearchTerm] = useState('');
  // The typing signal comes with the typing indicator's code, after the first content.
  const [typing, setTyping] = useState<TypingSignal>();
  const extrasShown = useAfterFirstContent();

  const title = room ? roomTitle(room) || t('chat.untitled') : '';
  const isGroup = room?.type === 'group';
  const groupSize = useGroupSize(room?.id, isGroup && api.groupDetail);

  const roomActions = (): Action[] => {
    const muted = isTruthyFlag(room?.is_muted);
    const actions: Action[] = [
      { key: 'mute', label: muted ? t('chat.unmute') : t('chat.mute'), run: () => void controller.run('mute') },
      { key: 'files', label: t('chat.filesAndLinks'), run: () => controller.open('files') },
      { key: 'delete', label: t('chat.deleteChat'), danger: true, run: () => void controller.run('deleteChat') },
    ];
    if (isGroup) {
      // The v2 family has a detail screen; the v1 family lists the participants (a v1 call).
      const info: Action = api.groupDetail
        ? { key: 'info', label: t('chat.groupInfo'), run: () => void navigate(paths.chatDetail(roomUuid)) }
        : { key: 'info', label: t('chat.participants'), run: () => controller.open('participants') };
      actions.unshift(info, { key: 'poll', label: t('chat.createPoll'), run: () => void navigate(paths.chatVote(roomUuid)) });
      actions.push({ key: 'leave', label: t('chat.leaveGroup'), danger: true, run: () => void controller.run('leave') });
    }
    return actions;
  };

  return (
    <RoomControllerContext.Provider value={controller}>
      <main className={styles.screen} aria-label={title || t('routes.chats_chat')}>
        <ScreenHeader
          title={
            <span className={styles.titleBlock}>
              <span className={styles.titleLine}>
                <span className={styles.titleText} data-testid="room-title" title={title}>
                  {title}
                </span>
                {room && isTruthyFlag(room.is_muted) && (
                  <span className={styles.mutedMark} role="img" aria-label={t('chat.muted')} title={t('chat.muted')}>
                    <MutedIcon size={16} aria-hidden="true" />
                  </span>
                )}
              </span>
              {groupSize !== undefined && <span className={styles.headerMeta}>{t('chat.memberCount', { count: groupSize })}</span>}
            </span>
          }
          back={besideList ? undefined : paths.chatList(api.version)}
          actions={
            <>
              {/* The search button's code and icon come after the first content; its place is kept meanwhile. */}
              {/* Code that cannot load (offline) keeps the place, and comes once the browser is online (as the menu's). */}
              <DeferredBoundary name="the room search button" fallback={<span className={headerActionClass} aria-hidden="true" />}>
                {extrasShown ? <RoomSearchButton className={headerActionClass} disabled={!room} onOpen={() => setSearching(true)} /> : <span className={headerActionClass} aria-hidden="true" />}
              </DeferredBoundary>
              {/* The calls feature starts the call (POST /live-chat/chat-room-calls); the intent says this tap asked for it (and for a voice call, without the camera). */}
              <Link className={headerActionClass} to={startCallPath(callTarget)} state={startCallIntent(callTarget, true)} aria-label={t('chat.voiceCall')} title={t('chat.voiceCall')} data-testid="room-voice-call">
                <CallIcon size={22} aria-hidden="true" />
              </Link>
              <Link className={headerActionClass} to={startCallPath(callTarget)} state={startCallIntent(callTarget)} aria-label={t('chat.videoCall')} title={t('chat.videoCall')} data-testid="room-video-call">
                <VideoIcon size={22} aria-hidden="true" />
              </Link>
              {/* The menu's code comes after the first content: until then (a moment) its button is there, disabled. */}
              <DeferredBoundary name="the room menu" fallback={<IconButton icon={MoreVerticalIcon} label={t('chat.roomMenu')} className={headerActionClass} disabled />}>
                <RoomMenu label={t('chat.roomMenu')} items={roomActions().map(toMenuItem)} triggerClassName={headerActionClass} disabled={!room} />
              </DeferredBoundary>
            </>
          }
        />
        {searching && (
          <DeferredBoundary name="the room search">
            <RoomSearch roomUuid={roomUuid} jumpTo={controller.jumpTo} onTerm={setSearchTerm} onClose={() => setSearching(false)} onFail={(error) => void controller.fail(error)} />
          </DeferredBoundary>
        )}
        <PinnedBar pinned={pinned.data ?? []} onJump={(uuid) => void controller.jumpTo(uuid)} onOpenList={() => controller.open('pinned')} />
        <div className={styles.listArea}>
          {extrasShown && (
            <DeferredBoundary name="who is typing">
              <TypingIndicator roomUuid={roomUuid} currentUserId={userData?.user?.id} onSignal={setTyping} messages={messages} />
            </DeferredBoundary>
          )}
          {query.isError && (
            <div className={styles.errorBanner} role="alert">
              <span>{t('chat.roomLoadError')}</span>
              <Button variant="secondary" size="s" onClick={() => void query.refetch()}>
                {t('common.retry')}
              </Button>
            </div>
          )}
          {query.isPending && messages.length === 0 ? (
            <Spinner />
          ) : query.isError && messages.length === 0 ? null : (
            <SearchTermContext.Provider value={searchTerm}>
              <MessageList
                messages={messages}
                isGroup={isGroup}
                hasOlder={query.hasNextPage}
                hasNewer={query.hasPreviousPage}
                loadingOlder={query.isFetchingNextPage}
                onLoadOlder={() => void query.fetchNextPage()}
                onLoadNewer={() => void query.fetchPreviousPage()}
                focus={focus}
                firstUnread={firstUnread}
              />
            </SearchTermContext.Provider>
          )}
          {!atNewest && (
            <Button className={styles.latestButton} onClick={controller.backToLatest}>
              {t('chat.backToLatest')}
            </Button>
          )}
        </div>
        {replyingTo && !editing && (
          <DeferredBoundary name="the reply bar">
            <MessageExtra part="replyBar" reply={replyingTo} onCancel={controller.cancelReply} />
          </DeferredBoundary>
        )}
        <Composer
          key={editing?.uuid ?? 'compose'}
          focusKey={replyingTo?.uuid}
          draftKey={draftKey(userId, api)}
          onSend={(text) => {
            typing?.stop();
            return controller.send(text);
          }}
          typing={typing}
          onAttach={() => controller.open('upload')}
          onStickers={() => controller.open('stickers')}
          editing={editing ? { text: editing.text ?? '', onCancel: controller.cancelEdit } : null}
        />
        {/* A dialog whose code cannot load is left out; the room stays. */}
        <DeferredBoundary key={typeof panel === 'string' ? panel : panel ? 'item' : 'none'} name="a chat room dialog">
          {/* What the modal uploads goes through the outbox, which puts the server's messages into the list. */}
          {panel === 'upload' && <UploadFileModal onClose={controller.close} />}
          {panel === 'stickers' && <StickerPicker onClose={controller.close} onPick={(sticker) => controller.sendSticker({ id: sticker.id, name: sticker.name ?? null, imageUrl: sticker.image_url ?? null })} />}
          {panel === 'participants' && <ParticipantsPanel roomUuid={roomUuid} onClose={controller.close} />}
          {panel === 'files' && <FilesAndLinks roomUuid={roomUuid} onClose={controller.close} />}
          {panel === 'pinned' && <PinnedList pinned={pinned.data ?? []} onJump={(uuid) => void controller.jumpTo(uuid)} onUnpin={(uuid) => void controller.run('pin', uuid, false)} onClose={controller.close} />}
          {panel !== null && typeof panel === 'object' && 'voters' in panel && <PollVoters poll={panel.voters} onClose={controller.close} />}
          {panel !== null && typeof panel === 'object' && 'message' in panel && <MessageSheet message={panel.message} view={panel.view} at={panel.at} onClose={controller.close} />}
        </DeferredBoundary>
      </main>
    </RoomControllerContext.Provider>
  );
}
