import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { UserDetails } from '@waypoint/domain/contract';
import { useLmsInfo } from '../../api/public-info';
import { queryKeys } from '../../api/query-keys';
import { storeSessionId } from '../../api/session-store';
import { CONSOLE_SSO_PATH, paths, type LoginState } from '../../lib/paths';
import { CardPage } from '../../components/card-page';
import { CredentialsStep } from './credentials-step';
import { MfaStep, type MfaChallenge } from './mfa-step';
import styles from './login-page.module.css';

/**
 * /console/login: the LMS's name and logo (public LMS info), the login ID and password, then the
 * MFA step when the server asks for a code (the same sign-in as the panel's, as a console session:
 * docs/decisions/0021), and single sign-on where the LMS has it.
 */
export function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const state = (location.state ?? {}) as LoginState;
  const lms = useLmsInfo();
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);
  // Whoever was signed in before (signed out, or their session ended) leaves nothing behind: every
  // query but the public LMS info goes, now that no page reads them.
  useEffect(() => {
    client.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.lmsInfo()[0] });
  }, [client]);

  /** A session started: keep its id and go where the person was going. */
  const signedIn = (user: UserDetails) => {
    storeSessionId(user.sessionID);
    const from = state.from && state.from !== paths.login ? state.from : paths.home;
    void navigate(from, { replace: true });
  };

  const lmsName = lms.data ? lms.data.lmsDisplayName || lms.data.lmsName : '';
  const logo = lms.data?.themeLogoURL;
  return (
    <CardPage>
      <div className={styles.brand}>
        {logo ? <img src={logo} alt="" className={styles.logo} /> : null}
        <div>
          <p className={styles.lms}>{lmsName || 'Waypoint'}</p>
          <h1 className={styles.heading}>Staff console</h1>
        </div>
      </div>
      {state.message && !challenge && (
        <p className={styles.notice} role="status">
          {state.message}
        </p>
      )}
      {challenge ? (
        <MfaStep challenge={challenge} onSignedIn={signedIn} onCancel={() => setChallenge(null)} />
      ) : (
        <CredentialsStep onSignedIn={signedIn} onMfa={setChallenge} />
      )}
      {lms.data?.ssoEnabled && !challenge && (
        <p className={styles.sso}>
          <a href={CONSOLE_SSO_PATH}>Sign in with single sign-on</a>
        </p>
      )}
    </CardPage>
  );
}
