/**
 * Query hooks over the progress calls, shared by Assignments, Course details, Drafts and the
 * Dashboard. The signed-in user's lmsKey and userKey come from the global store.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useAppState } from '../lib/use-app-state';
import { unwrap } from './client';
import {
  getProgressReport,
  getStudentParameters,
  progressKeys,
  type ProgressReportOptions,
} from './progress';

/** The screens read the report with the offline-completion flags and without empty leaves. */
export const CURRICULA_REPORT_OPTIONS: ProgressReportOptions = {
  withFlaggedAssignments: true,
  showEmptyLeafs: false,
};

function useUserKeys() {
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
 * Reloads everything that shows lesson progress, straight from the database: after a launch and
 * when the lesson window closes (§4 Lesson launch flow step 6; issue 5 item 6).
 */
export function reloadProgress(queryClient: QueryClient): Promise<void> {
  freshUntil = Date.now() + FRESH_WINDOW_MS;
  return queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] === 'progress' || query.queryKey[0] === 'widgets',
  });
}

/** The student's progress report (§3), loaded once and shared between the screens. */
export function useProgressReport() {
  const { lmsKey, userKey, known } = useUserKeys();
  return useQuery({
    queryKey: progressKeys.report(lmsKey, userKey, CURRICULA_REPORT_OPTIONS),
    queryFn: async () =>
      unwrap(
        await getProgressReport(lmsKey, userKey, CURRICULA_REPORT_OPTIONS, Date.now() < freshUntil),
      ),
    enabled: known,
  });
}

/** The student's parameters (§3); a failed load reads as "nothing allowed". */
export function useStudentParameters() {
  const { lmsKey, userKey, known } = useUserKeys();
  return useQuery({
    queryKey: progressKeys.studentParameters(lmsKey, userKey),
    queryFn: async () => unwrap(await getStudentParameters(lmsKey, userKey)),
    enabled: known,
    staleTime: 5 * 60_000,
  });
}
