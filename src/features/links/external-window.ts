// Opening an outside address from an answer that arrives later. Browsers only allow a new window
// during the tap itself, so a blank one is opened at once and pointed at the address when it comes;
// if the browser refused even that, the address is opened directly (the blocker may still let it by).
import { httpUrl } from '../../shared/format/formatters.ts';

/** The address when it is an absolute http(s) URL, else null: nothing else is ever opened. */
export function toHttpUrl(value: unknown): string | null {
  return httpUrl(value);
}

export interface PendingWindow {
  /** Points the window at the address (which must already be checked with toHttpUrl). */
  go(url: string): void;
  /** Closes the blank window: the call failed. */
  cancel(): void;
}

/** Call synchronously in the click handler. */
export function openPendingWindow(): PendingWindow {
  let win: Window | null = null;
  try {
    win = window.open('', '_blank');
  } catch {
    win = null;
  }
  return {
    go(url) {
      if (win && !win.closed) {
        // The partner site gets no handle on this app.
        win.opener = null;
        win.location.href = url;
      } else {
        window.open(url, '_blank', 'noopener');
      }
    },
    cancel() {
      win?.close();
    },
  };
}
