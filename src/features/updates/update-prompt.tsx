// The update dialog of SPEC §9: optional (Install / Ignore) or mandatory (Continue only), with an
// optional description after the prefix. The app's alert dialog (a <dialog> opened with showModal(),
// use-modal-dialog.ts): focus starts on the main action and stays inside; Escape ignores an optional
// update and does nothing to a mandatory one.
import { useId, useRef } from 'react';
import { useTranslation } from '../../shared/i18n/react.tsx';
import styles from '../../shared/ui/alert-dialog.module.css';
import { Button } from '../../shared/ui/button.tsx';
import { useModalDialog } from '../../shared/ui/use-modal-dialog.ts';

export interface UpdatePromptProps {
  /** A mandatory update offers no way out: one Continue button that installs it. */
  mandatory?: boolean;
  /** Shown after `update.descriptionPrefix`. */
  description?: string;
  /** Install (optional) or Continue (mandatory): apply the waiting version. */
  onInstall(): void;
  /** Ignore: hide the prompt for this session. Not offered when mandatory. */
  onIgnore?(): void;
  /** True while the new version takes over; the buttons stop answering. */
  busy?: boolean;
}

export function UpdatePrompt({ mandatory = false, description, onInstall, onIgnore, busy = false }: UpdatePromptProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const messageId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const handlers = useModalDialog(dialog, { onDismiss: mandatory ? undefined : onIgnore });

  return (
    <dialog ref={dialog} aria-modal="true" aria-labelledby={titleId} aria-describedby={messageId} className={styles.dialog} {...handlers}>
      <h2 id={titleId} className={styles.header}>
        {t('update.title')}
      </h2>
      <p id={messageId} className={styles.message}>
        {t(mandatory ? 'update.mandatory' : 'update.optional')}
        {description ? `${t('update.descriptionPrefix')}${description}` : null}
      </p>
      <div className={styles.buttons}>
        {mandatory ? null : (
          <Button variant="ghost" onClick={onIgnore} disabled={busy}>
            {t('update.ignore')}
          </Button>
        )}
        <Button data-autofocus variant="primary" onClick={onInstall} disabled={busy} busy={busy}>
          {t(mandatory ? 'update.continue' : 'update.install')}
        </Button>
      </div>
    </dialog>
  );
}
