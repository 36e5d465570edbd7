import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ErrorLine, Loading } from '@waypoint/ui';
import { rememberDays } from '@waypoint/domain';
import type { UserDetails } from '@waypoint/domain/contract';
import { ssoHandoff } from '../../api/auth';
import { storeSessionId } from '../../api/session-store';
import { paths } from '../../lib/paths';
import { CardPage } from '../../components/card-page';
import { signInFailureMessage } from './login-messages';
import { MfaStep, type MfaChallenge } from './mfa-step';
import styles from './login-page.module.css';

/** Shown when the address carries no usable hand-off (reloaded, bookmarked or mistyped). */
export const NO_HANDOFF_MESSAGE =
  'This single sign-on link is incomplete or was already used. Please sign in again.';

/** The one-time hand-off code in /console/sso's fragment, or null (docs/decisions/0016). */
export function handoffFromHash(hash: string): string | null {
  const value = new URLSearchParams(hash.replace(/^#/, '')).get('handoff');
  return value && /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : null;
}

/**
 * /console/sso: where a single sign-on started from the console's sign-in page lands. The
 * hand-off is traded for a console session (or the MFA step, as after a password), once: the
 * code leaves the address at once.
 */
export function SsoPage() {
  const navigate = useNavigate();
  const [handoff] = useState(() => handoffFromHash(window.location.hash));
  const [failure, setFailure] = useState(handoff ? '' : NO_HANDOFF_MESSAGE);
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);
  const started = useRef(false);

  const signedIn = (user: UserDetails) => {
    storeSessionId(user.sessionID);
    void navigate(paths.home, { replace: true });
  };

  useEffect(() => {
    if (window.location.hash)
      window.history.replaceState(window.history.state, '', window.location.pathname);
    if (!handoff || started.current) return;
    started.current = true;
    ssoHandoff(handoff).then(
      (user) => {
        if (user.sessionID === 'MFA' && user.mfaID)
          setChallenge({
            mfaID: user.mfaID,
            rememberDays: rememberDays(user.rememberDeviceTime ?? 0),
          });
        else signedIn(user);
      },
      (error: unknown) => setFailure(signInFailureMessage(error)),
    );
    // signedIn only navigates; the hand-off is traded once, on the first render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [handoff]);

  return (
    <CardPage>
      <h1 className={styles.heading}>Staff console</h1>
      {challenge ? (
        <MfaStep
          challenge={challenge}
          onSignedIn={signedIn}
          onCancel={() => void navigate(paths.login, { replace: true })}
        />
      ) : failure ? (
        <div className={styles.form}>
          <ErrorLine message={failure} />
          <Link to={paths.login}>Back to sign in</Link>
        </div>
      ) : (
        <Loading label="Signing you in..." />
      )}
    </CardPage>
  );
}
