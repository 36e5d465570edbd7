import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatDate } from '@waypoint/domain';
import { COMPLIANCE_LISTS } from '@waypoint/domain/staff';
import { Loading } from '@waypoint/ui';
import {
  COMPLIANCE_PAGE_SIZE,
  useComplianceList,
  useMatrixFacts,
  type ListRow,
} from '../../api/compliance';
import { DataTable, type ColumnDef } from '../../components/data-table';
import { StatusText } from '../../components/qualification-status';
import { EmptyState, ErrorState } from '../../components/states';
import { useSettled } from '../../lib/use-settled';
import { filterOf, LIST_TEXT, listOf, offsetOf, pageOf, withParams } from './compliance-filters';
import { ExportButtons } from './export-buttons';
import { FilterBar } from './filter-bar';
import { Pager } from './pager';
import { RecalculatingNotice } from './recalculating-notice';
import styles from './compliance.module.css';

const columns: ColumnDef<ListRow, unknown>[] = [
  {
    id: 'name',
    header: 'Name',
    size: 200,
    cell: ({ row }) => (
      <Link to={`/people/${row.original.userKey}`} className={styles.personLink}>
        {row.original.displayName}
      </Link>
    ),
  },
  { id: 'employeeId', header: 'Employee ID', cell: ({ row }) => row.original.employeeId },
  { id: 'base', header: 'Base', cell: ({ row }) => row.original.base },
  { id: 'fleet', header: 'Fleet', cell: ({ row }) => row.original.fleet },
  { id: 'position', header: 'Position', cell: ({ row }) => row.original.position },
  { id: 'curriculum', header: 'Curriculum', cell: ({ row }) => row.original.curriculumName },
  { id: 'status', header: 'Status', cell: ({ row }) => <StatusText cell={row.original} /> },
  { id: 'due', header: 'Due', cell: ({ row }) => formatDate(row.original.dueAt) },
];

/**
 * The daily lists (docs/decisions/0022): overdue now, expiring within 30/60/90 days, never
 * started, failed; one row per person and curriculum, with the matrix's filters, paged by the
 * server, and exported as shown.
 */
export function ListsView() {
  const [params, setParams] = useSearchParams();
  const list = listOf(params);
  const filter = useMemo(() => {
    // A list is a status question of its own: the matrix's status filter does not apply.
    const { status: _status, ...rest } = filterOf(params);
    return rest;
  }, [params]);
  const query = useSettled(
    useMemo(
      () => ({ ...filter, limit: COMPLIANCE_PAGE_SIZE, offset: offsetOf(pageOf(params)) }),
      [filter, params],
    ),
    250,
  );
  const answer = useComplianceList(list, query);
  const facts = useMatrixFacts();
  const page = answer.data;
  return (
    <section className={styles.view} aria-label="Lists">
      <fieldset className={styles.segmented}>
        <legend className="wp-visually-hidden">List</legend>
        {COMPLIANCE_LISTS.map((each) => (
          <label key={each} className={each === list ? styles.segmentOn : styles.segment}>
            <input
              type="radio"
              name="compliance-list"
              value={each}
              checked={each === list}
              onChange={() =>
                setParams((current) =>
                  withParams(current, { list: each === 'overdue' ? '' : each }),
                )
              }
            />
            {LIST_TEXT[each]}
          </label>
        ))}
      </fieldset>
      <FilterBar
        filters={facts.data?.filters}
        curricula={facts.data?.curricula ?? []}
        statusFilter={false}
      />
      <div className={styles.toolbar}>
        <ExportButtons what="list" list={list} filter={filter} />
      </div>
      <RecalculatingNotice count={page?.recalculating ?? 0} />
      {answer.isPending ? (
        <Loading label="Loading the list..." />
      ) : answer.isError ? (
        <ErrorState error={answer.error} onRetry={() => void answer.refetch()} />
      ) : page && page.rows.length === 0 ? (
        <EmptyState title={`Nobody is on the list '${LIST_TEXT[list]}'.`}>
          With these filters, nobody matches.
        </EmptyState>
      ) : page ? (
        <>
          <DataTable
            // The answer's list, not the one just chosen: the last rows stay while the next load.
            label={`${LIST_TEXT[page.list]}: people and curricula`}
            columns={columns}
            rows={page.rows}
            getRowId={(row) => `${row.userKey}-${row.curriculumKey}`}
          />
          <Pager total={page.total} noun={page.total === 1 ? 'record' : 'records'} />
        </>
      ) : null}
    </section>
  );
}
