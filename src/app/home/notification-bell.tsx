// Home's bell: the notifications screen, with the unread count on it (the badge counters' own figure,
// SPEC §4) and in its accessible name.
import { Link } from 'react-router';
import { useUnreadNotifications } from '../../features/badge/index.ts';
// route() (the entry has it), not paths.ts: that module lives in the chat room's shared chunk, which Home
// would then fetch and evaluate, with the room's styles, for one address.
import { useTranslation } from '../../shared/i18n/react.tsx';
import { route } from '../../shared/routes/app-routes.ts';
import { CountBadge } from '../../shared/ui/badge.tsx';
import { BellIcon } from '../../shared/ui/icons.tsx';
import styles from './home-page.module.css';

export function NotificationBell() {
  const { t } = useTranslation();
  const unread = useUnreadNotifications();
  const label = unread > 0 ? t('home.bell', { count: unread }) : t('home.bellNone');
  return (
    <Link to={route('notification')} className={styles.headerButton} aria-label={label} title={label}>
      <BellIcon size={22} aria-hidden="true" />
      <span className={styles.bellBadge}>
        <CountBadge count={unread} testId="notification-badge" />
      </span>
    </Link>
  );
}
