import type { ReactNode } from 'react';
import { Button, IconAlertCircle, Loading } from '@waypoint/ui';
import { ApiError } from '../api/client';
import styles from './states.module.css';

/** What a list shows when it has nothing: a sentence, and optionally what to do about it. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className={styles.state} role="status">
      <p className={styles.title}>{title}</p>
      {children && <div className={styles.body}>{children}</div>}
    </div>
  );
}

/** The message of a failed call as the person should read it. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError || error instanceof Error) return error.message;
  return 'Something went wrong.';
}

/** A failed load: the server's message and, when given, a way to try again. */
export function ErrorState({
  error,
  title = 'This could not be loaded.',
  onRetry,
}: {
  error: unknown;
  title?: string;
  onRetry?: () => void;
}) {
  return (
    <div className={`${styles.state} ${styles.error}`} role="alert">
      <IconAlertCircle size={24} />
      <p className={styles.title}>{title}</p>
      <p className={styles.body}>{errorMessage(error)}</p>
      {onRetry && (
        <Button variant="secondary" small onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}

/** A query not answered yet: loading, or its failure with a way to try again. */
export function PendingState({
  query,
  label,
}: {
  query: { isError: boolean; error: unknown; refetch: () => unknown };
  /** What is loading, for the spinner's label: 'Loading the history...'. */
  label: string;
}) {
  return query.isError ? (
    <ErrorState error={query.error} onRetry={() => void query.refetch()} />
  ) : (
    <Loading label={label} />
  );
}
