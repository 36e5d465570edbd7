import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Button, ErrorLine } from '@waypoint/ui';
import { moveItem } from '../../api/programme';
import { queryKeys } from '../../api/query-keys';
import { errorMessage } from '../../components/states';
import styles from './programme.module.css';

/** A score kept as a fraction (§9) as the percent a person types, and back. */
export const toPercent = (fraction: number) => Math.round(fraction * 10000) / 100;
export const fromPercent = (percent: number) => Math.round(percent * 100) / 10000;

/** The tree's data changed: read it again (and what shows it). */
export function useProgrammeChanged() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: queryKeys.programme.all() });
}

/**
 * A save of a node's form: the domain's problems first (shown, nothing sent), then the call; the
 * server's message on refusal, 'Saved.' after.
 */
export function useNodeSave<Body>(save: (body: Body) => Promise<{ changed: string[] }>) {
  const changed = useProgrammeChanged();
  const [status, setStatus] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: async (result) => {
      setStatus(result.changed.length === 0 ? 'Nothing to change.' : 'Saved.');
      await changed();
    },
    onMutate: () => setStatus(null),
  });
  return { mutation, status, setStatus };
}

/** The card of one node's details: its heading, what it is, the form and its save. */
export function NodeForm<T extends FieldValues>({
  heading,
  facts,
  form,
  canEdit,
  onSubmit,
  problems,
  busy,
  error,
  status,
  children,
  after,
}: {
  heading: string;
  facts?: ReactNode;
  form: UseFormReturn<T>;
  canEdit: boolean;
  onSubmit: (values: T) => void;
  problems: string[];
  busy: boolean;
  error: unknown;
  status: string | null;
  children: ReactNode;
  after?: ReactNode;
}) {
  return (
    <section className={styles.detail} aria-labelledby="programme-detail-heading">
      <h2 id="programme-detail-heading" className={styles.detailHeading}>
        {heading}
      </h2>
      {facts && <div className={styles.facts}>{facts}</div>}
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className={styles.form}>
        <fieldset disabled={!canEdit || busy} className={styles.fieldset}>
          <legend className={styles.visuallyHidden}>{heading}</legend>
          {children}
        </fieldset>
        <ErrorLine message={problems.length > 0 ? problems.join(' ') : null} />
        <ErrorLine message={error ? errorMessage(error) : null} />
        {canEdit ? (
          <div className={styles.formActions}>
            <Button type="submit" variant="primary" busy={busy}>
              Save changes
            </Button>
            <span role="status" className={styles.saved}>
              {status}
            </span>
          </div>
        ) : (
          <p className={styles.hint}>Your role may read this but not change it.</p>
        )}
      </form>
      {after}
    </section>
  );
}

/** Move up and Move down for a course, topic or lesson among its siblings. */
export function MoveButtons({
  level,
  itemKey,
  isFirst,
  isLast,
}: {
  level: 'course' | 'topic' | 'lesson';
  itemKey: number;
  isFirst: boolean;
  isLast: boolean;
}) {
  const changed = useProgrammeChanged();
  const mutation = useMutation({
    mutationFn: (direction: 'up' | 'down') => moveItem(level, itemKey, direction),
    onSuccess: () => changed(),
  });
  return (
    <div className={styles.moveRow}>
      <span className={styles.moveLabel}>Order</span>
      <Button
        small
        onClick={() => mutation.mutate('up')}
        disabled={isFirst || mutation.isPending}
        aria-label={`Move this ${level} up`}
      >
        Move up
      </Button>
      <Button
        small
        onClick={() => mutation.mutate('down')}
        disabled={isLast || mutation.isPending}
        aria-label={`Move this ${level} down`}
      >
        Move down
      </Button>
      <ErrorLine message={mutation.error ? errorMessage(mutation.error) : null} />
    </div>
  );
}
