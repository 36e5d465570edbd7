/**
 * The one query-key factory of the panel: every TanStack query's key comes from here, so one
 * resource has one key (and one request) whichever screen asks for it, and invalidation by area
 * (reloadProgress) reaches every copy.
 */
import type { ProgressReportOptions } from '@waypoint/domain/contract';

export const queryKeys = {
  progress: {
    /** Everything that shows lesson progress: the report and the parameters beside it. */
    all: ['progress'] as const,
    report: (lmsKey: number, userKey: number, options: ProgressReportOptions) =>
      ['progress', 'report', lmsKey, userKey, options] as const,
    studentParameters: (lmsKey: number, userKey: number) =>
      ['progress', 'studentParameters', lmsKey, userKey] as const,
  },
  widgets: {
    /** The widgets and the calendar (its due items come from progress). */
    all: ['widgets'] as const,
    list: (lmsKey: number, userKey: number) => ['widgets', 'list', lmsKey, userKey] as const,
    calendarMonths: (lmsKey: number, userKey: number) =>
      ['widgets', 'calendarMonths', lmsKey, userKey] as const,
    calendarData: (lmsKey: number, userKey: number, student: number) =>
      ['widgets', 'calendarData', lmsKey, userKey, student] as const,
    pickerUsers: (lmsKey: number) => ['widgets', 'pickerUsers', lmsKey] as const,
    /** The student's calendar feed address (docs/decisions/0014). */
    calendarFeed: (lmsKey: number, userKey: number) =>
      ['widgets', 'calendarFeed', lmsKey, userKey] as const,
  },
  documents: {
    counts: (lmsKey: number, userKey: number) => ['documents', 'counts', lmsKey, userKey] as const,
    list: (lmsKey: number, userKey: number) => ['documents', 'list', lmsKey, userKey] as const,
  },
  /** The app-download links (§7 AppDownload/GetLinks), shown by the shell and Assignments. */
  appDownloadLinks: () => ['appDownloadLinks'] as const,
};
