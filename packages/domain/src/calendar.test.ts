import { describe, expect, it } from 'vitest';
import {
  CALENDAR_COLORS,
  CALENDAR_VIEW_DEFAULT_MONTHS,
  calendarColor,
  calendarMonths,
  currentDatePosition,
  nextCalendarView,
} from './calendar.js';

describe('calendar (§2, §9)', () => {
  const now = new Date(2026, 10, 22, 12).getTime();

  it('"13 months (6 before, current, 6 after)"', () => {
    const months = calendarMonths(now);
    expect(months).toHaveLength(13);
    expect(months[0]!.Month).toBe('2026-05');
    expect(months[6]!.Month).toBe('2026-11');
    expect(months[12]!.Month).toBe('2027-05');
    expect(months[6]!.EndDate).toBe(months[7]!.StartDate);
  });

  it('"a button cycles the view among 1 to 8 months at a time (default 4)"', () => {
    expect(CALENDAR_VIEW_DEFAULT_MONTHS).toBe(4);
    const seen = [1];
    for (let i = 0; i < 8; i += 1) seen.push(nextCalendarView(seen.at(-1)!));
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 1]);
  });

  it('"courses coloured from a 16-colour palette"', () => {
    expect(new Set(CALENDAR_COLORS).size).toBe(16);
    expect(calendarColor(0)).toBe(calendarColor(16));
    expect(calendarColor(1)).not.toBe(calendarColor(0));
  });

  it('places the current-date line inside the current month only', () => {
    const [before, , , , , , current] = calendarMonths(now);
    expect(currentDatePosition(before!, now)).toBeNull();
    const position = currentDatePosition(current!, now)!;
    expect(position).toBeGreaterThan(0.6);
    expect(position).toBeLessThan(0.8);
  });
});
