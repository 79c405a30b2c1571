// Shown for any path outside the route table: says so and leads home, never a blank page.
import { Link } from 'react-router';
import { useTranslation } from '../shared/i18n/react.tsx';
import { HOME_PATH } from '../shared/routes/app-routes.ts';
import { HomeIcon, NotFoundIcon } from '../shared/ui/icons.tsx';
import styles from './status-page.module.css';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className={styles.page}>
      <span className={styles.icon}>
        <NotFoundIcon size={36} aria-hidden="true" />
      </span>
      <h1 className={styles.title}>{t('notFound.title')}</h1>
      <p className={styles.body}>{t('notFound.body')}</p>
      <div className={styles.actions}>
        <Link to={HOME_PATH} className={styles.primary}>
          <HomeIcon size={20} aria-hidden="true" />
          {t('notFound.home')}
        </Link>
      </div>
    </main>
  );
}
