// "You are offline" while the browser says so (navigator.onLine and its online/offline events). The
// status region is always in the page, so screen readers announce the text when it appears.
//
// The banner takes its own space at the top of the page: while it shows, its height is on the root as
// --offline-banner-height, which moves the page down below it and shortens --app-height, the height
// screens fill (src/app/global.css). So it never covers a screen's header (issue 21: Back could not be
// tapped while offline).
import { useLayoutEffect, useRef, useSyncExternalStore, type CSSProperties, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';

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

const bannerStyle: CSSProperties = {
  position: 'fixed',
  insetInline: 0,
  top: 0,
  zIndex: 1000,
  margin: 0,
  padding: 'calc(env(safe-area-inset-top, 0px) + 8px) 16px 8px',
  background: '#1f1f24',
  color: '#ffffff',
  font: '500 14px/1.4 system-ui, sans-serif',
  textAlign: 'center',
};

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
    <div ref={banner} role="status" style={online ? undefined : bannerStyle}>
      {online ? null : t('offline.banner')}
    </div>
  );
}
