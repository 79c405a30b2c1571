// Navigation from outside React (the session controller, the call registry, opening a notification):
// through the router once it is mounted, before that by replacing the history entry, which the router
// reads when it mounts.
import { useEffect } from 'react';
import { useNavigate } from 'react-router';

// Module state, on purpose: the page has one router, and code outside React (the session, the call
// registry, a notification's click) navigates through it; undefined until it is mounted.
let navigateInRouter: ((path: string, replace: boolean) => void) | undefined;

/**
 * Session navigations replace the entry: back never returns to /login or a screen left by a redirect.
 * `replace: false` pushes one instead (an incoming call: back returns to where the user was).
 */
export function navigateTo(path: string, { replace = true }: { replace?: boolean } = {}): void {
  if (navigateInRouter) navigateInRouter(path, replace);
  else if (replace) window.history.replaceState(null, '', path);
  else window.history.pushState(null, '', path);
}

export function currentLocation(): { pathname: string; search: string } {
  return { pathname: window.location.pathname, search: window.location.search };
}

export function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    navigateInRouter = (path, replace) => void navigate(path, { replace });
    return () => {
      navigateInRouter = undefined;
    };
  }, [navigate]);
  return null;
}
