import { useState } from 'react';
import { Button, ErrorLine, IconDownload, Modal, TextField } from '@waypoint/ui';
import type { ComplianceList } from '@waypoint/domain/staff';
import { downloadExport, type ComplianceFilter, type ExportRequest } from '../../api/compliance';
import { useAllows } from '../../api/session';
import { errorMessage } from '../../components/states';
import styles from './compliance.module.css';

/** A UTC day as yyyy-mm-dd (the export's period is whole UTC days). */
const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/** The last 12 months: from a year before today (UTC) to today. */
export function lastTwelveMonths(now = new Date()): { from: string; to: string } {
  const from = new Date(now);
  from.setUTCFullYear(from.getUTCFullYear() - 1);
  from.setUTCDate(from.getUTCDate() + 1);
  return { from: utcDay(from), to: utcDay(now) };
}

/** The training records' period, asked for before the zip is made. */
function RecordsDialog({ filter, onClose }: { filter: ComplianceFilter; onClose: () => void }) {
  const [period, setPeriod] = useState(lastTwelveMonths);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const invalid = !period.from || !period.to || period.from > period.to;
  const download = async () => {
    setBusy(true);
    setFailure('');
    try {
      await downloadExport({ what: 'records', format: 'zip', filter, ...period });
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      onOpenChange={(next) => !next && !busy && onClose()}
      title="Training records (zip)"
      description="One PDF per person shown, and a CSV of every record, for the period."
      width={480}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant="primary" busy={busy} disabled={invalid} onClick={() => void download()}>
            Download zip
          </Button>
        </>
      }
    >
      <div className={styles.period}>
        <TextField
          label="From (UTC day)"
          type="date"
          value={period.from}
          max={period.to || undefined}
          onChange={(event) => setPeriod({ ...period, from: event.target.value })}
        />
        <TextField
          label="To (UTC day)"
          type="date"
          value={period.to}
          min={period.from || undefined}
          onChange={(event) => setPeriod({ ...period, to: event.target.value })}
          invalid={invalid}
          hint={invalid ? 'The period needs a start on or before its end.' : undefined}
        />
      </div>
      <ErrorLine message={failure} />
    </Modal>
  );
}

/**
 * CSV and XLSX of what is shown (its filters), and on the matrix the training records of the
 * population as a zip. Each asks the server for a one-time download address and hands it to the
 * browser; busy while it is prepared, its error shown beside the buttons.
 */
export function ExportButtons({
  what,
  list,
  filter,
  records = false,
}: {
  what: 'matrix' | 'list';
  list?: ComplianceList;
  filter: ComplianceFilter;
  /** Offer the training records zip too (the matrix). */
  records?: boolean;
}) {
  const allowed = useAllows('compliance.export');
  const [busy, setBusy] = useState<'csv' | 'xlsx' | null>(null);
  const [failure, setFailure] = useState('');
  const [asking, setAsking] = useState(false);
  if (!allowed) return null;
  const start = async (format: 'csv' | 'xlsx') => {
    setBusy(format);
    setFailure('');
    try {
      const request: ExportRequest = { what, format, filter, ...(list ? { list } : {}) };
      await downloadExport(request);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className={styles.exports}>
      <div className={styles.exportButtons} role="group" aria-label="Export">
        <Button
          small
          busy={busy === 'csv'}
          disabled={busy !== null}
          onClick={() => void start('csv')}
        >
          <IconDownload size={16} /> Export CSV
        </Button>
        <Button
          small
          busy={busy === 'xlsx'}
          disabled={busy !== null}
          onClick={() => void start('xlsx')}
        >
          <IconDownload size={16} /> Export XLSX
        </Button>
        {records && (
          <Button small onClick={() => setAsking(true)}>
            <IconDownload size={16} /> Training records (zip)
          </Button>
        )}
      </div>
      <ErrorLine message={failure} />
      {asking && <RecordsDialog filter={filter} onClose={() => setAsking(false)} />}
    </div>
  );
}
