import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Loading } from '@waypoint/ui';
import { useMatrix, useMatrixFacts, type MatrixRow } from '../../api/compliance';
import { StatusCellButton, StatusLegend } from '../../components/qualification-status';
import { EmptyState, ErrorState } from '../../components/states';
import { useSettled } from '../../lib/use-settled';
import { CellDialog } from './cell-dialog';
import { filterOf, matrixQueryOf, sortOf, withParams } from './compliance-filters';
import { ExportButtons } from './export-buttons';
import { FilterBar } from './filter-bar';
import { Pager } from './pager';
import { RecalculatingNotice } from './recalculating-notice';
import styles from './compliance.module.css';

type PersonSort = 'name' | 'base' | 'fleet' | 'position';
const PERSON_COLUMNS: { sort: Exclude<PersonSort, 'name'>; label: string }[] = [
  { sort: 'base', label: 'Base' },
  { sort: 'fleet', label: 'Fleet' },
  { sort: 'position', label: 'Position' },
];

/** A header cell that sorts by its column: the order shown with aria-sort and an arrow. */
function SortHeader({
  label,
  active,
  desc,
  onSort,
  className,
}: {
  label: string;
  active: boolean;
  desc: boolean;
  onSort: () => void;
  className?: string;
}) {
  return (
    <th
      scope="col"
      className={className}
      aria-sort={active ? (desc ? 'descending' : 'ascending') : undefined}
    >
      <button type="button" className={styles.sort} onClick={onSort}>
        <span>{label}</span>
        <span aria-hidden="true" className={styles.sortMark}>
          {active ? (desc ? '▼' : '▲') : '↕'}
        </span>
      </button>
    </th>
  );
}

/**
 * The qualification matrix (docs/decisions/0022): the people in the viewer's scope down, the
 * curricula across, each cell one status in words with its date and an icon. Filters, sort and
 * page live in the address; the server filters, sorts and pages. The header row and the name
 * column stay in view while the matrix scrolls inside its box. A cell opens its history; a name
 * opens the person's page.
 */
export function MatrixView() {
  const [params, setParams] = useSearchParams();
  const query = useSettled(
    useMemo(() => matrixQueryOf(params), [params]),
    250,
  );
  const matrix = useMatrix(query);
  const facts = useMatrixFacts();
  const sort = sortOf(params);
  const [open, setOpen] = useState<{ row: MatrixRow; curriculumKey: number } | null>(null);
  const page = matrix.data;
  const columns = page?.curricula ?? [];

  const sortBy = (next: PersonSort | 'curriculum', curriculumKey?: number) => {
    const same =
      sort.sort === next && (next !== 'curriculum' || sort.curriculumKey === curriculumKey);
    const desc = same ? !sort.desc : false;
    setParams((current) =>
      withParams(current, {
        sort: next === 'name' ? '' : next,
        sortCurriculum: next === 'curriculum' ? String(curriculumKey) : '',
        order: desc ? 'desc' : '',
      }),
    );
  };

  return (
    <section className={styles.view} aria-label="Qualification matrix">
      <FilterBar
        filters={page?.filters ?? facts.data?.filters}
        curricula={facts.data?.curricula ?? columns}
      />
      <div className={styles.toolbar}>
        <ExportButtons what="matrix" filter={filterOf(params)} records />
      </div>
      <RecalculatingNotice count={page?.recalculating ?? 0} />
      <StatusLegend />
      {matrix.isPending ? (
        <Loading label="Loading the matrix..." />
      ) : matrix.isError ? (
        <ErrorState error={matrix.error} onRetry={() => void matrix.refetch()} />
      ) : page && page.rows.length === 0 ? (
        <EmptyState title="Nobody matches.">Change the search or the filters.</EmptyState>
      ) : page ? (
        <>
          <div
            className={styles.matrixScroller}
            role="region"
            aria-label="Qualification matrix, scrollable"
            tabIndex={0}
            aria-busy={matrix.isFetching || undefined}
          >
            <table className={styles.matrix}>
              <caption className="wp-visually-hidden">
                Qualification matrix: people and their standing in each curriculum
              </caption>
              <thead>
                <tr>
                  <SortHeader
                    label="Name"
                    className={styles.nameColumn}
                    active={sort.sort === 'name'}
                    desc={sort.desc}
                    onSort={() => sortBy('name')}
                  />
                  {PERSON_COLUMNS.map((column) => (
                    <SortHeader
                      key={column.sort}
                      label={column.label}
                      active={sort.sort === column.sort}
                      desc={sort.desc}
                      onSort={() => sortBy(column.sort)}
                    />
                  ))}
                  {columns.map((column) => (
                    <SortHeader
                      key={column.curriculumKey}
                      label={column.name}
                      className={styles.curriculumColumn}
                      active={
                        sort.sort === 'curriculum' && sort.curriculumKey === column.curriculumKey
                      }
                      desc={sort.desc}
                      onSort={() => sortBy('curriculum', column.curriculumKey)}
                    />
                  ))}
                </tr>
              </thead>
              <tbody>
                {page.rows.map((row) => (
                  <tr key={row.userKey}>
                    <th scope="row" className={styles.nameColumn}>
                      <Link to={`/people/${row.userKey}`} className={styles.personLink}>
                        {row.displayName}
                      </Link>
                      {row.employeeId && <span className={styles.subtle}>{row.employeeId}</span>}
                    </th>
                    <td>{row.base}</td>
                    <td>{row.fleet}</td>
                    <td>{row.position}</td>
                    {row.cells.map((cell, index) => {
                      const column = columns[index];
                      return (
                        <td key={cell.curriculumKey} className={styles.cellColumn}>
                          <StatusCellButton
                            cell={cell}
                            person={row.displayName}
                            curriculum={column?.name ?? 'curriculum'}
                            onOpen={() => setOpen({ row, curriculumKey: cell.curriculumKey })}
                          />
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager total={page.total} noun={page.total === 1 ? 'person' : 'people'} />
        </>
      ) : null}
      {open && (
        <CellDialog
          userKey={open.row.userKey}
          curriculumKey={open.curriculumKey}
          onClose={() => setOpen(null)}
        />
      )}
    </section>
  );
}
