/** The dashboard's visibility rules (spec §2 Dashboard, Navigation) and calendar geometry. */
import type { CalendarMonth } from '@waypoint/domain';
import type { Widget } from '../../api/widgets';

/** "If showDashboard is missing or 0 or less, or there are no widgets, a visit redirects". */
export function dashboardRedirects(
  showDashboard: number | null | undefined,
  widgets: readonly Widget[] | undefined,
): boolean {
  if (!showDashboard || showDashboard <= 0) return true;
  return activeWidgets(widgets).length === 0;
}

/** Non-deleted widgets (isDeleted 0 means active), in their sort order. */
export function activeWidgets(widgets: readonly Widget[] | undefined): Widget[] {
  return (widgets ?? [])
    .filter((widget) => (widget.isDeleted ?? 0) === 0)
    .sort((a, b) => a.sortOrder - b.sortOrder);
}

/** A span of time placed on the calendar's window, as percentages of its width. */
export interface WindowSpan {
  left: number;
  width: number;
}

/** Where [start, end) falls on the window of months, clipped; null when outside it. */
export function spanOnWindow(
  start: number,
  end: number,
  window: readonly CalendarMonth[],
): WindowSpan | null {
  const first = window[0];
  const last = window[window.length - 1];
  if (!first || !last) return null;
  const from = first.StartDate;
  const to = last.EndDate;
  if (end <= from || start >= to) return null;
  const clippedStart = Math.max(start, from);
  const clippedEnd = Math.min(end, to);
  return {
    left: ((clippedStart - from) / (to - from)) * 100,
    width: ((clippedEnd - clippedStart) / (to - from)) * 100,
  };
}

/** Where an instant falls on the window (0 to 100), or null outside it. */
export function pointOnWindow(at: number, window: readonly CalendarMonth[]): number | null {
  const first = window[0];
  const last = window[window.length - 1];
  if (!first || !last || at < first.StartDate || at >= last.EndDate) return null;
  return ((at - first.StartDate) / (last.EndDate - first.StartDate)) * 100;
}

/** The label of a 'YYYY-MM' month, e.g. 'Nov 2026'. */
export function monthLabel(month: string): string {
  const [year, number] = month.split('-');
  const names = [
    'Jan',
    'Feb',
    'Mar',
    'Apr',
    'May',
    'Jun',
    'Jul',
    'Aug',
    'Sep',
    'Oct',
    'Nov',
    'Dec',
  ];
  return `${names[Number(number) - 1] ?? ''} ${year ?? ''}`.trim();
}
