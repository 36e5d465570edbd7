/**
 * The two reads the navigation needs (spec §2 Navigation). api/ has no functions for them yet, so
 * they live here on top of the shared client; a failed call means "no widgets" / "no drafts".
 */
import { request, unwrap } from '../../api';
import type { ProgressElementSummary, WidgetSummary } from './nav-rules';

const enc = encodeURIComponent;

/** Query keys of the navigation's reads. */
export const navigationKeys = {
  widgets: (lmsKey: number, userKey: number) => ['navigation', 'widgets', lmsKey, userKey] as const,
  drafts: (lmsKey: number, userKey: number) => ['navigation', 'drafts', lmsKey, userKey] as const,
};

/** GET /api/Widget/PostWidget/{lms}/{user}: the user's dashboard widgets. */
export async function getWidgets(lmsKey: number, userKey: number): Promise<WidgetSummary[]> {
  const body = unwrap(
    await request<unknown>(`/api/Widget/PostWidget/${enc(lmsKey)}/${enc(userKey)}`),
  );
  return Array.isArray(body) ? (body as WidgetSummary[]) : [];
}

/** GET /api/progressreport/withPrerequisites/{lms}/{user}: the curricula, to find drafts. */
export async function getProgressReportForDrafts(
  lmsKey: number,
  userKey: number,
): Promise<ProgressElementSummary[]> {
  const path =
    `/api/progressreport/withPrerequisites/${enc(lmsKey)}/${enc(userKey)}` +
    '?showExpired=true&withFlaggedAssignments=false&showEmptyLeafs=false';
  const body = unwrap(await request<{ progressReport?: ProgressElementSummary[] }>(path));
  return Array.isArray(body?.progressReport) ? body.progressReport : [];
}
