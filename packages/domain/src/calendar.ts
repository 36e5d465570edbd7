/** The calendar widget's rules (§2 Dashboard, §3 Calendar, §9). */
import type { CalendarMonth } from './contract/widgets.js';

/** "13 months (6 before, current, 6 after)". */
export const CALENDAR_MONTHS_EACH_SIDE = 6;
/** "a button cycles the view among 1 to 8 months at a time (default 4)". */
export const CALENDAR_VIEW_MIN_MONTHS = 1;
export const CALENDAR_VIEW_MAX_MONTHS = 8;
export const CALENDAR_VIEW_DEFAULT_MONTHS = 4;
// §9's "due-date lookahead 14 days" has no rule behind it in §2: see ADR 0010.

/** "courses coloured from a 16-colour palette" (§2, §9): distinct, readable on white. */
export const CALENDAR_COLORS = [
  '#1f77b4',
  '#d62728',
  '#2ca02c',
  '#9467bd',
  '#ff7f0e',
  '#17becf',
  '#8c564b',
  '#e377c2',
  '#4e79a7',
  '#b07aa1',
  '#59a14f',
  '#edc948',
  '#76b7b2',
  '#f28e2b',
  '#9c755f',
  '#3a3a98',
] as const;

/** The colour of the n-th course on the calendar (the palette repeats). */
export function calendarColor(index: number): string {
  const size = CALENDAR_COLORS.length;
  return CALENDAR_COLORS[((index % size) + size) % size]!;
}

/** The next view size of the cycling button: 1, 2, ... 8, then 1 again. */
export function nextCalendarView(months: number): number {
  return months >= CALENDAR_VIEW_MAX_MONTHS ? CALENDAR_VIEW_MIN_MONTHS : months + 1;
}

/** One displayed month ('YYYY-MM', its first instant, the next month's), as the contract defines it. */
export type { CalendarMonth };

/** The 13 months around now: 6 before, the current one, 6 after. */
export function calendarMonths(nowMs: number): CalendarMonth[] {
  const now = new Date(nowMs);
  const months: CalendarMonth[] = [];
  for (let offset = -CALENDAR_MONTHS_EACH_SIDE; offset <= CALENDAR_MONTHS_EACH_SIDE; offset += 1) {
    const start = new Date(now.getFullYear(), now.getMonth() + offset, 1);
    const end = new Date(now.getFullYear(), now.getMonth() + offset + 1, 1);
    months.push({
      Month: `${start.getFullYear()}-${String(start.getMonth() + 1).padStart(2, '0')}`,
      StartDate: start.getTime(),
      EndDate: end.getTime(),
    });
  }
  return months;
}

/** Where the current-date line sits within a month, from 0 to 1; null when now is outside it. */
export function currentDatePosition(month: CalendarMonth, nowMs: number): number | null {
  if (nowMs < month.StartDate || nowMs >= month.EndDate) return null;
  return (nowMs - month.StartDate) / (month.EndDate - month.StartDate);
}
