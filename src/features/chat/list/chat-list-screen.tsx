// The chat list (SPEC §2: the Chat tab's /chats and the v1 family's /live-chat): the chat home's rooms,
// pinned first then by last activity, virtualised (a person can be in thousands of rooms); search
// through GET /live-chat/search; pull (or the Refresh button) to refresh; a generic error display with
// Retry when the chat home fails (SPEC §8). Live events change the cached list in place.
// On a wide screen (chat-room-route.tsx) the list stands beside the open room (its row selected), or beside
// an empty pane at /chats.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { VList, type VListHandle } from 'virtua';
import { recentChatHome } from '../../../api/chat-home.ts';
import { subscribe } from '../../../shared/events/app-events.ts';
import { countOf } from '../../../shared/format/formatters.ts';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import * as paths from '../../../shared/routes/paths.ts';
import { markFirstContentShown } from '../../../shared/scheduling/after-first-content.ts';
import { FilterChip } from '../../../shared/ui/chip.tsx';
import { ChatIcon, PlusIcon, RefreshIcon, SearchIcon } from '../../../shared/ui/icons.tsx';
import { PullHint } from '../../../shared/ui/pull-hint.tsx';
import { usePullToRefresh } from '../../../shared/ui/pull-to-refresh.ts';
import { headerActionClass, ScreenHeader } from '../../../shared/ui/screen-header.tsx';
import { SearchField } from '../../../shared/ui/search-field.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../../shared/ui/states.tsx';
import type { ChatRoom } from '../api/message-model.ts';
import { sortRooms, useChatHome, useRoomSearch } from '../api/room-lists.ts';
import { applyLiveUpdate } from '../api/rooms.ts';
import { StartLiveChatModal } from '../start/start-live-chat-modal.tsx';
import { useDebounced } from '../../../shared/scheduling/use-debounced.ts';
import styles from './chat-list.module.css';
import split from './chat-split.module.css';
import { BadgeLine } from './badge-line.tsx';
import { ChatRoomRow, openRoomLink, useRowTexts } from './chat-room-row.tsx';
import { asksToStartChat } from './start-chat-state.ts';
import { useWideScreen } from '../../../shared/ui/wide-screen.ts';

export interface ChatListProps {
  /** Beside an open room (wide screens): its row is selected, and the list is not the page's main. */
  selectedUuid?: string;
}

/** The list's filters (`?filter=`, so /social-group can name the groups, and a reload keeps the choice). */
export type RoomFilter = 'all' | 'unread' | 'groups';
const FILTERS: readonly RoomFilter[] = ['all', 'unread', 'groups'];
const FILTER_LABELS: Record<RoomFilter, string> = { all: 'chat.filter.all', unread: 'chat.filter.unread', groups: 'chat.filter.groups' };
const FILTER_EMPTY: Record<RoomFilter, string> = { all: 'chat.empty', unread: 'chat.filter.noUnread', groups: 'chat.filter.noGroups' };

export const roomFilterOf = (value: string | null): RoomFilter => FILTERS.find((filter) => filter === value) ?? 'all';

const FILTER_TESTS: Record<RoomFilter, (room: ChatRoom) => boolean> = {
  all: () => true,
  unread: (room) => countOf(room.meta?.unread_messages) > 0,
  groups: (room) => room.type === 'group',
};

/** Beside the list at /chats on a wide screen: no room is open yet. */
function NoRoomOpenPane() {
  const { t } = useTranslation();
  return (
    <div className={split.noRoom} data-testid="no-room-open">
      <EmptyState icon={ChatIcon} title={t('chat.selectChat')} />
    </div>
  );
}

/** /chats and /live-chat: the list; on a wide screen, beside a pane that asks to pick a chat. */
export function ChatListScreen() {
  const wide = useWideScreen();
  if (!wide) return <ChatList />;
  return (
    <div className={split.split}>
      <ChatList />
      <NoRoomOpenPane />
    </div>
  );
}

export function ChatList({ selectedUuid }: ChatListProps) {
  const { t, i18n } = useTranslation();
  const texts = useRowTexts(t, i18n.language);
  const navigate = useNavigate();
  const location = useLocation();
  const { pathname } = location;
  const version = paths.chatVersionOf(pathname);
  const [params, setParams] = useSearchParams();
  const filter = roomFilterOf(params.get('filter'));
  const chooseFilter = (next: RoomFilter) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'all') updated.delete('filter');
        else updated.set('filter', next);
        return updated;
      },
      { replace: true },
    );
  const queryClient = useQueryClient();
  const home = useChatHome();
  const [keyword, setKeyword] = useState('');
  // messages/direct-chat without a person opens the list with the Start Live Chat modal.
  const [starting, setStarting] = useState(() => asksToStartChat(location.state));
  useEffect(() => {
    // Asked once: the entry keeps no request, so Back or a reload does not open the modal again.
    if (asksToStartChat(location.state)) void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, [location, navigate]);
  const searched = useDebounced(keyword.trim());
  const search = useRoomSearch(searched);
  const searching = searched !== '';

  const settled = !home.isPending;
  useEffect(() => {
    if (settled) markFirstContentShown();
  }, [settled]);

  useEffect(() => subscribe('chat:live-chat', (update) => applyLiveUpdate(queryClient, update, null)), [queryClient]);
  // Events sent while the socket was down are lost: a (re)connection fetches the list again, unless the
  // list's answer is only seconds old (the socket connecting just after the list opened).
  useEffect(() => subscribe('chat:socket-connected', () => void recentChatHome(queryClient).catch(() => undefined)), [queryClient]);

  const rooms: ChatRoom[] = useMemo(
    () => sortRooms(((searching ? search.data?.chat_rooms : home.data?.chat_rooms) ?? []).filter(FILTER_TESTS[filter])),
    [searching, search.data, home.data, filter],
  );
  const active = searching ? search : home;

  const list = useRef<VListHandle>(null);
  // Beside a room opened from far down the list (the list was remounted): its row in view.
  const shownSelected = useRef(false);
  useEffect(() => {
    if (shownSelected.current || !selectedUuid || rooms.length === 0) return;
    shownSelected.current = true;
    const index = rooms.findIndex((room) => room.uuid === selectedUuid);
    if (index > 0) list.current?.scrollToIndex(index, { align: 'center' });
  }, [rooms, selectedUuid]);
  const pull = usePullToRefresh({ canStart: () => (list.current?.scrollOffset ?? 0) <= 0, onRefresh: () => void active.refetch() });

  const refreshLabel = active.isFetching && !active.isPending ? t('feed.refreshing') : t('feed.refresh');
  const myUserId = home.data?.chat_home?.user_id ?? undefined;
  const Root = selectedUuid === undefined ? 'main' : 'section';

  return (
    <Root className={selectedUuid === undefined ? styles.screen : `${styles.screen} ${split.pane}`} aria-labelledby="chat-list-title">
      <ScreenHeader
        title={t(version === 'v1' ? 'routes.live-chat' : 'routes.chats')}
        titleId="chat-list-title"
        actions={
          <>
            <button
              type="button"
              className={headerActionClass}
              onClick={() => void active.refetch()}
              disabled={active.isFetching}
              aria-label={refreshLabel}
              title={refreshLabel}
            >
              <RefreshIcon size={22} aria-hidden="true" className={active.isFetching && !active.isPending ? styles.spinning : undefined} />
            </button>
            <button type="button" className={headerActionClass} onClick={() => setStarting(true)} aria-haspopup="dialog" aria-label={t('chat.start.newChat')} title={t('chat.start.newChat')}>
              <PlusIcon size={24} aria-hidden="true" />
            </button>
          </>
        }
      />
      {starting && <StartLiveChatModal version={version} onClose={() => setStarting(false)} />}
      <BadgeLine />
      <div className={styles.searchBar}>
        <SearchField type="search" value={keyword} onChange={setKeyword} label={t('chat.searchPlaceholder')} />
        <div className={styles.filters} role="group" aria-label={t('chat.filter.label')}>
          {FILTERS.map((option) => (
            <FilterChip key={option} selected={filter === option} onClick={() => chooseFilter(option)}>
              {t(FILTER_LABELS[option])}
            </FilterChip>
          ))}
        </div>
      </div>
      <div className={styles.listArea} {...pull.handlers}>
        <PullHint pull={pull} />
        {active.isPending && (searching || !home.data) ? (
          <Skeleton rows={8} />
        ) : active.isError && rooms.length === 0 ? (
          <ErrorState title={t('chat.loadError')} onRetry={() => void active.refetch()} />
        ) : rooms.length === 0 ? (
          searching ? <EmptyState icon={SearchIcon} title={t('chat.noResults')} /> : <EmptyState icon={ChatIcon} title={t(FILTER_EMPTY[filter])} />
        ) : (
          <VList
            ref={list}
            data={rooms}
            itemSize={64}
            className={styles.vlist}
            data-testid="chat-room-list"
            aria-label={t('chat.roomsLabel')}
            onClick={(event) => openRoomLink(event, navigate)}
          >
            {(room) => (
              <ChatRoomRow
                key={room.uuid}
                room={room}
                to={paths.chatRoom(version, room.uuid)}
                texts={texts}
                myUserId={myUserId}
                selected={room.uuid === selectedUuid}
              />
            )}
          </VList>
        )}
      </div>
    </Root>
  );
}
