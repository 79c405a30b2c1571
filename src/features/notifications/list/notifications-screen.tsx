// The notifications screen (SPEC §2 route /notification): the "Turn on notifications" control, the
// pending approvals count, then the person's notifications page by page (GET /notification/list,
// x-inferred), the next page loading as the end comes near. Tapping one marks it read (optimistic) and
// opens its target_page with nav_params through safe-path. Pull (or Refresh) reloads; a failing first
// page shows an error with Retry, a failing next page keeps what is loaded with a retry row. Pages are
// 20 short rows, so the list is not virtualised.
import { useEffect, useRef, useState, type TouchEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../../../shared/routes/app-routes.ts';
import { markFirstContentShown } from '../../../shared/scheduling/after-first-content.ts';
import { useListFailure } from '../../../shared/ui/paged-list/use-list-failure.ts';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { useMarkNotificationRead, useNotifications, usePendingApprovals, type NotificationItem } from '../api.ts';
import { PushPermissionControl } from '../permission/push-permission-control.tsx';
import { NotificationListFooter } from './notification-list-footer.tsx';
import { isUnread, NotificationRow } from './notification-row.tsx';
import { notificationTarget } from './notification-target.ts';
import styles from './notifications.module.css';

/** How far (px) the list must be pulled down before letting go refreshes it. */
export const PULL_THRESHOLD = 64;
/** The next page is asked for when the end of the list comes this close (px) to the bottom of the screen. */
const NEAR_END_PX = 400;

const uniqueById = (items: NotificationItem[]) => [...new Map(items.map((item) => [item.id, item])).values()];

export function NotificationsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useNotifications();
  const approvals = usePendingApprovals();
  const markRead = useMarkNotificationRead();
  const notifications = uniqueById(query.data?.pages.flatMap((page) => page.data) ?? []);
  // SPEC §8 as for every list: CHANGE_PASS goes to /change-password, a 401 in the body logs out; else the text to show.
  const errorText = useListFailure(query.isError && notifications.length === 0 ? query.error : null);

  const settled = !query.isPending;
  useEffect(() => {
    if (settled) markFirstContentShown();
  }, [settled]);

  const refresh = () => {
    void query.refetch();
    void approvals.refetch();
  };

  const open = (notification: NotificationItem) => {
    if (isUnread(notification)) markRead.mutate({ path: { id: notification.id } });
    const target = notificationTarget(notification);
    if (target !== null) void navigate(target);
  };

  const goBack = () => {
    // Opened from a link, a notification or a reload: nothing inside the app to go back to.
    const historyIndex = (window.history.state as { idx?: unknown } | null)?.idx;
    if (historyIndex === 0 || historyIndex === undefined) void navigate(HOME_PATH, { replace: true });
    else void navigate(-1);
  };

  // Infinite scroll: the end of the list is watched inside the scrolling area.
  const scroller = useRef<HTMLDivElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  useEffect(() => {
    const target = end.current;
    if (!target || !hasNextPage || isFetchingNextPage || isFetchNextPageError || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && void fetchNextPage(), {
      root: scroller.current,
      rootMargin: `0px 0px ${NEAR_END_PX}px 0px`,
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, notifications.length]);

  // Pull to refresh, from the top of the scrolling area.
  const pullFrom = useRef<number | null>(null);
  const [pull, setPull] = useState(0);
  const onTouchStart = (event: TouchEvent) => {
    pullFrom.current = (scroller.current?.scrollTop ?? 0) <= 0 && !query.isRefetching ? (event.touches[0]?.clientY ?? null) : null;
  };
  const onTouchMove = (event: TouchEvent) => {
    if (pullFrom.current !== null) setPull(Math.max(0, Math.min(96, (event.touches[0]?.clientY ?? 0) - pullFrom.current)));
  };
  const onTouchEnd = () => {
    if (pullFrom.current !== null && pull >= PULL_THRESHOLD) refresh();
    pullFrom.current = null;
    setPull(0);
  };

  const pending = approvals.data ?? 0;
  const refreshing = query.isRefetching && !query.isFetchingNextPage;

  return (
    <section className={styles.screen} aria-labelledby="notifications-title">
      <header className={styles.header}>
        <button type="button" className={styles.headerButton} aria-label={t('common.back')} onClick={goBack}>
          <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path fill="currentColor" d="M15.7 5.3a1 1 0 0 1 0 1.4L10.4 12l5.3 5.3a1 1 0 0 1-1.4 1.4l-6-6a1 1 0 0 1 0-1.4l6-6a1 1 0 0 1 1.4 0Z" />
          </svg>
        </button>
        <h1 id="notifications-title" className={styles.title}>
          {t('routes.notification')}
        </h1>
        <button type="button" className={styles.headerButton} onClick={refresh} disabled={query.isFetching}>
          {refreshing ? t('feed.refreshing') : t('feed.refresh')}
        </button>
      </header>
      <div ref={scroller} className={styles.scroller} onTouchStart={onTouchStart} onTouchMove={onTouchMove} onTouchEnd={onTouchEnd} onTouchCancel={onTouchEnd}>
        {pull > 0 && (
          <p className={styles.pullHint} style={{ height: pull }}>
            {pull >= PULL_THRESHOLD ? t('feed.releaseToRefresh') : t('feed.pullToRefresh')}
          </p>
        )}
        <div className={styles.panel}>
          <PushPermissionControl />
        </div>
        {pending > 0 && (
          <p className={styles.approvals} data-testid="pending-approvals">
            {t('notifications.approvalsWaiting', { count: pending })}
          </p>
        )}
        {markRead.isError && (
          <p className={styles.problem} role="alert">
            {t('notifications.markReadFailed')}
          </p>
        )}
        {query.isPending ? (
          <Spinner />
        ) : query.isError && notifications.length === 0 ? (
          <div className={styles.problem} role="alert">
            <p>{t('notifications.loadError')}</p>
            {errorText && <p>{errorText}</p>}
            <button type="button" className={styles.secondaryButton} onClick={() => void query.refetch()}>
              {t('common.retry')}
            </button>
          </div>
        ) : notifications.length === 0 ? (
          <p className={styles.state}>{t('notifications.empty')}</p>
        ) : (
          <>
            <ul className={styles.list} aria-label={t('routes.notification')}>
              {notifications.map((notification) => (
                <NotificationRow key={notification.id} notification={notification} onOpen={open} />
              ))}
            </ul>
            <div ref={end} />
            <NotificationListFooter query={query} />
          </>
        )}
      </div>
    </section>
  );
}
