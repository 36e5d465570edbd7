import { useRef, useState, type KeyboardEvent } from 'react';
import { ApiError, changePassword, type UserDetails } from '../../api';
import { Button } from '@waypoint/ui/button';
import { ErrorLine, fieldClassNames } from '@waypoint/ui/field';
import { Modal } from '@waypoint/ui/modal';
import styles from './change-password-dialog.module.css';
import {
  CHANGE_PASSWORD_FAILED,
  cleanPassword,
  firstEmptyField,
  readChangePasswordError,
  validateChangePassword,
  type ChangePasswordFields,
  type FieldName,
} from './password-rules';

/** Size of the pop-up (spec §9); it grows to fit a long list of requirement errors. */
export const CHANGE_PASSWORD_SIZE = { width: 380, height: 295 } as const;

const EMPTY: ChangePasswordFields = { oldPassword: '', newPassword: '', retypePassword: '' };

const FIELDS: { name: FieldName; label: string; placeholder: string; autoComplete: string }[] = [
  {
    name: 'oldPassword',
    label: 'Old password',
    placeholder: 'Old Password',
    autoComplete: 'current-password',
  },
  {
    name: 'newPassword',
    label: 'New password',
    placeholder: 'New Password',
    autoComplete: 'new-password',
  },
  {
    name: 'retypePassword',
    label: 'Retype password',
    placeholder: 'Retype Password',
    autoComplete: 'new-password',
  },
];

export interface ChangePasswordDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The signed-in user; the server call sends it back with the new password (spec §7). */
  user: UserDetails | null;
  /** 'Change Password' in the classic layout, 'Reset Password' in the rebrand settings menu. */
  title?: string;
  /** Called after the server accepted the new password (the pop-up has closed). */
  onChanged?: () => void;
}

/** The Change Password pop-up (spec §2 Pop-ups and §5 Change password). */
export function ChangePasswordDialog({
  open,
  onOpenChange,
  user,
  title = 'Change Password',
  onChanged,
}: ChangePasswordDialogProps) {
  const [fields, setFields] = useState<ChangePasswordFields>(EMPTY);
  const [error, setError] = useState('');
  const [requirements, setRequirements] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const inputs = useRef<Partial<Record<FieldName, HTMLInputElement | null>>>({});

  const reset = () => {
    setFields(EMPTY);
    setError('');
    setRequirements([]);
    setBusy(false);
  };

  // Closing by any means (Escape, outside click, Cancel, success) clears fields and error.
  const close = () => {
    reset();
    onOpenChange(false);
  };

  const edit = (name: FieldName, value: string) => {
    setFields((current) => ({ ...current, [name]: value }));
    if (name === 'newPassword') {
      setError('');
      setRequirements([]);
    }
  };

  const submit = async () => {
    if (busy) return;
    const problem = validateChangePassword(fields);
    if (problem) {
      setError(problem);
      setRequirements([]);
      return;
    }
    if (fields.oldPassword === '') {
      inputs.current.oldPassword?.focus();
      return;
    }
    if (!user) {
      setError(CHANGE_PASSWORD_FAILED);
      return;
    }
    setBusy(true);
    setError('');
    setRequirements([]);
    try {
      const result = await changePassword(
        user,
        fields.oldPassword,
        cleanPassword(fields.newPassword),
      );
      if (result.successfulApiCall) {
        close();
        onChanged?.();
        return;
      }
      const shown = readChangePasswordError(result.statusCode, result.responseBody);
      setError(shown.error);
      setRequirements(shown.requirements);
    } catch (caught) {
      // A 401 already opened the Invalid Connection pop-up; say plainly that nothing changed.
      setError(
        caught instanceof ApiError && caught.message ? caught.message : CHANGE_PASSWORD_FAILED,
      );
    }
    setBusy(false);
  };

  // Enter submits when all three are filled, otherwise focuses the first empty field (spec §2).
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const empty = firstEmptyField(fields);
    if (empty) inputs.current[empty]?.focus();
    else void submit();
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={title}
      width={CHANGE_PASSWORD_SIZE.width}
      minHeight={CHANGE_PASSWORD_SIZE.height}
      testId="change-password-dialog"
      onOpenAutoFocus={(event) => {
        // Start in the first field rather than on the close button.
        event.preventDefault();
        inputs.current.oldPassword?.focus();
      }}
      footer={
        <>
          <Button onClick={close}>Cancel</Button>
          <Button variant="primary" type="submit" form="change-password-form" busy={busy}>
            Done
          </Button>
        </>
      }
    >
      <form
        id="change-password-form"
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {FIELDS.map((field) => (
          <div className={styles.row} key={field.name}>
            <label htmlFor={`change-password-${field.name}`}>{field.label}</label>
            <input
              ref={(element) => {
                inputs.current[field.name] = element;
              }}
              id={`change-password-${field.name}`}
              className={fieldClassNames.input}
              type="password"
              name={field.name}
              placeholder={field.placeholder}
              autoComplete={field.autoComplete}
              value={fields[field.name]}
              aria-invalid={Boolean(error) && field.name !== 'oldPassword' ? true : undefined}
              aria-describedby={error ? 'change-password-error' : undefined}
              onChange={(event) => edit(field.name, event.target.value)}
              onKeyDown={onKeyDown}
            />
          </div>
        ))}
        {error && (
          <div className={styles.wide}>
            <ErrorLine id="change-password-error" message={error} />
          </div>
        )}
        {requirements.length > 0 && (
          <ul
            className={`${styles.requirements} ${styles.wide}`}
            aria-label="Password requirements"
          >
            {requirements.map((requirement) => (
              <li key={requirement}>{requirement}</li>
            ))}
          </ul>
        )}
      </form>
    </Modal>
  );
}
