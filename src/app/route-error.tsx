// When a screen throws or its code cannot be loaded (offline after an update, a bug): a clear
// message and a way on, never a blank page.
import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router';
import styles from './status-page.module.css';

export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.warn('Screen failed', error);
  return (
    <main className={styles.page} role="alert">
      <h1 className={styles.title}>{t('errors.header')}</h1>
      <p>{t('errors.default')}</p>
      <div className={styles.actions}>
        <button type="button" className={styles.primary} onClick={() => window.location.reload()}>
          {t('common.retry')}
        </button>
        <Link to="/home" className={styles.link}>
          {t('notFound.home')}
        </Link>
      </div>
    </main>
  );
}
