// The layout of the session screens (sign in, change password): the brand (its mark, the app name and
// the PWA version of SPEC §1) above the form on a phone, as a panel at the start on a wide screen; the
// form on a card.
import type { ReactNode } from 'react';
import { APP_VERSIONS } from '../../api/platform-headers.ts';
import { useTranslation } from '../../shared/i18n/react.tsx';
import { BrandMark } from '../../shared/ui/brand-mark.tsx';
import styles from './auth-form.module.css';

export function AuthLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={styles.page}>
      <header className={styles.brandPanel}>
        <span className={styles.markPhone}>
          <BrandMark size={64} inverse />
        </span>
        <span className={styles.markWide}>
          <BrandMark size={96} inverse />
        </span>
        <p className={styles.appName}>{t('app.name')}</p>
        <p className={styles.tagline}>{t('login.tagline')}</p>
        <p className={styles.version} data-testid="app-version">
          {t('login.version', { version: APP_VERSIONS.pwa })}
        </p>
      </header>
      <main className={styles.main}>
        <div className={styles.card}>{children}</div>
      </main>
    </div>
  );
}
