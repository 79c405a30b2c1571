// A modal (the likes, More and pop-up modals of SPEC §2, the chat room's panels): the platform's
// <dialog> opened with showModal() (use-modal-dialog.ts: top layer, the page behind inert, focus kept
// inside and given back, Escape and the backdrop close it, the page behind does not scroll). A bottom
// sheet on phones, a centred dialog from 1024 px.
import { useId, useRef, type ReactNode } from 'react';
import { IconButton } from './button.tsx';
import { CloseIcon } from './icons.tsx';
import styles from './modal.module.css';
import { useModalDialog } from './use-modal-dialog.ts';

export interface ModalProps {
  title: ReactNode;
  onClose(): void;
  /** The close control's accessible name ("Close" in SPEC §2), already translated. */
  closeLabel: string;
  children: ReactNode;
  /** Extra header content (a home icon…), before the close button. */
  headerActions?: ReactNode;
}

export function Modal({ title, onClose, closeLabel, children, headerActions }: ModalProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const handlers = useModalDialog(dialog, { onDismiss: onClose });
  return (
    <dialog ref={dialog} aria-modal="true" aria-labelledby={titleId} tabIndex={-1} className={styles.dialog} {...handlers}>
      <div className={styles.frame}>
        <span className={styles.handle} aria-hidden="true" />
        <header className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {headerActions}
          <IconButton icon={CloseIcon} label={closeLabel} onClick={onClose} className={styles.close} />
        </header>
        {/* Focusable, so a long body (13 likes) scrolls from the keyboard too (axe: scrollable-region-focusable). */}
        <div className={styles.body} tabIndex={0}>
          {children}
        </div>
      </div>
    </dialog>
  );
}
