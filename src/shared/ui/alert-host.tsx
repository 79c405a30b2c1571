// One alert dialog for the whole app (SPEC §8's "alert with header Error"): anything, including code
// outside React (the session), queues an alert; the host shows them one at a time. The dialog's own
// code (./alert-dialog.tsx) is not part of the start: it loads after the first content, or with the
// first alert.
import { useEffect, useSyncExternalStore } from 'react';
import { createListenerStore } from '../events/listener-store.ts';
import { DeferredBoundary } from '../loading/deferred-boundary.tsx';
import { lazyComponent } from '../loading/lazy-component.tsx';
import { afterFirstContent } from '../scheduling/after-first-content.ts';

export interface AlertRequest {
  /** i18n key of the header ("errors.header" → "Error"). */
  headerKey: string;
  /** An i18n key or a text as received (a server's error_message), never HTML. */
  message: { key: string } | { text: string };
  /** i18n key of the single button; "common.ok" by default. */
  buttonKey?: string;
  /** A confirmation: a second button (this key) that answers no. */
  cancelKey?: string;
  /** The confirming button does something destructive (delete, leave): drawn in the danger colour. */
  danger?: boolean;
}

export interface QueuedAlert extends AlertRequest {
  id: number;
  resolve: (confirmed: boolean) => void;
}

const queue = createListenerStore<QueuedAlert[]>([]);
let nextId = 1;

/** Shows an alert; resolves when the user dismisses it. */
export function showAlert(request: AlertRequest): Promise<void> {
  return showDialog(request).then(() => undefined);
}

/** Asks before something that cannot be undone; resolves true when the person confirms. */
export function showConfirm(request: AlertRequest & { buttonKey: string; cancelKey: string }): Promise<boolean> {
  return showDialog(request);
}

function showDialog(request: AlertRequest): Promise<boolean> {
  return new Promise((resolve) => {
    queue.update((alerts) => [...alerts, { ...request, id: nextId++, resolve }]);
  });
}

/** Takes an alert off the queue with the person's answer. */
export function dismissAlert(id: number, confirmed: boolean): void {
  const found = queue.getSnapshot().find((alert) => alert.id === id);
  queue.update((alerts) => alerts.filter((alert) => alert.id !== id));
  found?.resolve(confirmed);
}

const AlertDialog = lazyComponent(() => import('./alert-dialog.tsx').then((module) => ({ default: module.AlertDialog })));

export function AlertHost() {
  const current = useSyncExternalStore(queue.subscribe, () => queue.getSnapshot()[0]);
  // The dialog's code is fetched ahead of the first alert, once the first content is up.
  useEffect(() => afterFirstContent(() => void AlertDialog.preload().catch(() => undefined)), []);
  // One dialog per alert: each opens (and gives focus back) on its own.
  return current ? (
    <DeferredBoundary name="the alert dialog">
      <AlertDialog key={current.id} alert={current} />
    </DeferredBoundary>
  ) : null;
}
