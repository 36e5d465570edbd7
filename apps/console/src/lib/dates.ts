/**
 * Dates as the console writes them beyond the domain's day (formatDate, YYYY/MM/DD, §9): an
 * instant with its time, in the reader's own zone and locale.
 */
import { formatDate } from '@waypoint/domain';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** An instant (epoch ms or ISO text) with its time: '27 Nov 2026, 09:00'. */
export function formatDateTime(instant: number | string): string {
  return dateTime.format(new Date(instant));
}

/** A day, or a dash where there is none (never completed, never launched). */
export function formatDateOrDash(dateMs: number | null): string {
  return dateMs === null ? '—' : formatDate(dateMs);
}
