// The line at the top of the chat list that explains the Chat tab's badge (issue 37, item 8): by SPEC
// §2 the badge sums unread chat messages, unread notifications and pending approvals, so when the last
// two are part of it the list says so, each a link to the screen that shows them (the notifications
// screen, which also shows the approvals waiting). Nothing when the badge counts messages alone.
import { Link } from 'react-router';
import { config } from '../../../api/config.ts';
import { badgeParts, useBadgeCounts } from '../../../shared/domain/badge-counts.ts';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import * as paths from '../../../shared/routes/paths.ts';
import styles from './chat-list.module.css';

export function BadgeLine() {
  const { t } = useTranslation();
  const parts = badgeParts(useBadgeCounts(), config.badgeTotalMode);
  const notifications = parts.unreadNotifications > 0 ? t('tabs.badgeParts.notifications', { count: parts.unreadNotifications }) : null;
  const approvals = parts.pendingApprovals > 0 ? t('tabs.badgeParts.approvals', { count: parts.pendingApprovals }) : null;
  if (!notifications && !approvals) return null;
  return (
    <p className={styles.badgeLine} data-testid="chat-badge-line">
      {t('chat.badgeLine.lead')}{' '}
      {notifications && (
        <Link to={paths.notification} className={styles.badgeLink}>
          {notifications}
        </Link>
      )}
      {notifications && approvals && ` ${t('chat.badgeLine.and')} `}
      {approvals && (
        <Link to={paths.notification} className={styles.badgeLink}>
          {approvals}
        </Link>
      )}
      .
    </p>
  );
}
