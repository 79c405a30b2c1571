// The Call tab's recent calls (issue 23, item 4), as a phone's call log: each call with the room's or the
// other person's name and picture, whether it came in, went out or was missed (missed in red), when,
// how long it lasted, and a button that calls back the same room (the start screen, as every in-app call
// button: a tap starts, a link never does). A skeleton while the first page loads, "No calls yet", a
// failure with Try again; the next page loads as the end of the list comes near (a "Load more" button
// too), and a failing next page keeps what is loaded with a retry row.
import type { RefObject } from 'react';
import { useNavigate } from 'react-router';
import { formatCallDuration } from '../../../shared/domain/call-summary.ts';
import { otherPersonAvatar } from '../../../shared/domain/direct-room.ts';
import { displayText } from '../../../shared/format/display-text.ts';
import { formatDateTime, formatDay, formatTime, parseDate } from '../../../shared/format/formatters.ts';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import { useSession } from '../../../shared/session/session-context.tsx';
import { Avatar } from '../../../shared/ui/avatar.tsx';
import { CallIcon, IncomingCallIcon, MissedCallIcon, OutgoingCallIcon } from '../../../shared/ui/icons.tsx';
import { InfiniteScrollSentinel } from '../../../shared/ui/infinite-scroll-sentinel.tsx';
import { ListGroup, ListRow } from '../../../shared/ui/list-row.tsx';
import { useListFailure } from '../../../shared/ui/paged-list/use-list-failure.ts';
import { ListFooter } from '../../../shared/ui/paged-list/list-footer.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../../shared/ui/states.tsx';
import { entriesOf, useCallHistory, type CallLogEntry } from '../api/history.ts';
import { callFromTap } from '../api/start.ts';
import styles from './call-search.module.css';
import { VideoCallButton } from './search-results.tsx';

/** The next page is asked for when the end of the list comes this close (px) to the bottom of its scroller. */
const NEAR_END_PX = 400;

/** The room's name as the chat list shows it: a group's name, else the other person's. */
function roomName(room: CallLogEntry['chat_room']): string {
  if (room.type === 'group') return displayText(room.name) || displayText(room.individual_name);
  return displayText(room.individual_name) || displayText(room.to_user_name) || displayText(room.name);
}

const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();

/** "10:12" today, "Yesterday", else the day; and the whole date and time for the tooltip. */
function whenOf(at: string | null | undefined, language: string, yesterday: string): { text: string; full: string } | null {
  const date = parseDate(at);
  if (!date) return null;
  const now = new Date();
  const dayBefore = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  const text = sameDay(date, now) ? formatTime(date, language) : sameDay(date, dayBefore) ? yesterday : formatDay(date, language);
  return { text, full: formatDateTime(date, language) };
}

type Kind = 'incoming' | 'outgoing' | 'missed';

function CallRow({ entry, me, onCallBack }: { entry: CallLogEntry; me: number | undefined; onCallBack(): void }) {
  const { t, i18n } = useTranslation();
  const room = entry.chat_room;
  const name = roomName(room) || t('calls.history.untitled');
  // Without the inferred direction, the caller says whose call it was.
  const direction = entry.direction ?? (me !== undefined && entry.caller_id === me ? 'outgoing' : 'incoming');
  const outcome = entry.outcome;
  const kind: Kind = direction === 'outgoing' ? 'outgoing' : outcome === 'missed' || outcome === 'no_answer' ? 'missed' : 'incoming';
  const Icon = kind === 'missed' ? MissedCallIcon : kind === 'outgoing' ? OutgoingCallIcon : IncomingCallIcon;
  let label: string;
  if (kind === 'outgoing') label = outcome === 'declined' ? t('calls.history.outgoingDeclined') : outcome === 'no_answer' || outcome === 'missed' ? t('calls.history.outgoingNoAnswer') : t('calls.history.outgoing');
  else label = kind === 'missed' ? t('calls.history.missed') : outcome === 'declined' ? t('calls.history.declined') : t('calls.history.incoming');
  const seconds = entry.duration_seconds;
  const talked = outcome !== 'missed' && outcome !== 'declined' && outcome !== 'no_answer';
  const text = talked && typeof seconds === 'number' ? t('calls.history.withDuration', { label, duration: formatCallDuration(t, seconds) }) : label;
  const when = whenOf(entry.started_at ?? entry.created_at, i18n.language, t('calls.history.yesterday'));
  return (
    <ListRow
      start={<Avatar src={otherPersonAvatar(room, me)} name={name} decorative />}
      title={name}
      subtitle={
        <span className={`${styles.callKind} ${kind === 'missed' ? styles.missed : ''}`} data-kind={kind}>
          <Icon size={16} aria-hidden="true" className={styles.callKindIcon} />
          <span title={text}>{text}</span>
        </span>
      }
      end={
        <span className={styles.rowEnd}>
          {when && (
            <time className={styles.when} dateTime={entry.started_at ?? entry.created_at ?? undefined} title={when.full}>
              {when.text}
            </time>
          )}
          <VideoCallButton label={t('calls.history.callBack', { name })} onCall={onCallBack} />
        </span>
      }
    />
  );
}

export function RecentCalls({ scroller }: { scroller?: RefObject<Element | null> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useSession().userData?.user?.id;
  const query = useCallHistory();
  const entries = entriesOf(query.data?.pages);
  // SPEC §8 as for every list: CHANGE_PASS goes to /change-password, a 401 logs out; else the text to show.
  const errorText = useListFailure(query.isError && entries.length === 0 ? query.error : null);

  if (query.isPending) {
    return (
      <div className={styles.historyCard} aria-busy="true">
        <Skeleton rows={5} />
      </div>
    );
  }
  if (query.isError && entries.length === 0) return <ErrorState title={t('calls.history.failed')} message={errorText} onRetry={() => void query.refetch()} />;
  if (entries.length === 0) return <EmptyState icon={CallIcon} title={t('calls.history.empty')} description={t('calls.history.emptyHint')} />;
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  return (
    <>
      <ListGroup label={t('calls.history.title')}>
        {entries.map((entry, place) => (
          <li key={entry.id ?? `place-${place}`} data-testid="recent-call">
            <CallRow entry={entry} me={me} onCallBack={() => callFromTap(navigate, { kind: 'room', roomUuid: entry.chat_room.uuid })} />
          </li>
        ))}
      </ListGroup>
      <InfiniteScrollSentinel
        active={hasNextPage && !isFetchingNextPage && !isFetchNextPageError}
        onReach={() => void fetchNextPage()}
        root={scroller}
        margin={`0px 0px ${NEAR_END_PX}px 0px`}
        resetKey={entries.length}
      />
      <ListFooter
        query={query}
        className={styles.retryRow}
        loadingText={t('calls.history.loadingMore')}
        loadMoreText={t('calls.history.loadMore')}
        endText={t('calls.history.end')}
        failure={query.isFetchNextPageError ? { text: t('calls.history.loadMoreFailed'), retry: () => void query.fetchNextPage() } : undefined}
      />
    </>
  );
}
