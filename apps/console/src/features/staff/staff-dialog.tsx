import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MAX_RESTRICTION_GROUPS,
  normaliseRestrictionGroups,
  scopeWithin,
} from '@waypoint/domain/staff';
import { Button, ErrorLine, Loading, Modal, TextField, fieldClassNames } from '@waypoint/ui';
import { queryKeys } from '../../api/query-keys';
import {
  findCandidates,
  setStaff,
  type StaffCandidate,
  type StaffMember,
  type StaffRole,
} from '../../api/staff';
import { FormField } from '../../components/form-field';
import { errorMessage } from '../../components/states';
import styles from './staff.module.css';

interface StaffForm {
  roleKey: string;
  /** Comma-separated restriction groups; empty = the whole LMS. */
  groups: string;
}

const splitGroups = (text: string) => text.split(',');

/** Finds a person of the LMS (within scope) by part of their login, name or email. */
function PersonSearch({
  chosen,
  onChoose,
}: {
  chosen: StaffCandidate | null;
  onChoose: (person: StaffCandidate) => void;
}) {
  const [text, setText] = useState('');
  const query = text.trim();
  const found = useQuery({
    queryKey: queryKeys.staff.candidates(query),
    queryFn: () => findCandidates(query),
    enabled: query.length >= 2,
  });
  return (
    <div className={styles.search}>
      <TextField
        label="Find a person"
        hint="Two or more letters of their login, name or email."
        value={text}
        onChange={(event) => setText(event.target.value)}
        autoComplete="off"
        type="search"
      />
      {found.isFetching && <Loading label="Searching..." />}
      {found.isError && <ErrorLine message={errorMessage(found.error)} />}
      {found.data && (
        <fieldset className={styles.results}>
          <legend className="wp-visually-hidden">People found</legend>
          {found.data.people.length === 0 && <p className={styles.muted}>Nobody found.</p>}
          {found.data.people.map((person) => (
            <label key={person.userKey} className={styles.result}>
              <input
                type="radio"
                name="person"
                checked={chosen?.userKey === person.userKey}
                onChange={() => onChoose(person)}
              />
              <span>
                {person.displayName} <span className={styles.muted}>{person.userID}</span>
                {person.roleName && <span className={styles.badge}>{person.roleName}</span>}
              </span>
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}

/**
 * Make someone staff (find them, choose a role and the restriction groups they see), or change a
 * staff member's role and groups. The groups are checked as the server checks them (at most 50,
 * each at most 100 characters, and within the giver's own scope); the server checks again.
 */
export function StaffDialog({
  roles,
  member,
  actorGroups,
  onClose,
}: {
  roles: readonly StaffRole[];
  member: StaffMember | null;
  actorGroups: readonly string[];
  onClose: () => void;
}) {
  const client = useQueryClient();
  const [person, setPerson] = useState<StaffCandidate | null>(null);
  const [personError, setPersonError] = useState('');
  const form = useForm<StaffForm>({
    defaultValues: {
      roleKey: String(
        member?.role.roleKey ?? roles.find((r) => r.builtIn === 'instructor')?.roleKey ?? '',
      ),
      groups: member?.restrictionGroups.join(', ') ?? actorGroups.join(', '),
    },
  });
  const submit = form.handleSubmit(async ({ roleKey, groups }) => {
    const userKey = member?.userKey ?? person?.userKey;
    if (userKey === undefined) {
      setPersonError('Choose the person to make staff.');
      return;
    }
    const parsed = normaliseRestrictionGroups(splitGroups(groups));
    if (!parsed.ok) return;
    try {
      await setStaff(userKey, { roleKey: Number(roleKey), restrictionGroups: parsed.groups });
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
      title={member ? `Change ${member.userID}` : 'Make someone staff'}
      width={560}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="primary"
            type="submit"
            form="staff-form"
            busy={form.formState.isSubmitting}
          >
            Save
          </Button>
        </>
      }
    >
      <form
        id="staff-form"
        className={styles.form}
        onSubmit={(event) => void submit(event)}
        noValidate
      >
        {!member && (
          <>
            <PersonSearch
              chosen={person}
              onChoose={(chosen) => {
                setPerson(chosen);
                setPersonError('');
              }}
            />
            <ErrorLine message={personError} />
          </>
        )}
        <div className={fieldClassNames.field}>
          <label className={fieldClassNames.label} htmlFor="staff-role">
            Role
          </label>
          <select
            id="staff-role"
            className={fieldClassNames.input}
            {...form.register('roleKey', { required: 'Choose a role.' })}
          >
            {roles.map((role) => (
              <option key={role.roleKey} value={role.roleKey}>
                {role.name}
              </option>
            ))}
          </select>
        </div>
        <FormField
          form={form}
          name="groups"
          label="Restriction groups"
          hint={`Comma-separated, up to ${MAX_RESTRICTION_GROUPS}; empty: every student of the LMS.`}
          autoComplete="off"
          rules={{
            validate: (text: string) => {
              const parsed = normaliseRestrictionGroups(splitGroups(text));
              if (!parsed.ok) return parsed.message;
              return (
                scopeWithin(actorGroups, parsed.groups) ||
                `You can give only your own groups: ${actorGroups.join(', ')}.`
              );
            },
          }}
        />
        <ErrorLine message={form.formState.errors.root?.message} />
      </form>
    </Modal>
  );
}
