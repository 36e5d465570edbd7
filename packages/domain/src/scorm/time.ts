/** SCORM time formats: 1.2 CMITimespan and 2004 timeinterval (ISO 8601 duration). */

const MS_PER_SECOND = 1000;
const MS_PER_MINUTE = 60 * MS_PER_SECOND;
const MS_PER_HOUR = 60 * MS_PER_MINUTE;
const MS_PER_DAY = 24 * MS_PER_HOUR;
// scorm-again counts a year as 365 days and a month as 30 days; the server must add up time the same way.
const MS_PER_MONTH = 30 * MS_PER_DAY;
const MS_PER_YEAR = 365 * MS_PER_DAY;

// As lenient as the runtime (scorm-again 3.4): what it accepted from the SCO must not make the
// server refuse the whole commit, or the student's data would never be saved.
const SCORM12_TIMESPAN = /^(\d{1,9}):(\d{2}):(\d{2})(\.\d+)?$/;

/** SCORM 1.2 CMITimespan 'HHHH:MM:SS[.S[S]]' (any number of hour digits, as scorm-again allows;
 * minutes and seconds below 60) -> ms, or null when malformed. */
export function parseScorm12Time(s: string): number | null {
  const match = SCORM12_TIMESPAN.exec(s);
  if (!match) return null;
  const [, hours = '', minutes = '', seconds = '', fraction = ''] = match;
  const m = Number(minutes);
  const sec = Number(seconds);
  if (m >= 60 || sec >= 60) return null;
  return (
    Number(hours) * MS_PER_HOUR +
    m * MS_PER_MINUTE +
    sec * MS_PER_SECOND +
    Math.round(Number(`0${fraction}`) * MS_PER_SECOND)
  );
}

const NUMBER = '(\\d+(?:\\.\\d+)?)';
const ISO_DURATION = new RegExp(
  `^P(?:${NUMBER}Y)?(?:${NUMBER}M)?(?:${NUMBER}W)?(?:${NUMBER}D)?` +
    `(?:(T)(?:${NUMBER}H)?(?:${NUMBER}M)?(?:${NUMBER}S)?)?$`,
);
const MS_PER_WEEK = 7 * MS_PER_DAY;

/** SCORM 2004 timeinterval 'P[yY][mM][wW][dD][T[hH][mM][s[.s]S]]' -> ms, or null when malformed.
 * Weeks and fractions on any part are accepted as scorm-again accepts them. 'P' alone and a 'T'
 * with nothing after it are malformed, as ISO 8601 says. */
export function parseIsoDuration(s: string): number | null {
  const match = ISO_DURATION.exec(s);
  if (!match) return null;
  const [, years, months, weeks, days, t, hours, minutes, seconds] = match;
  const dateParts = [years, months, weeks, days].filter((part) => part !== undefined).length;
  const timeParts = [hours, minutes, seconds].filter((part) => part !== undefined).length;
  if (t !== undefined && timeParts === 0) return null;
  if (dateParts + timeParts === 0) return null;
  const n = (part: string | undefined) => (part === undefined ? 0 : Number(part));
  return Math.round(
    n(years) * MS_PER_YEAR +
      n(months) * MS_PER_MONTH +
      n(weeks) * MS_PER_WEEK +
      n(days) * MS_PER_DAY +
      n(hours) * MS_PER_HOUR +
      n(minutes) * MS_PER_MINUTE +
      n(seconds) * MS_PER_SECOND,
  );
}

/** Whole hundredths of a second: both formats carry at most two decimals of seconds. */
function toHundredths(ms: number): number {
  return Number.isFinite(ms) && ms > 0 ? Math.round(ms / 10) : 0;
}

/** ms -> SCORM 1.2 CMITimespan 'HHHH:MM:SS.SS' (at least 4-digit hours, e.g. '0001:02:03.50'). */
export function formatScorm12Time(ms: number): string {
  const hundredths = toHundredths(ms);
  const hours = Math.floor(hundredths / 360_000);
  const minutes = Math.floor((hundredths % 360_000) / 6000);
  const seconds = Math.floor((hundredths % 6000) / 100);
  const fraction = hundredths % 100;
  const pad = (value: number, width: number) => String(value).padStart(width, '0');
  return `${pad(hours, 4)}:${pad(minutes, 2)}:${pad(seconds, 2)}.${pad(fraction, 2)}`;
}

/** ms -> SCORM 2004 timeinterval in hours, minutes and seconds ('PT1H2M3.5S'; 'PT0S' for 0). */
export function formatIsoDuration(ms: number): string {
  const hundredths = toHundredths(ms);
  const hours = Math.floor(hundredths / 360_000);
  const minutes = Math.floor((hundredths % 360_000) / 6000);
  const secondHundredths = hundredths % 6000;
  let text = 'PT';
  if (hours > 0) text += `${hours}H`;
  if (minutes > 0) text += `${minutes}M`;
  // String(3.5) drops trailing zeros; dividing whole hundredths by 100 keeps at most two decimals.
  if (secondHundredths > 0 || text === 'PT') text += `${secondHundredths / 100}S`;
  return text;
}
