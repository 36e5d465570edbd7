import { useMemo, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatDate } from '@waypoint/domain';
import { Button, Loading } from '@waypoint/ui';
import { endRule, useAssignmentRules, type AssignmentRule } from '../../api/assignments';
import { queryKeys } from '../../api/query-keys';
import { useAllows } from '../../api/session';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type ColumnDef } from '../../components/data-table';
import { EmptyState, ErrorState } from '../../components/states';
import { criteriaText, ruleTermText } from './assignment-text';
import styles from './assignments.module.css';

/**
 * The assignment rules in the staff member's scope: what each assigns to whom, with what dates,
 * and how many hold it; End stops it assigning newcomers (what it assigned stays).
 */
export function RulesView() {
  const [ended, setEnded] = useState(false);
  const rules = useAssignmentRules(ended);
  const canAssign = useAllows('assignments.assign');
  const client = useQueryClient();
  const [ending, setEnding] = useState<AssignmentRule | null>(null);
  const end = useMutation({
    mutationFn: (rule: AssignmentRule) => endRule(rule.ruleKey),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.assignments.all() }),
  });
  // "Open" is judged against when the page opened (§9: 100 years ahead).
  const [now] = useState(() => Date.now());
  const columns = useMemo<ColumnDef<AssignmentRule, unknown>[]>(
    () => [
      { id: 'curriculum', header: 'Curriculum', accessorKey: 'curriculumName', size: 200 },
      {
        id: 'who',
        header: 'Assigns to',
        cell: ({ row }) => (
          <>
            {criteriaText(row.original)}
            {row.original.scopeGroups.length > 0 && (
              <span className={styles.muted}> (within {row.original.scopeGroups.join(', ')})</span>
            )}
          </>
        ),
      },
      { id: 'dates', header: 'Dates', cell: ({ row }) => ruleTermText(row.original, now) },
      { id: 'held', header: 'Assigned', accessorKey: 'assignedCount', size: 90 },
      {
        id: 'made',
        header: ended ? 'Ended' : 'Made',
        cell: ({ row }) =>
          `${formatDate(ended ? row.original.endedAt! : row.original.createdAt)}${row.original.createdBy ? ` by ${row.original.createdBy}` : ''}`,
      },
      ...(canAssign && !ended
        ? [
            {
              id: 'end',
              header: () => <span className="wp-visually-hidden">Actions</span>,
              size: 90,
              cell: ({ row }: { row: { original: AssignmentRule } }) => (
                <Button
                  small
                  variant="secondary"
                  onClick={() => setEnding(row.original)}
                  aria-label={`End the rule for ${row.original.curriculumName}, ${criteriaText(row.original)}`}
                >
                  End
                </Button>
              ),
            },
          ]
        : []),
    ],
    [canAssign, ended, now],
  );

  return (
    <section className={styles.section} aria-labelledby="rules-heading">
      <div className={styles.sectionHeader}>
        <h2 id="rules-heading" className={styles.heading}>
          {ended ? 'Ended rules' : 'Rules in force'}
        </h2>
        <label className={styles.check}>
          <input type="checkbox" checked={ended} onChange={(e) => setEnded(e.target.checked)} />
          <span>Show ended rules</span>
        </label>
      </div>
      <p className={styles.muted}>
        A rule assigns its curriculum to everyone matching it now, and to people who join or move to
        match it later. Ending a rule unassigns no one.
      </p>
      {rules.isPending ? (
        <Loading label="Loading rules..." />
      ) : rules.isError ? (
        <ErrorState error={rules.error} onRetry={() => void rules.refetch()} />
      ) : rules.data.rules.length === 0 ? (
        <EmptyState title={ended ? 'No rule has ended.' : 'No rules yet.'}>
          {!ended && 'Make one on the Assign tab with "By rule".'}
        </EmptyState>
      ) : (
        <DataTable
          label={ended ? 'Ended assignment rules' : 'Assignment rules in force'}
          columns={columns}
          rows={rules.data.rules}
          getRowId={(rule) => String(rule.ruleKey)}
        />
      )}
      <ConfirmDialog
        open={ending !== null}
        onOpenChange={(open) => !open && setEnding(null)}
        title="End this rule?"
        confirmLabel="End rule"
        danger
        onConfirm={() => end.mutateAsync(ending!)}
      >
        {ending && (
          <p>
            The rule for {ending.curriculumName} ({criteriaText(ending)}) will assign no one from
            now on. The {ending.assignedCount} people it assigned keep the curriculum.
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
