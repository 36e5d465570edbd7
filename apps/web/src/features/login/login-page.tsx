import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { validateSession } from '../../api/auth';
import { SSO_BRIDGE_PATH } from '../../api/paths';
import { Button } from '../../components/button';
import { ErrorLine } from '../../components/field';
import { IconAlertCircle, IconSupport } from '../../components/icons';
import { Loading } from '../../components/loading';
import { SupportDialog } from '../../components/support-dialog';
import { paths } from '../../lib/paths';
import { findSession, getState, logout, setSignedIn } from '../../lib/store';
import { useAppState, useLmsDisplayName } from '../../lib/use-app-state';
import { FaqDialog } from './faq-dialog';
import { ForgotPasswordDialog } from './forgot-password-dialog';
import { LoginForm } from './login-form';
import { showsWaypointLoginOption } from './login-option';
import { RouteMap } from './route-map';
import { WaypointMark } from '../../lib/waypoint-mark';
import styles from './login-page.module.css';

const LiveBackground = lazy(async () => ({
  default: (await import('./live-background')).LiveBackground,
}));

export const STUDENT_LOCKED_NOTICE = 'Please contact your training department for access.';

/** Spec §4 step 4: an existing session is validated; valid goes to dashboard, else logout. */
function useExistingSession(): boolean {
  const navigate = useNavigate();
  const [checking, setChecking] = useState(() => findSession() !== null);
  const started = useRef(false);
  useEffect(() => {
    const sessionId = findSession();
    if (!sessionId || started.current) return;
    started.current = true;
    validateSession(sessionId)
      .then(async (result) => {
        if (result.successfulApiCall && result.statusCode === 200 && result.responseBody) {
          const stored = getState().currentUser;
          setSignedIn({ ...stored, ...result.responseBody, sessionID: sessionId });
          await navigate(paths.dashboard, { replace: true });
          return;
        }
        await logout({ redirect: false });
        setChecking(false);
      })
      .catch(async () => {
        await logout({ redirect: false });
        setChecking(false);
      });
  }, [navigate]);
  return checking;
}

/** The login screen of spec §2: branded panel, sign-in card, pop-ups and the loading splash. */
export function LoginPage() {
  const checking = useExistingSession();
  const status = useAppState((state) => state.lmsInfoStatus);
  const lms = useAppState((state) => state.lmsInfo);
  const name = useLmsDisplayName().trim();
  const [lockedNotice, setLockedNotice] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);
  const [faqOpen, setFaqOpen] = useState(false);
  const [supportOpen, setSupportOpen] = useState(false);

  if (checking || status === 'idle' || status === 'loading') {
    return (
      <div className={styles.splash}>
        <WaypointMark className={styles.splashMark} />
        <Loading label="Please fasten your seatbelts..." size="large" />
      </div>
    );
  }

  const studentLocked = Number(lms?.studentLocked ?? 0);
  const live = showsWaypointLoginOption(lms?.hideCPaTLogin);
  return (
    <div className={styles.page}>
      <aside className={styles.brand}>
        {live ? (
          <Suspense fallback={null}>
            <LiveBackground />
          </Suspense>
        ) : (
          <RouteMap />
        )}
        <div className={styles.brandTop}>
          <WaypointMark className={styles.brandMark} />
          <span className={styles.brandWord}>Waypoint</span>
        </div>
        <div className={styles.brandCopy}>
          <p className={styles.brandEyebrow}>{name || 'Learning Center'}</p>
          <p className={styles.brandHeadline}>Your training, on course.</p>
          <p className={styles.brandText}>
            Assignments, lessons, due dates and certificates in one place, wherever you fly.
          </p>
        </div>
      </aside>
      <main className={styles.main}>
        <div className={styles.card}>
          <h1 className={styles.heading}>{`${name} Student Panel`.trim()}</h1>
          <p className={styles.subheading}>Sign in with your training account.</p>
          {studentLocked === 1 && lockedNotice && (
            <p className={styles.notice} role="alert">
              <IconAlertCircle size={20} />
              <span>{STUDENT_LOCKED_NOTICE}</span>
            </p>
          )}
          {studentLocked < 0 && <ErrorLine message="An error occurred, please try again later." />}
          <LoginForm
            studentLocked={studentLocked === 1}
            onLockedAttempt={() => setLockedNotice(true)}
            onForgotPassword={() => setForgotOpen(true)}
          />
          {Boolean(lms?.ssoEnabled) && (
            <>
              <div className={styles.divider}>
                <span>or</span>
              </div>
              <Button block onClick={() => window.location.assign(SSO_BRIDGE_PATH)}>
                Sign in with single sign-on
              </Button>
            </>
          )}
        </div>
        <nav className={styles.help} aria-label="Help">
          <button type="button" onClick={() => setFaqOpen(true)}>
            FAQ
          </button>
          <span aria-hidden="true">·</span>
          <button type="button" onClick={() => setSupportOpen(true)}>
            <IconSupport size={16} />
            Support
          </button>
        </nav>
      </main>
      <ForgotPasswordDialog open={forgotOpen} onOpenChange={setForgotOpen} />
      <FaqDialog open={faqOpen} onOpenChange={setFaqOpen} />
      <SupportDialog open={supportOpen} onOpenChange={setSupportOpen} />
    </div>
  );
}
