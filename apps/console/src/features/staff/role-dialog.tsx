import { useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import type { PermissionFlag } from '@waypoint/domain/staff';
import { Button, ErrorLine, Modal, fieldClassNames } from '@waypoint/ui';
import { queryKeys } from '../../api/query-keys';
import { createRole, updateRole, type StaffRole } from '../../api/staff';
import { FormField } from '../../components/form-field';
import { errorMessage } from '../../components/states';
import { FLAG_LABELS, FLAGS } from './flag-labels';
import styles from './staff.module.css';

interface RoleForm {
  name: string;
  /** The role whose flags a new role starts from ('' = none). */
  copyFrom: string;
  flags: PermissionFlag[];
}

/**
 * Make a role (its name, and the flags it grants, optionally starting from another role's), or
 * rename a made one. The server refuses a name another role has (409), shown under the form.
 */
export function RoleDialog({
  roles,
  editing,
  onClose,
}: {
  roles: readonly StaffRole[];
  editing?: StaffRole;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const form = useForm<RoleForm>({
    defaultValues: {
      name: editing?.name ?? '',
      copyFrom: '',
      flags: editing ? FLAGS.filter((flag) => editing.permissions[flag]) : [],
    },
  });
  const copyFrom = (roleKey: string) => {
    const role = roles.find((candidate) => String(candidate.roleKey) === roleKey);
    form.setValue('flags', role ? FLAGS.filter((flag) => role.permissions[flag]) : []);
  };
  const submit = form.handleSubmit(async ({ name, flags }) => {
    const body = {
      name: name.trim(),
      permissions: Object.fromEntries(FLAGS.map((flag) => [flag, flags.includes(flag)])),
    };
    try {
      if (editing) await updateRole(editing.roleKey, body);
      else await createRole(body);
      await client.invalidateQueries({ queryKey: queryKeys.staff.all() });
      onClose();
    } catch (error) {
      form.setError('root', { message: errorMessage(error) });
    }
  });
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={editing ? `Rename ${editing.name}` : 'Make a role'}
      width={620}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="primary"
            type="submit"
            form="role-form"
            busy={form.formState.isSubmitting}
          >
            {editing ? 'Save' : 'Make role'}
          </Button>
        </>
      }
    >
      <form
        id="role-form"
        className={styles.form}
        onSubmit={(event) => void submit(event)}
        noValidate
      >
        <FormField
          form={form}
          name="name"
          label="Name"
          autoComplete="off"
          maxLength={100}
          rules={{
            validate: (value) => String(value).trim() !== '' || 'A role needs a name.',
          }}
        />
        {!editing && (
          <>
            <div className={fieldClassNames.field}>
              <label className={fieldClassNames.label} htmlFor="role-copy-from">
                Start from the flags of
              </label>
              <select
                id="role-copy-from"
                className={fieldClassNames.input}
                {...form.register('copyFrom', {
                  onChange: (event) => copyFrom(event.target.value),
                })}
              >
                <option value="">No role (nothing granted)</option>
                {roles.map((role) => (
                  <option key={role.roleKey} value={role.roleKey}>
                    {role.name}
                  </option>
                ))}
              </select>
            </div>
            <fieldset className={styles.flagSet}>
              <legend>Permissions</legend>
              {FLAGS.map((flag) => (
                <label key={flag} className={styles.flagChoice}>
                  <input type="checkbox" value={flag} {...form.register('flags')} />
                  <span>{FLAG_LABELS[flag]}</span>
                </label>
              ))}
            </fieldset>
          </>
        )}
        <ErrorLine message={form.formState.errors.root?.message} />
      </form>
    </Modal>
  );
}
