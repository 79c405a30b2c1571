// The end of the notifications list: the next page loading, a retry row when it failed (what is
// loaded stays), a "Load more" button for whoever does not scroll (keyboard, a short list), or the end.
import { useTranslation } from 'react-i18next';
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
      <div className={styles.problem} role="alert" data-testid="notifications-retry-row">
        <p>{t(query.isFetchNextPageError ? 'notifications.loadMoreError' : 'notifications.loadError')}</p>
        <button type="button" className={styles.secondaryButton} onClick={retry}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  return (
    <div className={styles.footer}>
      {query.hasNextPage ? (
        <button type="button" className={styles.secondaryButton} onClick={() => void query.fetchNextPage()}>
          {t('feed.loadMore')}
        </button>
      ) : (
        <span>{t('feed.end')}</span>
      )}
    </div>
  );
}
