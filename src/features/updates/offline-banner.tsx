// "You are offline" while the browser says so (navigator.onLine and its online/offline events). The
// status region is always in the page, so screen readers announce the text when it appears.
import type { CSSProperties } from 'react';
import { useSyncExternalStore } from 'react';
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

export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  return (
    <div role="status" style={online ? undefined : bannerStyle}>
      {online ? null : t('offline.banner')}
    </div>
  );
}
