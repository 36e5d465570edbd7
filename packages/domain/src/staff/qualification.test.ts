import { describe, expect, it } from 'vitest';
import {
  addCalendarMonths,
  lapsesAt,
  onList,
  qualificationCell,
  qualificationCellText,
  validUntil,
  type ComplianceList,
  type QualificationStatus,
  type StandingFacts,
} from './qualification.js';

const DAY = 86_400_000;
const now = Date.UTC(2026, 10, 27, 9, 0); // 2026-11-27 09:00 UTC
const at = (iso: string) => Date.parse(iso);

const facts = (fields: Partial<StandingFacts>): StandingFacts => ({
  outcome: 'notstarted',
  completedAt: null,
  dueAt: now + 100 * DAY,
  lastActivityAt: null,
  ...fields,
});

describe('addCalendarMonths: calendar months, the day clamped (never a setUTCMonth overflow)', () => {
  it.each<[string, number, string]>([
    ['2026-01-31T10:00:00Z', 1, '2026-02-28T10:00:00.000Z'],
    ['2028-01-31T10:00:00Z', 1, '2028-02-29T10:00:00.000Z'],
    ['2026-03-31T00:00:00Z', 1, '2026-04-30T00:00:00.000Z'],
    ['2026-11-27T09:00:00Z', 12, '2027-11-27T09:00:00.000Z'],
    ['2026-08-31T23:59:59Z', 6, '2027-02-28T23:59:59.000Z'],
    ['2026-05-15T12:00:00Z', 24, '2028-05-15T12:00:00.000Z'],
  ])('%s + %i months = %s', (from, months, expected) => {
    expect(new Date(addCalendarMonths(at(from), months)).toISOString()).toBe(expected);
  });

  it('no validity (0 months) means no end', () => {
    expect(validUntil(now, 0)).toBeNull();
  });
});

describe('qualificationCell: one status per person and curriculum', () => {
  it.each<[string, StandingFacts | null, number, QualificationStatus, number | null]>([
    ['no assignment: not assigned', null, 12, 'notAssigned', null],
    [
      'complete, within validity: current until completed + 12 months',
      facts({ outcome: 'complete', completedAt: at('2026-03-31T08:00:00Z') }),
      12,
      'current',
      at('2027-03-31T08:00:00Z'),
    ],
    [
      'complete, no validity in the LMS: current with no end',
      facts({ outcome: 'complete', completedAt: at('2020-01-01T00:00:00Z') }),
      0,
      'current',
      null,
    ],
    [
      'complete with no completion date recorded: current, no end can be counted',
      facts({ outcome: 'complete', completedAt: null }),
      12,
      'current',
      null,
    ],
    [
      'complete, validity ended: expired on the end day',
      facts({ outcome: 'complete', completedAt: at('2025-10-31T08:00:00Z') }),
      12,
      'expired',
      at('2026-10-31T08:00:00Z'),
    ],
    [
      'complete even though past due: the due date no longer matters',
      facts({ outcome: 'complete', completedAt: now - DAY, dueAt: now - 10 * DAY }),
      12,
      'current',
      addCalendarMonths(now - DAY, 12),
    ],
    [
      'failed: failed on the day it failed, whatever the due date',
      facts({ outcome: 'failed', completedAt: now - 2 * DAY, dueAt: now - DAY }),
      12,
      'failed',
      now - 2 * DAY,
    ],
    [
      '"expired when start plus duration is not after now" (§4): overdue at the due instant',
      facts({ outcome: 'started', dueAt: now }),
      12,
      'overdue',
      now,
    ],
    [
      'not started and past due: overdue since the due date',
      facts({ dueAt: now - 5 * DAY }),
      12,
      'overdue',
      now - 5 * DAY,
    ],
    [
      'due within 30 days: due, with the due date',
      facts({ outcome: 'started', dueAt: now + 12 * DAY + 3_600_000 }),
      12,
      'due',
      now + 12 * DAY + 3_600_000,
    ],
    [
      'started, due in 30 days or more: in progress, with the last activity',
      facts({ outcome: 'started', dueAt: now + 30 * DAY, lastActivityAt: now - DAY }),
      12,
      'inProgress',
      now - DAY,
    ],
    [
      'never started, due later: not started, with the due date',
      facts({ dueAt: now + 45 * DAY }),
      12,
      'notStarted',
      now + 45 * DAY,
    ],
  ])('%s', (_name, input, months, status, date) => {
    const cell = qualificationCell(input, months, now);
    expect(cell.status).toBe(status);
    expect(cell.date).toBe(date);
  });

  it('counts whole days left for "due in N days"', () => {
    expect(qualificationCell(facts({ dueAt: now + 12 * DAY + 1 }), 12, now).days).toBe(12);
    expect(qualificationCell(facts({ dueAt: now + 1 }), 12, now).days).toBe(0);
  });
});

describe('qualificationCellText: status in words with its date', () => {
  it.each<[StandingFacts | null, number, string]>([
    [
      facts({ outcome: 'complete', completedAt: at('2026-03-01T08:00:00Z') }),
      12,
      'Current until 2027/03/01',
    ],
    [facts({ outcome: 'complete', completedAt: now }), 0, 'Current (no expiry)'],
    [
      facts({ outcome: 'complete', completedAt: at('2025-01-31T08:00:00Z') }),
      1,
      'Expired on 2025/02/28',
    ],
    [facts({ dueAt: at('2026-11-01T00:00:00Z') }), 12, 'Overdue since 2026/11/01'],
    [facts({ dueAt: now + DAY }), 12, 'Due in 1 day'],
    [facts({ dueAt: now + 5 * DAY }), 12, 'Due in 5 days'],
    [facts({ dueAt: now + 3_600_000 }), 12, 'Due today'],
    [
      facts({ outcome: 'failed', completedAt: at('2026-11-20T10:00:00Z') }),
      12,
      'Failed on 2026/11/20',
    ],
    [facts({ dueAt: at('2027-03-01T00:00:00Z') }), 12, 'Not started (due 2027/03/01)'],
    [null, 12, 'Not assigned'],
    [facts({ dueAt: now + 135694656e5 }), 12, 'Not started'],
  ])('%#: %s', (input, months, text) => {
    expect(qualificationCellText(qualificationCell(input, months, now))).toBe(text);
  });
});

describe('onList: the daily lists', () => {
  it.each<[string, ComplianceList, StandingFacts | null, number, boolean]>([
    [
      'overdue: an incomplete assignment past due',
      'overdue',
      facts({ dueAt: now - DAY }),
      12,
      true,
    ],
    [
      'overdue: not a completed one past due',
      'overdue',
      facts({ outcome: 'complete', completedAt: now, dueAt: now - DAY }),
      12,
      false,
    ],
    [
      'expiring 30: validity ends in 20 days',
      'expiring30',
      facts({ outcome: 'complete', completedAt: addCalendarMonths(now, -12) + 20 * DAY }),
      12,
      true,
    ],
    [
      'expiring 30: not one ending in 45 days',
      'expiring30',
      facts({ outcome: 'complete', completedAt: addCalendarMonths(now, -12) + 45 * DAY }),
      12,
      false,
    ],
    [
      'expiring 60: one ending in 45 days',
      'expiring60',
      facts({ outcome: 'complete', completedAt: addCalendarMonths(now, -12) + 45 * DAY }),
      12,
      true,
    ],
    [
      'expiring 90: an incomplete assignment due in 80 days',
      'expiring90',
      facts({ dueAt: now + 80 * DAY }),
      12,
      true,
    ],
    [
      'expiring 90: not one already expired',
      'expiring90',
      facts({ outcome: 'complete', completedAt: addCalendarMonths(now, -13) }),
      12,
      false,
    ],
    [
      'expiring 90: not a completion with no expiry',
      'expiring90',
      facts({ outcome: 'complete', completedAt: now }),
      0,
      false,
    ],
    [
      'expiring 30: not a failed one due in 10 days',
      'expiring30',
      facts({ outcome: 'failed', dueAt: now + 10 * DAY }),
      12,
      false,
    ],
    [
      'never started: assigned and no attempt, overdue or not',
      'neverStarted',
      facts({ dueAt: now - DAY }),
      12,
      true,
    ],
    [
      'never started: not one in progress',
      'neverStarted',
      facts({ outcome: 'started' }),
      12,
      false,
    ],
    [
      'failed: a failed outcome',
      'failed',
      facts({ outcome: 'failed', completedAt: now }),
      12,
      true,
    ],
    ['no list holds a curriculum not assigned', 'overdue', null, 12, false],
  ])('%s', (_name, list, input, months, expected) => {
    expect(onList(list, input, months, now)).toBe(expected);
  });

  it('lapsesAt: the validity end of a current one, the due date of an incomplete one', () => {
    const completedAt = at('2026-06-30T00:00:00Z');
    expect(lapsesAt(facts({ outcome: 'complete', completedAt }), 6, now)).toBe(
      at('2026-12-30T00:00:00Z'),
    );
    expect(lapsesAt(facts({ dueAt: now + 40 * DAY }), 6, now)).toBe(now + 40 * DAY);
    expect(lapsesAt(facts({ outcome: 'failed' }), 6, now)).toBeNull();
  });
});
