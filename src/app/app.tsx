import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { isNativePlatform } from '../shared/platform/native-platform.ts';
import { SessionProvider, useSession } from '../shared/session/session-context.tsx';
import { afterFirstContent, useAfterFirstContent } from '../shared/scheduling/after-first-content.ts';
import { getStorage } from '../shared/storage/storage.ts';
import { AlertHost } from '../shared/ui/alert-host.tsx';
import { DeferredBoundary } from '../shared/loading/deferred-boundary.tsx';
import { lazyComponent } from '../shared/loading/lazy-component.tsx';
import { loadDeferred } from '../shared/loading/retry-import.ts';
import type { AppContext } from './bootstrap.ts';
import { NavigationBridge } from './navigation.tsx';
import { RealtimeEffects } from './realtime-effects.tsx';
import { AppRoutes } from './routes.tsx';
import styles from './status-page.module.css';

const PwaChrome = lazyComponent(() => import('../features/updates/pwa-chrome.tsx').then((m) => ({ default: m.PwaChrome })));
// Only inside the Android and iOS shells: status bar, back button and over-the-air updates instead of the service worker.
const NativeChrome = lazyComponent(() => import('../features/updates/native/native-chrome.tsx').then((m) => ({ default: m.NativeChrome })));

/** While signed in: the permission list is fetched (SPEC §6), and the badge counters follow the notification endpoints and chat events. */
function SignedInEffects() {
  const { status } = useSession();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (status !== 'signed-in') return;
    let teardown: (() => void) | undefined;
    let cancelled = false;
    const cancelStart = afterFirstContent(() => {
      void loadDeferred('the permission list', () => import('../features/permissions/api.ts')).then(
        (module) => module && queryClient.prefetchQuery(module.permissionsQuery),
      );
      void loadDeferred('the badge', () => import('../features/badge/badge-setup.ts')).then((module) => {
        if (module && !cancelled) teardown = module.setUpBadge(getStorage(), queryClient);
      });
    });
    return () => {
      cancelled = true;
      cancelStart();
      teardown?.();
    };
  }, [status, queryClient]);
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

/** The offline banner and update prompt: not needed for the first content. */
function DeferredPwaChrome() {
  const ready = useAfterFirstContent();
  return ready ? (
    <DeferredBoundary name="the offline banner and update prompt">
      <PwaChrome />
    </DeferredBoundary>
  ) : null;
}

function Screens() {
  const { status } = useSession();
  return status === 'unreachable' ? <Unreachable /> : <AppRoutes />;
}

export function App({ context }: { context: AppContext }) {
  return (
    <QueryClientProvider client={context.queryClient}>
      <SessionProvider controller={context.session}>
        {/* Location changes render at the same priority as the session's state (not as transitions), so a
            sign-in's status and its navigation land together and no guard sees one without the other. */}
        <BrowserRouter useTransitions={false}>
          <NavigationBridge />
          <SignedInEffects />
          <RealtimeEffects />
          <Screens />
          <AlertHost />
          {isNativePlatform() ? (
            <DeferredBoundary name="the native chrome">
              <NativeChrome />
            </DeferredBoundary>
          ) : (
            <DeferredPwaChrome />
          )}
        </BrowserRouter>
      </SessionProvider>
    </QueryClientProvider>
  );
}
