// What every start loads in one chunk once its first screen is up (at once when a notification's window
// hands a page over), keeping it out of the start JavaScript: opening a notification's page (SPEC §2,
// §9), and keeping the session in step with the other tabs of this origin (issue 33).
import { startNotificationOpen, type NotificationOpenDeps } from '../features/notifications/push/notification-open.ts';
import { syncSession } from '../features/session/session-sync.ts';
import type { SessionController } from '../shared/session/session-types.ts';
import { getStorage } from '../shared/storage/storage.ts';

export function afterStart(deps: NotificationOpenDeps & { session: SessionController }): void {
  syncSession(deps.session, getStorage());
  startNotificationOpen(deps);
}
