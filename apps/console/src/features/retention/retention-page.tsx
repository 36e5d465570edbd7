import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { formatDate } from '@waypoint/domain';
import { Button, ErrorLine, Loading } from '@waypoint/ui';
import {
  pseudonymisePerson,
  updateRetention,
  useRetention,
  useRetentionChange,
  type RetentionChange,
  type RetentionPersonRow,
  type RetentionSettings,
} from '../../api/records';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type ColumnDef } from '../../components/data-table';
import { FormField } from '../../components/form-field';
import { PageHeader } from '../../components/page-header';
import { EmptyState, ErrorState, errorMessage } from '../../components/states';
import styles from './retention.module.css';

interface SettingsForm {
  keepForEver: boolean;
  months: string;
  legalHold: boolean;
  reason: string;
}

const day = (iso: string) => formatDate(Date.parse(iso));

/** The change the form asks for: the period, and the hold only when it changes. */
function changeOf(values: SettingsForm, current: RetentionSettings): RetentionChange {
  const change: RetentionChange = {
    retentionMonths: values.keepForEver ? null : Number(values.months),
  };
  if (values.legalHold && (!current.legalHold || values.reason.trim() !== current.legalHoldReason))
    return { ...change, legalHold: true, reason: values.reason.trim() };
  if (!values.legalHold && current.legalHold) return { ...change, legalHold: false };
  return change;
}

/** The retention period and the legal hold. */
function SettingsPanel({ settings }: { settings: RetentionSettings }) {
  const form = useForm<SettingsForm>({
    defaultValues: {
      keepForEver: settings.retentionMonths === null,
      months: String(settings.retentionMonths ?? 84),
      legalHold: settings.legalHold,
      reason: settings.legalHoldReason,
    },
  });
  const save = useRetentionChange(updateRetention);
  const [saved, setSaved] = useState('');
  const keepForEver = useWatch({ control: form.control, name: 'keepForEver' });
  const legalHold = useWatch({ control: form.control, name: 'legalHold' });
  const submit = form.handleSubmit((values) => {
    setSaved('');
    save.mutate(changeOf(values, settings), { onSuccess: () => setSaved('Saved.') });
  });
  return (
    <div className={styles.panel}>
      <h2 id="retention-settings" className={styles.heading}>
        Settings
      </h2>
      {settings.legalHold && (
        <p className={styles.hold}>
          Legal hold on: {settings.legalHoldReason} (set by {settings.legalHoldSetBy}
          {settings.legalHoldSetAt ? ` on ${day(settings.legalHoldSetAt)}` : ''}). No one is
          pseudonymised while it is on.
        </p>
      )}
      <form
        className={styles.form}
        aria-labelledby="retention-settings"
        noValidate
        onSubmit={(event) => void submit(event)}
      >
        <label className={styles.check}>
          <input type="checkbox" {...form.register('keepForEver')} />
          Keep training records for ever
        </label>
        {!keepForEver && (
          <FormField
            form={form}
            name="months"
            label="Months kept after a person's last training activity"
            type="number"
            min={1}
            max={1200}
            inputMode="numeric"
            hint="Only people who have left (inactive) can be pseudonymised once this has passed; nothing happens by itself."
            rules={{
              validate: (value: string) =>
                (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 1200) ||
                'Give a number of months from 1 to 1200.',
            }}
          />
        )}
        <label className={styles.check}>
          <input type="checkbox" {...form.register('legalHold')} />
          Legal hold: no one is pseudonymised while it is on
        </label>
        {legalHold && (
          <FormField
            form={form}
            name="reason"
            label="Reason for the legal hold"
            maxLength={500}
            autoComplete="off"
            rules={{
              validate: (value: string) => value.trim() !== '' || 'A legal hold needs a reason.',
            }}
          />
        )}
        <div className={styles.actions}>
          <Button type="submit" variant="primary" busy={save.isPending}>
            Save settings
          </Button>
          <span role="status" className={styles.saved}>
            {saved}
          </span>
        </div>
        <ErrorLine message={save.error ? errorMessage(save.error) : ''} />
      </form>
    </div>
  );
}

/** The people past retention, each with Pseudonymise (asked first, naming what changes). */
function PeoplePanel({
  people,
  more,
  settings,
}: {
  people: RetentionPersonRow[];
  more: boolean;
  settings: RetentionSettings;
}) {
  const [asking, setAsking] = useState<RetentionPersonRow | null>(null);
  const [done, setDone] = useState('');
  const run = useRetentionChange(pseudonymisePerson);
  const columns = useMemo<ColumnDef<RetentionPersonRow, unknown>[]>(
    () => [
      { id: 'login', header: 'Login', cell: ({ row }) => row.original.userID },
      { id: 'name', header: 'Name', cell: ({ row }) => row.original.displayName },
      {
        id: 'group',
        header: 'Restriction group',
        cell: ({ row }) => row.original.restrictionGroup,
      },
      {
        id: 'last',
        header: 'Last training activity',
        cell: ({ row }) => (
          <span className={styles.nowrap}>{day(row.original.lastActivityAt)}</span>
        ),
      },
      {
        id: 'until',
        header: 'Kept until',
        cell: ({ row }) => <span className={styles.nowrap}>{day(row.original.retainedUntil)}</span>,
      },
      {
        id: 'actions',
        header: () => <span className="wp-visually-hidden">Actions</span>,
        cell: ({ row }) => (
          <Button
            small
            variant="danger"
            disabled={settings.legalHold}
            onClick={() => {
              setDone('');
              setAsking(row.original);
            }}
            aria-label={`Pseudonymise ${row.original.userID}`}
          >
            Pseudonymise
          </Button>
        ),
      },
    ],
    [settings.legalHold],
  );
  return (
    <div className={styles.panel}>
      <h2 className={styles.heading}>People past retention</h2>
      {settings.retentionMonths === null ? (
        <p className={styles.muted}>
          Training records are kept for ever: no one is past retention.
        </p>
      ) : people.length === 0 ? (
        <EmptyState title="No one is past retention." />
      ) : (
        <>
          <p className={styles.muted}>
            People who have left and whose last training activity is more than{' '}
            {settings.retentionMonths} months ago
            {more ? ' (the first 200, longest gone first)' : ''}.
          </p>
          <DataTable
            label="People past retention"
            columns={columns}
            rows={people}
            getRowId={(person) => String(person.userKey)}
          />
        </>
      )}
      <span role="status" className={styles.saved}>
        {done}
      </span>
      {asking && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setAsking(null)}
          title={`Pseudonymise ${asking.userID}?`}
          confirmLabel="Pseudonymise"
          danger
          onConfirm={async () => {
            const person = await run.mutateAsync(asking.userKey);
            setDone(`${asking.userID} is now ${person.displayName}.`);
          }}
        >
          <p className={styles.muted}>This cannot be undone. For {asking.displayName}:</p>
          <ul className={styles.changes}>
            <li>
              name and login become &lsquo;Pseudonymised &lt;subject id&gt;&rsquo;; email, phone and
              employee number are emptied;
            </li>
            <li>their password and MFA go, their sessions end: they can no longer sign in;</li>
            <li>
              every training record is kept: assignments, attempts, documents, certificates and the
              training events (the event history still verifies).
            </li>
          </ul>
        </ConfirmDialog>
      )}
    </div>
  );
}

/**
 * Retention (records.retention, administrators): how long training records are kept after a
 * person's last training activity, the legal hold, and the people past retention, who can be
 * pseudonymised one by one. Nothing is deleted or pseudonymised by itself.
 */
export default function RetentionPage() {
  const retention = useRetention();
  return (
    <div className={styles.page}>
      <PageHeader
        title="Retention"
        description="How long training records are kept after a person leaves, the legal hold, and who is past retention."
      />
      {retention.isPending ? (
        <Loading label="Loading retention..." />
      ) : retention.isError ? (
        <ErrorState error={retention.error} onRetry={() => void retention.refetch()} />
      ) : (
        <>
          <SettingsPanel
            // Saved settings start the form again from what is stored.
            key={JSON.stringify(retention.data.settings)}
            settings={retention.data.settings}
          />
          <PeoplePanel
            people={retention.data.people}
            more={retention.data.more}
            settings={retention.data.settings}
          />
        </>
      )}
    </div>
  );
}
