/**
 * How the Completion Report and the training record show times and dates: §2's
 * milliseconds-to-time format, ISO dates. Scores use formatScorePercent (score.ts) as every screen.
 */
import { formatDuration } from '../dates.js';

/** A time in the milliseconds-to-time format (§2): 'H:MM:SS'; '-' for none. */
export function timeText(ms: number): string {
  return ms > 0 ? formatDuration(ms) : '-';
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant as an ISO 8601 calendar date in UTC ('2026-03-04'); '' for none. */
export function isoDate(ms: number): string {
  if (ms <= 0) return '';
  const date = new Date(ms);
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}
