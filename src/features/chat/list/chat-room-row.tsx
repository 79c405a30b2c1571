// One room in the chat list: avatar, name, marks (pinned, muted, HR, urgent), the last message with
// "You:" for one's own, its time, and the unread count.
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDay, formatTime } from '../../../shared/format/formatters.ts';
import { Avatar } from '../../../shared/ui/likes/avatar.tsx';
import { isTruthyFlag, roomTitle, type ChatRoom } from '../api/message-model.ts';
import styles from '../chat.module.css';

function lastActivity(room: ChatRoom, language: string) {
  const at = room.last_message?.created_at ?? room.updated_at;
  const date = at ? new Date(at) : undefined;
  if (!date || Number.isNaN(date.getTime())) return '';
  return date.toDateString() === new Date().toDateString() ? formatTime(date, language) : formatDay(date, language);
}

export const ChatRoomRow = memo(function ChatRoomRow({ room, to }: { room: ChatRoom; to: string }) {
  const { t, i18n } = useTranslation();
  const title = roomTitle(room) || t('chat.untitled');
  const unread = Number(room.meta?.unread_messages) || 0;
  const last = room.last_message;
  const avatar = room.type === 'group' ? null : room.to_user_avatar;
  const [firstName, ...rest] = title.split(' ');
  return (
    <Link to={to} className={styles.roomRow} data-testid="chat-room-row" data-room-uuid={room.uuid}>
      <Avatar src={avatar} firstName={firstName} lastName={rest.join(' ')} />
      <span className={styles.roomMain}>
        <span className={styles.roomTop}>
          <span className={styles.roomName}>{title}</span>
          {room.pinned_at && <span className={styles.mark} aria-label={t('chat.pinned')} title={t('chat.pinned')}>📌</span>}
          {isTruthyFlag(room.is_muted) && <span className={styles.mark} aria-label={t('chat.muted')} title={t('chat.muted')}>🔕</span>}
          {room.is_chat_with_hr === 1 && <span className={`${styles.tag} ${styles.tagHr}`}>{t('chat.hrChat')}</span>}
          {room.is_urgent_chat === 1 && <span className={`${styles.tag} ${styles.tagUrgent}`}>{t('chat.urgentChat')}</span>}
          <span className={styles.roomTime}>{lastActivity(room, i18n.language)}</span>
        </span>
        <span className={styles.roomBottom}>
          <span className={styles.roomLast}>
            {last?.message_content
              ? `${isTruthyFlag(last.is_owner) ? `${t('chat.you')} ` : ''}${last.message_content}`
              : t('chat.noMessages')}
          </span>
          {unread > 0 && (
            <span className={styles.unread} aria-label={t('chat.unread', { count: unread })}>
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </span>
      </span>
    </Link>
  );
});
