// The alert dialog itself (./alert-host.tsx queues the alerts and shows them one at a time): loaded
// after the first content, so the start does not carry it.
import { useRef } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { dismissAlert, type QueuedAlert } from './alert-queue.ts';
import styles from './alert-dialog.module.css';
import { Button } from './button.tsx';
import { useModalDialog } from './use-modal-dialog.ts';

export function AlertDialog({ alert }: { alert: QueuedAlert }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  // Escape answers as the way out does: no for a confirmation, dismissed for an alert.
  const handlers = useModalDialog(dialog, { onDismiss: () => dismissAlert(alert.id, !alert.cancelKey) });
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
          <Button variant="ghost" onClick={() => dismissAlert(alert.id, false)}>
            {t(alert.cancelKey)}
          </Button>
        )}
        <Button data-autofocus variant={alert.danger ? 'danger' : alert.cancelKey ? 'primary' : 'ghost'} onClick={() => dismissAlert(alert.id, true)}>
          {t(alert.buttonKey ?? 'common.ok')}
        </Button>
      </div>
    </dialog>
  );
}
