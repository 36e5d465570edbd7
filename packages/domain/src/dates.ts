/** Date formats and windows of spec §9. Times are ms since the epoch; formatting is in local time. */

export const DAY_MS = 24 * 60 * 60 * 1000;
/** "Dates 100 years or more ahead shown as OPEN ('Open')". */
export const OPEN_DATE_YEARS = 100;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const pad = (value: number) => String(value).padStart(2, '0');

/** True when the date is 100 years or more after now. */
export function isOpenDate(dateMs: number, nowMs: number): boolean {
  const limit = new Date(nowMs);
  limit.setFullYear(limit.getFullYear() + OPEN_DATE_YEARS);
  return dateMs >= limit.getTime();
}

/** 'YYYY/MM/DD' (§9). */
export function formatDate(dateMs: number): string {
  const date = new Date(dateMs);
  return `${date.getFullYear()}/${pad(date.getMonth() + 1)}/${pad(date.getDate())}`;
}

/** 'yyyy-mm-dd', the document input format (§9). */
export function formatInputDate(dateMs: number): string {
  const date = new Date(dateMs);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** 'Mon YYYY' on the curriculum card (§2 Assignments). */
export function formatMonthYear(dateMs: number): string {
  const date = new Date(dateMs);
  return `${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

/** A date, or 'Open' / 'OPEN' when it is 100 years or more ahead. */
export function formatDateOrOpen(dateMs: number, nowMs: number, upper = false): string {
  if (isOpenDate(dateMs, nowMs)) return upper ? 'OPEN' : 'Open';
  return formatDate(dateMs);
}

/** "Due label 'Due' or 'Over' (overdue)" (§9): Over once the due date is not after now. */
export function dueLabel(dueMs: number, nowMs: number): 'Due' | 'Over' {
  return dueMs > nowMs ? 'Due' : 'Over';
}

/** "upcoming due window 30 days (day count rounded up)": whole days until the date, rounded up. */
export function daysUntil(dateMs: number, nowMs: number): number {
  return Math.ceil((dateMs - nowMs) / DAY_MS);
}

/** Milliseconds as a time, 'H:MM:SS' (hours grow past 24), for total times (§2 Completion Report). */
export function formatDuration(ms: number): string {
  const totalSeconds = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  return `${hours}:${pad(minutes)}:${pad(seconds)}`;
}

/** "MFA ... Remember days = remember time in ms converted to days, rounded up" (§4 MFA). */
export function rememberDays(rememberDeviceTimeMs: number): number {
  return Math.ceil(rememberDeviceTimeMs / DAY_MS);
}
