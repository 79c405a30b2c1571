// What the PWA adds around the screens: the offline banner and the update prompt, wired to the service
// worker, which this component registers once the first render is done and the browser is idle.
import { useEffect, useState } from 'react';
import { OfflineBanner } from './offline-banner.tsx';
import { scheduleServiceWorkerRegistration, useServiceWorkerUpdate } from './register-service-worker.ts';
import { UpdatePrompt } from './update-prompt.tsx';

export interface PwaChromeProps {
  /** Every new version must be installed: Continue only, and Ignore is not offered. */
  mandatory?: boolean;
  /** What the new version brings, shown after the description prefix. */
  description?: string;
}

export function PwaChrome({ mandatory = false, description }: PwaChromeProps) {
  const { needRefresh, dismissed, updateServiceWorker, dismissUpdate } = useServiceWorkerUpdate();
  const [installing, setInstalling] = useState(false);

  useEffect(() => scheduleServiceWorkerRegistration(), []);

  const install = () => {
    setInstalling(true);
    // The page reloads when the new worker takes control; if it never does, let the user try again.
    updateServiceWorker().then(
      () => setTimeout(() => setInstalling(false), 10_000),
      () => setInstalling(false),
    );
  };

  const showPrompt = needRefresh && (mandatory || !dismissed);
  return (
    <>
      <OfflineBanner />
      {showPrompt ? (
        <UpdatePrompt mandatory={mandatory} description={description} busy={installing} onInstall={install} onIgnore={dismissUpdate} />
      ) : null}
    </>
  );
}
