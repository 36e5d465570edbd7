/**
 * The signed-in shell's part of the offline panel (docs/decisions/0024 "Offline panel"): starts
 * keeping the student's read queries in IndexedDB (lib/offline-cache.ts, loaded lazily: never on
 * the login page) and restores what was kept, and keeps the LMS data the shell needs offline.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { keepLmsData, offlineOwner } from '../lib/offline-kept';
import { getState } from '../lib/store';
import { useAppState } from '../lib/use-app-state';

/** Keeps and restores the signed-in student's data for offline use. */
export function useOfflineCache(): void {
  const queryClient = useQueryClient();
  const owner = useAppState((state) => offlineOwner(state.currentUser));
  useEffect(() => {
    if (owner === null || typeof indexedDB === 'undefined') return;
    void import('../lib/offline-cache')
      .then((cache) =>
        cache.startOfflineCache({
          queryClient,
          owner,
          currentOwner: () => offlineOwner(getState().currentUser),
        }),
      )
      .catch(() => undefined);
  }, [owner, queryClient]);

  const lmsInfo = useAppState((state) => (state.lmsInfoStatus === 'loaded' ? state.lmsInfo : null));
  const supportInfo = useAppState((state) => state.supportInfo);
  useEffect(() => {
    if (lmsInfo) keepLmsData(getState().currentUser, lmsInfo, supportInfo);
  }, [owner, lmsInfo, supportInfo]);
}
