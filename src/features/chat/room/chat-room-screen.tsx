// A chat room (SPEC §2: /live-chat/chat-room on the v1 calls, /chats/chat on v2): one screen for both
// versions, the room in the address (`?uuid=`), bound once to its version (api/room-api.ts). Messages
// in a bottom-anchored virtual list, rendered from the room's query cache, which holds the outbox's
// messages beside the server's; the pinned bar, the composer, the sticker picker and the upload modal
// (all three send through the outbox), message and room actions.
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { startCallIntent, startCallPath, type CallTarget } from '../../../shared/calls/start-call-link.ts';
import { useFailureHandler } from '../../../shared/errors/use-failure-handler.ts';
import { prepareDateFormatters } from '../../../shared/format/formatters.ts';
import { DeferredBoundary } from '../../../shared/loading/deferred-boundary.tsx';
import { afterFirstContent, useAfterFirstContent } from '../../../shared/scheduling/after-first-content.ts';
import { showConfirm } from '../../../shared/ui/alert-host.tsx';
import { useSession } from '../../../shared/session/session-context.tsx';
import * as paths from '../../../shared/routes/paths.ts';
import { ScreenHeader, headerActionClass } from '../../../shared/ui/screen-header.tsx';
import { Button, IconButton } from '../../../shared/ui/button.tsx';
import { CallIcon, MoreVerticalIcon, MutedIcon, VideoIcon } from '../../../shared/ui/icons.tsx';
import type { MenuItem } from '../../../shared/ui/menu.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { isTruthyFlag, roomTitle, type PollView, type ReplyPreview, type RoomMessage } from '../api/message-model.ts';
import { roomApi, type RoomApi } from '../api/room-api.ts';
import { patchMessage, roomKey } from '../api/room-messages.ts';
import { useDeleteChat, useLeaveGroup, useMuteChat } from '../api/rooms.ts';
import { useGroupSize } from '../api/group-size.ts';
import styles from './room.module.css';
import { draftKey } from '../outbox/chat-db.ts';
import type { Outbox } from '../outbox/outbox.ts';
import { retryImport } from '../../../shared/loading/retry-import.ts';
import { Composer } from './composer.tsx';
import { MessageList } from './message-list.tsx';
import { OpenRoomContext, type OpenRoom } from './open-room.ts';
import { MessageExtrasActions, type MessageExtrasValue } from './message-extras-actions.ts';
import { PollActions, type PollActionsValue } from './poll-actions.ts';
import { MessageExtra, preloadMessageParts } from './room-parts.ts';
import { PinnedBar, type Action } from './room-panels.tsx';
import type { MessageOps } from './room-sheets.tsx';
import { FilesAndLinks, MessageSheet, ParticipantsPanel, PinnedList, PollVoters, preloadRoomDialogs, RoomMenu, StickerPicker, UploadFileModal } from './room-dialogs.ts';
import { useRoom } from './use-room.ts';
import { RoomSearch, RoomSearchButton, TypingIndicator } from './room-extras.ts';
import { SearchTermContext } from './search-term.ts';
import type { TypingSignal } from './typing-signal.ts';

const toMenuItem = (action: Action): MenuItem => ({ key: action.key, label: action.label, tone: action.danger ? 'danger' : 'default', onSelect: action.run });

const noSubscription = () => () => undefined;
const noSnapshot = () => null;

type Panel =
  | 'upload'
  | 'stickers'
  | 'files'
  | 'pinned'
  | 'participants'
  | { message: RoomMessage; view: 'actions' | 'readers' }
  | { voters: PollView }
  | null;

export function ChatRoomScreen() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const roomUuid = params.get('uuid') ?? '';
  if (!roomUuid) return <NoRoom />;
  const version = paths.chatVersionOf(pathname);
  return <ChatRoom key={`${version}:${roomUuid}`} bind={() => roomApi({ version, uuid: roomUuid })} />;
}

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
function ChatRoom({ bind }: { bind(): RoomApi }) {
  const { t, i18n } = useTranslation();
  const [api] = useState(bind);
  const roomUuid = api.uuid;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { controller, userData } = useSession();
  const userId = userData?.user?.id ?? 0;
  // The outbox's code (and IndexedDB's) loads beside the room's first page, not before its first content:
  // a send made before it has arrived waits for it, so nothing typed is lost.
  const outboxReady = useMemo(
    () => retryImport(() => import('../outbox/outbox-runner.ts')).then(({ ensureOutbox }) => ensureOutbox({ queryClient, currentUserId: () => controller.getState().userData?.user?.id })),
    [controller, queryClient],
  );
  const [outbox, setOutbox] = useState<Outbox>();
  useEffect(() => {
    let here = true;
    // A failure shows on the send that needs it.
    outboxReady.then((ready) => here && setOutbox(ready)).catch(() => undefined);
    return () => {
      here = false;
    };
  }, [outboxReady]);
  const open: OpenRoom = useMemo(() => ({ api, outbox: outboxReady }), [api, outboxReady]);
  // The outbox writes its messages into the room's cache, whose readers hear of it a task later: the
  // room renders as soon as the outbox changes, so a message shows when the field clears, not after.
  useSyncExternalStore(outbox?.subscribe ?? noSubscription, outbox?.getSnapshot ?? noSnapshot);
  const { query, messages, room, pinned, anchor, focus, jumpTo, backToLatest } = useRoom(api);
  // Every message shows its time, and each day its date: their formatters are made while the first page is on its way.
  useEffect(() => prepareDateFormatters(i18n.language), [i18n.language]);
  // A file's card and a poll: fetched beside the first page, so they are there when it is.
  useEffect(preloadMessageParts, []);
  useEffect(() => afterFirstContent(preloadRoomDialogs), []);
  const callTarget: CallTarget = { kind: 'room', roomUuid };
  const [panel, setPanel] = useState<Panel>(null);
  const [editing, setEditing] = useState<RoomMessage | null>(null);
  // Issue 24: the search bar (a chunk loaded on the tap) and the words it marks; the typing signal; who is typing, once the messages show.
  const [searching, setSearching] = useState(false);
  const [searchTerm, setSearchTerm] = useState('');
  // The typing signal comes with the typing indicator's code, after the first content.
  const [typing, setTyping] = useState<TypingSignal>();
  const extrasShown = useAfterFirstContent();
  const [replyingTo, setReplyingTo] = useState<ReplyPreview | null>(null);
  const mute = useMuteChat();
  const deleteChat = useDeleteChat();
  const leaveGroup = useLeaveGroup();

  const fail = useFailureHandler();

  const title = room ? roomTitle(room) || t('chat.untitled') : '';
  const isGroup = room?.type === 'group';
  const groupSize = useGroupSize(room?.id, isGroup && api.groupDetail);

  const send = async (text: string) => {
    typing?.stop();
    if (editing && api.edit) {
      try {
        const changed = await api.edit(editing.uuid, text);
        // An answer without the message: the edit counts as done, and the page is read again.
        if (changed) patchMessage(queryClient, api, editing.uuid, () => changed);
        else void queryClient.invalidateQueries({ queryKey: roomKey(api) });
        setEditing(null);
      } catch (error) {
        await fail(error);
        throw error;
      }
      return;
    }
    if (anchor !== 1) backToLatest();
    await (await outboxReady).enqueue(api, replyingTo ? { kind: 'text', text, replyTo: replyingTo } : { kind: 'text', text });
    setReplyingTo(null);
  };

  /** Pins or unpins a message; the message and the pinned list show the change once the server agrees. */
  const setPinned = (messageUuid: string, pin: boolean) =>
    (pin ? api.pin : api.unpin)(messageUuid)
      .then(() => {
        patchMessage(queryClient, api, messageUuid, (m) => ({ ...m, pinnedAt: pin ? new Date().toISOString() : null }));
        return pinned.refetch();
      })
      .catch(fail);

  const removeMessage = async (messageUuid: string) => {
    const confirmed = await showConfirm({ headerKey: 'chat.deleteMessage', message: { key: 'chat.confirmDeleteMessage' }, buttonKey: 'chat.delete', cancelKey: 'chat.cancel' });
    if (!confirmed) return;
    await api
      .remove(messageUuid)
      .then(() => {
        patchMessage(queryClient, api, messageUuid, () => null);
        return pinned.refetch();
      })
      .catch(fail);
  };

  const pollActions: PollActionsValue = {
    fail,
    showVoters: (message) => message.poll && setPanel({ voters: message.poll }),
  };

  const extras: MessageExtrasValue = {
    jumpTo: (uuid) => void jumpTo(uuid).catch(fail),
    react: (message, reaction) => void import('../api/message-extras.ts').then(({ toggleReaction }) => toggleReaction(queryClient, api, message, reaction)).catch(fail),
    showReaders: (message) => setPanel({ message, view: 'readers' }),
  };

  const messageOps: MessageOps = {
    roomUuid,
    canEdit: Boolean(api.edit),
    pin: (uuid, pin) => void setPinned(uuid, pin),
    edit: setEditing,
    remove: (uuid) => void removeMessage(uuid),
    reply: (preview) => {
      setEditing(null);
      setReplyingTo(preview);
    },
    react: extras.react,
  };

  const roomActions = (): Action[] => {
    const muted = isTruthyFlag(room?.is_muted);
    const confirmThen = (key: string, run: () => Promise<unknown>) => () =>
      void showConfirm({ headerKey: key, message: { key: `${key}Confirm` }, buttonKey: key, cancelKey: 'chat.cancel' }).then(
        async (yes) => {
          if (yes) await run().then(() => navigate(paths.chatList(api.version), { replace: true }), fail);
        },
      );
    const actions: Action[] = [
      { key: 'mute', label: muted ? t('chat.unmute') : t('chat.mute'), run: () => void mute.mutateAsync({ body: { chat_room_uuid: roomUuid } }).catch(fail) },
      { key: 'files', label: t('chat.filesAndLinks'), run: () => setPanel('files') },
      { key: 'delete', label: t('chat.deleteChat'), danger: true, run: confirmThen('chat.deleteChat', () => deleteChat.mutateAsync({ body: { chat_room_uuid: roomUuid } })) },
    ];
    if (isGroup) {
      // The v2 family has a detail screen; the v1 family lists the participants (a v1 call).
      const info: Action = api.groupDetail
        ? { key: 'info', label: t('chat.groupInfo'), run: () => navigate(paths.chatDetail(roomUuid)) }
        : { key: 'info', label: t('chat.participants'), run: () => setPanel('participants') };
      actions.unshift(info, { key: 'poll', label: t('chat.createPoll'), run: () => navigate(paths.chatVote(roomUuid)) });
    }
    if (isGroup) actions.push({ key: 'leave', label: t('chat.leaveGroup'), danger: true, run: confirmThen('chat.leaveGroup', () => leaveGroup.mutateAsync({ body: { chat_room_uuid: roomUuid } })) });
    return actions;
  };

  return (
    <OpenRoomContext.Provider value={open}>
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
          back={paths.chatList(api.version)}
          actions={
            <>
              {/* The search button's code and icon come after the first content; its place is kept meanwhile. */}
              <Suspense fallback={<span className={headerActionClass} aria-hidden="true" />}>
                {extrasShown ? <RoomSearchButton className={headerActionClass} disabled={!room} onOpen={() => setSearching(true)} /> : <span className={headerActionClass} aria-hidden="true" />}
              </Suspense>
              {/* The calls feature starts the call (POST /live-chat/chat-room-calls); the intent says this tap asked for it (and for a voice call, without the camera). */}
              <Link className={headerActionClass} to={startCallPath(callTarget)} state={startCallIntent(callTarget, true)} aria-label={t('chat.voiceCall')} title={t('chat.voiceCall')} data-testid="room-voice-call">
                <CallIcon size={22} aria-hidden="true" />
              </Link>
              <Link className={headerActionClass} to={startCallPath(callTarget)} state={startCallIntent(callTarget)} aria-label={t('chat.videoCall')} title={t('chat.videoCall')} data-testid="room-video-call">
                <VideoIcon size={22} aria-hidden="true" />
              </Link>
              {/* The menu's code comes after the first content: until then (a moment) its button is there, disabled. */}
              <Suspense fallback={<IconButton icon={MoreVerticalIcon} label={t('chat.roomMenu')} className={headerActionClass} disabled />}>
                <RoomMenu label={t('chat.roomMenu')} items={roomActions().map(toMenuItem)} triggerClassName={headerActionClass} disabled={!room} />
              </Suspense>
            </>
          }
        />
        {searching && (
          <DeferredBoundary name="the room search">
            <Suspense fallback={null}>
              <RoomSearch roomUuid={roomUuid} jumpTo={jumpTo} onTerm={setSearchTerm} onClose={() => setSearching(false)} onFail={(error) => void fail(error)} />
            </Suspense>
          </DeferredBoundary>
        )}
        <PinnedBar pinned={pinned.data ?? []} onJump={(uuid) => void jumpTo(uuid).catch(fail)} onOpenList={() => setPanel('pinned')} />
        <div className={styles.listArea}>
          {extrasShown && (
            <DeferredBoundary name="who is typing">
              <Suspense fallback={null}>
                <TypingIndicator roomUuid={roomUuid} currentUserId={userData?.user?.id} onSignal={setTyping} messages={messages} />
              </Suspense>
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
            <PollActions.Provider value={pollActions}>
              <MessageExtrasActions.Provider value={extras}>
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
                onActions={(message) => setPanel({ message, view: 'actions' })}
                onRetry={(clientId) => void outbox?.retry(clientId)}
                onDelete={(clientId) => void outbox?.remove(clientId)}
              />
              </SearchTermContext.Provider>
              </MessageExtrasActions.Provider>
            </PollActions.Provider>
          )}
          {anchor !== 1 && (
            <Button className={styles.latestButton} onClick={backToLatest}>
              {t('chat.backToLatest')}
            </Button>
          )}
        </div>
        {replyingTo && !editing && (
          <DeferredBoundary name="the reply bar">
            <Suspense fallback={null}>
              <MessageExtra part="replyBar" reply={replyingTo} onCancel={() => setReplyingTo(null)} />
            </Suspense>
          </DeferredBoundary>
        )}
        <Composer
          key={editing?.uuid ?? 'compose'}
          focusKey={replyingTo?.uuid}
          draftKey={draftKey(userId, api)}
          onSend={send}
          typing={typing}
          onAttach={() => setPanel('upload')}
          onStickers={() => setPanel('stickers')}
          editing={editing ? { text: editing.text ?? '', onCancel: () => setEditing(null) } : null}
        />
        {/* A dialog whose code cannot load is left out; the room stays. */}
        <DeferredBoundary key={typeof panel === 'string' ? panel : panel ? 'item' : 'none'} name="a chat room dialog">
          {/* What the modal uploads goes through the outbox, which puts the server's messages into the list. */}
          {panel === 'upload' && <UploadFileModal onClose={() => setPanel(null)} />}
          {panel === 'stickers' && (
            <StickerPicker
              onClose={() => setPanel(null)}
              onPick={(sticker) => {
                setPanel(null);
                if (anchor !== 1) backToLatest();
                const chosen = { id: sticker.id, name: sticker.name ?? null, imageUrl: sticker.image_url ?? null };
                outboxReady.then((ready) => ready.enqueue(api, { kind: 'sticker', text: '', sticker: chosen })).catch(fail);
              }}
            />
          )}
          {panel === 'participants' && <ParticipantsPanel roomUuid={roomUuid} onClose={() => setPanel(null)} />}
          {panel === 'files' && <FilesAndLinks roomUuid={roomUuid} onClose={() => setPanel(null)} />}
          {panel === 'pinned' && (
            <PinnedList pinned={pinned.data ?? []} onJump={(uuid) => void jumpTo(uuid).catch(fail)} onUnpin={(uuid) => void setPinned(uuid, false)} onClose={() => setPanel(null)} />
          )}
          {panel !== null && typeof panel === 'object' && 'voters' in panel && <PollVoters poll={panel.voters} onClose={() => setPanel(null)} />}
          {panel !== null && typeof panel === 'object' && 'message' in panel && <MessageSheet message={panel.message} view={panel.view} ops={messageOps} onClose={() => setPanel(null)} />}
        </DeferredBoundary>
      </main>
    </OpenRoomContext.Provider>
  );
}
