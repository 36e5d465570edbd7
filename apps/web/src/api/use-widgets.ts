/**
 * The widget list query, shared by the navigation (its Dashboard link) and the dashboard: one
 * query, one key, one request.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAppState } from '../lib/use-app-state';
import { unwrap } from './client';
import { queryKeys } from './query-keys';
import { useUserKeys } from './use-progress';
import { getWidgets } from './widgets';

/** The widget list query of one student (useWidgets; prefetched at start-up). */
export function widgetsQuery(lmsKey: number, userKey: number) {
  return queryOptions({
    queryKey: queryKeys.widgets.list(lmsKey, userKey),
    queryFn: async () => unwrap(await getWidgets(lmsKey, userKey)),
    // A failed load means "no widgets" (no Dashboard link, the dashboard redirects).
    retry: false,
    staleTime: 5 * 60_000,
  });
}

/** The dashboard widgets (§2), asked for only when the LMS shows a dashboard (showDashboard > 0). */
export function useWidgets() {
  const { lmsKey, userKey, known } = useUserKeys();
  const showDashboard = useAppState((state) => state.lmsInfo?.showDashboard ?? 0);
  return useQuery({ ...widgetsQuery(lmsKey, userKey), enabled: known && showDashboard > 0 });
}
