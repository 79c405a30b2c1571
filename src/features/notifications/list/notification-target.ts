// Where tapping a notification goes: its target_page with nav_params as the query (SPEC §2), through
// safe-path, the one place an outside value becomes a navigation. A target outside the route
// allowlist (another site, an unknown route, a script URL) lands on /home; a notification without a
// target opens nothing.
import { safePathOrHome } from '../../../shared/safe-path/safe-path.ts';
import type { NotificationItem } from '../api.ts';

/** nav_params as query parameters: only plain values travel (objects and arrays are dropped). */
function navQuery(navParams: NotificationItem['nav_params']): string {
  const query = new URLSearchParams();
  if (navParams && typeof navParams === 'object' && !Array.isArray(navParams)) {
    for (const [name, value] of Object.entries(navParams)) {
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') query.append(name, String(value));
    }
  }
  return query.toString();
}

/** The in-app path to open for this notification, or null when it names no target. */
export function notificationTarget(notification: Pick<NotificationItem, 'target_page' | 'nav_params'>): string | null {
  const page = typeof notification.target_page === 'string' ? notification.target_page.trim() : '';
  if (page === '') return null;
  const query = navQuery(notification.nav_params);
  if (query === '') return safePathOrHome(page);
  const [beforeHash = '', hash] = page.split('#', 2);
  const joined = `${beforeHash}${beforeHash.includes('?') ? '&' : '?'}${query}${hash === undefined ? '' : `#${hash}`}`;
  return safePathOrHome(joined);
}
