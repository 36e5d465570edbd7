import { evaluationLink, type EvaluationItem } from '../../api/evaluations';
import styles from './report.module.css';

/** The evaluations table (§2): column Name, an OPEN link each; shown only when one exists. */
export function EvaluationsTable({ items }: { items: EvaluationItem[] }) {
  if (items.length === 0) return null;
  return (
    <section
      className={styles.card}
      aria-labelledby="evaluations-heading"
      data-testid="evaluations"
    >
      <h2 id="evaluations-heading" className={styles.cardTitle}>
        Evaluations
      </h2>
      <p className={styles.muted}>Tell your training department how it went.</p>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">
              <span className={styles.visuallyHidden}>Action</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.halfLink} data-testid="evaluation-row">
              <th scope="row" className={styles.rowHeader}>
                {item.name}
              </th>
              <td className={styles.actionCell}>
                <a
                  className={styles.openLink}
                  href={evaluationLink(item.halfLink)}
                  aria-label={`OPEN ${item.name}`}
                >
                  OPEN
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
