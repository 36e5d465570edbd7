import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { setPassword, validateResetToken } from '../../api/password';
import { Button } from '@waypoint/ui/button';
import { ErrorLine, TextField } from '@waypoint/ui/field';
import { Loading } from '@waypoint/ui/loading';
import { IconAlertCircle, IconCheckCircle, IconKey } from '../../components/icons';
import { paths } from '../../lib/paths';
import {
  cleanPassword,
  INCORRECT_URL,
  LINK_EXPIRED,
  PASSWORD_SET,
  PASSWORDS_MUST_MATCH,
  REDIRECT_AFTER_SET_MS,
  submissionFailure,
  tokenIsValid,
} from './set-password-rules';
import { useLmsDisplayName } from '../../lib/use-app-state';
import { WaypointMark } from '../../lib/waypoint-mark';
import styles from './set-password-page.module.css';

type Stage = 'processing' | 'incorrect' | 'form' | 'expired' | 'done';

/** The set-password screen (routes ChangePassword and Register; spec §2, §4, §5, §8). */
export function SetPasswordPage() {
  const navigate = useNavigate();
  const lmsName = useLmsDisplayName();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const [stage, setStage] = useState<Stage>(token && email ? 'processing' : 'incorrect');
  const [newPassword, setNewPassword] = useState('');
  const [retypePassword, setRetypePassword] = useState('');
  const [error, setError] = useState('');
  const [requirements, setRequirements] = useState<string[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const retypeRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!token || !email) return;
    let current = true;
    validateResetToken(token, email)
      .then((result) => {
        if (!current) return;
        if (tokenIsValid(result.statusCode, result.responseBody)) setStage('form');
        else setStage(result.statusCode === 404 ? 'expired' : 'incorrect');
      })
      .catch(() => current && setStage('incorrect'));
    return () => {
      current = false;
    };
  }, [token, email]);

  useEffect(() => {
    if (stage !== 'done') return;
    const timer = window.setTimeout(() => void navigate(paths.login), REDIRECT_AFTER_SET_MS);
    return () => window.clearTimeout(timer);
  }, [stage, navigate]);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (submitting) return;
    setError('');
    setRequirements([]);
    const password = cleanPassword(newPassword);
    if (password !== cleanPassword(retypePassword)) {
      setError(PASSWORDS_MUST_MATCH);
      return;
    }
    setSubmitting(true);
    try {
      const result = await setPassword(token, email, password);
      if (result.successfulApiCall) {
        setStage('done');
        return;
      }
      const failure = submissionFailure(result.statusCode, result.responseBody);
      if (failure.expired) setStage('expired');
      else setRequirements(failure.requirements);
    } catch (caught) {
      const failure = submissionFailure(
        caught instanceof ApiError ? caught.statusCode : 0,
        caught instanceof ApiError ? caught.responseBody : null,
      );
      if (failure.expired) setStage('expired');
      else setRequirements(failure.requirements);
    } finally {
      setSubmitting(false);
    }
  };

  // Enter in the first field moves to the second; Enter in the second submits (spec §2).
  const onNewPasswordKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    retypeRef.current?.focus();
  };

  return (
    <main className={styles.page}>
      <div className={styles.brand}>
        <WaypointMark className={styles.brandMark} />
        <span>{lmsName.trim() || 'Waypoint'}</span>
      </div>
      <div className={styles.card}>
        {stage === 'processing' && <Loading label="Processing..." size="large" />}
        {stage === 'incorrect' && (
          <div className={styles.state}>
            <IconAlertCircle size={32} className={styles.danger} />
            <h1 className={styles.heading}>{INCORRECT_URL}</h1>
            <Button variant="primary" onClick={() => void navigate(paths.login)}>
              Return
            </Button>
          </div>
        )}
        {stage === 'expired' && (
          <div className={styles.state}>
            <IconAlertCircle size={32} className={styles.danger} />
            <h1 className={styles.heading}>{LINK_EXPIRED}</h1>
            <Button variant="primary" onClick={() => void navigate(paths.login)}>
              Return
            </Button>
          </div>
        )}
        {stage === 'done' && (
          <div className={styles.state} role="status">
            <IconCheckCircle size={32} className={styles.success} />
            <h1 className={styles.heading}>{PASSWORD_SET}</h1>
          </div>
        )}
        {stage === 'form' && (
          <form onSubmit={submit} className={styles.form} noValidate>
            <span className={styles.badge} aria-hidden="true">
              <IconKey size={24} />
            </span>
            <h1 className={styles.heading}>Set your account password</h1>
            <p className={styles.lead}>
              For <strong>{email}</strong>
            </p>
            <TextField
              label="New Password"
              type="password"
              autoComplete="new-password"
              autoFocus
              value={newPassword}
              onChange={(event) => setNewPassword(event.target.value)}
              onKeyDown={onNewPasswordKey}
            />
            <TextField
              ref={retypeRef}
              label="Retype Password"
              type="password"
              autoComplete="new-password"
              value={retypePassword}
              onChange={(event) => setRetypePassword(event.target.value)}
            />
            <div aria-live="assertive">
              <ErrorLine message={error} />
              {requirements.length > 0 && (
                <ul className={styles.requirements} role="alert">
                  {requirements.map((message) => (
                    <li key={message}>{message}</li>
                  ))}
                </ul>
              )}
            </div>
            <Button
              type="submit"
              variant="primary"
              block
              busy={submitting}
              className={styles.submit}
            >
              Submit
            </Button>
          </form>
        )}
      </div>
    </main>
  );
}
