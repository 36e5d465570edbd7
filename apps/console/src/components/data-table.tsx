import { useEffect, useRef } from 'react';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type OnChangeFn,
  type RowSelectionState,
  type SortingState,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Loading } from '@waypoint/ui';
import styles from './data-table.module.css';

export type { ColumnDef, RowSelectionState, SortingState } from '@tanstack/react-table';

/** Rows shown before the scrolling area has been measured. */
const FIRST_ROWS = 30;

export interface DataTableProps<Row> {
  /** The table's accessible name (its caption, visually hidden). */
  label: string;
  // Cell value types differ per column, as TanStack Table's own examples declare them.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<Row, any>[];
  /** The rows loaded so far (pages from the server, in order). */
  rows: readonly Row[];
  /** A stable id per row (selection and React keys). */
  getRowId: (row: Row) => string;
  /** How many rows the server has for the filters (aria-rowcount); rows.length when unknown. */
  total?: number;
  /** Server-side sorting: the table shows and changes it, the caller loads accordingly. */
  sorting?: SortingState;
  onSortingChange?: OnChangeFn<SortingState>;
  /** Row selection (a checkbox column is the caller's: see selectColumn). */
  rowSelection?: RowSelectionState;
  onRowSelectionChange?: OnChangeFn<RowSelectionState>;
  /** Called when the last loaded rows come into view and more exist: load the next page. */
  onEndReached?: () => void;
  /** A next page is loading (a line under the rows says so). */
  loadingMore?: boolean;
  /** The scrolling area's height; rows outside it are not rendered (TanStack Virtual). */
  height?: string;
  /** A row's estimated height in px before it is measured. */
  rowHeight?: number;
}

/**
 * A data grid for long server-paged lists (10,000 people): TanStack Table for columns, sorting
 * and selection, TanStack Virtual so only the rows in view are in the DOM. It stays a real
 * <table> (header cells, aria-rowcount and aria-rowindex), so screen readers and keyboard users
 * get a table; the scrolling area is focusable to scroll with the keys. Sorting and filtering are
 * the server's (manualSorting): the caller passes what it loaded.
 */
export function DataTable<Row>({
  label,
  columns,
  rows,
  getRowId,
  total,
  sorting,
  onSortingChange,
  rowSelection,
  onRowSelectionChange,
  onEndReached,
  loadingMore = false,
  height = 'min(70vh, 720px)',
  rowHeight = 44,
}: DataTableProps<Row>) {
  // TanStack Table returns functions that are not memo-safe (documented; the React Compiler skips it).
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rows as Row[],
    columns,
    getRowId: (row) => getRowId(row),
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    enableSortingRemoval: false,
    enableRowSelection: rowSelection !== undefined,
    state: {
      ...(sorting ? { sorting } : {}),
      ...(rowSelection ? { rowSelection } : {}),
    },
    onSortingChange,
    onRowSelectionChange,
  });
  const tableRows = table.getRowModel().rows;
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: tableRows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 12,
  });
  // Before the scrolling area has a size (the first paint, or no layout at all as in jsdom) the
  // virtualizer has no rows in view: the first rows are shown until it measures.
  const measured = virtualizer.getVirtualItems();
  const items =
    measured.length > 0 || tableRows.length === 0
      ? measured
      : tableRows.slice(0, FIRST_ROWS).map((_, index) => ({
          index,
          start: index * rowHeight,
          end: (index + 1) * rowHeight,
        }));
  const last = items.at(-1)?.index ?? -1;
  const known = total ?? rows.length;
  useEffect(() => {
    if (onEndReached && !loadingMore && last >= tableRows.length - 1 && tableRows.length < known)
      onEndReached();
  }, [last, tableRows.length, known, loadingMore, onEndReached]);

  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const width = table.getVisibleLeafColumns().length;
  return (
    <div
      ref={scroller}
      className={styles.scroller}
      style={{ maxHeight: height }}
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      <table className={styles.table} aria-rowcount={known + 1}>
        <caption className="wp-visually-hidden">{label}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} aria-rowindex={1}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const canSort = onSortingChange !== undefined && header.column.getCanSort();
                const content = header.isPlaceholder
                  ? null
                  : flexRender(header.column.columnDef.header, header.getContext());
                return (
                  <th
                    key={header.id}
                    scope="col"
                    style={{ width: header.column.columnDef.size }}
                    aria-sort={
                      sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                    }
                  >
                    {canSort ? (
                      <button
                        type="button"
                        className={styles.sort}
                        onClick={header.column.getToggleSortingHandler()}
                      >
                        {content}
                        <span aria-hidden="true" className={styles.sortMark}>
                          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                        </span>
                      </button>
                    ) : (
                      content
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {before > 0 && (
            <tr aria-hidden="true">
              <td colSpan={width} style={{ height: before, padding: 0, border: 0 }} />
            </tr>
          )}
          {items.map((item) => {
            const row = tableRows[item.index];
            if (!row) return null;
            return (
              <tr
                key={row.id}
                ref={virtualizer.measureElement}
                data-index={item.index}
                aria-rowindex={item.index + 2}
                aria-selected={rowSelection ? row.getIsSelected() : undefined}
                className={row.getIsSelected() ? styles.selected : undefined}
              >
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
                ))}
              </tr>
            );
          })}
          {after > 0 && (
            <tr aria-hidden="true">
              <td colSpan={width} style={{ height: after, padding: 0, border: 0 }} />
            </tr>
          )}
        </tbody>
      </table>
      {loadingMore && <Loading label="Loading more..." className={styles.more} />}
    </div>
  );
}

/**
 * A checkbox column for row selection: a header box for every loaded row, one per row; each is
 * named by the row (rowLabel) for screen readers.
 */
export function selectColumn<Row>(rowLabel: (row: Row) => string): ColumnDef<Row> {
  return {
    id: 'select',
    size: 44,
    header: ({ table }) => (
      <input
        type="checkbox"
        aria-label="Select all loaded rows"
        checked={table.getIsAllRowsSelected()}
        ref={(box) => {
          if (box) box.indeterminate = table.getIsSomeRowsSelected();
        }}
        onChange={table.getToggleAllRowsSelectedHandler()}
      />
    ),
    cell: ({ row }) => (
      <input
        type="checkbox"
        aria-label={`Select ${rowLabel(row.original)}`}
        checked={row.getIsSelected()}
        disabled={!row.getCanSelect()}
        onChange={row.getToggleSelectedHandler()}
      />
    ),
  };
}
