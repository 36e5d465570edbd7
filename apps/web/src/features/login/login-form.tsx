import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { login } from '../../api/auth';
import { ApiError } from '../../api/client';
import { Button } from '@waypoint/ui/button';
import { ErrorLine, TextField } from '@waypoint/ui/field';
import { IconShield } from '../../components/icons';
import { isOffline, OFFLINE_ACTION_MESSAGE } from '../../lib/online';
import { completeSignIn, loginFailureMessage } from '../../lib/sign-in';
import { logout } from '../../lib/store';
import styles from './login-page.module.css';

export interface LoginFormProps {
  /** studentLocked 1 blocks the attempt (spec §4 step 3); the page then shows the notice. */
  studentLocked: boolean;
  onLockedAttempt: () => void;
  onForgotPassword: () => void;
}

/** Login ID, password and 'Log in', with the whole sign-in flow of spec §4 and §8. */
export function LoginForm({ studentLocked, onLockedAttempt, onForgotPassword }: LoginFormProps) {
  const navigate = useNavigate();
  const [userID, setUserID] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const userIDRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  // The lock: a second submit while one is in flight does nothing (spec §2 Login screen).
  const inFlight = useRef(false);

  const fail = async (statusCode: number, serverMessage: string) => {
    // 401 and status 0 log out before showing the message (spec §8 Login).
    if (statusCode === 401 || statusCode === 0) await logout({ redirect: false });
    // Offline, signing in needs a connection and says so (ADR 0024 "Offline panel").
    setMessage(
      statusCode === 0 && isOffline()
        ? OFFLINE_ACTION_MESSAGE
        : loginFailureMessage(statusCode, serverMessage),
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    if (studentLocked) {
      onLockedAttempt();
      return;
    }
    // Nothing to send yet: take the person to the field still empty.
    if (!userID || !password) {
      (userID ? passwordRef : userIDRef).current?.focus();
      return;
    }
    inFlight.current = true;
    setBusy(true);
    setMessage('');
    try {
      const result = await login(userID, password);
      if (!result.successfulApiCall) {
        await fail(result.statusCode, result.errorMsg);
        return;
      }
      const outcome = await completeSignIn(result.responseBody);
      if ('to' in outcome) {
        await navigate(outcome.to);
        return;
      }
      setMessage(outcome.message);
    } catch (error) {
      if (error instanceof ApiError) await fail(error.statusCode, error.message);
      else setMessage('Attempt to log in failed.');
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={submit} aria-busy={busy} noValidate>
      <TextField
        label="Login ID"
        name="userID"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        ref={userIDRef}
        value={userID}
        onChange={(event) => setUserID(event.target.value)}
      />
      <div className={styles.passwordField}>
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          ref={passwordRef}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <button type="button" className={styles.forgot} onClick={onForgotPassword}>
          Forgot password?
        </button>
      </div>
      <div aria-live="assertive">
        <ErrorLine message={message} />
      </div>
      <Button type="submit" variant="primary" block busy={busy} className={styles.submit}>
        {!busy && <IconShield size={18} />}
        {busy ? 'Logging In...' : 'Log in'}
      </Button>
    </form>
  );
}
