import { isCompletionComplete } from './completion.js';
import { dueLessons } from './dashboard.js';
import { isOpenDate } from './dates.js';
import { isDraftAssociated, isShownAssignment } from './drafts.js';
import { dueDate } from './expiry.js';
import type { ProgressElement } from './progress-element.js';
import { courseDisplayName } from './recurrent.js';

/** An all-day event of a student's calendar feed (docs/decisions/0014). */
export interface FeedEvent {
  /** Stable across feed reads, so a calendar updates the event instead of adding another. */
  id: string;
  /** The day, as UTC calendar date parts (due dates are kept as instants at the end of a day). */
  day: { year: number; month: number; date: number };
  title: string;
  description: string;
}

/** A document with an expiry, as the feed needs it. */
export interface ExpiringDocument {
  key: number;
  name: string;
  expirationInstant: number;
  archive: number;
}

/** The calendar day of an instant that ends a period: a due date at 00:00 belongs to the day before. */
function dayOf(instantMs: number): FeedEvent['day'] {
  const at = new Date(instantMs - 1);
  return { year: at.getUTCFullYear(), month: at.getUTCMonth() + 1, date: at.getUTCDate() };
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** A curriculum still due, as the feed and the reminder emails (reminders.ts) read it. */
export interface DueCurriculum {
  curriculum: ProgressElement;
  dueMs: number;
  /** Lessons still to complete (the dashboard's due-list rule, §2). */
  dueLessonCount: number;
  /** The shown names of its courses that still have lessons due. */
  courseNames: string[];
}

/**
 * Each shown, non-draft curriculum that is not complete and still has lessons due (the same "still
 * due" rule as the dashboard's lists, §2), with its due date, unless it is open-ended (100 years
 * or more ahead, §9 'Open').
 */
export function stillDueCurricula(
  progressReport: readonly ProgressElement[],
  nowMs: number,
): DueCurriculum[] {
  const found: DueCurriculum[] = [];
  for (const curriculum of progressReport) {
    if (!isShownAssignment(curriculum) || isDraftAssociated(curriculum)) continue;
    if (isCompletionComplete(curriculum.elementCompletion)) continue;
    const due = dueLessons(curriculum);
    if (due.length === 0) continue;
    const dueMs = dueDate(curriculum.elementStartDate, curriculum.elementDuration);
    if (isOpenDate(dueMs, nowMs)) continue;
    const courseNames = curriculum.elementChildren
      .filter((course) => course.elementDraft <= 0 && dueLessons(course).length > 0)
      .map((course) => courseDisplayName(course.elementName));
    found.push({ curriculum, dueMs, dueLessonCount: due.length, courseNames });
  }
  return found;
}

/**
 * The events of a student's calendar feed:
 * - each shown, non-draft curriculum that is not complete and still has lessons due (the same
 *   "still due" rule as the dashboard's lists, §2) gets its due date, unless it is open-ended
 *   (100 years or more ahead, §9 'Open');
 * - each assigned document with an expiry date gets its expiry, unless archived.
 */
export function calendarFeedEvents(
  progressReport: readonly ProgressElement[],
  documents: readonly ExpiringDocument[],
  nowMs: number,
): FeedEvent[] {
  const events: FeedEvent[] = [];
  for (const { curriculum, dueMs, dueLessonCount, courseNames } of stillDueCurricula(
    progressReport,
    nowMs,
  )) {
    events.push({
      id: `due-${curriculum.elementAssignmentKey}`,
      day: dayOf(dueMs),
      title: `Due: ${curriculum.elementName}`,
      description: `${plural(dueLessonCount, 'lesson')} still to complete in ${courseNames.join(', ')}.`,
    });
  }
  for (const document of documents) {
    if (document.archive > 0 || document.expirationInstant <= 0) continue;
    events.push({
      id: `document-${document.key}`,
      day: dayOf(document.expirationInstant),
      title: `Expires: ${document.name}`,
      description: `Your document '${document.name}' expires on this day. Upload a new one in Documents.`,
    });
  }
  return events;
}
