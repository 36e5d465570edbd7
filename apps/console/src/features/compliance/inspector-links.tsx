import { useMemo, useState } from 'react';
import { Button, Loading } from '@waypoint/ui';
import { formatDate } from '@waypoint/domain';
import {
  revokeInspectorLink,
  useInspectorLinkChange,
  useInspectorLinks,
  useMatrixFacts,
  type CurriculumColumn,
  type InspectorLinkRow,
  type InspectorPopulation,
} from '../../api/compliance';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type ColumnDef } from '../../components/data-table';
import { EmptyState, ErrorState } from '../../components/states';
import { InspectorLinkDialog } from './inspector-link-dialog';
import styles from './compliance.module.css';

/** A link's state now: revoked wins over expired. */
export function linkStatus(link: InspectorLinkRow, now: number): 'active' | 'expired' | 'revoked' {
  if (link.revokedAt !== null) return 'revoked';
  return link.expiresAt <= now ? 'expired' : 'active';
}

const STATUS_TEXT = { active: 'Active', expired: 'Expired', revoked: 'Revoked' } as const;

/** Who a link shows, in words: 'Base LHR · Fleet A320 · 2 curricula'. */
export function populationText(
  population: InspectorPopulation,
  curricula: readonly CurriculumColumn[],
): string {
  const parts: string[] = [];
  if (population.base) parts.push(`Base ${population.base}`);
  if (population.fleet) parts.push(`Fleet ${population.fleet}`);
  if (population.position) parts.push(`Position ${population.position}`);
  if (population.restrictionGroup) parts.push(`Group ${population.restrictionGroup}`);
  if (population.curricula) {
    const names = population.curricula
      .split(',')
      .map(
        (key) => curricula.find((each) => each.curriculumKey === Number(key))?.name ?? `#${key}`,
      );
    parts.push(names.join(', '));
  }
  return parts.length === 0 ? 'Everyone in your scope, every curriculum' : parts.join(' · ');
}

/**
 * Inspector links (docs/decisions/0022): time-boxed, revocable addresses that show an external
 * inspector one population's records for one period, read-only and without an account. The
 * address is shown once, when it is made (only its hash is kept). Needs compliance.inspectors.
 */
export function InspectorLinks() {
  const links = useInspectorLinks();
  const facts = useMatrixFacts();
  const curricula = useMemo(() => facts.data?.curricula ?? [], [facts.data]);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<InspectorLinkRow | null>(null);
  const revoke = useInspectorLinkChange(revokeInspectorLink);
  // "Expired" is as of when the list was loaded (it is loaded again after every change).
  const now = links.dataUpdatedAt;

  const columns = useMemo<ColumnDef<InspectorLinkRow, unknown>[]>(
    () => [
      { id: 'label', header: 'Label', cell: ({ row }) => row.original.label },
      {
        id: 'population',
        header: 'Population',
        cell: ({ row }) => populationText(row.original.population, curricula),
      },
      {
        id: 'period',
        header: 'Period',
        cell: ({ row }) => (
          <>
            <span className={styles.nowrap}>{row.original.periodFrom}</span> to{' '}
            <span className={styles.nowrap}>{row.original.periodTo}</span>
          </>
        ),
      },
      {
        id: 'expires',
        header: 'Open until',
        cell: ({ row }) => formatDate(row.original.expiresAt),
      },
      {
        id: 'status',
        header: 'Status',
        cell: ({ row }) => {
          const status = linkStatus(row.original, now);
          return (
            <span className={styles.linkStatus} data-status={status}>
              {STATUS_TEXT[status]}
            </span>
          );
        },
      },
      { id: 'uses', header: 'Uses', cell: ({ row }) => row.original.uses.toLocaleString('en-GB') },
      { id: 'by', header: 'Made by', cell: ({ row }) => row.original.createdBy },
      {
        id: 'actions',
        header: () => <span className="wp-visually-hidden">Actions</span>,
        cell: ({ row }) =>
          linkStatus(row.original, now) === 'active' ? (
            <Button
              small
              variant="danger"
              onClick={() => setRevoking(row.original)}
              aria-label={`Revoke ${row.original.label}`}
            >
              Revoke
            </Button>
          ) : null,
      },
    ],
    [curricula, now],
  );

  return (
    <section className={styles.view} aria-labelledby="inspector-links">
      <div className={styles.sectionHeader}>
        <div>
          <h2 id="inspector-links" className={styles.heading}>
            Inspector links
          </h2>
          <p className={styles.muted}>
            An address for an external inspector: one population&apos;s records for one period,
            read-only, no account needed, every page and file logged.
          </p>
        </div>
        <Button variant="primary" onClick={() => setCreating(true)}>
          New inspector link
        </Button>
      </div>
      {links.isPending ? (
        <Loading label="Loading the links..." />
      ) : links.isError ? (
        <ErrorState error={links.error} onRetry={() => void links.refetch()} />
      ) : links.data.links.length === 0 ? (
        <EmptyState title="No inspector links yet." />
      ) : (
        <DataTable
          label="Inspector links"
          columns={columns}
          rows={links.data.links}
          getRowId={(link) => String(link.linkKey)}
        />
      )}
      {creating && (
        <InspectorLinkDialog
          filters={facts.data?.filters}
          curricula={curricula}
          onClose={() => setCreating(false)}
        />
      )}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title="Revoke this inspector link?"
        confirmLabel="Revoke"
        danger
        onConfirm={() => revoke.mutateAsync(revoking?.linkKey ?? 0)}
      >
        <p>
          The link &lsquo;{revoking?.label}&rsquo; stops working at once. Its uses stay in the audit
          log.
        </p>
      </ConfirmDialog>
    </section>
  );
}
