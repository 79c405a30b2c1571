// When a screen throws or its code cannot be loaded (the network dropped, an update removed it, a
// bug): a clear message and a way on, never a blank page. Retry renders the screen again, which loads
// code that could not load again (src/shared/loading/lazy-component.tsx); code that fails again after
// that is taken as gone (an update removed it), and the next Retry loads the page again. Code that
// could not load is also tried again by itself once the browser is back online. Each route's screen
// has its own boundary (src/app/routes.tsx), so the tab bar stays while one screen fails.
import { Component, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../shared/i18n/react.tsx';
import { isCodeLoadFailure, retryFailedCode } from '../shared/loading/lazy-component.tsx';
import { HOME_PATH } from '../shared/routes/app-routes.ts';
import styles from './status-page.module.css';

function ScreenFailed({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <main className={`${styles.page} ${styles.error}`}>
      {/* Drawn in CSS: this screen is in the start code, and also shows when no more code can load. */}
      <span className={`${styles.icon} ${styles.alertMark}`} aria-hidden="true" />
      <h1 className={styles.title}>{t('errors.header')}</h1>
      <p role="alert" className={styles.body}>
        {t('errors.default')}
      </p>
      <div className={styles.actions}>
        <button type="button" className={styles.primary} onClick={onRetry}>
          {t('common.retry')}
        </button>
        <Link to={HOME_PATH} replace className={styles.secondary}>
          {t('notFound.home')}
        </Link>
      </div>
    </main>
  );
}

interface Props {
  /** A failure is forgotten when this changes (moving to another screen). */
  resetKey: string;
  children: ReactNode;
  /** How Retry loads the page again (tests). */
  reload?: () => void;
}

export class ScreenErrorBoundary extends Component<Props, { failedAt: string | null }> {
  state = { failedAt: null as string | null };
  /** How many times in a row the screen's code could not load (0: it failed otherwise, or not). */
  private codeFailures = 0;

  static getDerivedStateFromError(): Partial<{ failedAt: string | null }> {
    return { failedAt: '' };
  }

  componentDidCatch(error: unknown): void {
    this.codeFailures = isCodeLoadFailure(error) ? this.codeFailures + 1 : 0;
    this.setState({ failedAt: this.props.resetKey });
    console.warn('A screen failed', error);
    if (this.codeFailures === 1) window.addEventListener('online', this.retry, { once: true });
  }

  // React's StrictMode (npm start) unmounts and mounts the boundary again after it caught: the listener
  // the unmount took away comes back with the mount, or the screen would no longer open by itself.
  componentDidMount(): void {
    if (this.codeFailures === 1 && this.state.failedAt !== null) window.addEventListener('online', this.retry, { once: true });
  }

  componentWillUnmount(): void {
    window.removeEventListener('online', this.retry);
  }

  private readonly retry = () => {
    window.removeEventListener('online', this.retry);
    if (this.codeFailures > 1) (this.props.reload ?? (() => window.location.reload()))();
    else {
      retryFailedCode();
      this.setState({ failedAt: null });
    }
  };

  render() {
    const { failedAt } = this.state;
    if (failedAt !== null && (failedAt === '' || failedAt === this.props.resetKey)) return <ScreenFailed onRetry={this.retry} />;
    return this.props.children;
  }
}

/**
 * A route's screen inside its boundary: the failure lasts until the address changes, so another room of
 * the same screen (another `?uuid=`) is shown again, not the first one's error.
 */
export function ScreenBoundary({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  return <ScreenErrorBoundary resetKey={pathname + search}>{children}</ScreenErrorBoundary>;
}
