// The chat list (SPEC §2: the Chat tab's /chats and the v1 family's /live-chat): the chat home's rooms,
// pinned first then by last activity, virtualised (a person can be in thousands of rooms); search
// through GET /live-chat/search; pull (or the Refresh button) to refresh; a generic error display with
// Retry when the chat home fails (SPEC §8). Live events change the cached list in place.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { VList, type VListHandle } from 'virtua';
import { subscribe } from '../../../shared/events/app-events.ts';
import { prepareDateFormatters } from '../../../shared/format/formatters.ts';
import * as paths from '../../../shared/routes/paths.ts';
import { markFirstContentShown } from '../../../shared/scheduling/after-first-content.ts';
import { PullHint } from '../../../shared/ui/pull-hint.tsx';
import { usePullToRefresh } from '../../../shared/ui/pull-to-refresh.ts';
import { headerActionClass, ScreenHeader } from '../../../shared/ui/screen-header.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import type { ChatRoom } from '../api/message-model.ts';
import { applyLiveUpdate, refetchChatHome, sortRooms, useChatHome, useRoomSearch } from '../api/rooms.ts';
import styles from '../chat.module.css';
import { StartLiveChatModal } from '../start/start-live-chat-modal.tsx';
import { useDebounced } from '../use-debounced.ts';
import { ChatRoomRow, openRoomLink, useRowTexts } from './chat-room-row.tsx';

export function ChatListScreen() {
  const { t, i18n } = useTranslation();
  const texts = useRowTexts(t, i18n.language);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const version = paths.chatVersionOf(pathname);
  const queryClient = useQueryClient();
  const home = useChatHome();
  // Every row shows a time or a day: their formatters are made while the chat home is on its way.
  useEffect(() => prepareDateFormatters(i18n.language), [i18n.language]);
  const [keyword, setKeyword] = useState('');
  const [starting, setStarting] = useState(false);
  const searched = useDebounced(keyword.trim());
  const search = useRoomSearch(searched);
  const searching = searched !== '';

  const settled = !home.isPending;
  useEffect(() => {
    if (settled) markFirstContentShown();
  }, [settled]);

  useEffect(() => subscribe('chat:live-chat', (update) => applyLiveUpdate(queryClient, update, null)), [queryClient]);
  // Events sent while the socket was down are lost: a (re)connection fetches the list again.
  useEffect(() => subscribe('chat:socket-connected', () => void refetchChatHome(queryClient)), [queryClient]);

  const rooms: ChatRoom[] = useMemo(
    () => sortRooms((searching ? search.data?.chat_rooms : home.data?.chat_rooms) ?? []),
    [searching, search.data, home.data],
  );
  const active = searching ? search : home;

  const list = useRef<VListHandle>(null);
  const pull = usePullToRefresh({ canStart: () => (list.current?.scrollOffset ?? 0) <= 0, onRefresh: () => void active.refetch() });

  return (
    <main className={styles.screen} aria-labelledby="chat-list-title">
      <ScreenHeader
        title={t(version === 'v1' ? 'routes.live-chat' : 'routes.chats')}
        titleId="chat-list-title"
        actions={
          <>
            <button type="button" className={headerActionClass} onClick={() => void active.refetch()} disabled={active.isFetching}>
              {active.isFetching && !active.isPending ? t('feed.refreshing') : t('feed.refresh')}
            </button>
            <button type="button" className={headerActionClass} onClick={() => setStarting(true)} aria-haspopup="dialog">
              {t('chat.start.newChat')}
            </button>
          </>
        }
      />
      {starting && <StartLiveChatModal version={version} onClose={() => setStarting(false)} />}
      <div className={styles.searchBar}>
        <input
          type="search"
          className={styles.searchInput}
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          placeholder={t('chat.searchPlaceholder')}
          aria-label={t('chat.searchPlaceholder')}
        />
      </div>
      <div className={styles.listArea} {...pull.handlers}>
        <PullHint pull={pull} />
        {active.isPending && (searching || !home.data) ? (
          <Spinner />
        ) : active.isError && rooms.length === 0 ? (
          <div className={styles.state} role="alert">
            <p>{t('chat.loadError')}</p>
            <button type="button" className={styles.primaryButton} onClick={() => void active.refetch()}>
              {t('common.retry')}
            </button>
          </div>
        ) : rooms.length === 0 ? (
          <p className={styles.state}>{searching ? t('chat.noResults') : t('chat.empty')}</p>
        ) : (
          <VList
            ref={list}
            data={rooms}
            itemSize={65}
            className={styles.vlist}
            data-testid="chat-room-list"
            aria-label={t('chat.roomsLabel')}
            onClick={(event) => openRoomLink(event, navigate)}
          >
            {(room) => <ChatRoomRow key={room.uuid} room={room} to={paths.chatRoom(version, room.uuid)} texts={texts} />}
          </VList>
        )}
      </div>
    </main>
  );
}
