/**
 * Reminder emails (beyond the spec; docs/decisions/0015): which of a student's items need a
 * reminder today, and how a day's reminders make one digest. Pure: the server's scheduler feeds
 * it the student's progress report, documents and certificates, today's date in the LMS's time
 * zone and the LMS's days-before list, and claims each occasion once in the database.
 */
import { stillDueCurricula, type ExpiringDocument } from './calendar-feed.js';
import { isCompletionComplete } from './completion.js';
import { dueLessons } from './dashboard.js';
import { isDraftAssociated, isShownAssignment } from './drafts.js';
import type { ProgressElement } from './progress-element.js';
import { courseDisplayName, parseRecurrentCourseName } from './recurrent.js';

/** "default 14, 3 and 1 days before" an item is due or expires. */
export const DEFAULT_REMINDER_DAYS: readonly number[] = [14, 3, 1];
/** The longest lead an LMS may set (a year) and how many lead days it may list. */
export const MAX_REMINDER_DAY = 365;
export const MAX_REMINDER_DAYS_COUNT = 10;
/**
 * An overdue reminder still goes out this many days after the due date when it could not be sent
 * on the first overdue day (the server was down); past that it is stale and never sent, so turning
 * reminders on never mails a student about curricula that lapsed long ago.
 */
export const OVERDUE_REMINDER_WINDOW_DAYS = 7;

/**
 * What a reminder is about: a curriculum's due date, the end of a recurrent course's period (§4
 * recurrent names), a certificate's expiry, an assigned document's expiry.
 */
export type ReminderItemKind = 'curriculum' | 'recurrent' | 'certificate' | 'document';

/** 'before-14' (14 days before the date) or 'overdue' (the date has passed). */
export type ReminderOccasion = `before-${number}` | 'overdue';

/**
 * The panel's routes a reminder links to (apps/web/src/lib/paths.ts, spec §2 route table): the
 * assignments list opens a curriculum, the certificate page shows a certificate, and the
 * Documents pop-up opens from the header of every page, so a document links to the dashboard.
 */
export const REMINDER_PANEL_PATHS = {
  assignments: '/assignments',
  dashboard: '/dashboard',
  certificate: '/certificate',
} as const;

/** One thing a student may be reminded of. */
export interface ReminderItem {
  kind: ReminderItemKind;
  /** Stable per item (assignment, assignment-course, certificate, document key). */
  key: string;
  title: string;
  /** One line on what is left to do. */
  detail: string;
  /** The due or expiry day (YYYY-MM-DD, in the LMS's time zone). */
  date: string;
  /** The panel's path (and query) that opens the item. */
  link: string;
}

/** An item's reminder for today. */
export interface DueReminder {
  item: ReminderItem;
  occasion: ReminderOccasion;
  /** Days from today to the item's date: 0 due today, negative when overdue. */
  daysLeft: number;
}

/** A certificate with an expiry, as the reminders need it. */
export interface ExpiringCertificate {
  key: number;
  name: string;
  curriculumKey: number;
  assignmentKey: number;
  courseKey: number | null;
  issuedAtMs: number;
  /** Null: it never expires. */
  expiresAtMs: number | null;
  revoked: boolean;
}

// ---- days ---------------------------------------------------------------------------------------

const DAY_MS = 86_400_000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True when the IANA time zone name is known to this runtime ('UTC', 'Europe/Berlin'). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return name.length > 0;
  } catch {
    return false;
  }
}

/** The calendar day (YYYY-MM-DD) of an instant in a time zone. */
export function dayInZone(instantMs: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(instantMs));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/**
 * The day an instant that ends a period belongs to: a due date or expiry is kept as the last
 * moment of its day (assign --due, set-document-expiry), and one at 00:00 ends the day before.
 */
export function endingDay(instantMs: number, timeZone: string): string {
  return dayInZone(instantMs - 1, timeZone);
}

const dayNumber = (day: string): number => {
  const match = DAY.exec(day);
  if (!match) throw new RangeError(`Not a day: ${day}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY_MS;
};

/** Whole days from one day to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/**
 * How many days are left until the day an instant ends (a due date, a document's expiry): whole
 * calendar days from today to that day, in the given time zone. 0 on the day itself ('today'), 1
 * the day before ('tomorrow'), negative once it has passed. This is §9's "day count rounded up",
 * counted to the start of the day the period ends on: a document that expires at the end of
 * 8 December expires in 12 days all through 26 November, never 13. The one day count of the
 * panel's document list and of the reminder emails (ADR 0010, "Day counts").
 */
export function daysLeft(endInstantMs: number, nowMs: number, timeZone: string): number {
  return daysBetween(dayInZone(nowMs, timeZone), endingDay(endInstantMs, timeZone));
}

/** The day `count` days after `day`. */
export function addDays(day: string, count: number): string {
  return new Date((dayNumber(day) + count) * DAY_MS).toISOString().slice(0, 10);
}

/** A real calendar day written YYYY-MM-DD (a recurrent period's end), else null. */
function realDay(text: string): string | null {
  const match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const at = new Date(Date.UTC(year, month - 1, date));
  if (at.getUTCMonth() !== month - 1 || at.getUTCDate() !== date) return null;
  return at.toISOString().slice(0, 10);
}

// ---- the LMS's days-before list -----------------------------------------------------------------

/**
 * Reads an operator's days-before list ('14,3,1'): whole numbers from 1 to 365, at most 10,
 * each once; sorted longest lead first. A message says what is wrong otherwise.
 */
export function parseReminderDays(
  text: string,
): { ok: true; days: number[] } | { ok: false; message: string } {
  const parts = text.split(',').map((part) => part.trim());
  const wrong = parts.filter(
    (part) => !/^\d{1,3}$/.test(part) || Number(part) < 1 || Number(part) > MAX_REMINDER_DAY,
  );
  if (parts.length === 0 || wrong.length > 0) {
    return {
      ok: false,
      message: `Reminder days must be whole numbers from 1 to ${MAX_REMINDER_DAY}, separated by commas (not: '${wrong.join("', '") || text}').`,
    };
  }
  const days = [...new Set(parts.map(Number))].sort((a, b) => b - a);
  if (days.length !== parts.length) {
    return { ok: false, message: 'Each reminder day may be listed once.' };
  }
  if (days.length > MAX_REMINDER_DAYS_COUNT) {
    return { ok: false, message: `At most ${MAX_REMINDER_DAYS_COUNT} reminder days.` };
  }
  return { ok: true, days };
}

// ---- which items ----------------------------------------------------------------------------------

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * The student's items that can have reminders:
 * - each curriculum still due (the calendar feed's and dashboard's rule: shown, not a draft, not
 *   complete, lessons still due, not open-ended), on its due date;
 * - each recurrent course (§4 recurrent names) of a shown curriculum that still has lessons due, on
 *   the last day of its period, unless that is the curriculum's due day (one reminder is enough);
 * - each certificate with an expiry that is neither revoked nor renewed (a later certificate of
 *   the same curriculum or course);
 * - each assigned document with an expiry, unless archived.
 * Complete curricula and courses never appear, so they never get a reminder.
 */
export function reminderItems(
  input: {
    progressReport: readonly ProgressElement[];
    documents: readonly ExpiringDocument[];
    certificates: readonly ExpiringCertificate[];
    lmsKey: number;
    userKey: number;
  },
  nowMs: number,
  timeZone: string,
): ReminderItem[] {
  const items: ReminderItem[] = [];
  const assignments = REMINDER_PANEL_PATHS.assignments;
  const dueDays = new Map<number, string>();
  for (const due of stillDueCurricula(input.progressReport, nowMs)) {
    const { curriculum } = due;
    const date = endingDay(due.dueMs, timeZone);
    dueDays.set(curriculum.elementAssignmentKey, date);
    items.push({
      kind: 'curriculum',
      key: String(curriculum.elementAssignmentKey),
      title: curriculum.elementName,
      detail: `${plural(due.dueLessonCount, 'lesson')} still to complete in ${due.courseNames.join(', ')}.`,
      date,
      link: assignments,
    });
  }
  for (const curriculum of input.progressReport) {
    if (!isShownAssignment(curriculum) || isDraftAssociated(curriculum)) continue;
    if (isCompletionComplete(curriculum.elementCompletion)) continue;
    for (const course of curriculum.elementChildren) {
      const period = parseRecurrentCourseName(course.elementName);
      const end = period ? realDay(period.end) : null;
      if (!end || course.elementDraft > 0) continue;
      const left = dueLessons(course).length;
      if (left === 0 || isCompletionComplete(course.elementCompletion)) continue;
      if (dueDays.get(curriculum.elementAssignmentKey) === end) continue;
      items.push({
        kind: 'recurrent',
        key: `${curriculum.elementAssignmentKey}-${course.elementKey}`,
        title: `${curriculum.elementName}: ${courseDisplayName(course.elementName)}`,
        detail: `${plural(left, 'lesson')} still to complete before the period ends.`,
        date: end,
        link: assignments,
      });
    }
  }
  for (const certificate of input.certificates) {
    if (certificate.revoked || certificate.expiresAtMs === null) continue;
    const renewed = input.certificates.some(
      (other) =>
        other !== certificate &&
        !other.revoked &&
        other.curriculumKey === certificate.curriculumKey &&
        other.courseKey === certificate.courseKey &&
        other.issuedAtMs > certificate.issuedAtMs,
    );
    if (renewed) continue;
    // The certificate page's query (spec §2 Certificate page; the panel reads it in
    // features/certificate/certificate-query.ts). Keys are numbers: nothing to encode.
    const query = [
      `lms=${input.lmsKey}`,
      `assignmentKey=${certificate.assignmentKey}`,
      `curriculum=${certificate.curriculumKey}`,
      `user=${input.userKey}`,
      ...(certificate.courseKey === null ? [] : [`course=${certificate.courseKey}`]),
    ].join('&');
    items.push({
      kind: 'certificate',
      key: String(certificate.key),
      title: certificate.name,
      detail: 'Your certificate expires: complete the training again to renew it.',
      date: endingDay(certificate.expiresAtMs, timeZone),
      link: `${REMINDER_PANEL_PATHS.certificate}?${query}#${certificate.courseKey === null ? 'curriculum' : 'course'}`,
    });
  }
  for (const document of input.documents) {
    if (document.archive > 0 || document.expirationInstant <= 0) continue;
    items.push({
      kind: 'document',
      key: String(document.key),
      title: document.name,
      detail: 'Your document expires: upload a new one in Documents.',
      date: endingDay(document.expirationInstant, timeZone),
      link: REMINDER_PANEL_PATHS.dashboard,
    });
  }
  return items;
}

// ---- which occasion today -------------------------------------------------------------------------

/**
 * The occasion an item's reminder is for today, or null:
 * - before the date (up to and on the due day): the latest days-before occasion whose day has
 *   come. One missed while the server was down still goes out on a later day, but only the
 *   latest, never a burst of old ones (the claim table then holds it, so it is sent once);
 * - after the date, a curriculum is overdue: one 'overdue' reminder, within
 *   OVERDUE_REMINDER_WINDOW_DAYS of the due day; other kinds have no reminder once expired.
 */
export function occasionToday(
  item: Pick<ReminderItem, 'kind' | 'date'>,
  today: string,
  daysBefore: readonly number[],
): ReminderOccasion | null {
  const left = daysBetween(today, item.date);
  if (left < 0) {
    return item.kind === 'curriculum' && -left <= OVERDUE_REMINDER_WINDOW_DAYS ? 'overdue' : null;
  }
  const reached = daysBefore.filter((days) => days >= left);
  if (reached.length === 0) return null;
  return `before-${Math.min(...reached)}`;
}

/** Today's reminders of the items, soonest date first (the digest's order). */
export function remindersToday(
  items: readonly ReminderItem[],
  today: string,
  daysBefore: readonly number[],
): DueReminder[] {
  const due: DueReminder[] = [];
  for (const item of items) {
    const occasion = occasionToday(item, today, daysBefore);
    if (occasion) due.push({ item, occasion, daysLeft: daysBetween(today, item.date) });
  }
  return due.sort((a, b) => a.daysLeft - b.daysLeft || a.item.title.localeCompare(b.item.title));
}

/** A day's digest: every reminder of one student that falls on one day, sent as one email. */
export interface ReminderDigest {
  day: string;
  reminders: DueReminder[];
}

/** Groups reminders by the day they fall on (one email per student and day), days in order. */
export function groupDigests(
  reminders: readonly (DueReminder & { day: string })[],
): ReminderDigest[] {
  const byDay = new Map<string, DueReminder[]>();
  for (const { day, ...reminder } of reminders) {
    byDay.set(day, [...(byDay.get(day) ?? []), reminder]);
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, list]) => ({ day, reminders: list }));
}

/** "in 3 days", "tomorrow", "today", "3 days ago": when the item's date is, seen from today. */
export function whenText(daysLeft: number): string {
  if (daysLeft === 0) return 'today';
  if (daysLeft === 1) return 'tomorrow';
  if (daysLeft === -1) return 'yesterday';
  return daysLeft > 0 ? `in ${daysLeft} days` : `${-daysLeft} days ago`;
}

/** A reminder's first line: 'Due in 3 days', 'Overdue since 2026-12-13', 'Expires today'. */
export function reminderHeadline(reminder: DueReminder): string {
  if (reminder.occasion === 'overdue') return `Overdue since ${reminder.item.date}`;
  const what = {
    curriculum: 'Due',
    recurrent: 'Period ends',
    certificate: 'Expires',
    document: 'Expires',
  };
  return `${what[reminder.item.kind]} ${whenText(reminder.daysLeft)}`;
}
