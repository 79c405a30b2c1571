// One room in the chat list: avatar, name, marks (pinned, muted, HR, urgent), the last message with
// "You:" for one's own, its time, and the unread count.
//
// A row is rendered for every 65 px scrolled, up to some 30 of them in one frame when the list is
// flung: it does no translation lookups and holds no router hooks of its own. Its texts come from the
// list (RowTexts, made once per language), and it is a plain link whose taps the list turns into
// in-app navigations (openRoomLink), as the router's Link would.
import { memo, useMemo, type MouseEvent } from 'react';
import type { TFunction } from 'i18next';
import type { NavigateFunction } from 'react-router';
import { formatDay, formatTime } from '../../../shared/format/formatters.ts';
import { Avatar } from '../../../shared/ui/avatar.tsx';
import { isTruthyFlag, roomTitle, type ChatRoom } from '../api/message-model.ts';
import styles from '../chat.module.css';

/** What every row says, in the list's language. */
export interface RowTexts {
  language: string;
  untitled: string;
  pinned: string;
  muted: string;
  hrChat: string;
  urgentChat: string;
  you: string;
  noMessages: string;
  unread(count: number): string;
}

export function useRowTexts(t: TFunction, language: string): RowTexts {
  return useMemo(
    () => ({
      language,
      untitled: t('chat.untitled'),
      pinned: t('chat.pinned'),
      muted: t('chat.muted'),
      hrChat: t('chat.hrChat'),
      urgentChat: t('chat.urgentChat'),
      you: t('chat.you'),
      noMessages: t('chat.noMessages'),
      unread: (count: number) => t('chat.unread', { count }),
    }),
    [t, language],
  );
}

/**
 * A tap on a row's link (the list listens once for all rows): an in-app navigation, unless the person
 * asked the browser for something else (another tab or window: a modifier key or another button).
 */
export function openRoomLink(event: MouseEvent, navigate: NavigateFunction): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
  const link = (event.target as Element).closest<HTMLAnchorElement>('a[data-testid="chat-room-row"]');
  if (!link || !event.currentTarget.contains(link)) return;
  event.preventDefault();
  navigate(link.getAttribute('href')!);
}

function lastActivity(room: ChatRoom, language: string) {
  const at = room.last_message?.created_at ?? room.updated_at;
  const date = at ? new Date(at) : undefined;
  if (!date || Number.isNaN(date.getTime())) return '';
  return date.toDateString() === new Date().toDateString() ? formatTime(date, language) : formatDay(date, language);
}

export const ChatRoomRow = memo(function ChatRoomRow({ room, to, texts }: { room: ChatRoom; to: string; texts: RowTexts }) {
  const title = roomTitle(room) || texts.untitled;
  const unread = Number(room.meta?.unread_messages) || 0;
  const last = room.last_message;
  const avatar = room.type === 'group' ? null : room.to_user_avatar;
  const [firstName, ...rest] = title.split(' ');
  return (
    <a href={to} className={styles.roomRow} data-testid="chat-room-row" data-room-uuid={room.uuid}>
      <Avatar src={avatar} firstName={firstName} lastName={rest.join(' ')} />
      <span className={styles.roomMain}>
        <span className={styles.roomTop}>
          <span className={styles.roomName}>{title}</span>
          {room.pinned_at && <span className={styles.mark} aria-label={texts.pinned} title={texts.pinned}>📌</span>}
          {isTruthyFlag(room.is_muted) && <span className={styles.mark} aria-label={texts.muted} title={texts.muted}>🔕</span>}
          {room.is_chat_with_hr === 1 && <span className={`${styles.tag} ${styles.tagHr}`}>{texts.hrChat}</span>}
          {room.is_urgent_chat === 1 && <span className={`${styles.tag} ${styles.tagUrgent}`}>{texts.urgentChat}</span>}
          <span className={styles.roomTime}>{lastActivity(room, texts.language)}</span>
        </span>
        <span className={styles.roomBottom}>
          <span className={styles.roomLast}>
            {last?.message_content ? `${isTruthyFlag(last.is_owner) ? `${texts.you} ` : ''}${last.message_content}` : texts.noMessages}
          </span>
          {unread > 0 && (
            <span className={styles.unread} aria-label={texts.unread(unread)}>
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </span>
      </span>
    </a>
  );
});
