import { Link, useParams } from 'react-router';
import { Loading } from '@waypoint/ui';
import { usePersonAssignments } from '../../api/assignments';
import { EmptyState, ErrorState } from '../../components/states';
import { AssignmentsTable } from './assignments-table';
import styles from './assignments.module.css';

/** One person's assignments, with Unassign. */
export function PersonAssignmentsView() {
  const userKey = Number(useParams().userKey);
  const assignments = usePersonAssignments(userKey);
  if (assignments.isPending) return <Loading label="Loading assignments..." />;
  if (assignments.isError)
    return <ErrorState error={assignments.error} onRetry={() => void assignments.refetch()} />;
  const { person, assignments: rows } = assignments.data;
  const where = [person.base, person.fleet, person.position].filter(Boolean).join(' · ');
  return (
    <section className={styles.section} aria-labelledby="person-heading">
      <p className={styles.back}>
        <Link to="/assignments/curricula">← By curriculum</Link>
      </p>
      <h2 id="person-heading" className={styles.heading}>
        {person.displayName} <span className={styles.muted}>({person.userID})</span>
      </h2>
      {where && <p className={styles.muted}>{where}</p>}
      {rows.length === 0 ? (
        <EmptyState title="Nothing is assigned to this person." />
      ) : (
        <AssignmentsTable
          label={`Assignments of ${person.displayName}`}
          rows={rows}
          show="curriculum"
        />
      )}
    </section>
  );
}
