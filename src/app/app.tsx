import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import { setUpBadge } from '../features/badge/badge-store.ts';
import { SessionProvider, useSession } from '../features/session/session-context.tsx';
import { getStorage } from '../shared/storage/storage.ts';
import { AlertHost } from '../shared/ui/alert-host.tsx';
import type { AppContext } from './bootstrap.ts';
import styles from './status-page.module.css';

/** While signed in: the badge counters follow the notification endpoints and chat events. */
function SignedInEffects() {
  const { status } = useSession();
  useEffect(() => (status === 'signed-in' ? setUpBadge(getStorage()) : undefined), [status]);
  return null;
}

/** The server could not be reached at start and nothing is stored to go on with. */
function Unreachable() {
  const { t } = useTranslation();
  const { controller } = useSession();
  return (
    <main className={styles.page}>
      <h1 className={styles.title}>{t('app.name')}</h1>
      <p role="alert">{t('errors.checkConnection')}</p>
      <div className={styles.actions}>
        <button type="button" className={styles.primary} onClick={() => void controller.retry()}>
          {t('common.retry')}
        </button>
      </div>
    </main>
  );
}

function Screens({ router }: Pick<AppContext, 'router'>) {
  const { status } = useSession();
  if (status === 'unreachable') return <Unreachable />;
  return <RouterProvider router={router} />;
}

export function App({ context }: { context: AppContext }) {
  return (
    <QueryClientProvider client={context.queryClient}>
      <SessionProvider controller={context.session}>
        <SignedInEffects />
        <Screens router={context.router} />
        <AlertHost />
      </SessionProvider>
    </QueryClientProvider>
  );
}
