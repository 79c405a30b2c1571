// The app's side of a push notification's click (SPEC §2, §9): the service worker (public/push-sw.js)
// hands target_page and nav_params over, by a `notification-open` message to an open window or in the
// `notification` query parameter of a window it opens. Both are outside values: they become a path
// only through notificationTarget (safe-path), and the page opens 300 ms later. Without a session the
// path waits as redirect_to, which the login flow honours (as for any deep link opened signed out).
import type { SessionController } from '../../../shared/session/session-types.ts';
import { notificationTarget } from '../list/notification-target.ts';

/** SPEC §9: a notification opens its page 300 ms after the click. */
export const NOTIFICATION_OPEN_DELAY_MS = 300;
/** The service worker's message type and the query parameter of a window it opens. */
export const NOTIFICATION_OPEN_MESSAGE = 'notification-open';
export const NOTIFICATION_PARAM = 'notification';

export interface NotificationOpen {
  target_page?: string;
  nav_params?: Record<string, unknown>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The hand-over's fields that can be used; anything else about it is dropped. */
export function readNotificationOpen(value: unknown): NotificationOpen {
  if (!isRecord(value)) return {};
  const open: NotificationOpen = {};
  if (typeof value.target_page === 'string') open.target_page = value.target_page;
  if (isRecord(value.nav_params)) open.nav_params = value.nav_params;
  return open;
}

/** The `notification` query parameter (JSON) as a hand-over, or null when it is absent or not JSON. */
export function parseNotificationParam(search: string): NotificationOpen | null {
  const raw = new URLSearchParams(search).get(NOTIFICATION_PARAM);
  if (raw === null) return null;
  try {
    return readNotificationOpen(JSON.parse(raw));
  } catch {
    return {};
  }
}

/** The path a hand-over opens (through safe-path: /home for anything unknown), or null when it names no page. */
export function notificationOpenPath(open: NotificationOpen): string | null {
  return notificationTarget({ target_page: open.target_page ?? null, nav_params: open.nav_params ?? null });
}

/** The URL without its `notification` parameter (path, other parameters and hash kept). */
export function withoutNotificationParam(href: string): string {
  const url = new URL(href);
  url.searchParams.delete(NOTIFICATION_PARAM);
  return `${url.pathname}${url.search}${url.hash}`;
}

type MessageSource = Pick<ServiceWorkerContainer, 'addEventListener' | 'removeEventListener'> & { startMessages?(): void };

export interface NotificationOpenDeps {
  session: Pick<SessionController, 'getState' | 'subscribe'>;
  /** The app's navigation (a new history entry: back returns to where the person was). */
  navigate(path: string): void;
  /** Keeps the path as redirect_to for after login. */
  keepForLogin(path: string): Promise<void> | void;
  schedule?(task: () => void, ms: number): void;
  /** navigator.serviceWorker, where the browser has one. */
  messages?: MessageSource;
  /** The URL the app started at (read before anything navigated). */
  startUrl?: string;
  /** Removes the hand-over from the address bar, where it still is (a reload must not open it again). */
  removeParam?(): void;
  /**
   * Called once the start URL's hand-over has been dealt with (its page opened or kept for login), or at
   * once when the start URL names no page: the app's first render waits for it (bootstrap.ts).
   */
  onStartHandled?(): void;
}

function removeParamFromAddress(): void {
  const current = window.location.href;
  if (new URL(current).searchParams.has(NOTIFICATION_PARAM)) window.history.replaceState(window.history.state, '', withoutNotificationParam(current));
}

/**
 * Starts at boot (a lazy chunk, so given the start URL): takes a hand-over from the start URL, removes it
 * from the address, and listens for the worker's messages. Returns a stop.
 */
export function startNotificationOpen(deps: NotificationOpenDeps): () => void {
  const schedule = deps.schedule ?? ((task, ms) => void setTimeout(task, ms));
  const messages = deps.messages ?? (typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker : undefined);
  const startUrl = deps.startUrl ?? window.location.href;
  const removeParam = deps.removeParam ?? removeParamFromAddress;

  /** Opens the path once the session has settled: signed in (password changed) now, else after login. */
  const deliver = (path: string, then: () => void): void => {
    const { status, userData } = deps.session.getState();
    if (status === 'starting') {
      const unsubscribe = deps.session.subscribe(() => {
        if (deps.session.getState().status === 'starting') return;
        unsubscribe();
        // After the session's own navigation of this change (its landing page), not before it.
        schedule(() => deliver(path, then), 0);
      });
      return;
    }
    if (status === 'signed-in' && userData?.changed_password === 1) {
      deps.navigate(path);
      then();
    } else {
      void Promise.resolve(deps.keepForLogin(path)).catch(() => undefined).finally(then);
    }
  };

  const open = (handOver: NotificationOpen, then: () => void = () => undefined): void => {
    const path = notificationOpenPath(handOver);
    if (path === null) return then();
    schedule(() => deliver(path, then), NOTIFICATION_OPEN_DELAY_MS);
  };

  const startHandled = () => deps.onStartHandled?.();
  const fromStart = parseNotificationParam(new URL(startUrl).search);
  if (fromStart !== null) {
    removeParam();
    open(fromStart, startHandled);
  } else {
    startHandled();
  }

  const onMessage = (event: Event): void => {
    const data: unknown = (event as MessageEvent).data;
    if (isRecord(data) && data.type === NOTIFICATION_OPEN_MESSAGE) open(readNotificationOpen(data));
  };
  messages?.addEventListener('message', onMessage);
  messages?.startMessages?.();
  return () => messages?.removeEventListener('message', onMessage);
}
