import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatDate, formatDateOrOpen } from '@waypoint/domain';
import { Button } from '@waypoint/ui';
import { unassignCurricula, type ConsoleAssignment } from '../../api/assignments';
import { queryKeys } from '../../api/query-keys';
import { useAllows } from '../../api/session';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type ColumnDef } from '../../components/data-table';
import styles from './assignments.module.css';

/**
 * Assignments as a table, for a curriculum (people down) or a person (curricula down), with
 * Unassign (confirmed; the student's progress is kept and comes back if it is assigned again).
 */
export function AssignmentsTable({
  label,
  rows,
  show,
}: {
  label: string;
  rows: readonly ConsoleAssignment[];
  show: 'person' | 'curriculum';
}) {
  const canAssign = useAllows('assignments.assign');
  const client = useQueryClient();
  const [removing, setRemoving] = useState<ConsoleAssignment | null>(null);
  const remove = useMutation({
    mutationFn: (row: ConsoleAssignment) =>
      unassignCurricula({ curriculumKeys: [row.curriculumKey], userKeys: [row.userKey] }),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.assignments.all() }),
  });
  // "Open" is judged against when the page opened (§9: 100 years ahead).
  const [now] = useState(() => Date.now());
  const columns = useMemo<ColumnDef<ConsoleAssignment, unknown>[]>(
    () => [
      show === 'person'
        ? {
            id: 'person',
            header: 'Person',
            size: 220,
            cell: ({ row }) => (
              <Link to={`/assignments/person/${row.original.userKey}`}>
                {row.original.displayName}
              </Link>
            ),
          }
        : { id: 'curriculum', header: 'Curriculum', accessorKey: 'curriculumName', size: 220 },
      ...(show === 'person'
        ? [
            { id: 'login', header: 'Login', accessorKey: 'userID' },
            { id: 'base', header: 'Base', accessorKey: 'base' },
          ]
        : []),
      { id: 'start', header: 'Start', cell: ({ row }) => formatDate(row.original.startDate) },
      {
        id: 'due',
        header: 'Due',
        cell: ({ row }) => (
          <span className={row.original.expired ? styles.expired : undefined}>
            {formatDateOrOpen(row.original.dueDate, now)}
            {row.original.expired ? ' (expired)' : ''}
          </span>
        ),
      },
      {
        id: 'how',
        header: 'How',
        cell: ({ row }) =>
          row.original.ruleKey === null ? 'By hand' : `Rule ${row.original.ruleKey}`,
      },
      ...(canAssign
        ? [
            {
              id: 'unassign',
              header: () => <span className="wp-visually-hidden">Actions</span>,
              size: 110,
              cell: ({ row }: { row: { original: ConsoleAssignment } }) => (
                <Button
                  small
                  variant="secondary"
                  onClick={() => setRemoving(row.original)}
                  aria-label={`Unassign ${row.original.curriculumName} from ${row.original.displayName}`}
                >
                  Unassign
                </Button>
              ),
            },
          ]
        : []),
    ],
    [canAssign, now, show],
  );
  return (
    <>
      <DataTable
        label={label}
        columns={columns}
        rows={rows}
        getRowId={(row) => String(row.assignmentKey)}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Unassign?"
        confirmLabel="Unassign"
        danger
        onConfirm={() => remove.mutateAsync(removing!)}
      >
        {removing && (
          <p>
            {removing.displayName} will no longer see {removing.curriculumName} in their panel.
            Their progress is kept, and comes back if it is assigned to them again.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
