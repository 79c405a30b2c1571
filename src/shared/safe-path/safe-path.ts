// The one place an outside value (redirect_to, a push notification's target_page, a deep link)
// becomes a navigation. Only a path of the route allowlist passes; anything else lands on /home.
import { APP_ROUTES, HOME_PATH } from '../routes/app-routes.ts';

const PARAM_VALUE = /^(?!\.+$)[A-Za-z0-9_.-]{1,128}$/;
const MAX_LENGTH = 2048;

const patterns = APP_ROUTES.map((route) => route.path.split('/'));

function matchesRoute(segments: string[]): boolean {
  return patterns.some(
    (pattern) =>
      pattern.length === segments.length &&
      pattern.every((part, index) => {
        const segment = segments[index]!;
        return part.startsWith(':') ? PARAM_VALUE.test(segment) : part === segment;
      }),
  );
}

/**
 * Returns the value as an internal path (`/route?query#hash`) when it names a known route, else null.
 * Accepts `home`, `/home`, `/home?tab=1`; refuses schemes, protocol-relative and backslash tricks,
 * encoded separators, dot segments, control characters and unknown routes.
 */
export function toSafePath(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const raw = value.trim();
  if (raw === '' || raw.length > MAX_LENGTH) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return null;
  if (/^\/\//.test(raw) || /^[a-z][a-z0-9+.-]*:/i.test(raw)) return null;

  const withSlash = raw.startsWith('/') ? raw : `/${raw}`;
  let url: URL;
  try {
    url = new URL(withSlash, 'https://app.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'https://app.invalid') return null;

  const rawPath = withSlash.split(/[?#]/, 1)[0]!;
  // Percent-encoding in the path can only hide something: no route needs it.
  if (rawPath.includes('%')) return null;
  const segments = rawPath.replace(/^\/+/, '').replace(/\/+$/, '').split('/');
  if (!matchesRoute(segments)) return null;
  return `/${segments.join('/')}${url.search}${url.hash}`;
}

/** The value as a safe internal path, or /home. */
export function safePathOrHome(value: unknown): string {
  return toSafePath(value) ?? HOME_PATH;
}
