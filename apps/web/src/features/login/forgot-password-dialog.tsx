import { useState, type FormEvent } from 'react';
import { sendPasswordResetEmail } from '../../api/password';
import { ApiError } from '../../api/client';
import { Button } from '@waypoint/ui/button';
import { ErrorLine, TextField } from '@waypoint/ui/field';
import { Modal } from '@waypoint/ui/modal';
import { IconCheckCircle, IconKey } from '../../components/icons';
import { emailError } from './email-rules';
import styles from './login-dialogs.module.css';

const UNEXPECTED = 'An unexpected error occurred while attempting to send password reset email.';

/** The 'Forgot password?' pop-up: an email checked on each change, Send and Cancel (spec §2, §5). */
export function ForgotPasswordDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState('');
  const rule = emailError(email);

  const close = (next: boolean) => {
    if (!next) {
      setEmail('');
      setTouched(false);
      setSent(false);
      setFailure('');
    }
    onOpenChange(next);
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (rule || sending) return;
    setSending(true);
    setFailure('');
    try {
      const result = await sendPasswordResetEmail(email.trim());
      if (result.successfulApiCall) setSent(true);
      else setFailure(result.errorMsg || UNEXPECTED);
    } catch (error) {
      setFailure(error instanceof ApiError && error.message ? error.message : UNEXPECTED);
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Forgot password?"
      description={
        sent
          ? undefined
          : "Enter the email address of your account and we'll send you a reset link."
      }
      icon={<IconKey size={20} />}
      width={440}
      testId="forgot-password-dialog"
    >
      {sent ? (
        <div className={styles.sent} role="status">
          <IconCheckCircle size={28} />
          <p>
            If an account uses <strong>{email.trim()}</strong>, a link to set a new password is on
            its way. Check your inbox.
          </p>
          <div className={styles.actions}>
            <Button variant="primary" onClick={() => close(false)}>
              Close
            </Button>
          </div>
        </div>
      ) : (
        <form onSubmit={send} noValidate>
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            invalid={touched && rule !== ''}
            onChange={(event) => {
              setEmail(event.target.value);
              setTouched(true);
              setFailure('');
            }}
            hint={touched && rule ? <span className={styles.ruleError}>{rule}</span> : undefined}
          />
          <ErrorLine message={failure} />
          <div className={styles.actions}>
            <Button onClick={() => close(false)}>Cancel</Button>
            <Button type="submit" variant="primary" disabled={rule !== ''} busy={sending}>
              Send
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
