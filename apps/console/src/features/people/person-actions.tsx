import { useState } from 'react';
import { Button, ErrorLine } from '@waypoint/ui';
import {
  deactivatePerson,
  endSessions,
  reactivatePerson,
  resetMfa,
  sendPasswordReset,
  usePersonChange,
  type PersonDetails,
} from '../../api/people';
import { useAllows, useStaff } from '../../api/session';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { errorMessage } from '../../components/states';
import styles from './people.module.css';

type Dialog = 'deactivate' | 'reactivate' | 'mfa' | 'sessions' | null;

/**
 * What staff can do to a person's account, each shown only when their role allows it (the
 * server checks again): deactivate or reactivate, a password-reset link, MFA reset, end sessions.
 * Each asks first; its outcome is announced.
 */
export function PersonActions({ person }: { person: PersonDetails }) {
  const me = useStaff();
  // A staff member is changed only by an administrator of staff (the server's rule too).
  const mayChange =
    useAllows('staff.manage') || !person.isStaff || person.userKey === me.user.userKey;
  const canDeactivate =
    useAllows('people.deactivate') && mayChange && person.userKey !== me.user.userKey;
  const canCredentials = useAllows('people.credentials') && mayChange;
  const [dialog, setDialog] = useState<Dialog>(null);
  const [mfaOn, setMfaOn] = useState(person.mfaEnabled);
  const [done, setDone] = useState('');
  const change = usePersonChange((run: () => Promise<PersonDetails | { message: string }>) =>
    run(),
  );
  const reset = usePersonChange(() => sendPasswordReset(person.userKey));
  if (!canDeactivate && !canCredentials) return null;
  const name = person.displayName;
  const act = (run: () => Promise<PersonDetails | { message: string }>, message: string) =>
    change.mutateAsync(run).then(() => setDone(message));
  return (
    <section className={styles.card} aria-labelledby="person-actions">
      <h2 id="person-actions" className={styles.cardHeading}>
        Account
      </h2>
      <div className={styles.actionList}>
        {canDeactivate &&
          (person.active ? (
            <Button variant="danger" onClick={() => setDialog('deactivate')}>
              Deactivate
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => setDialog('reactivate')}>
              Reactivate
            </Button>
          ))}
        {canCredentials && (
          <>
            <Button
              variant="secondary"
              busy={reset.isPending}
              disabled={!person.active || person.email === ''}
              onClick={() => {
                setDone('');
                reset.mutate(undefined, {
                  onSuccess: (answer) => setDone('message' in answer ? answer.message : ''),
                });
              }}
            >
              Send password-reset link
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setMfaOn(person.mfaEnabled);
                setDialog('mfa');
              }}
            >
              Reset MFA
            </Button>
            <Button
              variant="secondary"
              disabled={person.openSessions === 0}
              onClick={() => setDialog('sessions')}
            >
              End sessions
            </Button>
          </>
        )}
      </div>
      <ErrorLine message={reset.error ? errorMessage(reset.error) : null} />
      <p className={styles.saved} role="status">
        {done}
      </p>
      <ConfirmDialog
        open={dialog === 'deactivate'}
        onOpenChange={(open) => setDialog(open ? 'deactivate' : null)}
        title={`Deactivate ${name}?`}
        confirmLabel="Deactivate"
        danger
        onConfirm={() =>
          act(
            () => deactivatePerson(person.userKey),
            `${name} is deactivated; their sessions ended.`,
          )
        }
      >
        <p>
          They will not be able to sign in, and every session they have open ends now. Their records
          and progress are kept; you can reactivate them later.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === 'reactivate'}
        onOpenChange={(open) => setDialog(open ? 'reactivate' : null)}
        title={`Reactivate ${name}?`}
        confirmLabel="Reactivate"
        onConfirm={() => act(() => reactivatePerson(person.userKey), `${name} can sign in again.`)}
      >
        <p>They will be able to sign in again with their password.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === 'mfa'}
        onOpenChange={(open) => setDialog(open ? 'mfa' : null)}
        title={`Reset MFA of ${name}?`}
        confirmLabel="Reset MFA"
        onConfirm={() =>
          act(
            () => resetMfa(person.userKey, mfaOn),
            `MFA reset: remembered devices forgotten, MFA ${mfaOn ? 'on' : 'off'}.`,
          )
        }
      >
        <p>Every device they asked to be remembered is forgotten.</p>
        <div className={styles.checkbox}>
          <input
            id="mfa-after-reset"
            type="checkbox"
            checked={mfaOn}
            onChange={(event) => setMfaOn(event.target.checked)}
          />
          <label htmlFor="mfa-after-reset">Ask for an emailed code at each sign-in (MFA on)</label>
        </div>
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === 'sessions'}
        onOpenChange={(open) => setDialog(open ? 'sessions' : null)}
        title={`End every session of ${name}?`}
        confirmLabel="End sessions"
        onConfirm={() => act(() => endSessions(person.userKey), `Every session of ${name} ended.`)}
      >
        <p>
          They are signed out of the student panel and the console everywhere, now. They can sign in
          again.
        </p>
      </ConfirmDialog>
    </section>
  );
}
