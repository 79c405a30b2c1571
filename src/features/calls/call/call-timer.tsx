// The call's duration since the first remote connected, as m:ss (h:mm:ss past an hour).
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/react.tsx';

export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

export function CallTimer({ since, className }: { since: number; className: string | undefined }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <span className={className} role="timer" aria-label={t('calls.call.duration')} data-testid="call-timer">
      {formatDuration(now - since)}
    </span>
  );
}
