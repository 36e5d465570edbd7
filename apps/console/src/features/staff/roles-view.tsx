import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PermissionFlag } from '@waypoint/domain/staff';
import { Button, ErrorLine, Loading } from '@waypoint/ui';
import { queryKeys } from '../../api/query-keys';
import { useAllows } from '../../api/session';
import {
  deleteRole,
  updateRole,
  useRoles,
  type StaffRole,
  type StaffRoleList,
} from '../../api/staff';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorState, errorMessage } from '../../components/states';
import { FLAG_LABELS, FLAGS } from './flag-labels';
import { RoleDialog } from './role-dialog';
import styles from './staff.module.css';

/**
 * The roles of the LMS as a matrix: a row per §3 Permissions flag, a column per role. Built-in
 * roles are read-only (their flags come with Waypoint); a made role's boxes change it at once for
 * an administrator (staff.manage), and the server records each change in the audit log.
 */
export function RolesView() {
  const roles = useRoles();
  const canManage = useAllows('staff.manage');
  const client = useQueryClient();
  const [making, setMaking] = useState(false);
  const [deleting, setDeleting] = useState<StaffRole | null>(null);
  const [renaming, setRenaming] = useState<StaffRole | null>(null);
  const toggle = useMutation({
    mutationFn: ({ role, flag }: { role: StaffRole; flag: PermissionFlag }) =>
      updateRole(role.roleKey, {
        name: role.name,
        permissions: { ...role.permissions, [flag]: !role.permissions[flag] },
      }),
    // The answer is the role as saved: shown at once, then the list is read again.
    onSuccess: (saved) =>
      client.setQueryData<StaffRoleList>(queryKeys.staff.roles(), (old) =>
        old
          ? { roles: old.roles.map((role) => (role.roleKey === saved.roleKey ? saved : role)) }
          : old,
      ),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.staff.all() }),
  });
  // While a change is saving, its box shows the new state. Set in the click's own render (the
  // mutation's pending state arrives a tick later, and a controlled box would spring back).
  const [saving, setSaving] = useState<{ role: StaffRole; flag: PermissionFlag } | null>(null);
  const flip = (change: { role: StaffRole; flag: PermissionFlag }) => {
    setSaving(change);
    toggle.mutate(change, { onSettled: () => setSaving(null) });
  };

  if (roles.isPending) return <Loading label="Loading roles..." />;
  if (roles.isError) return <ErrorState error={roles.error} onRetry={() => void roles.refetch()} />;
  const list = roles.data.roles;

  return (
    <section aria-labelledby="roles-heading" className={styles.section}>
      <div className={styles.sectionHeader}>
        <div>
          <h2 id="roles-heading" className={styles.heading}>
            Roles
          </h2>
          <p className={styles.muted}>
            Each role is a set of §3 permission flags. Built-in roles cannot be changed; make a role
            to give someone exactly what they need.
          </p>
        </div>
        {canManage && (
          <Button variant="primary" onClick={() => setMaking(true)}>
            Make role
          </Button>
        )}
      </div>
      <ErrorLine message={toggle.isError ? errorMessage(toggle.error) : ''} />
      <div
        className={styles.matrixScroller}
        role="region"
        aria-label="Roles and their permissions"
        tabIndex={0}
      >
        <table className={styles.matrix}>
          <caption className="wp-visually-hidden">Roles and their permissions</caption>
          <thead>
            <tr>
              <th scope="col" className={styles.flagColumn}>
                Permission
              </th>
              {list.map((role) => (
                <th scope="col" key={role.roleKey} className={styles.roleColumn}>
                  <span className={styles.roleName}>{role.name}</span>
                  <span className={styles.roleMeta}>
                    {role.builtIn ? 'Built-in' : 'Made'} · {role.holders}{' '}
                    {role.holders === 1 ? 'holder' : 'holders'}
                  </span>
                  {canManage && !role.builtIn && (
                    <span className={styles.roleActions}>
                      <Button small variant="ghost" onClick={() => setRenaming(role)}>
                        Rename<span className="wp-visually-hidden"> {role.name}</span>
                      </Button>
                      <Button small variant="ghost" onClick={() => setDeleting(role)}>
                        Delete<span className="wp-visually-hidden"> {role.name}</span>
                      </Button>
                    </span>
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {FLAGS.map((flag) => (
              <tr key={flag}>
                <th scope="row" className={styles.flagColumn}>
                  {FLAG_LABELS[flag]}
                  <code className={styles.flagKey}>{flag}</code>
                </th>
                {list.map((role) => {
                  const flipping = saving?.role.roleKey === role.roleKey && saving.flag === flag;
                  const granted = flipping ? !role.permissions[flag] : role.permissions[flag];
                  const label = `${FLAG_LABELS[flag]}: ${role.name}`;
                  return (
                    <td key={role.roleKey} className={styles.cell}>
                      {canManage && !role.builtIn ? (
                        <input
                          type="checkbox"
                          aria-label={label}
                          checked={granted}
                          disabled={saving !== null}
                          onChange={() => flip({ role, flag })}
                        />
                      ) : (
                        <span
                          role="img"
                          aria-label={`${label}: ${granted ? 'yes' : 'no'}`}
                          className={granted ? styles.yes : styles.no}
                        >
                          {granted ? '✓' : '–'}
                        </span>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {making && <RoleDialog roles={list} onClose={() => setMaking(false)} />}
      {renaming && <RoleDialog roles={list} editing={renaming} onClose={() => setRenaming(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete role ${deleting?.name ?? ''}?`}
        confirmLabel="Delete role"
        danger
        onConfirm={async () => {
          if (!deleting) return;
          await deleteRole(deleting.roleKey);
          await client.invalidateQueries({ queryKey: queryKeys.staff.all() });
        }}
      >
        <p>Only a role nobody holds can be deleted. The audit log keeps its record.</p>
      </ConfirmDialog>
    </section>
  );
}
