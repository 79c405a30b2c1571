// Navigation from outside React (the session controller): through the router once it is mounted,
// before that by replacing the history entry, which the router reads when it mounts.
import { useEffect } from 'react';
import { useNavigate } from 'react-router';

let navigateInRouter: ((path: string) => void) | undefined;

/** Session navigations replace the entry: back never returns to /login or a screen left by a redirect. */
export function navigateTo(path: string): void {
  if (navigateInRouter) navigateInRouter(path);
  else window.history.replaceState(null, '', path);
}

export function currentLocation(): { pathname: string; search: string } {
  return { pathname: window.location.pathname, search: window.location.search };
}

export function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    navigateInRouter = (path) => void navigate(path, { replace: true });
    return () => {
      navigateInRouter = undefined;
    };
  }, [navigate]);
  return null;
}
