// Which announcements have popped up in this app session, per user, and the one open now. Marking an
// announcement viewed makes the server stop offering it, but until that answer lands (or with a server
// that keeps offering it) this memory keeps an announcement from popping up twice. It lives outside
// React so leaving Home and coming back, or StrictMode's double effects, do not reset it.
import { createListenerSet } from '../../shared/events/listener-store.ts';
import { onLogout } from '../../shared/domain/logout-cleanup.ts';
import type { Announcement } from './api.ts';

export interface OpenPopup {
  user: string;
  announcement: Announcement;
}

function createPopupMemory() {
  const shownByUser = new Map<string, Set<number>>();
  let open: OpenPopup | null = null;
  const listeners = createListenerSet();
  const notify = listeners.emit;
  return {
    subscribe: listeners.subscribe,
    getOpen(): OpenPopup | null {
      return open;
    },
    /** Opens the announcement unless it already popped up for this user; true when it opened now. */
    open(user: string, announcement: Announcement): boolean {
      let shown = shownByUser.get(user);
      if (!shown) shownByUser.set(user, (shown = new Set()));
      if (shown.has(announcement.id)) return false;
      shown.add(announcement.id);
      open = { user, announcement };
      notify();
      return true;
    },
    close(): void {
      if (open === null) return;
      open = null;
      notify();
    },
    /** Forgets everything (logout: the next person starts afresh, and nothing of the previous one stays open). */
    reset(): void {
      shownByUser.clear();
      open = null;
      notify();
    },
  };
}

/** The app session's memory (one per page: it outlives the screens that use it). */
export const popupMemory = createPopupMemory();

onLogout(() => popupMemory.reset());
