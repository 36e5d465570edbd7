import { Navigate, Outlet } from 'react-router';
import { findSession } from '../lib/store';
import { useAppState } from '../lib/use-app-state';
import { paths } from '../lib/paths';

/** The guard of spec §2: a session from cookies, stored user or memory, else /login. */
export function RequireSession() {
  // Subscribe so a logout (which clears the in-memory id) re-runs the check.
  useAppState((state) => state.sessionId);
  if (!findSession()) return <Navigate to={paths.login} replace />;
  return <Outlet />;
}
