import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, ErrorLine } from '@waypoint/ui';
import { rememberDays } from '@waypoint/domain';
import type { UserDetails } from '@waypoint/domain/contract';
import { login } from '../../api/auth';
import { FormField } from '../../components/form-field';
import { signInFailureMessage } from './login-messages';
import type { MfaChallenge } from './mfa-step';
import styles from './login-page.module.css';

interface Credentials {
  userID: string;
  password: string;
}

/** The login ID and password; a session, or the MFA step when the server asks for a code. */
export function CredentialsStep({
  onSignedIn,
  onMfa,
}: {
  onSignedIn: (user: UserDetails) => void;
  onMfa: (challenge: MfaChallenge) => void;
}) {
  const form = useForm<Credentials>({ defaultValues: { userID: '', password: '' } });
  const [failure, setFailure] = useState('');

  const submit = form.handleSubmit(async ({ userID, password }) => {
    setFailure('');
    try {
      const user = await login(userID.trim(), password);
      if (user.sessionID === 'MFA' && user.mfaID)
        onMfa({ mfaID: user.mfaID, rememberDays: rememberDays(user.rememberDeviceTime ?? 0) });
      else onSignedIn(user);
    } catch (error) {
      setFailure(signInFailureMessage(error));
    }
  });

  return (
    <form onSubmit={submit} className={styles.form} noValidate aria-label="Sign in">
      <FormField
        form={form}
        name="userID"
        label="Login ID"
        autoComplete="username"
        autoFocus
        rules={{ validate: (value) => value.trim() !== '' || 'Enter your login ID.' }}
      />
      <FormField
        form={form}
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        rules={{ required: 'Enter your password.' }}
      />
      <ErrorLine message={failure} />
      <Button type="submit" variant="primary" block busy={form.formState.isSubmitting}>
        Sign in
      </Button>
    </form>
  );
}
