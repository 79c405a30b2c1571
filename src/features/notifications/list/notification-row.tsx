// One notification: an icon for what it is about, the title (cut to a line, the whole in a tooltip),
// the body under it (two lines at most) and the time (under the body on a phone, at the end of the
// title line on a wider screen). An unread one is bold with a dot
// and an icon on the brand tint, and says "Unread" to screen readers (the dot is only seen). The
// whole row is one button.
import { displayText } from '../../../shared/format/display-text.ts';
import { formatDateTime, parseDate } from '../../../shared/format/formatters.ts';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import ui from '../../../shared/ui/ui.module.css';
import type { NotificationItem } from '../api.ts';
import { KIND_ICONS, notificationKind } from './notification-kind.ts';
import styles from './notifications.module.css';

export const isUnread = (notification: Pick<NotificationItem, 'read_at'>) => notification.read_at === null || notification.read_at === undefined;

function shownTime(createdAt: string | null | undefined, language: string): string | null {
  const date = parseDate(createdAt);
  return date ? formatDateTime(date, language) : null;
}

export function NotificationRow({ notification, onOpen }: { notification: NotificationItem; onOpen(notification: NotificationItem): void }) {
  const { t, i18n } = useTranslation();
  const unread = isUnread(notification);
  const time = shownTime(notification.created_at, i18n.language);
  const title = displayText(notification.title);
  const Icon = KIND_ICONS[notificationKind(notification)];

  return (
    <li className={styles.item}>
      <button
        type="button"
        className={unread ? `${styles.row} ${styles.unread}` : styles.row}
        onClick={() => onOpen(notification)}
        data-testid="notification-row"
        data-notification-id={notification.id}
        data-unread={unread}
      >
        <span className={styles.icon} aria-hidden="true">
          <Icon size={20} />
        </span>
        <span className={styles.text}>
          {unread && <span className={ui.visuallyHidden}>{t('notifications.unread')}</span>}
          <span className={styles.rowTitle} title={title || undefined}>
            {title}
          </span>
          {time && (
            <time className={styles.time} dateTime={notification.created_at ?? undefined}>
              {time}
            </time>
          )}
          {notification.body && <span className={styles.body}>{notification.body}</span>}
          {unread && <span className={styles.dot} data-testid="unread-dot" aria-hidden="true" />}
        </span>
      </button>
    </li>
  );
}
