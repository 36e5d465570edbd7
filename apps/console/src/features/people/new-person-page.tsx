import { Link, useNavigate } from 'react-router';
import { createPerson, usePersonChange } from '../../api/people';
import { useAllows, useStaff } from '../../api/session';
import { PageHeader } from '../../components/page-header';
import { EmptyState } from '../../components/states';
import { EMPTY_PERSON, PersonForm, type PersonValues } from './person-form';
import styles from './people.module.css';

/** A new person: the profile form; on success, their page. */
export function NewPersonPage() {
  const navigate = useNavigate();
  const { restrictionGroups } = useStaff();
  const allowed = useAllows('people.create');
  const create = usePersonChange((values: PersonValues) => createPerson(values));
  if (!allowed) return <EmptyState title="You do not have permission to add people." />;
  // A scoped staff member adds people to their own group.
  const initial = { ...EMPTY_PERSON, restrictionGroup: restrictionGroups[0] ?? '' };
  return (
    <div className={styles.page}>
      <p className={styles.back}>
        <Link to="/people">← People</Link>
      </p>
      <PageHeader
        title="New person"
        description="They can sign in once they have set a password from the emailed invitation."
      />
      <section className={styles.card}>
        <PersonForm
          initial={initial}
          isNew
          canEdit
          submitLabel="Add person"
          onSubmit={async (values) => {
            const person = await create.mutateAsync(values);
            if ('userKey' in person) await navigate(`/people/${person.userKey}`);
          }}
        />
      </section>
    </div>
  );
}
