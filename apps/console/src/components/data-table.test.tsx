import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  DataTable,
  selectColumn,
  type ColumnDef,
  type RowSelectionState,
  type SortingState,
} from './data-table';

interface Person {
  key: number;
  name: string;
}

const people = (count: number): Person[] =>
  Array.from({ length: count }, (_, index) => ({ key: index + 1, name: `Person ${index + 1}` }));

const nameColumn: ColumnDef<Person> = {
  id: 'name',
  header: 'Name',
  accessorKey: 'name',
};

/** A table whose sorting and selection live in the test, as a page keeps them. */
function Harness({
  rows,
  total,
  onEndReached,
  onSort,
}: {
  rows: Person[];
  total?: number;
  onEndReached?: () => void;
  onSort?: (sorting: SortingState) => void;
}) {
  const [sorting, setSorting] = useState<SortingState>([{ id: 'name', desc: false }]);
  const [selection, setSelection] = useState<RowSelectionState>({});
  return (
    <>
      <DataTable
        label="People"
        columns={[selectColumn<Person>((person) => person.name), nameColumn]}
        rows={rows}
        getRowId={(person) => String(person.key)}
        total={total}
        sorting={sorting}
        onSortingChange={(change) => {
          const next = typeof change === 'function' ? change(sorting) : change;
          setSorting(next);
          onSort?.(next);
        }}
        rowSelection={selection}
        onRowSelectionChange={setSelection}
        onEndReached={onEndReached}
      />
      <output aria-label="selected">{Object.keys(selection).join(',')}</output>
    </>
  );
}

describe('DataTable', () => {
  it('is a named table that renders only the rows in view of a long list', () => {
    render(<Harness rows={people(5000)} />);
    const table = screen.getByRole('table', { name: 'People' });
    expect(table).toHaveAttribute('aria-rowcount', '5001');
    const rendered = within(table).getAllByRole('row').length;
    expect(rendered).toBeGreaterThan(1);
    expect(rendered).toBeLessThan(100);
    expect(screen.getByRole('region', { name: 'People' })).toHaveAttribute('tabindex', '0');
  });

  it('sorts on the server: the header says the order and asks for the other one', async () => {
    const onSort = vi.fn();
    render(<Harness rows={people(3)} onSort={onSort} />);
    const header = screen.getByRole('columnheader', { name: /Name/ });
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.setup().click(within(header).getByRole('button'));
    expect(onSort).toHaveBeenLastCalledWith([{ id: 'name', desc: true }]);
    expect(header).toHaveAttribute('aria-sort', 'descending');
  });

  it('selects rows one by one and all loaded rows at once, each box named by its row', async () => {
    render(<Harness rows={people(3)} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Select Person 2' }));
    expect(screen.getByRole('status', { name: 'selected' })).toHaveTextContent('2');
    await user.click(screen.getByRole('checkbox', { name: 'Select all loaded rows' }));
    expect(screen.getByRole('status', { name: 'selected' })).toHaveTextContent('1,2,3');
  });

  it('asks for the next page when the last loaded row is in view and more exist', () => {
    const onEndReached = vi.fn();
    const { rerender } = render(
      <Harness rows={people(4)} total={40} onEndReached={onEndReached} />,
    );
    expect(onEndReached).toHaveBeenCalled();
    onEndReached.mockClear();
    rerender(<Harness rows={people(4)} total={4} onEndReached={onEndReached} />);
    expect(onEndReached).not.toHaveBeenCalled();
  });
});
