import { dayInZone } from '@waypoint/domain';
import type { SubscriptionFrequency } from '@waypoint/domain/console-contract';

/**
 * The period a scheduled report is for (docs/decisions/0022): the day ('2026-11-27'), the ISO
 * week ('2026-W48') or the month ('2026-11') of an instant in the LMS's time zone. One delivery
 * per subscription and period: the key is the claim's second half.
 */
export function reportPeriod(
  frequency: SubscriptionFrequency,
  instantMs: number,
  timeZone: string,
): string {
  const day = dayInZone(instantMs, timeZone);
  if (frequency === 'daily') return day;
  if (frequency === 'monthly') return day.slice(0, 7);
  return isoWeek(day);
}

/**
 * The ISO 8601 week of a calendar day: weeks start on Monday, and week 1 is the one with the
 * year's first Thursday, so the last days of December may be week 1 of the next year and the
 * first days of January week 52 or 53 of the last.
 */
export function isoWeek(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const weekday = date.getUTCDay() === 0 ? 7 : date.getUTCDay();
  // The Thursday of the same week decides the week's year.
  const thursday = new Date(date.getTime() + (4 - weekday) * 86_400_000);
  const year = thursday.getUTCFullYear();
  const firstOfYear = Date.UTC(year, 0, 1);
  const week = Math.floor((thursday.getTime() - firstOfYear) / (7 * 86_400_000)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}
