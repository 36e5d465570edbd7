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
  /** The student's reminder emails preference (docs/decisions/0015). */
  reminders: (lmsKey: number, userKey: number) => ['reminders', lmsKey, userKey] as const,
  documents: {
    counts: (lmsKey: number, userKey: number) => ['documents', 'counts', lmsKey, userKey] as const,
    list: (lmsKey: number, userKey: number) => ['documents', 'list', lmsKey, userKey] as const,
    detail: (lmsKey: number, formKey: number, userKey: number) =>
      ['documents', 'detail', lmsKey, formKey, userKey] as const,
  },
  /** The Completion Report: under 'progress', so reloadProgress refreshes it after a lesson. */
  reports: {
    courseCompletion: (lmsKey: number, userKey: number) =>
      ['progress', 'courseCompletion', lmsKey, userKey] as const,
    completionTrees: (lmsKey: number, userKey: number) =>
      ['progress', 'completionTrees', lmsKey, userKey] as const,
    organization: (lmsKey: number, userKey: number) =>
      ['reports', 'organization', lmsKey, userKey] as const,
    /** One lesson's attempts (the tree's 'Attempts' list); a new attempt changes them. */
    lessonAttempts: (lmsKey: number, userKey: number, assignmentKey: number, lessonKey: number) =>
      ['progress', 'lessonAttempts', lmsKey, userKey, assignmentKey, lessonKey] as const,
  },
  /** Evaluations: the open list depends on progress (one falls due on completion). */
  evaluations: {
    list: (lmsKey: number, userKey: number, type: string) =>
      ['progress', 'evaluations', lmsKey, userKey, type] as const,
    form: (lmsKey: number, userKey: number, evaluationKey: number) =>
      ['evaluations', 'form', lmsKey, userKey, evaluationKey] as const,
  },
  /** The app-download links (§7 AppDownload/GetLinks), shown by the shell and Assignments. */
  appDownloadLinks: () => ['appDownloadLinks'] as const,
  /** The library's course trees and media (§2 Library). */
  library: {
    courses: (lmsKey: number, userKey: number) => ['library', 'courses', lmsKey, userKey] as const,
    media: (lmsKey: number, userKey: number) => ['library', 'media', lmsKey, userKey] as const,
  },
  /** A certificate (§2 Certificate page) and its theme file. */
  certificates: {
    data: (
      lmsKey: number,
      userKey: number,
      curriculumKey: number,
      assignmentKey: number,
      courseKey: number | null,
    ) =>
      ['certificates', 'data', lmsKey, userKey, curriculumKey, assignmentKey, courseKey] as const,
    theme: (theme: string) => ['certificates', 'theme', theme] as const,
  },
  /**
   * The lessons stored on this device for one owner ('lmsKey:userKey'), as the content origin's
   * offline bridge lists them (docs/decisions/0024); never kept in the offline cache.
   */
  offlineLessons: (owner: string) => ['offlineLessons', owner] as const,
  /** The comments on one place of a lesson (§2 Comments screen). */
  comments: {
    list: (lmsKey: number, courseKey: number, scoKey: number, userKey: number, location: string) =>
      ['comments', lmsKey, courseKey, scoKey, userKey, location] as const,
  },
};
