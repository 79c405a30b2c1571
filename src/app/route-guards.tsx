// Route guards (not shown in the spec; what a signed-in app needs): screens behind the session wait
// for it and send a signed-out user to /login. A deep link opened without a session is kept as
// redirect_to by the session's start, not here, so an explicit logout does not come back to where it was.
import { Navigate, Outlet } from 'react-router';
import { useSession } from '../shared/session/session-context.tsx';
import { HOME_PATH, LOGIN_PATH } from '../shared/routes/app-routes.ts';
import { Spinner } from '../shared/ui/spinner.tsx';

export function RequireSession() {
  const { status } = useSession();
  if (status === 'starting') return <Spinner />;
  if (status === 'signed-out') return <Navigate to={LOGIN_PATH} replace />;
  return <Outlet />;
}

export function RequireNoSession() {
  const { status } = useSession();
  if (status === 'signed-in') return <Navigate to={HOME_PATH} replace />;
  return <Outlet />;
}
