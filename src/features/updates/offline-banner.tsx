// "You are offline" while the browser says so (navigator.onLine and its online/offline events). The
// status region is always in the page, so screen readers announce the text when it appears.
//
// The banner takes its own space at the top of the page: while it shows, its height is on the root as
// --offline-banner-height, which moves the page down below it and shortens --app-height, the height
// screens fill (src/app/global.css). So it never covers a screen's header (issue 21: Back could not be
// tapped while offline).
import { useLayoutEffect, useRef, useSyncExternalStore, type RefObject } from 'react';
import { useTranslation } from '../../shared/i18n/react.tsx';
import { OfflineIcon } from '../../shared/ui/icons.tsx';
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

/** Keeps the banner's height (it wraps on a narrow screen, and includes the safe area) on the root while it shows. */
function useReservedSpace(banner: RefObject<HTMLDivElement | null>, shown: boolean): void {
  useLayoutEffect(() => {
    const element = banner.current;
    if (!shown || !element) return;
    const root = document.documentElement;
    const reserve = () => root.style.setProperty(BANNER_HEIGHT_PROPERTY, `${element.offsetHeight}px`);
    reserve();
    const resized = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(reserve);
    resized?.observe(element);
    return () => {
      resized?.disconnect();
      root.style.removeProperty(BANNER_HEIGHT_PROPERTY);
    };
  }, [banner, shown]);
}

export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  const banner = useRef<HTMLDivElement>(null);
  useReservedSpace(banner, !online);
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
