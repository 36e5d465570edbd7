import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../api/client';
import { getAssignedDocuments } from '../../api/documents';
import { queryKeys } from '../../api/query-keys';
import { Button } from '../../components/button';
import { IconDocument } from '../../components/icons';
import { Loading } from '../../components/loading';
import { Modal } from '../../components/modal';
import { useAppState } from '../../lib/use-app-state';
import { documentStatus, type AssignedDocument } from './document-status';
import styles from './documents-dialog.module.css';

export interface DocumentsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** YYYY/MM/DD (spec §9). */
function formatDate(instant: number): string {
  const date = new Date(instant);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}/${pad(date.getMonth() + 1)}/${pad(date.getDate())}`;
}

function DocumentRow({ document, now }: { document: AssignedDocument; now: number }) {
  const status = documentStatus(document, now);
  const expiration = document.expirationInstant;
  return (
    <li className={styles.row} data-status={status}>
      <span className={styles.icon}>
        <IconDocument size={18} />
      </span>
      <div className={styles.text}>
        <span className={styles.name}>{document.name}</span>
        {document.description && <span className={styles.description}>{document.description}</span>}
      </div>
      {status === 'none' ? (
        <span className={styles.badge}>
          {expiration > 0 ? `Expires ${formatDate(expiration)}` : 'Submitted'}
        </span>
      ) : (
        <span className={`${styles.badge} ${styles[status]}`}>{status}</span>
      )}
    </li>
  );
}

/** The Documents pop-up (spec §2): loading indicator, the assigned documents (if any), Close. */
export function DocumentsDialog({ open, onOpenChange }: DocumentsDialogProps) {
  const lmsKey = useAppState((state) => state.currentUser?.lmsKey ?? -1);
  const userKey = useAppState((state) => state.currentUser?.userKey ?? -1);
  const documents = useQuery({
    queryKey: queryKeys.documents.list(lmsKey, userKey),
    queryFn: async () => unwrap(await getAssignedDocuments(lmsKey, userKey)),
    enabled: open && lmsKey >= 0 && userKey >= 0,
    retry: false,
  });
  // Statuses are judged at the moment the list arrived, so a re-render never changes them.
  const now = documents.dataUpdatedAt;
  const list = documents.data ?? [];
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Documents"
      description="Forms and records your training department has assigned to you."
      icon={<IconDocument size={22} />}
      width={560}
      testId="documents-dialog"
      footer={
        <Button variant="primary" onClick={() => onOpenChange(false)}>
          Close
        </Button>
      }
    >
      {documents.isLoading ? (
        <Loading label="Loading..." />
      ) : list.length > 0 ? (
        <ul className={styles.list} aria-label="Assigned documents">
          {list.map((document) => (
            <DocumentRow key={document.formKey} document={document} now={now} />
          ))}
        </ul>
      ) : (
        <p className={styles.empty}>You have no assigned documents.</p>
      )}
    </Modal>
  );
}
