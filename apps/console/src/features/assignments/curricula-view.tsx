import { Link, useParams } from 'react-router';
import { Loading } from '@waypoint/ui';
import { useAssignableCurricula, useCurriculumAssignments } from '../../api/assignments';
import { EmptyState, ErrorState } from '../../components/states';
import { AssignmentsTable } from './assignments-table';
import styles from './assignments.module.css';

/** The curricula of the LMS with how many people in scope hold each; each opens its table. */
export function CurriculaView() {
  const curricula = useAssignableCurricula();
  if (curricula.isPending) return <Loading label="Loading curricula..." />;
  if (curricula.isError)
    return <ErrorState error={curricula.error} onRetry={() => void curricula.refetch()} />;
  if (curricula.data.curricula.length === 0) return <EmptyState title="No curricula yet." />;
  return (
    <section className={styles.section} aria-labelledby="curricula-heading">
      <h2 id="curricula-heading" className={styles.heading}>
        Curricula
      </h2>
      <ul className={styles.curricula}>
        {curricula.data.curricula.map((curriculum) => (
          <li key={curriculum.curriculumKey}>
            <Link to={`/assignments/curricula/${curriculum.curriculumKey}`}>{curriculum.name}</Link>{' '}
            <span className={styles.muted}>
              {curriculum.assignedCount} {curriculum.assignedCount === 1 ? 'person' : 'people'}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One curriculum's assignments to the people in scope, with Unassign. */
export function CurriculumAssignmentsView() {
  const curriculumKey = Number(useParams().curriculumKey);
  const assignments = useCurriculumAssignments(curriculumKey);
  if (assignments.isPending) return <Loading label="Loading assignments..." />;
  if (assignments.isError)
    return <ErrorState error={assignments.error} onRetry={() => void assignments.refetch()} />;
  const { curriculum, assignments: rows } = assignments.data;
  return (
    <section className={styles.section} aria-labelledby="curriculum-heading">
      <p className={styles.back}>
        <Link to="/assignments/curricula">← All curricula</Link>
      </p>
      <h2 id="curriculum-heading" className={styles.heading}>
        {curriculum.name}
      </h2>
      <p className={styles.muted}>
        Held by {rows.length} {rows.length === 1 ? 'person' : 'people'} you can see.
      </p>
      {rows.length === 0 ? (
        <EmptyState title="No one you can see holds this curriculum." />
      ) : (
        <AssignmentsTable label={`Assignments of ${curriculum.name}`} rows={rows} show="person" />
      )}
    </section>
  );
}
