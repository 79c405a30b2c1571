// A route whose screen the spec does not show opens the company's web module of the same path
// inside the app (SPEC §2, §3 "iframe base"). The page is never blank: it shows a spinner until the
// module loads, and an error with a retry when it does not load in time, when the device is
// offline, or when this installation has no iframe base.
import { useEffect, useRef, useState } from 'react';
import { config } from '../../api/config.ts';
import { moduleFeatures, parseModulePermissions, type ModulePermissions } from '../../api/module-permissions.ts';
import { useTranslation } from '../../shared/i18n/react.tsx';
import { HOME_PATH } from '../../shared/routes/app-routes.ts';
import { ScreenHeader } from '../../shared/ui/screen-header.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { ErrorState } from '../../shared/ui/states.tsx';
import styles from './module-page.module.css';
import { useSessionHandshake } from './module-session.ts';
import { moduleOrigin, moduleUrl } from './module-url.ts';

/** How long a module may take to load before the page offers a retry. */
export const MODULE_LOAD_TIMEOUT_MS = 20_000;

/**
 * The features the module's frame is delegated: clipboard writes (sharing) for every module; the
 * camera, the microphone and the location only for the modules configuration lists as needing them
 * (VITE_MODULE_PERMISSIONS, src/api/module-permissions.ts). Each is granted to the frame's own origin only.
 */
export function frameAllow(path: string, permissions = configuredPermissions()): string {
  return [...moduleFeatures(permissions, path), 'clipboard-write'].join('; ');
}

/** The configured permissions by their raw value (one in the app; tests set others). */
const parsedPermissions = new Map<string | undefined, ModulePermissions>();
/** Parsed once per value (a malformed entry is reported once, not on every render). */
function configuredPermissions(): ModulePermissions {
  const raw = config.modulePermissions;
  let permissions = parsedPermissions.get(raw);
  if (permissions === undefined) parsedPermissions.set(raw, (permissions = parseModulePermissions(raw)));
  return permissions;
}

const FRAME_SANDBOX = 'allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-downloads';

/**
 * The iframe's sandbox. A module on its own origin keeps it (allow-same-origin): it still cannot
 * reach the app, and the session is posted to that origin. A module on the app's origin with scripts
 * and allow-same-origin could lift its own sandbox and read the app's storage (Chromium warns about
 * exactly that), so it runs on an opaque origin instead — and, since an opaque origin cannot be
 * addressed, it is not handed the session.
 */
export function frameSandbox(sameOrigin: boolean): string {
  return sameOrigin ? FRAME_SANDBOX : `${FRAME_SANDBOX} allow-same-origin`;
}

type View = 'not-configured' | 'loading' | 'ready' | 'offline' | 'failed';

export interface ModulePageProps {
  /** The route's path without a leading slash, parameters filled in (e.g. `online-meetings`). */
  path: string;
  /** i18n key of the title (`routes.*`). */
  titleKey: string;
}

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

export function ModulePage({ path, titleKey }: ModulePageProps) {
  const { t, i18n } = useTranslation();
  const title = t(titleKey);
  const language = i18n.language;
  const src = moduleUrl(config.iframeBase, path, language);
  const frameOrigin = src === undefined ? undefined : moduleOrigin(src, window.location.href);
  const sameOrigin = frameOrigin === window.location.origin;
  // Where the session may go: the module's own origin, never the app's (see frameSandbox).
  const origin = sameOrigin ? undefined : frameOrigin;

  const frame = useRef<HTMLIFrameElement>(null);
  const [attempt, setAttempt] = useState(0);
  const [offline, setOffline] = useState(isOffline);
  // Loaded and timed-out are recorded per frame key, so a new attempt or URL starts fresh.
  const [loadedKey, setLoadedKey] = useState<string | null>(null);
  const [timedOutKey, setTimedOutKey] = useState<string | null>(null);
  const frameKey = `${attempt}|${src ?? ''}`;

  // A module that already loaded stays on screen when the connection drops: it may work offline
  // and the user's unsaved input in it would be lost.
  let view: View;
  if (src === undefined) view = 'not-configured';
  else if (loadedKey === frameKey) view = 'ready';
  else if (offline) view = 'offline';
  else if (timedOutKey === frameKey) view = 'failed';
  else view = 'loading';

  const handshake = useSessionHandshake(frame, src, origin, frameKey, path, language);

  useEffect(() => {
    if (view !== 'loading') return;
    const timer = setTimeout(() => setTimedOutKey(frameKey), MODULE_LOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [view, frameKey]);

  const viewRef = useRef(view);
  useEffect(() => {
    viewRef.current = view;
  });

  useEffect(() => {
    const goOffline = () => setOffline(true);
    const goOnline = () => {
      setOffline(false);
      if (viewRef.current === 'offline') setAttempt((n) => n + 1);
    };
    window.addEventListener('offline', goOffline);
    window.addEventListener('online', goOnline);
    return () => {
      window.removeEventListener('offline', goOffline);
      window.removeEventListener('online', goOnline);
    };
  }, []);

  const retry = () => {
    setOffline(isOffline());
    setAttempt((n) => n + 1);
  };

  // Nothing is posted on load: the module asks for the session (module-session.ts), and a later load
  // of this frame (the module navigated) is counted so that it is never answered.
  const onFrameLoad = () => {
    setLoadedKey(frameKey);
    handshake.onFrameLoad();
  };

  const showFrame = view === 'loading' || view === 'ready';

  return (
    <div className={styles.page}>
      {/* Back: through the app's history, or Home for a module opened from outside (a link, a notification, a reload). */}
      <ScreenHeader title={title} back={HOME_PATH} />
      <main className={styles.body}>
        {showFrame && (
          <iframe
            key={frameKey}
            ref={frame}
            src={handshake.src}
            title={title}
            className={view === 'loading' ? `${styles.frame} ${styles.frameLoading}` : styles.frame}
            sandbox={frameSandbox(sameOrigin)}
            allow={frameAllow(path)}
            onLoad={onFrameLoad}
          />
        )}
        {view === 'loading' && (
          <div className={styles.overlay}>
            <Spinner />
          </div>
        )}
        {view === 'not-configured' && (
          <div className={styles.overlay}>
            <ErrorState title={t('module.notConfigured')} />
          </div>
        )}
        {(view === 'failed' || view === 'offline') && (
          <div className={styles.overlay}>
            <ErrorState title={t(view === 'offline' ? 'module.offline' : 'module.loadError')} onRetry={retry} />
          </div>
        )}
      </main>
    </div>
  );
}
