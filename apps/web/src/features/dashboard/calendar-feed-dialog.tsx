import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { getCalendarFeed, resetCalendarFeed, type CalendarFeed } from '../../api/calendar-feed';
import { OfflineError, unwrap } from '../../api/client';
import { OFFLINE_ACTION_MESSAGE } from '../../lib/online';
import { queryKeys } from '../../api/query-keys';
import { Button, buttonClassName } from '@waypoint/ui/button';
import { Loading } from '@waypoint/ui/loading';
import { Modal } from '@waypoint/ui/modal';
import styles from './calendar-feed-dialog.module.css';

export const FEED_DESCRIPTION =
  'Subscribe to this private address in Outlook, Google Calendar or Apple Calendar to see your due dates and document expiries there. It follows your assignments as they change.';
export const FEED_PRIVACY = 'Anyone with this address can see your due dates: keep it to yourself.';
export const RESET_WARNING =
  'The current address stops working at once: calendars that use it must be given the new one.';

/**
 * The calendar widget's Subscribe button and its pop-up (beyond the spec; docs/decisions/0014):
 * the student's private feed address to copy or open in a calendar application, and a reset
 * that makes the old address stop working.
 */
export function CalendarFeedButton({ lmsKey, userKey }: { lmsKey: number; userKey: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={styles.subscribe}
        data-testid="calendar-feed-button"
        onClick={() => setOpen(true)}
      >
        Subscribe
      </button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title="Subscribe to your due dates"
        description={FEED_DESCRIPTION}
        width={520}
        testId="calendar-feed-dialog"
        footer={
          <Button variant="primary" onClick={() => setOpen(false)}>
            Close
          </Button>
        }
      >
        {open && <FeedAddress lmsKey={lmsKey} userKey={userKey} />}
      </Modal>
    </>
  );
}

function FeedAddress({ lmsKey, userKey }: { lmsKey: number; userKey: number }) {
  const key = queryKeys.widgets.calendarFeed(lmsKey, userKey);
  const queryClient = useQueryClient();
  const feed = useQuery({
    queryKey: key,
    queryFn: async () => unwrap(await getCalendarFeed(lmsKey, userKey)),
  });
  const [status, setStatus] = useState('');
  const [confirming, setConfirming] = useState(false);
  const reset = useMutation({
    mutationFn: async () => unwrap(await resetCalendarFeed(lmsKey, userKey)),
    onSuccess: (fresh: CalendarFeed) => {
      queryClient.setQueryData(key, fresh);
      setConfirming(false);
      setStatus('A new address is ready. The old one no longer works.');
    },
    onError: (error) =>
      setStatus(
        error instanceof OfflineError
          ? error.message
          : 'The address could not be reset. Please try again.',
      ),
  });
  const inputId = useId();

  // The feed's address is never kept on the device: offline it waits for the connection (ADR 0024).
  if (feed.isPending && feed.fetchStatus === 'paused') {
    return <p role="alert">{OFFLINE_ACTION_MESSAGE}</p>;
  }
  if (feed.isPending) return <Loading label="Loading..." />;
  if (feed.isError) return <p role="alert">The calendar address could not be loaded.</p>;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(feed.data.httpUrl);
      setStatus('Address copied.');
    } catch {
      setStatus('Copying is not allowed here: select the address and copy it.');
    }
  };

  return (
    <div className={styles.body}>
      <label htmlFor={inputId} className={styles.label}>
        Calendar address
      </label>
      <div className={styles.addressRow}>
        <input
          id={inputId}
          className={styles.address}
          readOnly
          value={feed.data.httpUrl}
          onFocus={(event) => event.currentTarget.select()}
          data-testid="calendar-feed-address"
        />
        <Button small onClick={() => void copy()}>
          Copy
        </Button>
      </div>
      <p className={styles.note}>{FEED_PRIVACY}</p>
      <div className={styles.actions}>
        <a className={buttonClassName('secondary', { small: true })} href={feed.data.webcalUrl}>
          Open in your calendar app
        </a>
        {!confirming && (
          <Button small variant="ghost" onClick={() => setConfirming(true)}>
            Reset address
          </Button>
        )}
      </div>
      {confirming && (
        <div className={styles.confirm} role="group" aria-label="Reset the address">
          <p>{RESET_WARNING}</p>
          <div className={styles.actions}>
            <Button small variant="danger" busy={reset.isPending} onClick={() => reset.mutate()}>
              Reset
            </Button>
            <Button small onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </div>
        </div>
      )}
      <p role="status" className={styles.status}>
        {status}
      </p>
    </div>
  );
}
