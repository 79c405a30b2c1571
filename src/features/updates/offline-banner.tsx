// "You are offline" while the browser says so (navigator.onLine and its online/offline events). The
// status region is always in the page, so screen readers announce the text when it appears.
//
// The banner takes its own space at the top of the page: while it shows, its height is on the root as
// --offline-banner-height, which moves the page down below it and shortens --app-height, the height
// screens fill (src/app/global.css, src/shared/ui/use-reserved-space.ts). So it never covers a
// screen's header (issue 21: Back could not be tapped while offline).
import { useRef, useSyncExternalStore } from 'react';
import { useTranslation } from '../../shared/i18n/react.tsx';
import { OfflineIcon } from '../../shared/ui/icons.tsx';
import { useReservedSpace } from '../../shared/ui/use-reserved-space.ts';
import styles from './offline-banner.module.css';

function subscribeToConnectivity(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const isOnline = () => navigator.onLine;
const onServer = () => true;

export function useOnline(): boolean {
  return useSyncExternalStore(subscribeToConnectivity, isOnline, onServer);
}

/** The custom property the page's layout reads (src/app/global.css). */
export const BANNER_HEIGHT_PROPERTY = '--offline-banner-height';

export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  const banner = useRef<HTMLDivElement>(null);
  useReservedSpace(banner, !online, BANNER_HEIGHT_PROPERTY);
  return (
    <div ref={banner} role="status" className={online ? undefined : styles.banner}>
      {online ? null : (
        <>
          <OfflineIcon size={16} aria-hidden="true" className={styles.icon} />
          {t('offline.banner')}
        </>
      )}
    </div>
  );
}
