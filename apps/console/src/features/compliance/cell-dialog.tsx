import { useCellHistory } from '../../api/compliance';
import { CellHistoryDialog } from '../../components/cell-history-dialog';
import { PendingState } from '../../components/states';

/** One cell's history for staff, with each event's audit action. */
export function CellDialog({
  userKey,
  curriculumKey,
  onClose,
}: {
  userKey: number;
  curriculumKey: number;
  onClose: () => void;
}) {
  const history = useCellHistory(userKey, curriculumKey);
  return (
    <CellHistoryDialog
      history={history.data}
      fallback={<PendingState query={history} label="Loading the history..." />}
      showActions
      onClose={onClose}
    />
  );
}
