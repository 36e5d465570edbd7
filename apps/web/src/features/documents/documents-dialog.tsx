import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { expiresSoonLabel } from '@waypoint/domain';
import { unwrap } from '../../api/client';
import { getAssignedDocuments } from '../../api/documents';
import { queryKeys } from '../../api/query-keys';
import { Button } from '@waypoint/ui/button';
import { Loading } from '@waypoint/ui/loading';
import { Modal } from '@waypoint/ui/modal';
import { IconDocument } from '../../components/icons';
import { useAppState } from '../../lib/use-app-state';
import { DocumentDetailView } from './document-detail';
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

function DocumentRow({
  document,
  now,
  onOpen,
}: {
  document: AssignedDocument;
  now: number;
  onOpen: () => void;
}) {
  const status = documentStatus(document, now);
  const expiration = document.expirationInstant;
  // Beyond the spec: a document about to expire says so while there is time to renew it. Days are
  // counted in the browser's time zone, the one its dates are shown in (ADR 0010, "Day counts").
  const soon =
    status === 'none' && expiration > 0
      ? expiresSoonLabel(expiration, now, Intl.DateTimeFormat().resolvedOptions().timeZone)
      : null;
  return (
    <li>
      <button
        type="button"
        className={styles.row}
        data-status={status}
        data-soon={soon ? 'true' : undefined}
        onClick={onOpen}
      >
        <span className={styles.icon}>
          <IconDocument size={18} />
        </span>
        <div className={styles.text}>
          <span className={styles.name}>{document.name}</span>
          {document.description && (
            <span className={styles.description}>{document.description}</span>
          )}
        </div>
        {status !== 'none' ? (
          <span className={`${styles.badge} ${styles[status]}`}>{status}</span>
        ) : soon ? (
          <span className={`${styles.badge} ${styles.soon}`}>{soon}</span>
        ) : (
          <span className={styles.badge}>
            {expiration > 0 ? `Expires ${formatDate(expiration)}` : 'Submitted'}
          </span>
        )}
      </button>
    </li>
  );
}

/**
 * The Documents pop-up (spec §2): loading indicator, the assigned documents (if any), a document's
 * form with Back, Close.
 */
export function DocumentsDialog({ open, onOpenChange }: DocumentsDialogProps) {
  const [openForm, setOpenForm] = useState<AssignedDocument | null>(null);
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
  const close = (next: boolean) => {
    if (!next) setOpenForm(null);
    onOpenChange(next);
  };
  return (
    <Modal
      open={open}
      onOpenChange={close}
      title={openForm ? openForm.name : 'Documents'}
      description={
        openForm
          ? openForm.description || undefined
          : 'Forms and records your training department has assigned to you.'
      }
      icon={<IconDocument size={22} />}
      width={560}
      testId="documents-dialog"
      footer={
        <Button variant={openForm ? 'secondary' : 'primary'} onClick={() => close(false)}>
          Close
        </Button>
      }
    >
      {openForm ? (
        <DocumentDetailView
          formKey={openForm.formKey}
          lmsKey={lmsKey}
          userKey={userKey}
          onBack={() => setOpenForm(null)}
        />
      ) : documents.isLoading ? (
        <Loading label="Loading..." />
      ) : list.length > 0 ? (
        <ul className={styles.list} aria-label="Assigned documents">
          {list.map((document) => (
            <DocumentRow
              key={document.formKey}
              document={document}
              now={now}
              onOpen={() => setOpenForm(document)}
            />
          ))}
        </ul>
      ) : (
        <p className={styles.empty}>You have no assigned documents.</p>
      )}
    </Modal>
  );
}
