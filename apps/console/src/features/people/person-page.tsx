import { Link, Route, Routes, useParams } from 'react-router';
import { formatDate } from '@waypoint/domain';
import { Loading } from '@waypoint/ui';
import { updatePerson, usePerson, usePersonChange, type PersonDetails } from '../../api/people';
import { useAllows, useStaff } from '../../api/session';
import { PageHeader } from '../../components/page-header';
import { SectionTabs } from '../../components/section-tabs';
import { EmptyState, ErrorState } from '../../components/states';
import { PersonActions } from './person-actions';
import { PersonForm, type PersonValues } from './person-form';
import { PersonRecord } from './person-record';
import styles from './people.module.css';

const valuesOf = (person: PersonDetails): PersonValues => ({
  userID: person.userID,
  givenName: person.givenName,
  familyName: person.familyName,
  email: person.email,
  employeeId: person.employeeId,
  base: person.base,
  fleet: person.fleet,
  position: person.position,
  restrictionGroup: person.restrictionGroup,
  phone: person.phone,
  isStudent: person.isStudent,
  mfaEnabled: person.mfaEnabled,
  sendInvitation: false,
});

function Facts({ person }: { person: PersonDetails }) {
  const facts: [string, string][] = [
    ['Status', person.active ? 'Active' : 'Deactivated: cannot sign in'],
    ['Staff role', person.staffRole?.name ?? 'None'],
    ['Curricula assigned', String(person.assignments)],
    ['Open sessions', String(person.openSessions)],
    ['Last sign-in', person.lastSignInAt === null ? 'Never' : formatDate(person.lastSignInAt)],
    ['Password', person.hasPassword ? 'Set' : 'Not set yet (invitation pending)'],
    ['Added', formatDate(person.createdAt)],
  ];
  if (person.lockedUntil !== null) {
    facts.push(['Locked out until', new Date(person.lockedUntil).toLocaleString('en-GB')]);
  }
  return (
    <section className={styles.card} aria-labelledby="person-facts">
      <h2 id="person-facts" className={styles.cardHeading}>
        Summary
      </h2>
      <dl className={styles.facts}>
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Profile({ person }: { person: PersonDetails }) {
  const me = useStaff();
  // A staff member is changed only by an administrator of staff (the server's rule too).
  const managesStaff = useAllows('staff.manage');
  const canEdit =
    useAllows('people.modify') &&
    (!person.isStaff || managesStaff || person.userKey === me.user.userKey);
  const save = usePersonChange(({ sendInvitation: _, ...body }: PersonValues) =>
    updatePerson(person.userKey, body),
  );
  return (
    <div className={styles.personLayout}>
      <section className={styles.card} aria-labelledby="person-profile">
        <h2 id="person-profile" className={styles.cardHeading}>
          Details
        </h2>
        <PersonForm
          initial={valuesOf(person)}
          isNew={false}
          canEdit={canEdit}
          submitLabel="Save changes"
          onSubmit={(values) => save.mutateAsync(values)}
        />
      </section>
      <div className={styles.sideColumn}>
        <Facts person={person} />
        <PersonActions person={person} />
      </div>
    </div>
  );
}

/**
 * One person (docs/decisions/0021): their profile form and account actions, and, for staff who
 * may read records, the Completion Report tree they see (the Record tab). Someone outside the
 * caller's scope is 'No such person.' from the server.
 */
export function PersonPage() {
  const userKey = Number(useParams().userKey);
  const person = usePerson(userKey);
  const canRecord = useAllows('people.record');
  if (!Number.isInteger(userKey) || userKey < 0) {
    return <EmptyState title="No such person." />;
  }
  if (person.isPending) return <Loading label="Loading the person..." />;
  if (person.isError) {
    return (
      <ErrorState
        error={person.error}
        title="This person could not be loaded."
        onRetry={() => void person.refetch()}
      />
    );
  }
  const data = person.data;
  return (
    <div className={styles.page}>
      <p className={styles.back}>
        <Link to="/people">← People</Link>
      </p>
      <PageHeader
        title={data.displayName}
        description={
          <>
            {data.userID}
            {data.email ? ` · ${data.email}` : ''}
            {!data.active && <strong className={styles.inactive}> · Deactivated</strong>}
          </>
        }
      />
      <SectionTabs
        label="Person"
        tabs={[
          { to: `/people/${userKey}`, label: 'Profile', end: true },
          ...(canRecord ? [{ to: `/people/${userKey}/record`, label: 'Record' }] : []),
        ]}
      />
      <Routes>
        <Route index element={<Profile person={data} />} />
        {canRecord && <Route path="record" element={<PersonRecord userKey={userKey} />} />}
      </Routes>
    </div>
  );
}
