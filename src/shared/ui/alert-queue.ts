// The queue of the app's alerts (./alert-host.tsx shows them one at a time, ./alert-dialog.tsx draws
// one): anything, including code outside React (the session), queues an alert.
import { createListenerStore } from '../events/listener-store.ts';

export interface AlertRequest {
  /** i18n key of the header ("errors.header" gives "Error"). */
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

/** The alerts waiting to be answered, in order: a listener store that numbers what it queues (the id keys each dialog). */
function createAlertQueue() {
  const store = createListenerStore<QueuedAlert[]>([]);
  let nextId = 1;
  return {
    ...store,
    /** Queues the request; resolves with the person's answer. */
    add(request: AlertRequest): Promise<boolean> {
      return new Promise((resolve) => {
        store.update((alerts) => [...alerts, { ...request, id: nextId++, resolve }]);
      });
    },
  };
}

export const alertQueue = createAlertQueue();

/** Shows an alert; resolves when the user dismisses it. */
export function showAlert(request: AlertRequest): Promise<void> {
  return showDialog(request).then(() => undefined);
}

/** Asks before something that cannot be undone; resolves true when the person confirms. */
export function showConfirm(request: AlertRequest & { buttonKey: string; cancelKey: string }): Promise<boolean> {
  return showDialog(request);
}

function showDialog(request: AlertRequest): Promise<boolean> {
  return alertQueue.add(request);
}

/** Takes an alert off the queue with the person's answer. */
export function dismissAlert(id: number, confirmed: boolean): void {
  const found = alertQueue.getSnapshot().find((alert) => alert.id === id);
  alertQueue.update((alerts) => alerts.filter((alert) => alert.id !== id));
  found?.resolve(confirmed);
}
