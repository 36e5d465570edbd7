import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Loading } from '@waypoint/ui';
import { queryKeys } from '../../api/query-keys';
import { useAllows, useStaff } from '../../api/session';
import { removeStaff, useRoles, useStaffList, type StaffMember } from '../../api/staff';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type ColumnDef } from '../../components/data-table';
import { EmptyState, ErrorState } from '../../components/states';
import { StaffDialog } from './staff-dialog';
import styles from './staff.module.css';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The scope a staff member's restriction groups give them (§3): '' = the whole LMS. */
export const scopeText = (groups: readonly string[]) =>
  groups.length === 0 ? 'Whole LMS' : groups.join(', ');

/**
 * Who is staff: their role, the students they see, when they last signed in; an administrator
 * makes someone staff, changes their role or scope, or takes the role away (their sessions end).
 */
export function StaffView() {
  const staff = useStaffList();
  const roles = useRoles();
  const me = useStaff();
  const canManage = useAllows('staff.manage');
  const client = useQueryClient();
  const [editing, setEditing] = useState<StaffMember | 'new' | null>(null);
  const [removing, setRemoving] = useState<StaffMember | null>(null);

  const columns = useMemo<ColumnDef<StaffMember>[]>(
    () => [
      {
        id: 'name',
        header: 'Name',
        cell: ({ row }) => (
          <span className={styles.person}>
            <span>{row.original.displayName}</span>
            <span className={styles.muted}>{row.original.userID}</span>
          </span>
        ),
      },
      { id: 'role', header: 'Role', cell: ({ row }) => row.original.role.name },
      {
        id: 'scope',
        header: 'Students they see',
        cell: ({ row }) => scopeText(row.original.restrictionGroups),
      },
      {
        id: 'lastSignIn',
        header: 'Last sign-in',
        cell: ({ row }) =>
          row.original.lastSignInAt
            ? dateTime.format(new Date(row.original.lastSignInAt))
            : 'Never',
      },
      ...(canManage
        ? [
            {
              id: 'actions',
              header: () => <span className="wp-visually-hidden">Actions</span>,
              cell: ({ row }: { row: { original: StaffMember } }) => (
                <span className={styles.rowActions}>
                  <Button
                    small
                    onClick={() => setEditing(row.original)}
                    aria-label={`Change ${row.original.userID}`}
                  >
                    Change
                  </Button>
                  <Button
                    small
                    variant="ghost"
                    onClick={() => setRemoving(row.original)}
                    aria-label={`Remove ${row.original.userID}`}
                  >
                    Remove
                  </Button>
                </span>
              ),
            } satisfies ColumnDef<StaffMember>,
          ]
        : []),
    ],
    [canManage],
  );

  if (staff.isPending || roles.isPending) return <Loading label="Loading staff..." />;
  if (staff.isError) return <ErrorState error={staff.error} onRetry={() => void staff.refetch()} />;
  if (roles.isError) return <ErrorState error={roles.error} onRetry={() => void roles.refetch()} />;

  return (
    <section aria-labelledby="staff-heading" className={styles.section}>
      <div className={styles.sectionHeader}>
        <div>
          <h2 id="staff-heading" className={styles.heading}>
            Staff
          </h2>
          <p className={styles.muted}>
            {staff.data.staff.length} staff. A staff member with restriction groups sees only the
            students of those groups.
          </p>
        </div>
        {canManage && (
          <Button variant="primary" onClick={() => setEditing('new')}>
            Make someone staff
          </Button>
        )}
      </div>
      {staff.data.staff.length === 0 ? (
        <EmptyState title="Nobody is staff yet." />
      ) : (
        <DataTable
          label="Staff"
          columns={columns}
          rows={staff.data.staff}
          getRowId={(row) => String(row.userKey)}
          height="min(60vh, 640px)"
        />
      )}
      {editing && (
        <StaffDialog
          roles={roles.data.roles}
          member={editing === 'new' ? null : editing}
          actorGroups={me.restrictionGroups}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Remove ${removing?.userID ?? ''} from staff?`}
        confirmLabel="Remove from staff"
        danger
        onConfirm={async () => {
          if (!removing) return;
          await removeStaff(removing.userKey);
          await client.invalidateQueries({ queryKey: queryKeys.staff.all() });
        }}
      >
        <p>
          They keep their account and records but can no longer use the console; their sessions end
          now.
        </p>
      </ConfirmDialog>
    </section>
  );
}
