// The end of the notifications list: the next page loading, a retry row when it failed (what is
// loaded stays), a "Load more" button for whoever does not scroll (keyboard, a short list), or the end.
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button.tsx';
import { ErrorIcon, RetryIcon } from '../../../shared/ui/icons.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import styles from './notifications.module.css';

export interface FooterQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  isRefetchError: boolean;
  fetchNextPage(): Promise<unknown>;
  refetch(): Promise<unknown>;
}

export function NotificationListFooter({ query }: { query: FooterQuery }) {
  const { t } = useTranslation();
  if (query.isFetchingNextPage) return <Spinner label={t('feed.loadingMore')} />;
  if (query.isFetchNextPageError || query.isRefetchError) {
    const retry = () => void (query.isFetchNextPageError ? query.fetchNextPage() : query.refetch());
    return (
      <div className={styles.retryRow} role="alert" data-testid="notifications-retry-row">
        <ErrorIcon size={20} aria-hidden="true" className={styles.retryIcon} />
        <p>{t(query.isFetchNextPageError ? 'notifications.loadMoreError' : 'notifications.loadError')}</p>
        <Button variant="secondary" size="s" icon={RetryIcon} onClick={retry}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  return (
    <div className={styles.footer}>
      {query.hasNextPage ? (
        <Button variant="secondary" onClick={() => void query.fetchNextPage()}>
          {t('feed.loadMore')}
        </Button>
      ) : (
        <span>{t('feed.end')}</span>
      )}
    </div>
  );
}
