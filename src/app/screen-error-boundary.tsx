// When a screen throws or its code cannot be loaded (offline after an update, a bug): a clear
// message and a way on, never a blank page.
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HOME_PATH } from '../shared/routes/app-routes.ts';
import styles from './status-page.module.css';

function ScreenFailed() {
  const { t } = useTranslation();
  return (
    <main className={styles.page}>
      <h1 className={styles.title}>{t('errors.header')}</h1>
      <p role="alert">{t('errors.default')}</p>
      <div className={styles.actions}>
        <button type="button" className={styles.primary} onClick={() => window.location.reload()}>
          {t('common.retry')}
        </button>
        <Link to={HOME_PATH} replace className={styles.link}>
          {t('notFound.home')}
        </Link>
      </div>
    </main>
  );
}

interface Props {
  resetKey: string;
  children: ReactNode;
}

export class ScreenErrorBoundary extends Component<Props, { failedAt: string | null }> {
  state = { failedAt: null as string | null };

  static getDerivedStateFromError(): Partial<{ failedAt: string | null }> {
    return { failedAt: '' };
  }

  componentDidCatch(error: unknown): void {
    this.setState({ failedAt: this.props.resetKey });
    console.warn('A screen failed', error);
  }

  render() {
    const { failedAt } = this.state;
    if (failedAt !== null && (failedAt === '' || failedAt === this.props.resetKey)) return <ScreenFailed />;
    return this.props.children;
  }
}
