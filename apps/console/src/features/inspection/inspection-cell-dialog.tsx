import { useInspectionCell } from '../../api/inspection';
import { CellHistoryDialog } from '../../components/cell-history-dialog';
import { PendingState } from '../../components/states';
import { periodText } from './inspection-text';

/**
 * One cell's history as the inspector may see it: within the link's period (the server leaves
 * the rest out), and who did what without the audit log's action names.
 */
export function InspectionCellDialog({
  token,
  userKey,
  curriculumKey,
  period,
  onClose,
}: {
  token: string;
  userKey: number;
  curriculumKey: number;
  period: { periodFrom: string; periodTo: string };
  onClose: () => void;
}) {
  const history = useInspectionCell(token, userKey, curriculumKey);
  return (
    <CellHistoryDialog
      history={history.data}
      fallback={<PendingState query={history} label="Loading the history..." />}
      note={`Records of the period ${periodText(period)} only; work outside it is not shown.`}
      noEvents="No events recorded in the period."
      onClose={onClose}
    />
  );
}
