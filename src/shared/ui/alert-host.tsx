// One alert dialog for the whole app (SPEC §8's "alert with header Error"): anything, including code
// outside React (the session), queues an alert; the host shows them one at a time. The dialog's own
// code (./alert-dialog.tsx) is not part of the start: it loads after the first content, or with the
// first alert.
import { useEffect, useSyncExternalStore } from 'react';
import { DeferredBoundary } from '../loading/deferred-boundary.tsx';
import { lazyComponent } from '../loading/lazy-component.tsx';
import { afterFirstContent } from '../scheduling/after-first-content.ts';
import { alertQueue } from './alert-queue.ts';

export { showAlert, showConfirm, type AlertRequest } from './alert-queue.ts';

const AlertDialog = lazyComponent(() => import('./alert-dialog.tsx').then((module) => ({ default: module.AlertDialog })));

export function AlertHost() {
  const current = useSyncExternalStore(alertQueue.subscribe, () => alertQueue.getSnapshot()[0]);
  // The dialog's code is fetched ahead of the first alert, once the first content is up.
  useEffect(() => afterFirstContent(() => void AlertDialog.preload().catch(() => undefined)), []);
  // One dialog per alert: each opens (and gives focus back) on its own.
  return current ? (
    <DeferredBoundary name="the alert dialog">
      <AlertDialog key={current.id} alert={current} />
    </DeferredBoundary>
  ) : null;
}
