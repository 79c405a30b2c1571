import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import * as updates from '../features/updates/index.ts';
import { useTranslation } from '../shared/i18n/react.tsx';
import { isNativePlatform } from '../shared/platform/native-platform.ts';
import { NavigationBridge } from '../shared/routes/navigation.tsx';
import { SessionProvider, useSession } from '../shared/session/session-context.tsx';
import { useAfterFirstContent } from '../shared/scheduling/after-first-content.ts';
import { AlertHost } from '../shared/ui/alert-host.tsx';
import { DeferredBoundary } from '../shared/loading/deferred-boundary.tsx';
import { lazyComponent } from '../shared/loading/lazy-component.tsx';
import type { AppContext } from './bootstrap.ts';
import { AppRoutes } from './routes.tsx';
import styles from './status-page.module.css';
import { SignedInFeatures } from './wiring.tsx';

const PwaChrome = lazyComponent(updates.loadPwaChrome);
// Only inside the Android and iOS shells: status bar, back button and over-the-air updates instead of the
// service worker (a build for the shells only).
const NativeChrome = updates.loadNativeChrome && lazyComponent(updates.loadNativeChrome);

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
          <SignedInFeatures polling={context.polling}>
            <Screens />
          </SignedInFeatures>
          <AlertHost />
          {isNativePlatform() ? (
            NativeChrome && (
              <DeferredBoundary name="the native chrome">
                <NativeChrome />
              </DeferredBoundary>
            )
          ) : (
            <DeferredPwaChrome />
          )}
        </BrowserRouter>
      </SessionProvider>
    </QueryClientProvider>
  );
}
