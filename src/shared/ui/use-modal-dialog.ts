// The platform's modal: a <dialog> opened with showModal(), so the browser puts it in the top layer,
// makes the rest of the page inert and draws ::backdrop. This hook adds what the screens expect on top:
// Escape (and the Android back gesture's cancel) asks the owner to close instead of the dialog closing
// itself behind React's back, Tab wraps inside the dialog (the browser would let it out to its own
// toolbar), the page behind does not scroll, and focus goes back to where it was when it closes.
// Where showModal() is missing (jsdom in the unit tests) the dialog is shown with `open` and the same
// keyboard handling.
import { useEffect, useLayoutEffect, useRef, type KeyboardEvent, type MouseEvent, type PointerEvent, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

export interface ModalDialogOptions {
  /** Escape, the back gesture or a tap on the backdrop; absent: the dialog cannot be dismissed that way. */
  onDismiss?: (() => void) | undefined;
}

export interface ModalDialogHandlers {
  onKeyDown(event: KeyboardEvent<HTMLDialogElement>): void;
  onPointerDown(event: PointerEvent<HTMLDialogElement>): void;
  onClick(event: MouseEvent<HTMLDialogElement>): void;
}

/**
 * Opens `dialog` as a modal while the component is mounted. Focus goes to the element inside marked
 * `data-autofocus` (an alert's main button), else to the dialog itself (its name is read out).
 */
export function useModalDialog(dialog: RefObject<HTMLDialogElement | null>, { onDismiss }: ModalDialogOptions = {}): ModalDialogHandlers {
  const latestDismiss = useRef(onDismiss);
  useEffect(() => {
    latestDismiss.current = onDismiss;
  });
  const pressStartedOnBackdrop = useRef(false);

  // Layout effect: its cleanup runs before React removes the element, so close() can give focus back.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!element.open) {
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
    }
    (element.querySelector<HTMLElement>('[data-autofocus]') ?? element).focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    const onCancel = (event: Event) => {
      event.preventDefault();
      latestDismiss.current?.();
    };
    element.addEventListener('cancel', onCancel);
    return () => {
      element.removeEventListener('cancel', onCancel);
      document.body.style.overflow = overflow;
      if (element.open && typeof element.close === 'function') element.close();
      if (opener?.isConnected) opener.focus();
    };
    // Opened once, when it mounts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return {
    onKeyDown(event) {
      if (event.key === 'Escape') {
        // Handled here, so the browser's own cancel does not follow, and an outer dialog stays open.
        event.preventDefault();
        event.stopPropagation();
        latestDismiss.current?.();
        return;
      }
      if (event.key !== 'Tab') return;
      const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => !element.closest('[inert]'));
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === event.currentTarget)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    },
    onPointerDown(event) {
      pressStartedOnBackdrop.current = event.target === event.currentTarget;
    },
    onClick(event) {
      // The dialog's own box is its content's frame; a click on the dialog element itself is the backdrop.
      if (event.target === event.currentTarget && pressStartedOnBackdrop.current) latestDismiss.current?.();
      pressStartedOnBackdrop.current = false;
    },
  };
}
