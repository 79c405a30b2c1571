// A modal (the likes, More and pop-up modals of SPEC §2, the chat room's panels): the platform's
// <dialog> opened with showModal() (use-modal-dialog.ts: top layer, the page behind inert, focus kept
// inside and given back, Escape and the backdrop close it, the page behind does not scroll). A bottom
// sheet on phones, a centred dialog from 1024 px, or there a panel anchored below the control that
// opened it (`anchor`: the account sheet under the header's avatar). Its body scrolls; its actions
// (`footer`) stay in view below it at any height: the dialog is never taller than the dynamic viewport
// nor, with an on-screen keyboard open, than the visual viewport the keyboard leaves (tracked while open).
import { useId, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { IconButton } from './button.tsx';
import { CloseIcon } from './icons.tsx';
import styles from './modal.module.css';
import { useModalDialog } from './use-modal-dialog.ts';
import { useWideScreen } from './wide-screen.ts';

export interface ModalProps {
  title: ReactNode;
  onClose(): void;
  /** The close control's accessible name ("Close" in SPEC §2), already translated. */
  closeLabel: string;
  children: ReactNode;
  /** Extra header content (a home icon…), before the close button. */
  headerActions?: ReactNode;
  /** The dialog's actions (its main button): below the body, always in view while the body scrolls. */
  footer?: ReactNode;
  /** From 1024 px: a panel below this element, aligned to its end, instead of a centred dialog. */
  anchor?: RefObject<HTMLElement | null>;
  /** An extra class on the dialog (its width, say). */
  className?: string;
}

/** The anchored panel's place: below the anchor, its end edge under the anchor's. */
function useAnchoredPosition(anchor: RefObject<HTMLElement | null> | undefined, wide: boolean) {
  const [position, setPosition] = useState<{ top: number; right: number } | null>(null);
  useLayoutEffect(() => {
    if (!anchor || !wide) return undefined;
    const place = () => {
      const rect = anchor.current?.getBoundingClientRect();
      if (rect) setPosition({ top: Math.round(rect.bottom + 8), right: Math.max(8, Math.round(window.innerWidth - rect.right)) });
    };
    place();
    window.addEventListener('resize', place);
    return () => window.removeEventListener('resize', place);
  }, [anchor, wide]);
  return anchor && wide ? position : null;
}

/**
 * The visual viewport's height and what an on-screen keyboard covers at the bottom of the layout
 * viewport, as CSS variables on the dialog while it is open (modal.module.css caps the sheet by them
 * and lifts it above the keyboard). Browsers that resize the layout viewport for the keyboard give 0.
 */
function useVisualViewport(dialog: RefObject<HTMLDialogElement | null>) {
  useLayoutEffect(() => {
    const viewport = window.visualViewport;
    const element = dialog.current;
    if (!viewport || !element) return undefined;
    const follow = () => {
      const covered = Math.max(0, Math.round(window.innerHeight - viewport.height - viewport.offsetTop));
      element.style.setProperty('--visual-height', `${Math.round(viewport.height)}px`);
      element.style.setProperty('--keyboard-inset', `${covered}px`);
    };
    follow();
    viewport.addEventListener('resize', follow);
    viewport.addEventListener('scroll', follow);
    return () => {
      viewport.removeEventListener('resize', follow);
      viewport.removeEventListener('scroll', follow);
    };
  }, [dialog]);
}

export function Modal({ title, onClose, closeLabel, children, headerActions, footer, anchor, className }: ModalProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const handlers = useModalDialog(dialog, { onDismiss: onClose });
  const wide = useWideScreen();
  const position = useAnchoredPosition(anchor, wide);
  useVisualViewport(dialog);
  const classes = [styles.dialog, anchor && wide ? styles.anchored : '', className].filter(Boolean).join(' ');
  const placed = position ? { top: position.top, right: position.right, maxHeight: `calc(100dvh - ${position.top + 16}px)` } : undefined;
  return (
    <dialog ref={dialog} aria-modal="true" aria-labelledby={titleId} tabIndex={-1} className={classes} style={placed} {...handlers}>
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
        {footer !== undefined && <div className={styles.footer}>{footer}</div>}
      </div>
    </dialog>
  );
}
