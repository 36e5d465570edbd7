import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  daysUntil,
  dueLabel,
  formatDate,
  formatDateOrOpen,
  formatDuration,
  formatInputDate,
  formatMonthYear,
  rememberDays,
} from './dates.js';
import { DEFAULT_CURRICULUM_DURATION_MS } from './constants.js';
import { dueDate, isExpired, isRecentlyExpired, mayLaunchWhenExpired } from './expiry.js';

const now = new Date(2026, 10, 22, 10, 0, 0).getTime();

describe('date formats (§9)', () => {
  it('"Date format YYYY/MM/DD"', () =>
    expect(formatDate(new Date(2026, 0, 5).getTime())).toBe('2026/01/05'));
  it('"yyyy-mm-dd in document inputs"', () =>
    expect(formatInputDate(new Date(2026, 8, 30).getTime())).toBe('2026-09-30'));
  it('"\'Mon YYYY\' on the curriculum card"', () =>
    expect(formatMonthYear(new Date(2027, 2, 1).getTime())).toBe('Mar 2027'));
  it.each([
    [now + 99 * 365 * DAY_MS, false, '2125/'],
    [now + DEFAULT_CURRICULUM_DURATION_MS, false, 'Open'],
    [now + DEFAULT_CURRICULUM_DURATION_MS, true, 'OPEN'],
  ])('"Dates 100 years or more ahead shown as OPEN (\'Open\')"', (date, upper, expected) => {
    expect(formatDateOrOpen(date, now, upper)).toContain(expected);
  });
  it.each([
    [now + 1, 'Due'],
    [now, 'Over'],
    [now - DAY_MS, 'Over'],
  ])("\"Due label 'Due' or 'Over' (overdue)\"", (due, label) =>
    expect(dueLabel(due, now)).toBe(label),
  );
  it('"day count rounded up"', () => {
    expect(daysUntil(now + 1, now)).toBe(1);
    expect(daysUntil(now + DAY_MS, now)).toBe(1);
    expect(daysUntil(now + DAY_MS + 1, now)).toBe(2);
  });
  it('"remember days rounded up"', () => {
    expect(rememberDays(30 * DAY_MS)).toBe(30);
    expect(rememberDays(30 * DAY_MS + 1)).toBe(31);
  });
  it('milliseconds-to-time format', () => {
    expect(formatDuration(0)).toBe('0:00:00');
    expect(formatDuration(3_723_000)).toBe('1:02:03');
    expect(formatDuration(26 * 3600 * 1000)).toBe('26:00:00');
  });
});

describe('expiry (§4 "expired when start plus duration is not after now")', () => {
  it.each([
    [now - 10 * DAY_MS, 10 * DAY_MS, true],
    [now - 10 * DAY_MS, 10 * DAY_MS + 1, false],
    [now - 100 * DAY_MS, 0, false],
  ])('start %d duration %d -> expired %s', (start, duration, expired) => {
    expect(isExpired(start, duration, now)).toBe(expired);
  });
  it('uses the default duration constant when none is set', () => {
    expect(dueDate(0, 0)).toBe(DEFAULT_CURRICULUM_DURATION_MS);
  });
  it('"expired assignments shown if expired within 7776000000 ms (90 days)"', () => {
    expect(isRecentlyExpired(now - 100 * DAY_MS, 20 * DAY_MS, now)).toBe(true);
    expect(isRecentlyExpired(now - 200 * DAY_MS, 20 * DAY_MS, now)).toBe(false);
    expect(isRecentlyExpired(now, 20 * DAY_MS, now)).toBe(false);
  });
  it.each([
    [false, 0, true],
    [true, 0, false],
    [true, 1, true],
  ])(
    '"expired lessons launch only if allowExpiredAssignmentsToBeCompleted is above 0"',
    (expired, allow, ok) => {
      expect(mayLaunchWhenExpired(expired, allow)).toBe(ok);
    },
  );
});
