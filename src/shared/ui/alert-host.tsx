// One alert dialog for the whole app (SPEC §8's "alert with header Error"): anything, including code
// outside React (the session), queues an alert; the host shows them one at a time.
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { createListenerStore } from '../events/listener-store.ts';
import styles from './ui.module.css';

export interface AlertRequest {
  /** i18n key of the header ("errors.header" → "Error"). */
  headerKey: string;
  /** An i18n key or a text as received (a server's error_message), never HTML. */
  message: { key: string } | { text: string };
  /** i18n key of the single button; "common.ok" by default. */
  buttonKey?: string;
  /** A confirmation: a second button (this key) that answers no. */
  cancelKey?: string;
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
  const { t } = useTranslation();
  const current = useSyncExternalStore(queue.subscribe, () => queue.getSnapshot()[0]);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), [current?.id]);
  if (!current) return null;
  const message = 'key' in current.message ? t(current.message.key) : current.message.text;
  return (
    <div className={styles.backdrop}>
      <div role="alertdialog" aria-modal="true" aria-labelledby="alert-header" aria-describedby="alert-message" className={styles.alert}>
        <h2 id="alert-header" className={styles.alertHeader}>
          {t(current.headerKey)}
        </h2>
        <p id="alert-message" className={styles.alertMessage}>
          {message}
        </p>
        <div className={styles.alertButtons}>
          {current.cancelKey && (
            <button type="button" className={styles.textButton} onClick={() => dismiss(current.id, false)}>
              {t(current.cancelKey)}
            </button>
          )}
          <button ref={button} type="button" className={styles.textButton} onClick={() => dismiss(current.id, true)}>
            {t(current.buttonKey ?? 'common.ok')}
          </button>
        </div>
      </div>
    </div>
  );
}
