// A modal sheet (the likes, More and pop-up modals of SPEC §2): a dialog with a title, focus moved in
// and given back, Escape and the backdrop close it, the page behind does not scroll.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import styles from './modal.module.css';

export interface ModalProps {
  title: ReactNode;
  onClose(): void;
  /** The close control in the header ("Close" in SPEC §2), already translated. */
  closeLabel: string;
  children: ReactNode;
  /** Extra header content (a home icon…), before the close button. */
  headerActions?: ReactNode;
}

export function Modal({ title, onClose, closeLabel, children, headerActions }: ModalProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const latestClose = useRef(onClose);
  useEffect(() => {
    latestClose.current = onClose;
  });

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    dialog.current?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') latestClose.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      opener?.focus?.();
    };
  }, []);

  return (
    <div className={styles.backdrop} onClick={(event) => event.target === event.currentTarget && onClose()}>
      <div ref={dialog} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} className={styles.sheet}>
        <header className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {headerActions}
          <button type="button" className={styles.close} onClick={onClose}>
            {closeLabel}
          </button>
        </header>
        <div className={styles.body}>{children}</div>
      </div>
    </div>
  );
}
