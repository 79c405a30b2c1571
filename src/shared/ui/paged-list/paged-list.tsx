// The frame of a paged list (the feed's segments, the forum): a skeleton of cards while the first page
// loads, the empty and error states (Try again), pull to refresh (a touch gesture at the top, plus a
// Refresh icon button for mouse and keyboard), and infinite scroll (a sentinel watched by
// IntersectionObserver, plus a "Load more" fallback).
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { Button, IconButton } from '../button.tsx';
import { RefreshIcon, type IconComponent } from '../icons.tsx';
import { InfiniteScrollSentinel } from '../infinite-scroll-sentinel.tsx';
import { pullTextKey, usePullToRefresh } from '../pull-to-refresh.ts';
import { Spinner } from '../spinner.tsx';
import { EmptyState, ErrorState, Skeleton } from '../states.tsx';
import styles from './paged-list.module.css';
import { useListFailure } from './use-list-failure.ts';

/** The parts of TanStack's infinite query result the frame reads. */
export interface PagedQuery {
  status: 'pending' | 'error' | 'success';
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  isRefetching: boolean;
  fetchNextPage(): Promise<unknown>;
  refetch(): Promise<unknown>;
}

export interface PagedListProps {
  query: PagedQuery;
  itemCount: number;
  emptyText: string;
  /** The empty state's icon. */
  emptyIcon?: IconComponent;
  children: ReactNode;
}

const atTopOfPage = () => (document.scrollingElement?.scrollTop ?? window.scrollY) <= 0;

export function PagedList({ query, itemCount, emptyText, emptyIcon, children }: PagedListProps) {
  const { t } = useTranslation();
  const errorText = useListFailure(query.error);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError } = query;
  // Pull to refresh, only when the page is scrolled to the top.
  const pull = usePullToRefresh({ canStart: () => atTopOfPage() && !query.isRefetching, onRefresh: () => void query.refetch() });

  const refreshing = query.isRefetching;
  const firstLoadFailed = query.status === 'error' && itemCount === 0;

  return (
    <div className={styles.frame} {...pull.handlers}>
      <div className={styles.toolbar}>
        <p className={styles.refreshState} role="status">
          {refreshing ? t('feed.refreshing') : pull.distance > 0 ? t(pullTextKey(pull.ready)) : ''}
        </p>
        <IconButton icon={RefreshIcon} label={t('feed.refresh')} onClick={() => void query.refetch()} disabled={refreshing || query.status === 'pending'} busy={refreshing} />
      </div>
      {pull.distance > 0 && <div className={styles.pullSpace} style={{ height: pull.distance / 2 }} aria-hidden="true" />}

      {query.status === 'pending' ? (
        <Skeleton variant="card" rows={3} />
      ) : firstLoadFailed ? (
        errorText === null ? null : <ErrorState title={t('feed.loadError')} message={errorText} onRetry={() => void query.refetch()} />
      ) : itemCount === 0 ? (
        <EmptyState icon={emptyIcon} title={emptyText} />
      ) : (
        <>
          {query.status === 'error' && !isFetchNextPageError && errorText !== null && (
            <p className={styles.inlineError} role="alert">
              {t('feed.loadError')} {errorText}
            </p>
          )}
          {children}
          {/* A fresh observer after every page, so a sentinel still in view asks for the next one. */}
          <InfiniteScrollSentinel active={hasNextPage && !isFetchingNextPage && !isFetchNextPageError} onReach={() => void query.fetchNextPage()} />
          {isFetchingNextPage ? (
            <Spinner label={t('feed.loadingMore')} />
          ) : isFetchNextPageError ? (
            <ErrorState title={t('feed.loadError')} onRetry={() => void query.fetchNextPage()} />
          ) : hasNextPage ? (
            <Button variant="secondary" className={styles.more} onClick={() => void query.fetchNextPage()}>
              {t('feed.loadMore')}
            </Button>
          ) : (
            <p className={styles.end}>{t('feed.end')}</p>
          )}
        </>
      )}
    </div>
  );
}
