import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { IconClose, IconWarning } from '@waypoint/ui/icons';
import { NOTICE_TITLES } from './offline-format';
import { useOfflineOwner } from './use-offline-lessons';
import { useOnline } from '../../lib/online';
import { syncNotices, syncOfflineLessons } from './offline-sync';
import styles from './offline-sync-notices.module.css';

/**
 * Runs the offline lessons' sync when the signed-in panel starts online and when it comes back
 * online, and shows what the sync found in a dismissible region (docs/decisions/0024: a refusal,
 * a conflict, a clock ahead or an expired copy is never hidden).
 */
export function OfflineSyncNotices() {
  const queryClient = useQueryClient();
  const { owner } = useOfflineOwner();
  const online = useOnline();
  const list = useSyncExternalStore(syncNotices.subscribe, () => syncNotices.get(owner));

  useEffect(() => {
    if (!owner || !online) return;
    void syncOfflineLessons(queryClient, owner).then((found) => {
      if (found && found.length > 0) syncNotices.add(owner, found);
    });
  }, [queryClient, owner, online]);

  if (list.length === 0) return null;
  return (
    <section
      className={styles.region}
      aria-labelledby="offline-sync-title"
      data-testid="offline-sync-notices"
    >
      <div className={styles.head}>
        <IconWarning size={18} className={styles.icon} />
        <h2 id="offline-sync-title" className={styles.title}>
          While you were offline
        </h2>
        <button
          type="button"
          className={styles.dismiss}
          aria-label="Dismiss the offline lessons' notices"
          onClick={syncNotices.dismiss}
        >
          <IconClose size={16} />
        </button>
      </div>
      <ul className={styles.list}>
        {list.map((notice) => (
          <li key={`${notice.kind}:${notice.lessonName}:${notice.message}`} data-kind={notice.kind}>
            <strong>{NOTICE_TITLES[notice.kind]}</strong>
            {' · '}
            {/* The lesson's name, unless the message names it already. */}
            {!notice.message.includes(notice.lessonName) && (
              <>
                <span className={styles.lesson}>{notice.lessonName}</span>
                {': '}
              </>
            )}
            {notice.message}
          </li>
        ))}
      </ul>
    </section>
  );
}
