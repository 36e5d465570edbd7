import { useCallback, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, ErrorLine, Loading } from '@waypoint/ui';
import { downloadAuditCsv, useAuditLog, type AuditEvent, type AuditFilter } from '../../api/audit';
import { useStaff } from '../../api/session';
import { DataTable, type ColumnDef } from '../../components/data-table';
import { FormField } from '../../components/form-field';
import { PageHeader } from '../../components/page-header';
import { EmptyState, ErrorState, errorMessage } from '../../components/states';
import { EventDialog } from './event-dialog';
import styles from './audit.module.css';

type FilterForm = Required<{ [K in keyof AuditFilter]: string }>;

const EMPTY: FilterForm = {
  actor: '',
  action: '',
  targetType: '',
  targetKey: '',
  from: '',
  to: '',
  q: '',
};

/** The filter the server is asked for: blank fields left out. */
const filterOf = (form: FilterForm): AuditFilter =>
  Object.fromEntries(
    Object.entries(form)
      .map(([key, value]) => [key, value.trim()])
      .filter(([, value]) => value !== ''),
  ) as AuditFilter;

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The audit log (docs/decisions/0021): every staff action and operator command of the LMS, newest
 * first, filtered on the server and paged by event key as the table scrolls; an event's before
 * and after side by side; the filtered view as CSV. Needs audit.view; it changes nothing.
 */
export default function AuditPage() {
  const me = useStaff();
  const form = useForm<FilterForm>({ defaultValues: EMPTY });
  const [filter, setFilter] = useState<AuditFilter>({});
  const [open, setOpen] = useState<AuditEvent | null>(null);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState('');
  const log = useAuditLog(filter);
  const events = useMemo(() => log.data?.pages.flatMap((page) => page.events) ?? [], [log.data]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = log;
  const more = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const columns = useMemo<ColumnDef<AuditEvent>[]>(
    () => [
      {
        id: 'at',
        header: 'When',
        size: 170,
        cell: ({ row }) => (
          <time dateTime={row.original.at}>{dateTime.format(new Date(row.original.at))}</time>
        ),
      },
      { id: 'actor', header: 'Who', cell: ({ row }) => row.original.actor.label },
      {
        id: 'action',
        header: 'Action',
        cell: ({ row }) => <code className={styles.action}>{row.original.action}</code>,
      },
      { id: 'summary', header: 'What', cell: ({ row }) => row.original.summary },
      {
        id: 'address',
        header: 'From',
        cell: ({ row }) => row.original.clientAddress || '—',
      },
      {
        id: 'details',
        header: () => <span className="wp-visually-hidden">Details</span>,
        cell: ({ row }) => (
          // Named in full by aria-label: a visually hidden span inside the table would be placed
          // outside its scrolling area and widen the page.
          <Button
            small
            onClick={() => setOpen(row.original)}
            aria-label={`Details of ${row.original.summary}`}
          >
            Details
          </Button>
        ),
      },
    ],
    [],
  );

  const exportCsv = async () => {
    setExporting(true);
    setExportError('');
    try {
      const day = new Date().toISOString().slice(0, 10);
      await downloadAuditCsv(filter, `audit-${me.lms.lmsCode}-${day}.csv`);
    } catch (error) {
      setExportError(errorMessage(error));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className={styles.page}>
      <PageHeader
        title="Audit log"
        description="Every change made in the console or by the operator: who, when, from where, and what it was before and after."
        actions={
          <Button onClick={() => void exportCsv()} busy={exporting}>
            Export CSV
          </Button>
        }
      />
      <ErrorLine message={exportError} />
      <form
        className={styles.filters}
        aria-label="Filter the audit log"
        onSubmit={(event) => void form.handleSubmit((values) => setFilter(filterOf(values)))(event)}
        noValidate
      >
        <FormField form={form} name="actor" label="Who (login or operator)" autoComplete="off" />
        <FormField
          form={form}
          name="action"
          label="Action starts with"
          placeholder="staff.role"
          autoComplete="off"
        />
        <FormField form={form} name="targetType" label="Target type" autoComplete="off" />
        <FormField form={form} name="targetKey" label="Target key" autoComplete="off" />
        <FormField form={form} name="from" label="From (UTC day)" type="date" />
        <FormField
          form={form}
          name="to"
          label="To (UTC day)"
          type="date"
          rules={{
            validate: (to: string, values: FilterForm) =>
              !to || !values.from || values.from <= to || 'The end is before the start.',
          }}
        />
        <FormField form={form} name="q" label="Text in what happened" autoComplete="off" />
        <div className={styles.filterActions}>
          <Button type="submit" variant="primary">
            Apply
          </Button>
          <Button
            type="button"
            variant="ghost"
            onClick={() => {
              form.reset(EMPTY);
              setFilter({});
            }}
          >
            Clear
          </Button>
        </div>
      </form>
      {log.isPending ? (
        <Loading label="Loading the audit log..." />
      ) : log.isError ? (
        <ErrorState error={log.error} onRetry={() => void log.refetch()} />
      ) : events.length === 0 ? (
        <EmptyState title="No events match these filters." />
      ) : (
        <DataTable
          label="Audit events, newest first"
          columns={columns}
          rows={events}
          getRowId={(event) => String(event.eventKey)}
          total={hasNextPage ? events.length + 1 : events.length}
          onEndReached={more}
          loadingMore={isFetchingNextPage}
          height="min(65vh, 720px)"
        />
      )}
      {open && <EventDialog event={open} onClose={() => setOpen(null)} />}
    </div>
  );
}
