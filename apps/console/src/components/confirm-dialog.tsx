import { useState, type ReactNode } from 'react';
import { Button, ErrorLine, Modal } from '@waypoint/ui';
import { errorMessage } from './states';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** What will happen, in a sentence or two. */
  children: ReactNode;
  /** The confirming button's words: 'Deactivate', 'Unassign'. */
  confirmLabel: string;
  /** Danger styling for actions that take something away. */
  danger?: boolean;
  /** The action; the dialog closes when it resolves, and shows the error when it throws. */
  onConfirm: () => Promise<unknown>;
}

/** Asks before an action: Cancel, or the action (busy while it runs; its error shown in place). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  children,
  confirmLabel,
  danger = false,
  onConfirm,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const change = (next: boolean) => {
    if (busy) return;
    setFailure('');
    onOpenChange(next);
  };
  const confirm = async () => {
    setBusy(true);
    setFailure('');
    try {
      await onConfirm();
      onOpenChange(false);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      onOpenChange={change}
      title={title}
      tone={danger ? 'danger' : 'default'}
      width={480}
      footer={
        <>
          <Button variant="secondary" onClick={() => change(false)} disabled={busy}>
            Cancel
          </Button>
          <Button
            variant={danger ? 'danger' : 'primary'}
            busy={busy}
            onClick={() => void confirm()}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
      <ErrorLine message={failure} />
    </Modal>
  );
}
