/** Visibility rules of the Dashboard and Drafts links (spec §2 Navigation, §6). */

/** A dashboard widget as far as the navigation cares: isDeleted 0 means active. */
export interface WidgetSummary {
  isDeleted?: number | null;
}

/** A progress-report element as far as the navigation cares. */
export interface ProgressElementSummary {
  elementDraft?: number | null;
  elementChildren?: ProgressElementSummary[] | null;
}

/** Dashboard shows only when showDashboard is above 0 and a non-deleted widget exists. */
export function showDashboardLink(
  showDashboard: number | null | undefined,
  widgets: readonly WidgetSummary[] | null | undefined,
): boolean {
  if (!showDashboard || showDashboard <= 0) return false;
  return (widgets ?? []).some((widget) => (widget.isDeleted ?? 0) === 0);
}

/** Drafts shows only when any progress-report child has elementDraft above 0. */
export function showDraftsLink(
  progressReport: readonly ProgressElementSummary[] | null | undefined,
): boolean {
  return (progressReport ?? []).some((curriculum) =>
    (curriculum.elementChildren ?? []).some((child) => (child.elementDraft ?? 0) > 0),
  );
}
