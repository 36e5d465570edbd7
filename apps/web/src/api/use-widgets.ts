/**
 * The widget list query, shared by the navigation (its Dashboard link) and the dashboard: one
 * query, one key, one request.
 */
import { useQuery } from '@tanstack/react-query';
import { useAppState } from '../lib/use-app-state';
import { unwrap } from './client';
import { queryKeys } from './query-keys';
import { useUserKeys } from './use-progress';
import { getWidgets } from './widgets';

/** The dashboard widgets (§2), asked for only when the LMS shows a dashboard (showDashboard > 0). */
export function useWidgets() {
  const { lmsKey, userKey, known } = useUserKeys();
  const showDashboard = useAppState((state) => state.lmsInfo?.showDashboard ?? 0);
  return useQuery({
    queryKey: queryKeys.widgets.list(lmsKey, userKey),
    queryFn: async () => unwrap(await getWidgets(lmsKey, userKey)),
    enabled: known && showDashboard > 0,
    // A failed load means "no widgets" (no Dashboard link, the dashboard redirects).
    retry: false,
    staleTime: 5 * 60_000,
  });
}
