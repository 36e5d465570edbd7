import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Loading } from '@waypoint/ui';
import { SIGN_IN_REFUSAL_MESSAGES } from '@waypoint/domain';
import { ApiError, onSessionEnded } from '../api/client';
import { useMe } from '../api/session';
import { currentSessionId, storeSessionId } from '../api/session-store';
import { ErrorState } from '../components/states';
import { paths, SESSION_ENDED_MESSAGE, type LoginState } from '../lib/paths';

/**
 * Ends the console's session in this tab when any call is answered 401: the id is forgotten and
 * the sign-in page says so (then returns the person where they were).
 */
export function SessionEndedListener() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useEffect(
    () =>
      onSessionEnded(() => {
        if (!currentSessionId()) return;
        // The sign-in page drops the queries once it has replaced the pages that read them.
        storeSessionId(null);
        const state: LoginState = { from: `${pathname}${search}`, message: SESSION_ENDED_MESSAGE };
        void navigate(paths.login, { replace: true, state });
      }),
    [navigate, pathname, search],
  );
  return null;
}

/**
 * The console's guard: without a session, the sign-in page; with one, nothing below renders until
 * the signed-in staff member (GET /api/console/me) is known. A 403 there (no staff access, or the
 * console locked) signs out with the server's message; a 401 is the listener's.
 */
export function SessionGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const sessionId = currentSessionId();
  const me = useMe();
  // A refused session first: a 401 has already forgotten the id, and the message must survive.
  if (me.error instanceof ApiError && (me.error.statusCode === 403 || me.error.statusCode === 401))
    return (
      <SignedOut message={me.error.statusCode === 403 ? me.error.message : SESSION_ENDED_MESSAGE} />
    );
  if (!sessionId) {
    const state: LoginState = { from: `${location.pathname}${location.search}` };
    return <Navigate to={paths.login} replace state={state} />;
  }
  if (me.data) return children;
  if (me.error) return <ErrorState error={me.error} onRetry={() => void me.refetch()} />;
  return <Loading label="Loading..." size="large" />;
}

/** Forgets the session and shows the sign-in page with a message (which drops the queries). */
function SignedOut({ message }: { message: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    storeSessionId(null);
    const state: LoginState = { message: message || SIGN_IN_REFUSAL_MESSAGES.notStaff };
    void navigate(paths.login, { replace: true, state });
  }, [navigate, message]);
  return <Loading label="Signing out..." size="large" />;
}
