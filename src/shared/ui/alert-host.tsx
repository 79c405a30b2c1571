// One alert dialog for the whole app (SPEC §8's "alert with header Error"): anything, including code
// outside React (the session), queues an alert; the host shows them one at a time.
import { useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { createListenerStore } from '../events/listener-store.ts';
import styles from './alert-dialog.module.css';
import { Button } from './button.tsx';
import { useModalDialog } from './use-modal-dialog.ts';

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

interface QueuedAlert extends AlertRequest {
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

function dismiss(id: number, confirmed: boolean): void {
  const found = queue.getSnapshot().find((alert) => alert.id === id);
  queue.update((alerts) => alerts.filter((alert) => alert.id !== id));
  found?.resolve(confirmed);
}

export function AlertHost() {
  const current = useSyncExternalStore(queue.subscribe, () => queue.getSnapshot()[0]);
  // One dialog per alert: each opens (and gives focus back) on its own.
  return current ? <AlertDialog key={current.id} alert={current} /> : null;
}

function AlertDialog({ alert }: { alert: QueuedAlert }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  // Escape answers as the way out does: no for a confirmation, dismissed for an alert.
  const handlers = useModalDialog(dialog, { onDismiss: () => dismiss(alert.id, !alert.cancelKey) });
  const message = 'key' in alert.message ? t(alert.message.key) : alert.message.text;
  return (
    <dialog ref={dialog} role="alertdialog" aria-modal="true" aria-labelledby="alert-header" aria-describedby="alert-message" className={styles.dialog} {...handlers}>
      <h2 id="alert-header" className={styles.header}>
        {t(alert.headerKey)}
      </h2>
      <p id="alert-message" className={styles.message}>
        {message}
      </p>
      <div className={styles.buttons}>
        {alert.cancelKey && (
          <Button variant="ghost" onClick={() => dismiss(alert.id, false)}>
            {t(alert.cancelKey)}
          </Button>
        )}
        <Button data-autofocus variant={alert.danger ? 'danger' : alert.cancelKey ? 'primary' : 'ghost'} onClick={() => dismiss(alert.id, true)}>
          {t(alert.buttonKey ?? 'common.ok')}
        </Button>
      </div>
    </dialog>
  );
}
