import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ssoHandoff } from '../../api/sso';
import { ApiError } from '../../api/client';
import { ErrorLine } from '@waypoint/ui/field';
import { Loading } from '@waypoint/ui/loading';
import { completeSignIn, loginFailureMessage } from '../../lib/sign-in';
import { logout } from '../../lib/store';
import { useAppState, useLmsDisplayName } from '../../lib/use-app-state';
import { WaypointMark } from '../../lib/waypoint-mark';
import styles from '../../components/auth-page.module.css';
import { handoffFromHash, NO_HANDOFF_MESSAGE } from './handoff';

/**
 * Where a single sign-on lands (docs/decisions/0016): trades the hand-off in the address's
 * fragment for the user details, then continues exactly as after a password Login (spec §4
 * 'Login and session': MFA when asked, permissions, student check, dashboard or assignments).
 */
export function SsoCompletePage() {
  const navigate = useNavigate();
  const lmsName = useLmsDisplayName();
  // homeRoute() reads showDashboard from the LMS data, so wait for it (the shell loads it).
  const lmsStatus = useAppState((state) => state.lmsInfoStatus);
  const [handoff] = useState(() => handoffFromHash(window.location.hash));
  const [message, setMessage] = useState(handoff ? '' : NO_HANDOFF_MESSAGE);
  const started = useRef(false);

  useEffect(() => {
    // The code works once: take it out of the address and the history.
    if (window.location.hash) window.history.replaceState(null, '', window.location.pathname);
  }, []);

  useEffect(() => {
    if (!handoff || started.current) return;
    if (lmsStatus !== 'loaded' && lmsStatus !== 'failed') return;
    started.current = true;
    void (async () => {
      try {
        const result = await ssoHandoff(handoff);
        if (!result.successfulApiCall) {
          setMessage(loginFailureMessage(result.statusCode, result.errorMsg));
          return;
        }
        const outcome = await completeSignIn(result.responseBody);
        if ('to' in outcome) await navigate(outcome.to, { replace: true });
        else setMessage(outcome.message);
      } catch (error) {
        if (error instanceof ApiError && error.statusCode === 0) await logout({ redirect: false });
        setMessage(
          error instanceof ApiError
            ? loginFailureMessage(error.statusCode, error.message) || 'Single sign-on failed.'
            : 'Single sign-on failed.',
        );
      }
    })();
  }, [handoff, lmsStatus, navigate]);

  return (
    <main className={styles.page}>
      <div className={styles.brand}>
        <WaypointMark className={styles.brandMark} />
        <span>{lmsName.trim() || 'Waypoint'}</span>
      </div>
      <div className={styles.card}>
        {message ? (
          <>
            <h1>Single sign-on failed</h1>
            <ErrorLine message={message} />
            <p>
              <Link to="/login">Back to the login page</Link>
            </p>
          </>
        ) : (
          <Loading label="Signing you in..." size="large" />
        )}
      </div>
    </main>
  );
}
