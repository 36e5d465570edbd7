import { useMemo, useState } from 'react';
import { Loading } from '@waypoint/ui';
import {
  useInspectionMatrix,
  type InspectionInfo,
  type InspectionMatrixQuery,
  type MatrixPage,
  type MatrixRow,
} from '../../api/inspection';
import { DataTable, type ColumnDef, type SortingState } from '../../components/data-table';
import { StatusCellButton } from '../../components/qualification-status';
import { EmptyState, ErrorState } from '../../components/states';
import { InspectionCellDialog } from './inspection-cell-dialog';
import styles from './inspection.module.css';

type Query = Omit<InspectionMatrixQuery, 'limit' | 'offset'>;

/** A curriculum column's id in the table's sorting state. */
const curriculumColumnId = (curriculumKey: number) => `curriculum-${curriculumKey}`;

/** The server's sort from the table's (name, a person column, or a curriculum column). */
function sortQuery(sorting: SortingState): Pick<Query, 'sort' | 'sortCurriculum' | 'order'> {
  const [first] = sorting;
  if (!first) return {};
  const order = first.desc ? ('desc' as const) : undefined;
  const curriculum = /^curriculum-(\d+)$/.exec(first.id);
  if (curriculum) return { sort: 'curriculum', sortCurriculum: Number(curriculum[1]), order };
  if (first.id === 'base' || first.id === 'fleet' || first.id === 'position') {
    return { sort: first.id, order };
  }
  return { sort: 'name', order };
}

function columnsOf(
  curricula: MatrixPage['curricula'],
  onOpen: (row: MatrixRow, curriculumKey: number) => void,
): ColumnDef<MatrixRow>[] {
  return [
    {
      id: 'name',
      // Sorting is the server's; an accessor makes the column sortable in the table.
      accessorFn: (row) => row.displayName,
      header: 'Name',
      size: 220,
      cell: ({ row }) => (
        <span className={styles.person}>
          <span className={styles.personName}>{row.original.displayName}</span>
          <span className={styles.subtle}>
            {[row.original.userID, row.original.employeeId].filter(Boolean).join(' · ')}
          </span>
        </span>
      ),
    },
    { id: 'base', accessorFn: (row) => row.base, header: 'Base' },
    { id: 'fleet', accessorFn: (row) => row.fleet, header: 'Fleet' },
    { id: 'position', accessorFn: (row) => row.position, header: 'Position' },
    ...curricula.map((curriculum, index): ColumnDef<MatrixRow> => ({
      id: curriculumColumnId(curriculum.curriculumKey),
      accessorFn: (row) => row.cells[index]?.status,
      header: curriculum.name,
      size: 200,
      cell: ({ row }) => {
        const cell = row.original.cells[index];
        if (!cell) return null;
        return (
          <StatusCellButton
            cell={cell}
            person={row.original.displayName}
            curriculum={curriculum.name}
            onOpen={() => onOpen(row.original, curriculum.curriculumKey)}
          />
        );
      },
    })),
  ];
}

/**
 * The population's matrix, read-only: people down, the link's curricula across, each cell a
 * status in words and icon that opens its history. The header row stays in view as it scrolls
 * (the data table's sticky header); rows load a page at a time as they come into view.
 */
export function InspectionMatrix({
  token,
  info,
  filter,
}: {
  token: string;
  info: InspectionInfo;
  filter: Pick<Query, 'search' | 'status'>;
}) {
  const [sorting, setSorting] = useState<SortingState>([{ id: 'name', desc: false }]);
  const query = useMemo(() => ({ ...filter, ...sortQuery(sorting) }), [filter, sorting]);
  const matrix = useInspectionMatrix(token, query);
  const [open, setOpen] = useState<{ userKey: number; curriculumKey: number } | null>(null);
  const pages = matrix.data?.pages;
  const first = pages?.[0];
  const rows = useMemo(() => pages?.flatMap((page) => page.rows) ?? [], [pages]);
  const columns = useMemo(
    () =>
      columnsOf(first?.curricula ?? [], (row, curriculumKey) =>
        setOpen({ userKey: row.userKey, curriculumKey }),
      ),
    [first?.curricula],
  );

  if (matrix.isPending) return <Loading label="Loading the matrix..." />;
  if (matrix.isError) {
    return <ErrorState error={matrix.error} onRetry={() => void matrix.refetch()} />;
  }
  return (
    <>
      <p className={styles.count} role="status">
        {first!.total.toLocaleString('en-GB')} {first!.total === 1 ? 'person' : 'people'}
      </p>
      {rows.length === 0 ? (
        <EmptyState title="Nobody matches.">Change the search or the status.</EmptyState>
      ) : (
        <DataTable
          label="Qualification matrix"
          columns={columns}
          rows={rows}
          getRowId={(row) => String(row.userKey)}
          total={first!.total}
          sorting={sorting}
          onSortingChange={setSorting}
          onEndReached={() => void matrix.fetchNextPage()}
          loadingMore={matrix.isFetchingNextPage}
          rowHeight={58}
        />
      )}
      {open && (
        <InspectionCellDialog
          token={token}
          userKey={open.userKey}
          curriculumKey={open.curriculumKey}
          period={info}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}
