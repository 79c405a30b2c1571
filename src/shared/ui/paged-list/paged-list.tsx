// The frame of a paged list (the feed's segments, the forum): first-load spinner, empty and error
// states, pull to refresh (a touch gesture at the top, plus a Refresh button for mouse and keyboard),
// and infinite scroll (a sentinel watched by IntersectionObserver, plus a "Load more" fallback).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { InfiniteScrollSentinel } from '../infinite-scroll-sentinel.tsx';
import { pullTextKey, usePullToRefresh } from '../pull-to-refresh.ts';
import { Spinner } from '../spinner.tsx';
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
  children: ReactNode;
}

const atTopOfPage = () => (document.scrollingElement?.scrollTop ?? window.scrollY) <= 0;

export function PagedList({ query, itemCount, emptyText, children }: PagedListProps) {
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
        <button type="button" className={styles.secondaryButton} onClick={() => void query.refetch()} disabled={refreshing || query.status === 'pending'}>
          {t('feed.refresh')}
        </button>
      </div>
      {pull.distance > 0 && <div className={styles.pullSpace} style={{ height: pull.distance / 2 }} aria-hidden="true" />}

      {query.status === 'pending' ? (
        <Spinner />
      ) : firstLoadFailed ? (
        errorText === null ? null : (
          <div className={styles.error} role="alert">
            <p className={styles.errorTitle}>{t('feed.loadError')}</p>
            <p className={styles.errorText}>{errorText}</p>
            <button type="button" className={styles.primaryButton} onClick={() => void query.refetch()}>
              {t('common.retry')}
            </button>
          </div>
        )
      ) : itemCount === 0 ? (
        <p className={styles.empty}>{emptyText}</p>
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
            <div className={styles.error} role="alert">
              <p className={styles.errorTitle}>{t('feed.loadError')}</p>
              <button type="button" className={styles.primaryButton} onClick={() => void query.fetchNextPage()}>
                {t('common.retry')}
              </button>
            </div>
          ) : hasNextPage ? (
            <button type="button" className={`${styles.secondaryButton} ${styles.more}`} onClick={() => void query.fetchNextPage()}>
              {t('feed.loadMore')}
            </button>
          ) : (
            <p className={styles.end}>{t('feed.end')}</p>
          )}
        </>
      )}
    </div>
  );
}
