import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatDate } from '@waypoint/domain';
import { PEOPLE_SORTS, type PeopleSort } from '@waypoint/domain/staff';
import { buttonClassName, fieldClassNames, Loading } from '@waypoint/ui';
import { usePeopleList, type PeopleQuery, type PersonRow } from '../../api/people';
import { useAllows } from '../../api/session';
import { DataTable, type ColumnDef, type SortingState } from '../../components/data-table';
import { FilterField, FilterSelect, optionsOf } from '../../components/filter-select';
import { PageHeader } from '../../components/page-header';
import { EmptyState, ErrorState } from '../../components/states';
import styles from './people.module.css';

const FILTERS = ['base', 'fleet', 'position', 'restrictionGroup', 'status', 'kind'] as const;
type Filter = (typeof FILTERS)[number];

/** The list's query from the address (?search=&base=&sort=...), so Back keeps it. */
function queryOf(params: URLSearchParams): Omit<PeopleQuery, 'limit' | 'offset'> {
  const query: Record<string, string> = {};
  for (const name of ['search', ...FILTERS, 'sort', 'order']) {
    const value = params.get(name);
    if (value) query[name] = value;
  }
  if (query.sort && !(PEOPLE_SORTS as readonly string[]).includes(query.sort)) delete query.sort;
  if (query.order !== 'desc') delete query.order;
  return query as Omit<PeopleQuery, 'limit' | 'offset'>;
}

const columns: ColumnDef<PersonRow, unknown>[] = [
  {
    id: 'name',
    header: 'Name',
    size: 220,
    // The server sorts; an accessor makes the column sortable in the table.
    accessorFn: (row) => `${row.familyName} ${row.givenName}`,
    cell: ({ row }) => (
      <Link to={`/people/${row.original.userKey}`} className={styles.personLink}>
        {row.original.familyName || row.original.displayName}
        {row.original.givenName ? `, ${row.original.givenName}` : ''}
      </Link>
    ),
  },
  { id: 'login', header: 'Login', accessorKey: 'userID' },
  { id: 'employeeId', header: 'Employee ID', accessorKey: 'employeeId' },
  { id: 'base', header: 'Base', accessorKey: 'base' },
  { id: 'fleet', header: 'Fleet', accessorKey: 'fleet' },
  { id: 'position', header: 'Position', accessorKey: 'position' },
  { id: 'restrictionGroup', header: 'Group', accessorKey: 'restrictionGroup' },
  {
    id: 'active',
    header: 'Status',
    enableSorting: false,
    cell: ({ row }) => (
      <span className={row.original.active ? styles.active : styles.inactive}>
        {row.original.active ? 'Active' : 'Inactive'}
        {row.original.isStaff ? ' · staff' : ''}
      </span>
    ),
  },
  {
    id: 'lastSignIn',
    header: 'Last sign-in',
    accessorFn: (row) => row.lastSignInAt,
    cell: ({ row }) =>
      row.original.lastSignInAt === null ? (
        <span className={styles.muted}>Never</span>
      ) : (
        formatDate(row.original.lastSignInAt)
      ),
  },
];

/** A value once it has stopped changing for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The people list (docs/decisions/0021): search, filters and sort go to the server, which pages
 * the answer; rows load as they scroll into view (infinite scroll) and only those in view are in
 * the DOM (DataTable, TanStack Virtual). A name is a link: Tab to it and Enter opens the person.
 */
export function PeopleList() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => queryOf(params), [params]);
  // The search is typed into the address; the server is asked once typing pauses.
  const list = usePeopleList(useSettled(query, 250));
  const canCreate = useAllows('people.create');
  const canImport = useAllows('people.import');
  const rows = useMemo(() => (list.data?.pages ?? []).flatMap((page) => page.rows), [list.data]);
  const first = list.data?.pages[0];
  const total = first?.total ?? 0;
  const filters = first?.filters;

  const set = (name: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  const sorting: SortingState = [{ id: query.sort ?? 'name', desc: query.order === 'desc' }];
  const onSortingChange = (updater: SortingState | ((old: SortingState) => SortingState)) => {
    const next = typeof updater === 'function' ? updater(sorting) : updater;
    const [sort] = next;
    setParams(
      (current) => {
        const params = new URLSearchParams(current);
        params.set('sort', (sort?.id ?? 'name') as PeopleSort);
        if (sort?.desc) params.set('order', 'desc');
        else params.delete('order');
        return params;
      },
      { replace: true },
    );
  };
  const filterOf = (name: Filter) => query[name] ?? '';

  return (
    <div className={styles.page}>
      <PageHeader
        title="People"
        description="Everyone you can see in your scope: students and staff. Search by name, login, employee ID or email."
        actions={
          <>
            {canImport && (
              <Link to="/people/import" className={buttonClassName('secondary')}>
                Import CSV
              </Link>
            )}
            {canCreate && (
              <Link to="/people/new" className={buttonClassName('primary')}>
                New person
              </Link>
            )}
          </>
        }
      />
      <div className={styles.toolbar} role="search">
        <FilterField label="Search" className={styles.search}>
          <input
            type="search"
            className={fieldClassNames.input}
            value={params.get('search') ?? ''}
            placeholder="Name, login, ID or email"
            maxLength={200}
            onChange={(event) => set('search', event.target.value)}
          />
        </FilterField>
        <FilterSelect
          label="Base"
          value={filterOf('base')}
          options={optionsOf(filters?.bases)}
          onChange={(value) => set('base', value)}
        />
        <FilterSelect
          label="Fleet"
          value={filterOf('fleet')}
          options={optionsOf(filters?.fleets)}
          onChange={(value) => set('fleet', value)}
        />
        <FilterSelect
          label="Position"
          value={filterOf('position')}
          options={optionsOf(filters?.positions)}
          onChange={(value) => set('position', value)}
        />
        <FilterSelect
          label="Group"
          value={filterOf('restrictionGroup')}
          options={optionsOf(filters?.restrictionGroups)}
          onChange={(value) => set('restrictionGroup', value)}
        />
        <FilterSelect
          label="Status"
          value={filterOf('status')}
          options={[
            { value: 'active', label: 'Active' },
            { value: 'inactive', label: 'Inactive' },
          ]}
          onChange={(value) => set('status', value)}
        />
        <FilterSelect
          label="Kind"
          value={filterOf('kind')}
          options={[
            { value: 'student', label: 'Students' },
            { value: 'staff', label: 'Staff' },
          ]}
          onChange={(value) => set('kind', value)}
        />
      </div>
      <p className={styles.count} role="status" aria-live="polite">
        {list.isPending
          ? 'Loading people...'
          : `${total.toLocaleString('en-GB')} ${total === 1 ? 'person' : 'people'}`}
        {list.isFetching && !list.isPending && !list.isFetchingNextPage ? ' (updating...)' : ''}
      </p>
      {list.isPending ? (
        <Loading label="Loading people..." />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState title="Nobody matches.">Change the search or the filters.</EmptyState>
      ) : (
        <DataTable
          label="People"
          columns={columns}
          rows={rows}
          getRowId={(row) => String(row.userKey)}
          total={total}
          sorting={sorting}
          onSortingChange={onSortingChange}
          onEndReached={() => {
            if (list.hasNextPage) void list.fetchNextPage();
          }}
          loadingMore={list.isFetchingNextPage}
        />
      )}
    </div>
  );
}
