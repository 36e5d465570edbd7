import { MFA_SESSION_MARKER } from '@waypoint/domain';
import { useEffect, useState, type ClipboardEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { resendMfaCode, validateMfaCode } from '../../api/auth';
import { ApiError } from '../../api/client';
import { Button } from '@waypoint/ui/button';
import { ErrorLine } from '@waypoint/ui/field';
import { IconCheckCircle, IconLogOut, IconShield } from '../../components/icons';
import { completeSignIn } from '../../lib/sign-in';
import { clearPendingMfa, logout, readPendingMfa, type PendingMfa } from '../../lib/store';
import {
  canContinue,
  MFA_MIN_BUSY_MS,
  MFA_RESEND_ERROR,
  nextCode,
  pastedCode,
  validateFailureMessage,
} from './mfa-rules';
import { useLmsDisplayName } from '../../lib/use-app-state';
import { WaypointMark } from '../../lib/waypoint-mark';
import styles from './mfa-page.module.css';

const wait = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

/** The MFA screen of spec §2, §4 MFA, §5 and §8. */
export function MfaPage() {
  const navigate = useNavigate();
  const lmsName = useLmsDisplayName();
  // On entry the id and remember days come from session storage, otherwise logout (spec §4 MFA).
  const [pending] = useState<PendingMfa | null>(() => readPendingMfa());
  const [code, setCode] = useState('');
  const [remember, setRemember] = useState(false);
  const [busy, setBusy] = useState<'validate' | 'resend' | null>(null);
  const [error, setError] = useState('');
  const [info, setInfo] = useState('');

  useEffect(() => {
    if (!pending) void logout();
  }, [pending]);
  if (!pending) return null;

  const validate = async (event: FormEvent) => {
    event.preventDefault();
    if (!canContinue(code, busy !== null)) return;
    setBusy('validate');
    setError('');
    setInfo('');
    let statusCode = 0;
    try {
      const result = await validateMfaCode({
        mfaID: pending.mfaID,
        mfaVerificationCode: code,
        rememberDevice: remember,
      });
      statusCode = result.statusCode;
      if (result.successfulApiCall && result.responseBody.sessionID !== MFA_SESSION_MARKER) {
        clearPendingMfa();
        const outcome = await completeSignIn(result.responseBody);
        if ('to' in outcome) await navigate(outcome.to);
        else await logout();
        return;
      }
    } catch (caught) {
      statusCode = caught instanceof ApiError ? caught.statusCode : 0;
    }
    setError(validateFailureMessage(statusCode));
    await wait(MFA_MIN_BUSY_MS);
    setBusy(null);
  };

  const resend = async () => {
    if (busy) return;
    setBusy('resend');
    setError('');
    setInfo('');
    try {
      const result = await resendMfaCode(pending.mfaID);
      if (result.successfulApiCall) setInfo('A new code has been sent.');
      // Asked again too soon: the code already sent still works, so say so rather than log out.
      else if (result.statusCode === 429) setError(result.errorMsg || MFA_RESEND_ERROR);
      else if (result.statusCode >= 400 && result.statusCode < 500) {
        await logout();
        return;
      } else setError(MFA_RESEND_ERROR);
    } catch (caught) {
      if (caught instanceof ApiError && caught.statusCode === 401) {
        await logout();
        return;
      }
      setError(MFA_RESEND_ERROR);
    }
    await wait(MFA_MIN_BUSY_MS);
    setBusy(null);
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const pasted = pastedCode(event.clipboardData.getData('text'));
    if (pasted !== null) setCode(pasted);
  };

  const days = pending.rememberDays;
  return (
    <main className={styles.page}>
      <div className={styles.brand}>
        <WaypointMark className={styles.brandMark} />
        <span>{lmsName.trim() || 'Waypoint'}</span>
      </div>
      <div className={styles.card}>
        <span className={styles.badge} aria-hidden="true">
          <IconShield size={26} />
        </span>
        <h1 className={styles.heading}>Student Panel</h1>
        <p className={styles.lead}>
          Enter the six-digit verification code we sent you to finish signing in.
        </p>
        <form onSubmit={validate} className={styles.form} noValidate>
          <label htmlFor="mfa-code" className={styles.label}>
            Verification code
          </label>
          <input
            id="mfa-code"
            name="mfaVerificationCode"
            className={styles.code}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            autoFocus
            value={code}
            placeholder="••••••"
            aria-describedby="mfa-code-hint"
            onChange={(event) => setCode(nextCode(code, event.target.value))}
            onPaste={onPaste}
          />
          <span id="mfa-code-hint" className={styles.hint}>
            Digits only
          </span>
          {days > 0 && (
            <label className={styles.remember}>
              <input
                type="checkbox"
                checked={remember}
                onChange={(event) => setRemember(event.target.checked)}
              />
              <span>
                Remember this device for {days} {days === 1 ? 'day' : 'days'}
              </span>
            </label>
          )}
          <div aria-live="assertive">
            <ErrorLine message={error} />
          </div>
          {info && (
            <p className={styles.info} role="status">
              <IconCheckCircle size={18} />
              {info}
            </p>
          )}
          <Button
            type="submit"
            variant="primary"
            block
            className={styles.continue}
            disabled={!canContinue(code, busy !== null)}
            busy={busy === 'validate'}
          >
            {busy === 'validate' ? 'Validating Code...' : 'Continue'}
          </Button>
          <div className={styles.secondary}>
            <Button
              variant="ghost"
              onClick={resend}
              disabled={busy !== null}
              busy={busy === 'resend'}
            >
              {busy === 'resend' ? 'Resending Code...' : 'Resend Code'}
            </Button>
            <Button variant="ghost" onClick={() => void logout()} disabled={busy === 'validate'}>
              <IconLogOut size={18} />
              Logout
            </Button>
          </div>
        </form>
      </div>
    </main>
  );
}
