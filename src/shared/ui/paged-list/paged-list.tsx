// The frame of a paged list (the feed's segments, the forum): first-load spinner, empty and error
// states, pull to refresh (a touch gesture at the top, plus a Refresh button for mouse and keyboard),
// and infinite scroll (a sentinel watched by IntersectionObserver, plus a "Load more" fallback).
import { useEffect, useRef, useState, type ReactNode, type TouchEvent } from 'react';
import { useTranslation } from 'react-i18next';
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

/** How far (px) the list must be pulled down before letting go refreshes it. */
export const PULL_THRESHOLD = 64;
const PULL_MAX = 96;

const atTopOfPage = () => (document.scrollingElement?.scrollTop ?? window.scrollY) <= 0;

export function PagedList({ query, itemCount, emptyText, children }: PagedListProps) {
  const { t } = useTranslation();
  const errorText = useListFailure(query.error);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError } = query;
  const latestQuery = useRef(query);
  useEffect(() => {
    latestQuery.current = query;
  });

  // Infinite scroll: a fresh observer after every page, so a sentinel still in view asks for the next one.
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasNextPage || isFetchingNextPage || isFetchNextPageError || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void latestQuery.current.fetchNextPage();
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError]);

  // Pull to refresh, only when the page is scrolled to the top.
  const pullStart = useRef<number | null>(null);
  const [pull, setPull] = useState(0);
  const onTouchStart = (event: TouchEvent) => {
    pullStart.current = atTopOfPage() && !query.isRefetching ? (event.touches[0]?.clientY ?? null) : null;
  };
  const onTouchMove = (event: TouchEvent) => {
    if (pullStart.current === null) return;
    const distance = (event.touches[0]?.clientY ?? pullStart.current) - pullStart.current;
    setPull(Math.max(0, Math.min(distance, PULL_MAX)));
  };
  const onTouchEnd = () => {
    if (pullStart.current !== null && pull >= PULL_THRESHOLD) void query.refetch();
    pullStart.current = null;
    setPull(0);
  };

  const refreshing = query.isRefetching;
  const firstLoadFailed = query.status === 'error' && itemCount === 0;

  return (
    <div className={styles.frame} onTouchStart={onTouchStart} onTouchMove={onTouchMove} onTouchEnd={onTouchEnd} onTouchCancel={onTouchEnd}>
      <div className={styles.toolbar}>
        <p className={styles.refreshState} role="status">
          {refreshing ? t('feed.refreshing') : pull > 0 ? t(pull >= PULL_THRESHOLD ? 'feed.releaseToRefresh' : 'feed.pullToRefresh') : ''}
        </p>
        <button type="button" className={styles.secondaryButton} onClick={() => void query.refetch()} disabled={refreshing || query.status === 'pending'}>
          {t('feed.refresh')}
        </button>
      </div>
      {pull > 0 && <div className={styles.pullSpace} style={{ height: pull / 2 }} aria-hidden="true" />}

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
          <div ref={sentinel} className={styles.sentinel} />
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
