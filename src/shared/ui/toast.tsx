// A short message that confirms something happened ("Copied", "Saved") and goes by itself:
//
//   showToast(t('chat.copied'));
//   showToast(t('chat.sendFailed'), { tone: 'danger' });
//
// Toasts queue and show one at a time in a status region (read out politely), for 4 s each (longer
// while the pointer rests on it or it has focus; a tap dismisses it). Bottom centre on phones, above
// the tab bar; bottom right from 1024 px. The host mounts itself on the first toast (in a root of its
// own at the end of <body>), so no screen carries it before it needs it. It is a manual popover where
// the browser has the Popover API, raised again for each toast, so a toast shown from a modal dialog
// is drawn above it.
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { createListenerStore } from '../events/listener-store.ts';
import { ErrorIcon, InfoIcon, SuccessIcon, type IconComponent } from './icons.tsx';
import styles from './toast.module.css';

export type ToastTone = 'default' | 'success' | 'danger';

export interface ToastOptions {
  tone?: ToastTone;
  /** How long it shows, in ms. */
  duration?: number;
}

interface Toast {
  id: number;
  text: string;
  tone: ToastTone;
  duration: number;
}

const DEFAULT_DURATION = 4000;
const ICONS: Record<ToastTone, IconComponent> = { default: InfoIcon, success: SuccessIcon, danger: ErrorIcon };
const POPOVER = typeof HTMLElement !== 'undefined' && typeof HTMLElement.prototype.showPopover === 'function' ? 'manual' : undefined;

/**
 * The toasts waiting to show, in order, numbered as they come (the id keys each card), and the element
 * their host is mounted in: mounted with the first toast, and again once it has left the document.
 */
function createToaster() {
  const queue = createListenerStore<readonly Toast[]>([]);
  let nextId = 1;
  let host: HTMLElement | undefined;
  const mountHost = () => {
    if (host?.isConnected) return;
    host = document.createElement('div');
    document.body.append(host);
    createRoot(host).render(<ToastHost />);
  };
  return {
    subscribe: queue.subscribe,
    current: (): Toast | undefined => queue.getSnapshot()[0],
    show(toast: Omit<Toast, 'id'>): void {
      mountHost();
      queue.update((toasts) => [...toasts, { ...toast, id: nextId++ }]);
    },
    dismiss(id: number): void {
      queue.update((toasts) => toasts.filter((toast) => toast.id !== id));
    },
    clear: () => queue.set([]),
  };
}

const toaster = createToaster();

/** Queues a toast; the text is shown as given (already translated). */
export function showToast(text: string, { tone = 'default', duration = DEFAULT_DURATION }: ToastOptions = {}): void {
  toaster.show({ text, tone, duration });
}

const dismiss = (id: number) => toaster.dismiss(id);

/** For tests: forget every toast. */
export function clearToasts(): void {
  toaster.clear();
}

export function ToastHost() {
  const current = useSyncExternalStore(toaster.subscribe, toaster.current);
  const region = useRef<HTMLDivElement>(null);

  // Shown as a popover (top layer) from the start, so the status region is always there to be read out;
  // raised again for each toast, above a dialog opened since.
  useLayoutEffect(() => {
    const element = region.current;
    if (!POPOVER || !element) return;
    if (element.matches(':popover-open')) element.hidePopover();
    element.showPopover();
  }, [current?.id]);

  return (
    <div ref={region} role="status" aria-live="polite" className={styles.region} popover={POPOVER}>
      {current && <ToastCard key={current.id} toast={current} />}
    </div>
  );
}

function ToastCard({ toast }: { toast: Toast }) {
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (paused) return undefined;
    const timer = setTimeout(() => dismiss(toast.id), toast.duration);
    return () => clearTimeout(timer);
  }, [paused, toast.id, toast.duration]);
  const Icon = ICONS[toast.tone];
  return (
    <div
      className={`${styles.toast} ${styles[toast.tone]}`}
      data-tone={toast.tone}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onClick={() => dismiss(toast.id)}
    >
      <Icon size={20} aria-hidden="true" className={styles.icon} />
      <span className={styles.text}>{toast.text}</span>
    </div>
  );
}
