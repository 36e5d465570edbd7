import { Modal } from '@waypoint/ui';
import type { AuditEvent } from '../../api/audit';
import { diffLines } from './audit-diff';
import styles from './audit.module.css';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** One event of the log: who, when, from where, what, and its before and after field by field. */
export function EventDialog({ event, onClose }: { event: AuditEvent; onClose: () => void }) {
  const lines = diffLines(event.before, event.after);
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={event.summary} width={720}>
      <dl className={styles.facts}>
        <div>
          <dt>When</dt>
          <dd>
            {dateTime.format(new Date(event.at))} <span className={styles.muted}>({event.at})</span>
          </dd>
        </div>
        <div>
          <dt>Who</dt>
          <dd>{event.actor.label}</dd>
        </div>
        <div>
          <dt>From</dt>
          <dd>{event.clientAddress || 'the server itself'}</dd>
        </div>
        <div>
          <dt>Action</dt>
          <dd>
            <code>{event.action}</code>
          </dd>
        </div>
        <div>
          <dt>Target</dt>
          <dd>
            {event.targetType} {event.targetKey}
          </dd>
        </div>
      </dl>
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
