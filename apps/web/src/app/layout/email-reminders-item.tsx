import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { OfflineError, unwrap } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { getReminderPreference, setReminderPreference } from '../../api/reminders';
import { IconMail } from '../../components/icons';
import { useAppState } from '../../lib/use-app-state';
import styles from './account-menu.module.css';

export const LMS_REMINDERS_OFF = 'Your training provider does not send reminders.';
export const SAVE_FAILED = 'Your choice could not be saved. Try again.';

/**
 * The account menu's "Email reminders: On/Off" switch (docs/decisions/0015): a menu item checkbox
 * that saves at once and shows the saved state; disabled, with the reason, while the LMS sends
 * no reminders.
 */
export function EmailRemindersItem() {
  const user = useAppState((state) => state.currentUser);
  if (!user) return null;
  return <RemindersSwitch lmsKey={user.lmsKey} userKey={user.userKey} />;
}

function RemindersSwitch({ lmsKey, userKey }: { lmsKey: number; userKey: number }) {
  const key = queryKeys.reminders(lmsKey, userKey);
  const queryClient = useQueryClient();
  const reasonId = useId();
  const preference = useQuery({
    queryKey: key,
    queryFn: async () => unwrap(await getReminderPreference(lmsKey, userKey)),
  });
  const save = useMutation({
    mutationFn: async (enabled: boolean) =>
      unwrap(await setReminderPreference(lmsKey, userKey, enabled)),
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
  const data = preference.data;
  const lmsOff = data?.lmsEnabled === false;
  // While saving, the switch shows the choice being saved; a failure puts the saved one back.
  const on = save.isPending ? save.variables : (data?.enabled ?? false);
  const disabled = !data || lmsOff || save.isPending;
  const state = !data
    ? preference.isError
      ? 'unavailable'
      : '...'
    : lmsOff
      ? 'Off'
      : on
        ? 'On'
        : 'Off';
  return (
    <>
      <button
        type="button"
        role="menuitemcheckbox"
        aria-checked={!lmsOff && on}
        aria-disabled={disabled}
        aria-describedby={lmsOff ? reasonId : undefined}
        className={styles.item}
        data-testid="email-reminders-switch"
        onClick={() => {
          if (!disabled) save.mutate(!on);
        }}
      >
        <IconMail size={18} />
        <span className={styles.itemLabel}>
          Email reminders: <span data-testid="email-reminders-state">{state}</span>
        </span>
        <span
          className={`${styles.switch} ${!lmsOff && on ? styles.switchOn : ''}`}
          aria-hidden="true"
        />
      </button>
      {lmsOff && (
        <p id={reasonId} className={styles.itemNote}>
          {LMS_REMINDERS_OFF}
        </p>
      )}
      {save.isError && (
        <p role="alert" className={styles.itemNote}>
          {save.error instanceof OfflineError ? save.error.message : SAVE_FAILED}
        </p>
      )}
    </>
  );
}
