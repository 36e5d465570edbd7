import { describe, expect, it } from 'vitest';
import {
  durationUntilDue,
  endOfDueDay,
  MAX_ASSIGNMENT_DAYS,
  resolveAssignmentTerm,
  startOfDay,
} from './assignment-term.js';
import { DEFAULT_CURRICULUM_DURATION_MS } from './constants.js';
import { DAY_MS } from './dates.js';

const now = Date.UTC(2026, 10, 22, 10, 0, 0);
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

describe('assignment days (UTC)', () => {
  it.each([
    ['2024-02-29', '2024-02-29T00:00:00.000Z', '2024-02-29T23:59:59.999Z'],
    ['2026-12-31', '2026-12-31T00:00:00.000Z', '2026-12-31T23:59:59.999Z'],
    ['2023-02-29', null, null],
    ['2024-13-01', null, null],
    ['2024-1-01', null, null],
    ['2024-04-31', null, null],
    ['tomorrow', null, null],
    ['', null, null],
  ])('%s starts at %s and ends at %s', (day, start, end) => {
    expect(iso(startOfDay(day))).toBe(start);
    expect(iso(endOfDueDay(day))).toBe(end);
  });

  it.each([
    [0, 10, 10],
    [5, 5, null],
    [10, 5, null],
  ])('durationUntilDue(%i, %i) = %s', (start, due, expected) => {
    expect(durationUntilDue(start, due)).toBe(expected);
  });
});

describe('resolveAssignmentTerm', () => {
  const endOf = (day: string) => endOfDueDay(day)!;
  const startOf = (day: string) => startOfDay(day)!;

  it.each([
    [
      'nothing: starts now, open (the default duration)',
      {},
      { startMs: now, startGiven: false, durationMs: DEFAULT_CURRICULUM_DURATION_MS, open: true },
    ],
    [
      'a duration: starts now, runs that many days',
      { durationDays: 30 },
      { startMs: now, durationMs: 30 * DAY_MS, dueMs: null, open: false },
    ],
    [
      'a start day and a duration',
      { startDate: '2026-12-01', durationDays: 10 },
      { startMs: startOf('2026-12-01'), startGiven: true, durationMs: 10 * DAY_MS },
    ],
    [
      'a due day: due at its last millisecond',
      { dueDate: '2026-12-31' },
      { startMs: now, durationMs: endOf('2026-12-31') - now, dueMs: endOf('2026-12-31') },
    ],
    [
      'a start day in the past and a due day ahead',
      { startDate: '2026-01-01', dueDate: '2027-01-01' },
      { startMs: startOf('2026-01-01'), durationMs: endOf('2027-01-01') - startOf('2026-01-01') },
    ],
    [
      'a due day of today (not over until the day ends)',
      { dueDate: '2026-11-22' },
      { dueMs: endOf('2026-11-22') },
    ],
    [
      'the longest duration',
      { durationDays: MAX_ASSIGNMENT_DAYS },
      { durationMs: MAX_ASSIGNMENT_DAYS * DAY_MS },
    ],
    ['blank texts count as not given', { startDate: ' ', dueDate: '' }, { open: true }],
  ])('%s', (_case, input, expected) => {
    const result = resolveAssignmentTerm(input, now);
    expect('term' in result && result.term).toMatchObject(expected);
  });

  it.each([
    [{ startDate: '2026-02-30' }, "Start date '2026-02-30' is not a date (YYYY-MM-DD)."],
    [{ dueDate: '31/12/2026' }, "Due date '31/12/2026' is not a date (YYYY-MM-DD)."],
    [{ dueDate: '2026-11-21' }, 'Due date 2026-11-21 is in the past.'],
    [
      { startDate: '2027-02-01', dueDate: '2027-01-01' },
      'Due date 2027-01-01 is before the start date 2027-02-01.',
    ],
    [{ durationDays: 5, dueDate: '2027-01-01' }, 'Give either a duration or a due date, not both.'],
    [{ durationDays: 0 }, 'Duration must be a whole number of days from 1 to 36500.'],
    [{ durationDays: 1.5 }, 'Duration must be a whole number of days from 1 to 36500.'],
    [{ durationDays: 36_501 }, 'Duration must be a whole number of days from 1 to 36500.'],
    [
      { startDate: '2026-01-01', durationDays: 30 },
      'A 30-day assignment starting 2026-01-01 would have ended already.',
    ],
  ])('refuses %j: %s', (input, problem) => {
    expect(resolveAssignmentTerm(input, now)).toEqual({ problem });
  });

  it.each([
    [
      'a default duration applies when staff give neither',
      {},
      { durationMs: 7 * DAY_MS, dueDate: null },
      { durationMs: 7 * DAY_MS, open: false },
    ],
    [
      'a default due day applies when staff give neither',
      {},
      { durationMs: null, dueDate: '2026-12-31' },
      { durationMs: endOf('2026-12-31') - now, dueMs: endOf('2026-12-31') },
    ],
    [
      "staff's duration wins over the default",
      { durationDays: 2 },
      { durationMs: null, dueDate: '2026-12-31' },
      { durationMs: 2 * DAY_MS, dueMs: null },
    ],
    [
      "staff's due day wins over the default",
      { dueDate: '2027-01-31' },
      { durationMs: 7 * DAY_MS, dueDate: null },
      { dueMs: endOf('2027-01-31') },
    ],
  ])('%s', (_case, input, curriculumDefault, expected) => {
    const result = resolveAssignmentTerm(input, now, curriculumDefault);
    expect('term' in result && result.term).toMatchObject(expected);
  });

  it('refuses a default due day that has passed', () => {
    expect(resolveAssignmentTerm({}, now, { durationMs: null, dueDate: '2026-01-01' })).toEqual({
      problem:
        'Its default due date 2026-01-01 has passed or is before the start: give a duration or a due date.',
      fromDefault: true,
    });
  });
});
