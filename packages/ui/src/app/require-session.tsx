/** Guards the signed-in part of the app: without a session, go to sign-in and come back after. */
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../api/session-context';

/** Renders the child routes when signed in; otherwise redirects to `/sign-in?from=<here>`. */
export function RequireSession() {
  const { session } = useSession();
  const location = useLocation();
  if (session === null) {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to={`/sign-in?from=${encodeURIComponent(from)}`} replace />;
  }
  return <Outlet />;
}
