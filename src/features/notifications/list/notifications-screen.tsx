// The notifications screen (SPEC §2 route /notification): the "Turn on notifications" control, the
// pending approvals count, then the person's notifications page by page (GET /notification/list,
// x-inferred), the next page loading as the end comes near. Tapping one marks it read (optimistic) and
// opens its target_page with nav_params through safe-path. Pull (or Refresh) reloads; a failing first
// page shows an error with Retry, a failing next page keeps what is loaded with a retry row. Pages are
// 20 short rows, so the list is not virtualised.
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/react.tsx';
import { HOME_PATH } from '../../../shared/routes/app-routes.ts';
import { markFirstContentShown } from '../../../shared/scheduling/after-first-content.ts';
import { useListFailure } from '../../../shared/ui/paged-list/use-list-failure.ts';
import { InfiniteScrollSentinel } from '../../../shared/ui/infinite-scroll-sentinel.tsx';
import { ListFooter } from '../../../shared/ui/paged-list/list-footer.tsx';
import { PullHint } from '../../../shared/ui/pull-hint.tsx';
import { usePullToRefresh } from '../../../shared/ui/pull-to-refresh.ts';
import { IconButton } from '../../../shared/ui/button.tsx';
import { BellIcon, HrIcon, RefreshIcon } from '../../../shared/ui/icons.tsx';
import { ScreenHeader } from '../../../shared/ui/screen-header.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../../shared/ui/states.tsx';
import { useMarkNotificationRead, useNotifications, usePendingApprovals, type NotificationItem } from '../api.ts';
import { PushPermissionControl } from '../permission/push-permission-control.tsx';
import { isUnread, NotificationRow } from './notification-row.tsx';
import { notificationTarget } from './notification-target.ts';
import styles from './notifications.module.css';

/** The next page is asked for when the end of the list comes this close (px) to the bottom of the screen. */
const NEAR_END_PX = 400;

// A notification without an id (inferred, so optional) is shown, in its place, but cannot be marked read.
const keyOf = (item: NotificationItem, place: number) => item.id ?? `place-${place}`;
const uniqueById = (items: NotificationItem[]) => [...new Map(items.map((item, place) => [keyOf(item, place), item])).values()];

export function NotificationsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useNotifications();
  const approvals = usePendingApprovals();
  const markRead = useMarkNotificationRead();
  // A page without its list (inferred, so optional) has no notifications.
  const notifications = uniqueById(query.data?.pages.flatMap((page) => page.data ?? []) ?? []);
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
    if (isUnread(notification) && notification.id !== undefined) markRead.mutate({ path: { id: notification.id } });
    const target = notificationTarget(notification);
    if (target !== null) void navigate(target);
  };

  // Infinite scroll, watched inside the scrolling area; pull to refresh from its top.
  const scroller = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const pull = usePullToRefresh({ canStart: () => (scroller.current?.scrollTop ?? 0) <= 0 && !query.isRefetching, onRefresh: refresh });

  const pending = approvals.data ?? 0;
  const refreshing = query.isRefetching && !query.isFetchingNextPage;

  return (
    <main className={styles.screen} aria-labelledby="notifications-title">
      {/* Back: through the app's history, or Home when opened from a link, a notification or a reload. */}
      <ScreenHeader
        title={t('routes.notification')}
        titleId="notifications-title"
        back={HOME_PATH}
        actions={
          <IconButton icon={RefreshIcon} label={refreshing ? t('feed.refreshing') : t('feed.refresh')} busy={refreshing} disabled={query.isFetching} onClick={refresh} />
        }
      />
      <div ref={scroller} className={styles.scroller} {...pull.handlers}>
        <PullHint pull={pull} />
        <div className={styles.content}>
          <div className={styles.panel}>
            <PushPermissionControl />
          </div>
          {pending > 0 && (
            <p className={styles.approvals} data-testid="pending-approvals">
              <HrIcon size={20} aria-hidden="true" />
              {t('notifications.approvalsWaiting', { count: pending })}
            </p>
          )}
          {markRead.isError && (
            <p className={styles.problem} role="alert">
              {t('notifications.markReadFailed')}
            </p>
          )}
          {query.isPending ? (
            <div className={styles.card}>
              <Skeleton rows={6} />
            </div>
          ) : query.isError && notifications.length === 0 ? (
            <ErrorState title={t('notifications.loadError')} message={errorText} onRetry={() => void query.refetch()} />
          ) : notifications.length === 0 ? (
            <EmptyState icon={BellIcon} title={t('notifications.empty')} />
          ) : (
            <>
              <ul className={styles.list} aria-label={t('routes.notification')}>
                {notifications.map((notification, place) => (
                  <NotificationRow key={keyOf(notification, place)} notification={notification} onOpen={open} />
                ))}
              </ul>
              <InfiniteScrollSentinel
                active={hasNextPage && !isFetchingNextPage && !isFetchNextPageError}
                onReach={() => void fetchNextPage()}
                root={scroller}
                margin={`0px 0px ${NEAR_END_PX}px 0px`}
                resetKey={notifications.length}
              />
              <ListFooter
                query={query}
                className={styles.retryRow}
                retryTestId="notifications-retry-row"
                failure={
                  // A failed refresh keeps the list and says so here too.
                  query.isFetchNextPageError || query.isRefetchError
                    ? {
                        text: t(query.isFetchNextPageError ? 'notifications.loadMoreError' : 'notifications.loadError'),
                        retry: () => void (query.isFetchNextPageError ? query.fetchNextPage() : query.refetch()),
                      }
                    : undefined
                }
              />
            </>
          )}
        </div>
      </div>
    </main>
  );
}
