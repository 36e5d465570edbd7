import { useQueryClient } from '@tanstack/react-query';
import { offlineBannerText, offlineDataTime, OFFLINE_ACTION_MESSAGE } from '@waypoint/domain';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useOfflineRefusals, useOnline } from '../lib/online';
import { IconClose, makeIcon } from './icons';
import styles from './offline-banner.module.css';

const IconOffline = makeIcon(
  <>
    <path d="M2 2l20 20M8.5 16.5a5 5 0 0 1 7 0M2 8.82a15 15 0 0 1 4.17-2.65M10.66 5c4.01-.36 8.14.9 11.34 3.76M16.85 11.25a10 10 0 0 1 2.22 1.68M5 13a10 10 0 0 1 5.24-2.76" />
    <path d="M12 20h.01" />
  </>,
);

/** How long the "needs a connection" notice stays on screen. */
export const OFFLINE_NOTICE_MS = 6000;

/**
 * The time the data on screen is from: the oldest fetch among the queries shown now (those with
 * an observer), or null when none has data.
 */
export function useShownDataTime(): number | null {
  const client = useQueryClient();
  const subscribe = useCallback(
    (listener: () => void) => client.getQueryCache().subscribe(listener),
    [client],
  );
  const read = useCallback(
    () =>
      offlineDataTime(
        client
          .getQueryCache()
          .getAll()
          .filter((query) => query.getObserversCount() > 0)
          .map((query) => query.state.dataUpdatedAt),
      ),
    [client],
  );
  return useSyncExternalStore(subscribe, read, read);
}

export interface OfflineBannerProps {
  /** The time the data shown is from; by default the oldest among the queries on screen. */
  since?: number | null;
}

/**
 * "You are offline. Showing data from YYYY/MM/DD HH:mm ..." while the panel cannot reach its
 * server (ADR 0024 "Offline panel"); nothing while online. The signed-in shell shows it above
 * every page; a page with data of its own (a lesson played offline) passes `since`.
 */
export function OfflineBanner({ since }: OfflineBannerProps) {
  const online = useOnline();
  const shown = useShownDataTime();
  if (online) return null;
  return (
    <div className={styles.banner} role="status" data-testid="offline-banner">
      <IconOffline size={20} />
      <p>{offlineBannerText(since === undefined ? shown : since)}</p>
    </div>
  );
}

/**
 * "This needs a connection. You are offline." each time an action that needs the server is
 * refused offline (lib/online.ts refuseOffline), announced at once; it hides by itself.
 */
export function OfflineNotice() {
  const refusals = useOfflineRefusals();
  const [shownFor, setShownFor] = useState(0);
  const open = refusals > 0 && shownFor !== refusals;
  useEffect(() => {
    if (!open) return;
    const timer = window.setTimeout(() => setShownFor(refusals), OFFLINE_NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [open, refusals]);
  if (!open) return null;
  return (
    <div className={styles.notice} role="alert" data-testid="offline-notice">
      <IconOffline size={20} />
      <span>{OFFLINE_ACTION_MESSAGE}</span>
      <button type="button" aria-label="Dismiss" onClick={() => setShownFor(refusals)}>
        <IconClose size={16} />
      </button>
    </div>
  );
}
