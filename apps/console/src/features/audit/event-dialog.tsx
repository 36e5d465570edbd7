import { Modal } from '@waypoint/ui';
import type { AuditEvent } from '../../api/audit';
import { Facts } from '../../components/facts';
import { diffLines } from './audit-diff';
import styles from './audit.module.css';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** One event of the log: who, when, from where, what, and its before and after field by field. */
export function EventDialog({ event, onClose }: { event: AuditEvent; onClose: () => void }) {
  const lines = diffLines(event.before, event.after);
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={event.summary} width={720}>
      <Facts
        className={styles.facts}
        facts={[
          {
            term: 'When',
            value: (
              <>
                {dateTime.format(new Date(event.at))}{' '}
                <span className={styles.muted}>({event.at})</span>
              </>
            ),
          },
          { term: 'Who', value: event.actor.label },
          { term: 'From', value: event.clientAddress || 'the server itself' },
          { term: 'Action', value: <code>{event.action}</code> },
          { term: 'Target', value: `${event.targetType} ${event.targetKey}` },
        ]}
      />
      {lines.length === 0 ? (
        <p className={styles.muted}>No details were recorded.</p>
      ) : (
        <div className={styles.diffScroller}>
          <table className={styles.diff}>
            <caption className="wp-visually-hidden">Before and after</caption>
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">Before</th>
                <th scope="col">After</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <tr key={line.field} className={line.changed ? styles.changed : undefined}>
                  <th scope="row">
                    {line.field}
                    {line.changed && <span className="wp-visually-hidden"> (changed)</span>}
                  </th>
                  <td className={styles.before}>{line.before}</td>
                  <td className={styles.after}>{line.after}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Modal>
  );
}
