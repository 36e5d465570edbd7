/**
 * Query hooks over the progress calls, shared by the navigation (its Drafts link), Assignments,
 * Course details, Drafts and the Dashboard: one query, one key, one request per resource. The
 * signed-in user's lmsKey and userKey come from the global store.
 */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { useAppState } from '../lib/use-app-state';
import { unwrap } from './client';
import { getProgressReport, getStudentParameters, type ProgressReportOptions } from './progress';
import { queryKeys } from './query-keys';

/** Every screen reads the report with the offline-completion flags and without empty leaves. */
export const CURRICULA_REPORT_OPTIONS: ProgressReportOptions = {
  showExpired: true,
  withFlaggedAssignments: true,
  showEmptyLeafs: false,
};

/** The signed-in user's keys (-1 until known). */
export function useUserKeys() {
  const lmsKey = useAppState((state) => state.currentUser?.lmsKey ?? null);
  const userKey = useAppState((state) => state.currentUser?.userKey ?? null);
  return {
    lmsKey: lmsKey ?? -1,
    userKey: userKey ?? -1,
    known: lmsKey !== null && userKey !== null,
  };
}

// Until then, report fetches ask the server for fresh data (Cache-Control: no-cache).
let freshUntil = 0;
const FRESH_WINDOW_MS = 5_000;

/**
 * Reloads everything that shows lesson progress (the screens, the calendar, the navigation's
 * Drafts link), straight from the database: after a launch and when the lesson window closes
 * (§4 Lesson launch flow step 6).
 */
export function reloadProgress(queryClient: QueryClient): Promise<void> {
  freshUntil = Date.now() + FRESH_WINDOW_MS;
  const areas: readonly unknown[] = [queryKeys.progress.all[0], queryKeys.widgets.all[0]];
  return queryClient.invalidateQueries({ predicate: (query) => areas.includes(query.queryKey[0]) });
}

/** The progress report query of one student (useProgressReport; prefetched at start-up). */
export function progressReportQuery(lmsKey: number, userKey: number) {
  return queryOptions({
    queryKey: queryKeys.progress.report(lmsKey, userKey, CURRICULA_REPORT_OPTIONS),
    queryFn: async () =>
      unwrap(
        await getProgressReport(lmsKey, userKey, CURRICULA_REPORT_OPTIONS, Date.now() < freshUntil),
      ),
  });
}

/** The student's progress report (§3), loaded once and shared between the screens. */
export function useProgressReport() {
  const { lmsKey, userKey, known } = useUserKeys();
  return useQuery({ ...progressReportQuery(lmsKey, userKey), enabled: known });
}

/** The student's parameters (§3); a failed load reads as "nothing allowed". */
export function useStudentParameters() {
  const { lmsKey, userKey, known } = useUserKeys();
  return useQuery({
    queryKey: queryKeys.progress.studentParameters(lmsKey, userKey),
    queryFn: async () => unwrap(await getStudentParameters(lmsKey, userKey)),
    enabled: known,
    staleTime: 5 * 60_000,
  });
}
