import { useState } from 'react';
import { SUBSCRIPTION_FREQUENCIES, type SubscriptionBody } from '@waypoint/domain/console-contract';
import { Button, ErrorLine, fieldClassNames, Loading } from '@waypoint/ui';
import {
  subscribe,
  unsubscribe,
  useComplianceSettings,
  useSubscription,
  useSubscriptionChange,
  useUpdateComplianceSettings,
  type SubscriptionState,
} from '../../api/compliance';
import { useAllows } from '../../api/session';
import { FilterField } from '../../components/filter-select';
import { ErrorState, errorMessage } from '../../components/states';
import styles from './compliance.module.css';

const FREQUENCY_TEXT: Record<SubscriptionBody['frequency'], string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
};
const WINDOWS = [30, 60, 90] as const;

/** The form of a subscription: what it is now, or the defaults for a new one. */
function SubscriptionForm({
  state,
  saved,
  setSaved,
}: {
  state: SubscriptionState;
  /** What the last change did, said after the form starts again from the answer. */
  saved: string;
  setSaved: (message: string) => void;
}) {
  const current = state.subscription;
  const [frequency, setFrequency] = useState<SubscriptionBody['frequency']>(
    current?.frequency ?? 'weekly',
  );
  const [expiringDays, setExpiringDays] = useState<SubscriptionBody['expiringDays']>(
    (WINDOWS as readonly number[]).includes(current?.expiringDays ?? 0)
      ? (current?.expiringDays as SubscriptionBody['expiringDays'])
      : 30,
  );
  const save = useSubscriptionChange(subscribe);
  const end = useSubscriptionChange(unsubscribe);
  const failure = save.error ?? end.error;
  const unchanged =
    current !== null && current.frequency === frequency && current.expiringDays === expiringDays;
  return (
    <form
      className={styles.reportForm}
      aria-label="Scheduled report"
      onSubmit={(event) => {
        event.preventDefault();
        setSaved('');
        end.reset();
        save.mutate(
          { frequency, expiringDays },
          { onSuccess: () => setSaved(current ? 'Changed.' : 'Subscribed.') },
        );
      }}
    >
      <p className={styles.muted}>
        {current
          ? `You receive a ${current.frequency} email at ${current.email} of the people in your scope who are overdue or expire within ${current.expiringDays} days, with the CSV attached.`
          : 'You are not subscribed. Subscribe to receive an email of the people in your scope who are overdue or expiring, with the CSV attached.'}
      </p>
      <div className={styles.reportFields}>
        <FilterField label="How often">
          <select
            className={fieldClassNames.input}
            value={frequency}
            onChange={(event) => setFrequency(event.target.value as SubscriptionBody['frequency'])}
          >
            {SUBSCRIPTION_FREQUENCIES.map((each) => (
              <option key={each} value={each}>
                {FREQUENCY_TEXT[each]}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField label="Expiring within">
          <select
            className={fieldClassNames.input}
            value={expiringDays}
            onChange={(event) =>
              setExpiringDays(Number(event.target.value) as SubscriptionBody['expiringDays'])
            }
          >
            {WINDOWS.map((days) => (
              <option key={days} value={days}>
                {days} days
              </option>
            ))}
          </select>
        </FilterField>
      </div>
      <div className={styles.reportActions}>
        <Button type="submit" variant="primary" busy={save.isPending} disabled={unchanged}>
          {current ? 'Save changes' : 'Subscribe'}
        </Button>
        {current && (
          <Button
            variant="secondary"
            busy={end.isPending}
            onClick={() => {
              setSaved('');
              save.reset();
              end.mutate(undefined, { onSuccess: () => setSaved('Unsubscribed.') });
            }}
          >
            Unsubscribe
          </Button>
        )}
        <span role="status" className={styles.saved}>
          {saved}
        </span>
      </div>
      <ErrorLine message={failure ? errorMessage(failure) : ''} />
    </form>
  );
}

/** The LMS's setting: reminders about an overdue curriculum copy the student's managers. */
function ManagerCopySetting() {
  const settings = useComplianceSettings(true);
  const update = useUpdateComplianceSettings();
  if (settings.isPending) return <Loading label="Loading the settings..." />;
  if (settings.isError) return <ErrorState error={settings.error} />;
  return (
    <div className={styles.setting}>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={
            update.isPending
              ? update.variables.copyManagersOnOverdue
              : settings.data.copyManagersOnOverdue
          }
          disabled={update.isPending}
          onChange={(event) => update.mutate({ copyManagersOnOverdue: event.target.checked })}
          aria-describedby="copy-managers-hint"
        />
        Copy managers on overdue reminders
      </label>
      <p id="copy-managers-hint" className={styles.muted}>
        For this LMS: a reminder to a student about an overdue curriculum is copied to the staff
        whose scope covers the student.
      </p>
      <ErrorLine message={update.error ? errorMessage(update.error) : ''} />
    </div>
  );
}

/**
 * The scheduled report (docs/decisions/0022): the signed-in staff member's subscription to a
 * daily, weekly or monthly email of who is overdue or expiring in their scope; and, for those who
 * may change the LMS, whether overdue reminders copy the managers.
 */
export function ReportPanel() {
  const subscription = useSubscription();
  const canModifyLms = useAllows('lms.modify');
  const [saved, setSaved] = useState('');
  return (
    <section className={styles.view} aria-labelledby="scheduled-report">
      <div className={styles.panel}>
        <h2 id="scheduled-report" className={styles.heading}>
          Scheduled report
        </h2>
        {subscription.isPending ? (
          <Loading label="Loading your subscription..." />
        ) : subscription.isError ? (
          <ErrorState error={subscription.error} onRetry={() => void subscription.refetch()} />
        ) : (
          <SubscriptionForm
            // A new state (subscribed, changed, ended) starts the form from what is saved.
            key={JSON.stringify(subscription.data.subscription)}
            state={subscription.data}
            saved={saved}
            setSaved={setSaved}
          />
        )}
      </div>
      {canModifyLms && (
        <div className={styles.panel}>
          <h2 className={styles.heading}>Reminders</h2>
          <ManagerCopySetting />
        </div>
      )}
    </section>
  );
}
