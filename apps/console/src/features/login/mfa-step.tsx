import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, ErrorLine } from '@waypoint/ui';
import type { UserDetails } from '@waypoint/domain/contract';
import { resendMfaCode, validateMfaCode } from '../../api/auth';
import { FormField } from '../../components/form-field';
import { signInFailureMessage } from './login-messages';
import styles from './login-page.module.css';

/** The challenge the login answered with: its id, and how long a device may be remembered. */
export interface MfaChallenge {
  mfaID: string;
  /** Days a remembered device skips the code (§4 MFA); 0 hides the choice. */
  rememberDays: number;
}

interface MfaForm {
  code: string;
  remember: boolean;
}

/** The MFA step: the emailed code, remember this device, send a new code (spec §7 MFA calls). */
export function MfaStep({
  challenge,
  onSignedIn,
  onCancel,
}: {
  challenge: MfaChallenge;
  onSignedIn: (user: UserDetails) => void;
  onCancel: () => void;
}) {
  const form = useForm<MfaForm>({ defaultValues: { code: '', remember: false } });
  const [failure, setFailure] = useState('');
  const [notice, setNotice] = useState('');
  const [resending, setResending] = useState(false);
  const days = challenge.rememberDays;

  const submit = form.handleSubmit(async ({ code, remember }) => {
    setFailure('');
    setNotice('');
    try {
      const user = await validateMfaCode({
        mfaID: challenge.mfaID,
        mfaVerificationCode: code.trim(),
        rememberDevice: days > 0 && remember,
      });
      onSignedIn(user);
    } catch (error) {
      setFailure(signInFailureMessage(error));
    }
  });

  const resend = async () => {
    setFailure('');
    setNotice('');
    setResending(true);
    try {
      const answer = await resendMfaCode(challenge.mfaID);
      setNotice(answer.message || 'A new code is on its way.');
    } catch (error) {
      setFailure(signInFailureMessage(error));
    } finally {
      setResending(false);
    }
  };

  return (
    <form onSubmit={submit} className={styles.form} noValidate aria-label="Verify your sign-in">
      <p className={styles.lead}>
        Enter the verification code we emailed you to finish signing in.
      </p>
      <FormField
        form={form}
        name="code"
        label="Verification code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        autoFocus
        rules={{
          validate: (value) => /^\d{6}$/.test(value.trim()) || 'Enter the six-digit code.',
        }}
      />
      {days > 0 && (
        <label className={styles.check}>
          <input type="checkbox" {...form.register('remember')} />
          Remember this device for {days} {days === 1 ? 'day' : 'days'}
        </label>
      )}
      <ErrorLine message={failure} />
      {notice && (
        <p className={styles.notice} role="status">
          {notice}
        </p>
      )}
      <Button type="submit" variant="primary" block busy={form.formState.isSubmitting}>
        Verify
      </Button>
      <div className={styles.row}>
        <Button variant="ghost" small onClick={() => void resend()} busy={resending}>
          Send a new code
        </Button>
        <Button variant="ghost" small onClick={onCancel}>
          Back to sign in
        </Button>
      </div>
    </form>
  );
}
