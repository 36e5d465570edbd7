import { describe, expect, it } from 'vitest';
import {
  lapsesAt,
  onList,
  qualificationCell,
  qualificationCellText,
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
  validUntil: null,
  ...fields,
});

/** A completion whose recorded period (validity.ts) ends at `validUntil`. */
const completed = (completedAt: number, validUntil: number | null, fields = {}) =>
  facts({ outcome: 'complete', completedAt, validUntil, ...fields });

describe('qualificationCell: one status per person and curriculum', () => {
  it.each<[string, StandingFacts | null, QualificationStatus, number | null]>([
    ['no assignment: not assigned', null, 'notAssigned', null],
    [
      'complete, within validity: current until its period ends',
      completed(at('2026-03-31T08:00:00Z'), at('2027-03-31T08:00:00Z')),
      'current',
      at('2027-03-31T08:00:00Z'),
    ],
    [
      'complete, a rule of no expiry: current with no end',
      completed(at('2020-01-01T00:00:00Z'), null),
      'current',
      null,
    ],
    [
      'complete with no completion date recorded: current, no end can be counted',
      facts({ outcome: 'complete', completedAt: null }),
      'current',
      null,
    ],
    [
      'complete, validity ended: expired on the end day',
      completed(at('2025-10-31T08:00:00Z'), at('2026-10-31T08:00:00Z')),
      'expired',
      at('2026-10-31T08:00:00Z'),
    ],
    [
      'complete, validity ends at this instant: expired',
      completed(now - 300 * DAY, now),
      'expired',
      now,
    ],
    [
      'complete even though past due: the due date no longer matters',
      completed(now - DAY, now + 364 * DAY, { dueAt: now - 10 * DAY }),
      'current',
      now + 364 * DAY,
    ],
    [
      'failed: failed on the day it failed, whatever the due date',
      facts({ outcome: 'failed', completedAt: now - 2 * DAY, dueAt: now - DAY }),
      'failed',
      now - 2 * DAY,
    ],
    [
      'failed in a new cycle while the previous completion is valid: failed, never current',
      facts({ outcome: 'failed', completedAt: now - DAY, validUntil: now + 60 * DAY }),
      'failed',
      now - DAY,
    ],
    [
      'a new recurrent cycle while the previous completion is valid: current until it ends',
      facts({ outcome: 'started', dueAt: now + 10 * DAY, validUntil: now + 40 * DAY }),
      'current',
      now + 40 * DAY,
    ],
    [
      'a new cycle after the previous completion ended (FAA past its grace month): overdue',
      facts({ dueAt: now - 31 * DAY, validUntil: now - DAY }),
      'overdue',
      now - 31 * DAY,
    ],
    [
      '"expired when start plus duration is not after now" (§4): overdue at the due instant',
      facts({ outcome: 'started', dueAt: now }),
      'overdue',
      now,
    ],
    [
      'not started and past due: overdue since the due date',
      facts({ dueAt: now - 5 * DAY }),
      'overdue',
      now - 5 * DAY,
    ],
    [
      'due within 30 days: due, with the due date',
      facts({ outcome: 'started', dueAt: now + 12 * DAY + 3_600_000 }),
      'due',
      now + 12 * DAY + 3_600_000,
    ],
    [
      'started, due in 30 days or more: in progress, with the last activity',
      facts({ outcome: 'started', dueAt: now + 30 * DAY, lastActivityAt: now - DAY }),
      'inProgress',
      now - DAY,
    ],
    [
      'never started, due later: not started, with the due date',
      facts({ dueAt: now + 45 * DAY }),
      'notStarted',
      now + 45 * DAY,
    ],
  ])('%s', (_name, input, status, date) => {
    const cell = qualificationCell(input, now);
    expect(cell.status).toBe(status);
    expect(cell.date).toBe(date);
  });

  it('counts whole days left for "due in N days"', () => {
    expect(qualificationCell(facts({ dueAt: now + 12 * DAY + 1 }), now).days).toBe(12);
    expect(qualificationCell(facts({ dueAt: now + 1 }), now).days).toBe(0);
  });
});

describe('qualificationCellText: status in words with its date', () => {
  it.each<[StandingFacts | null, string]>([
    [completed(at('2026-03-01T08:00:00Z'), at('2027-03-01T08:00:00Z')), 'Current until 2027/03/01'],
    [completed(now, null), 'Current (no expiry)'],
    [completed(at('2025-01-31T08:00:00Z'), at('2025-02-28T08:00:00Z')), 'Expired on 2025/02/28'],
    [facts({ dueAt: at('2026-11-01T00:00:00Z') }), 'Overdue since 2026/11/01'],
    [facts({ dueAt: now + DAY }), 'Due in 1 day'],
    [facts({ dueAt: now + 5 * DAY }), 'Due in 5 days'],
    [facts({ dueAt: now + 3_600_000 }), 'Due today'],
    [facts({ outcome: 'failed', completedAt: at('2026-11-20T10:00:00Z') }), 'Failed on 2026/11/20'],
    [facts({ dueAt: at('2027-03-01T00:00:00Z') }), 'Not started (due 2027/03/01)'],
    [null, 'Not assigned'],
    [facts({ dueAt: now + 135694656e5 }), 'Not started'],
  ])('%#: %s', (input, text) => {
    expect(qualificationCellText(qualificationCell(input, now))).toBe(text);
  });
});

describe('onList: the daily lists', () => {
  it.each<[string, ComplianceList, StandingFacts | null, boolean]>([
    ['overdue: an incomplete assignment past due', 'overdue', facts({ dueAt: now - DAY }), true],
    [
      'overdue: not a completed one past due',
      'overdue',
      completed(now, now + 365 * DAY, { dueAt: now - DAY }),
      false,
    ],
    [
      'overdue: not a new cycle past its due date while the previous completion is valid',
      'overdue',
      facts({ dueAt: now - DAY, validUntil: now + 20 * DAY }),
      false,
    ],
    [
      'expiring 30: validity ends in 20 days',
      'expiring30',
      completed(now - 345 * DAY, now + 20 * DAY),
      true,
    ],
    [
      'expiring 30: not one ending in 45 days',
      'expiring30',
      completed(now - 320 * DAY, now + 45 * DAY),
      false,
    ],
    [
      'expiring 60: one ending in 45 days',
      'expiring60',
      completed(now - 320 * DAY, now + 45 * DAY),
      true,
    ],
    [
      'expiring 30: a new cycle due in 5 days, the previous completion valid 20 more days',
      'expiring30',
      facts({ outcome: 'started', dueAt: now + 5 * DAY, validUntil: now + 20 * DAY }),
      true,
    ],
    [
      'expiring 90: an incomplete assignment due in 80 days',
      'expiring90',
      facts({ dueAt: now + 80 * DAY }),
      true,
    ],
    [
      'expiring 90: not one already expired',
      'expiring90',
      completed(now - 400 * DAY, now - 35 * DAY),
      false,
    ],
    ['expiring 90: not a completion with no expiry', 'expiring90', completed(now, null), false],
    [
      'expiring 30: not a failed one due in 10 days',
      'expiring30',
      facts({ outcome: 'failed', dueAt: now + 10 * DAY }),
      false,
    ],
    [
      'never started: assigned and no attempt, overdue or not',
      'neverStarted',
      facts({ dueAt: now - DAY }),
      true,
    ],
    ['never started: not one in progress', 'neverStarted', facts({ outcome: 'started' }), false],
    ['failed: a failed outcome', 'failed', facts({ outcome: 'failed', completedAt: now }), true],
    ['no list holds a curriculum not assigned', 'overdue', null, false],
  ])('%s', (_name, list, input, expected) => {
    expect(onList(list, input, now)).toBe(expected);
  });

  it.each<[string, StandingFacts | null, number | null]>([
    ['a completion: its validity end', completed(now, now + 9 * DAY), now + 9 * DAY],
    ['a completion that never expires: none', completed(now, null), null],
    ['an incomplete one: its due date', facts({ dueAt: now + 40 * DAY }), now + 40 * DAY],
    [
      'a new cycle: the previous completion end when later than the due date (FAA grace)',
      facts({ dueAt: now + 10 * DAY, validUntil: now + 40 * DAY }),
      now + 40 * DAY,
    ],
    ['a failed one: none', facts({ outcome: 'failed' }), null],
    ['not assigned: none', null, null],
  ])('lapsesAt: %s', (_name, input, expected) => {
    expect(lapsesAt(input)).toBe(expected);
  });
});
