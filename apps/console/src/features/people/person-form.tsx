import { useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import {
  checkPersonFields,
  LOGIN_MAX_LENGTH,
  PERSON_ATTRIBUTE_MAX_LENGTH,
  PERSON_NAME_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  type PersonFields,
} from '@waypoint/domain/staff';
import { Button, ErrorLine, fieldClassNames } from '@waypoint/ui';
import { useStaff } from '../../api/session';
import { FormField, fieldError } from '../../components/form-field';
import { errorMessage } from '../../components/states';
import styles from './people.module.css';

/** The form's values: the profile, and for a new person whether to email an invitation. */
export type PersonValues = PersonFields & { sendInvitation: boolean };

export const EMPTY_PERSON: PersonValues = {
  userID: '',
  givenName: '',
  familyName: '',
  email: '',
  employeeId: '',
  base: '',
  fleet: '',
  position: '',
  restrictionGroup: '',
  phone: '',
  isStudent: true,
  mfaEnabled: false,
  sendInvitation: true,
};

function Checkbox({
  form,
  name,
  label,
  disabled,
}: {
  form: ReturnType<typeof useForm<PersonValues>>;
  name: 'isStudent' | 'mfaEnabled' | 'sendInvitation';
  label: string;
  disabled?: boolean;
}) {
  const id = `person-${name}`;
  return (
    <div className={styles.checkbox}>
      <input id={id} type="checkbox" disabled={disabled} {...form.register(name)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/**
 * A person's profile form (react-hook-form), for a new person and an edit: the domain's field
 * rules are checked before sending (checkPersonFields), each message under its field; the
 * server checks them again with the scope and the login. A scoped staff member picks the
 * restriction group among their own.
 */
export function PersonForm({
  initial,
  isNew,
  canEdit,
  submitLabel,
  onSubmit,
}: {
  initial: PersonValues;
  isNew: boolean;
  canEdit: boolean;
  submitLabel: string;
  onSubmit: (values: PersonValues) => Promise<unknown>;
}) {
  const { restrictionGroups } = useStaff();
  const form = useForm<PersonValues>({ values: initial });
  const [failure, setFailure] = useState('');
  const [saved, setSaved] = useState(false);
  const submit = async (values: PersonValues) => {
    setFailure('');
    setSaved(false);
    const problems = checkPersonFields(values);
    for (const problem of problems) {
      form.setError(problem.field as Path<PersonValues>, { message: problem.message });
    }
    if (problems.length > 0) return;
    try {
      await onSubmit(values);
      setSaved(true);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };
  const text = (name: Path<PersonValues>, label: string, max: number, extra = {}) => (
    <FormField
      form={form}
      name={name}
      label={label}
      maxLength={max}
      disabled={!canEdit}
      {...extra}
    />
  );
  const groupError = fieldError(form, 'restrictionGroup');
  return (
    <form
      className={styles.form}
      onSubmit={(event) => void form.handleSubmit(submit)(event)}
      noValidate
    >
      <fieldset className={styles.fieldset} disabled={!canEdit}>
        <legend className={styles.legend}>Identity</legend>
        <div className={styles.grid}>
          {text('userID', 'Login ID', LOGIN_MAX_LENGTH, { autoComplete: 'off', spellCheck: false })}
          {text('email', 'Email', 255, { type: 'email', autoComplete: 'off' })}
          {text('givenName', 'Given name', PERSON_NAME_MAX_LENGTH)}
          {text('familyName', 'Family name', PERSON_NAME_MAX_LENGTH)}
          {text('employeeId', 'Employee ID', PERSON_ATTRIBUTE_MAX_LENGTH)}
          {text('phone', 'Phone', PHONE_MAX_LENGTH, { type: 'tel' })}
        </div>
      </fieldset>
      <fieldset className={styles.fieldset} disabled={!canEdit}>
        <legend className={styles.legend}>Where they work</legend>
        <div className={styles.grid}>
          {text('base', 'Base', PERSON_ATTRIBUTE_MAX_LENGTH)}
          {text('fleet', 'Fleet', PERSON_ATTRIBUTE_MAX_LENGTH)}
          {text('position', 'Position', PERSON_ATTRIBUTE_MAX_LENGTH)}
          {restrictionGroups.length > 0 ? (
            <div className={fieldClassNames.field}>
              <label className={fieldClassNames.label} htmlFor="person-group">
                Restriction group
              </label>
              <select
                id="person-group"
                className={fieldClassNames.input}
                aria-invalid={groupError ? true : undefined}
                {...form.register('restrictionGroup')}
              >
                {!restrictionGroups.includes(initial.restrictionGroup) && (
                  <option value={initial.restrictionGroup}>
                    {initial.restrictionGroup || '(none)'}
                  </option>
                )}
                {restrictionGroups.map((group) => (
                  <option key={group} value={group}>
                    {group}
                  </option>
                ))}
              </select>
              {groupError && <span className={styles.fieldError}>{groupError}</span>}
            </div>
          ) : (
            text('restrictionGroup', 'Restriction group', PERSON_ATTRIBUTE_MAX_LENGTH, {
              hint: 'Staff scoped to a group see only its people.',
            })
          )}
        </div>
      </fieldset>
      <fieldset className={styles.fieldset} disabled={!canEdit}>
        <legend className={styles.legend}>Access</legend>
        <Checkbox form={form} name="isStudent" label="Student: may use the student panel" />
        <Checkbox form={form} name="mfaEnabled" label="Asks for an emailed code at sign-in (MFA)" />
        {isNew && (
          <Checkbox
            form={form}
            name="sendInvitation"
            label="Email them an invitation to set their password"
          />
        )}
      </fieldset>
      <ErrorLine message={failure} />
      {saved && !form.formState.isDirty && (
        <p className={styles.saved} role="status">
          Saved.
        </p>
      )}
      {canEdit && (
        <div className={styles.formActions}>
          <Button type="submit" variant="primary" busy={form.formState.isSubmitting}>
            {submitLabel}
          </Button>
        </div>
      )}
    </form>
  );
}
