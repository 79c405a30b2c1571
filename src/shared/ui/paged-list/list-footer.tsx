// The end of a list that loads page by page (notifications, recent calls): the next page loading, a
// retry row when a page failed (what is loaded stays), "Load more" for whoever does not scroll (keyboard,
// a short list), or the end.
import { useTranslation } from '../../i18n/react.tsx';
import { Button } from '../button.tsx';
import { ErrorIcon, RetryIcon } from '../icons.tsx';
import { Spinner } from '../spinner.tsx';
import styles from './list-footer.module.css';

export interface ListFooterQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): Promise<unknown>;
}

export interface ListFooterProps {
  query: ListFooterQuery;
  /** A failed page: what the retry row says and what Try again does; undefined when nothing failed. */
  failure?: { text: string; retry(): void } | undefined;
  loadingText?: string;
  loadMoreText?: string;
  endText?: string;
  /** The retry row's test id. */
  retryTestId?: string;
  className?: string;
}

export function ListFooter({ query, failure, loadingText, loadMoreText, endText, retryTestId, className }: ListFooterProps) {
  const { t } = useTranslation();
  if (query.isFetchingNextPage) return <Spinner label={loadingText ?? t('feed.loadingMore')} />;
  if (failure) {
    return (
      <div className={`${styles.retryRow} ${className ?? ''}`} role="alert" data-testid={retryTestId}>
        <ErrorIcon size={20} aria-hidden="true" className={styles.retryIcon} />
        <p>{failure.text}</p>
        <Button variant="secondary" size="s" icon={RetryIcon} onClick={failure.retry}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  return (
    <div className={styles.footer}>
      {query.hasNextPage ? (
        <Button variant="secondary" onClick={() => void query.fetchNextPage()}>
          {loadMoreText ?? t('feed.loadMore')}
        </Button>
      ) : (
        <span>{endText ?? t('feed.end')}</span>
      )}
    </div>
  );
}
