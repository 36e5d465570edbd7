import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { validateSession } from '../../api/auth';
import { SSO_BRIDGE_PATH } from '../../api/paths';
import { Button } from '@waypoint/ui/button';
import { ErrorLine } from '@waypoint/ui/field';
import { Loading } from '@waypoint/ui/loading';
import { IconAlertCircle, IconSupport } from '../../components/icons';
import { paths } from '../../lib/paths';
import { findSession, getState, logout, setSignedIn } from '../../lib/store';
import { useAppState, useLmsDisplayName } from '../../lib/use-app-state';
import { useIdle } from '../../lib/use-idle';
import type { LoginDialog } from './login-dialogs';
import { LiveBackground } from './live-background';
import { LoginForm } from './login-form';
import { showsWaypointLoginOption } from './login-option';
import { RouteMap } from './route-map';
import { WaypointMark } from '../../lib/waypoint-mark';
import styles from './login-page.module.css';

// The pop-ups are closed when the page first shows: their code (and the dialog library's) loads
// once the page is up and the browser idle, or at once when one is asked for (ADR 0012).
const LoginDialogs = lazy(async () => ({
  default: (await import('./login-dialogs')).LoginDialogs,
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
  const [dialog, setDialog] = useState<LoginDialog>(null);
  const [dialogAsked, setDialogAsked] = useState(false);
  const idle = useIdle();
  const openDialog = (next: Exclude<LoginDialog, null>) => {
    setDialogAsked(true);
    setDialog(next);
  };

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
          // The canvas and its control come with the page; three.js itself loads once the page is
          // up (live-background.tsx).
          <LiveBackground />
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
            onForgotPassword={() => openDialog('forgot')}
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
          <button type="button" onClick={() => openDialog('faq')}>
            FAQ
          </button>
          <span aria-hidden="true">·</span>
          <button type="button" onClick={() => openDialog('support')}>
            <IconSupport size={16} />
            Support
          </button>
        </nav>
      </main>
      {(idle || dialogAsked) && (
        <Suspense fallback={null}>
          <LoginDialogs open={dialog} onClose={() => setDialog(null)} />
        </Suspense>
      )}
    </div>
  );
}
