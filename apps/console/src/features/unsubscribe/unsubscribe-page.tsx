import { useEffect, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { consoleComplianceCalls as calls } from '@waypoint/domain/console-contract';
import { Button, ErrorLine } from '@waypoint/ui';
import { send } from '../../api/client';
import { CardPage } from '../../components/card-page';
import styles from './unsubscribe.module.css';

/** What the page says once the subscription has ended (the server's words, when it gives none). */
export const UNSUBSCRIBED_TEXT = 'You will no longer receive this report.';
/** A link without a usable token, or one the server no longer knows. */
export const INVALID_LINK_TEXT = 'This unsubscribe link is not valid any more.';

/** The token of /console/unsubscribe?token=..., or null when there is none of the right shape. */
export function tokenFromSearch(search: string): string | null {
  const token = new URLSearchParams(search).get('token');
  return token && /^[A-Za-z0-9_-]{20,100}$/.test(token) ? token : null;
}

/**
 * /console/unsubscribe?token=...: the unsubscribe link of a scheduled compliance report
 * (docs/decisions/0022), signed out. Nothing happens on opening it: mail scanners follow links,
 * so the subscription ends only when the person presses Unsubscribe (a POST with the token).
 */
export default function UnsubscribePage() {
  const [token] = useState(() => tokenFromSearch(window.location.search));
  const unsubscribe = useMutation({
    mutationFn: (value: string) => send(calls.unsubscribeByToken, [], { body: { token: value } }),
  });
  useEffect(() => {
    document.title = 'Unsubscribe: compliance report';
    // The address holds the token: no request from this page may carry it in a Referer.
    const meta = document.createElement('meta');
    meta.name = 'referrer';
    meta.content = 'no-referrer';
    document.head.append(meta);
    return () => meta.remove();
  }, []);

  return (
    <CardPage>
      <h1 className={styles.heading}>Compliance report emails</h1>
      {!token ? (
        <ErrorLine message={INVALID_LINK_TEXT} />
      ) : unsubscribe.isSuccess ? (
        <p className={styles.done} role="status">
          {unsubscribe.data.message || UNSUBSCRIBED_TEXT}
        </p>
      ) : (
        <div className={styles.form}>
          <p className={styles.lead}>
            Stop the scheduled compliance report that was sent to you by email?
          </p>
          {unsubscribe.isError && <ErrorLine message={unsubscribe.error.message} />}
          <Button
            variant="primary"
            busy={unsubscribe.isPending}
            onClick={() => unsubscribe.mutate(token)}
          >
            Unsubscribe
          </Button>
        </div>
      )}
    </CardPage>
  );
}
