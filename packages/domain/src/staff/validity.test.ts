import { describe, expect, it } from 'vitest';
import { ProgrammeCurriculum } from '../contract/console/programme.js';
import {
  qualificationPeriod,
  VALIDITY_RULE_KINDS,
  validityRuleOf,
  validityRuleProblem,
  validityRuleText,
  type PreviousPeriod,
  type ValidityRule,
} from './validity.js';

const at = (iso: string) => new Date(iso);
const iso = (date: Date | null) => date?.toISOString() ?? null;

/** A previous period as the rule itself worked it out (so each row chains real periods). */
const previousOf = (rule: ValidityRule, completed: string): PreviousPeriod =>
  qualificationPeriod(rule, at(completed));

type Row = [
  rule: string,
  rule: ValidityRule,
  completed: string,
  previous: PreviousPeriod | null,
  validUntil: string | null,
  recurrentDueAt: string | null,
  windowOpensAt: string | null,
];

const months12: ValidityRule = { kind: 'months', months: 12 };
const easa12: ValidityRule = { kind: 'easa', months: 12 };
const easa6: ValidityRule = { kind: 'easa', months: 6 };
const faa12: ValidityRule = { kind: 'faa', months: 12 };

describe('qualificationPeriod: none', () => {
  it.each<Row>([
    [
      'none: a completion never expires and nothing recurs',
      { kind: 'none' },
      '2026-03-31T08:00:00Z',
      null,
      null,
      null,
      null,
    ],
    [
      'none: a previous period changes nothing',
      { kind: 'none' },
      '2026-03-31T08:00:00Z',
      previousOf(months12, '2025-04-01T00:00:00Z'),
      null,
      null,
      null,
    ],
  ])('%s', (_, rule, completed, previous, validUntil, due, window) => {
    const period = qualificationPeriod(rule, at(completed), previous);
    expect([iso(period.validUntil), iso(period.recurrentDueAt), iso(period.windowOpensAt)]).toEqual(
      [validUntil, due, window],
    );
  });
});

describe('qualificationPeriod: N calendar months from completion (day clamped, UTC)', () => {
  it.each<Row>([
    [
      'the same day and time N months on; due then; the panel shows it 30 days before (§9)',
      months12,
      '2026-11-27T09:00:00Z',
      null,
      '2027-11-27T09:00:00.000Z',
      '2027-11-27T09:00:00.000Z',
      '2027-10-28T09:00:00.000Z',
    ],
    [
      'month end: 31 January + 1 month is 28 February (never 3 March)',
      { kind: 'months', months: 1 },
      '2026-01-31T10:00:00Z',
      null,
      '2026-02-28T10:00:00.000Z',
      '2026-02-28T10:00:00.000Z',
      '2026-01-29T10:00:00.000Z',
    ],
    [
      'leap year: 31 January 2028 + 1 month is 29 February 2028',
      { kind: 'months', months: 1 },
      '2028-01-31T10:00:00Z',
      null,
      '2028-02-29T10:00:00.000Z',
      '2028-02-29T10:00:00.000Z',
      '2028-01-30T10:00:00.000Z',
    ],
    [
      'leap day: 29 February 2028 + 12 months is 28 February 2029',
      months12,
      '2028-02-29T12:00:00Z',
      null,
      '2029-02-28T12:00:00.000Z',
      '2029-02-28T12:00:00.000Z',
      '2029-01-29T12:00:00.000Z',
    ],
    [
      'December to January of the next year',
      { kind: 'months', months: 1 },
      '2026-12-15T23:30:00Z',
      null,
      '2027-01-15T23:30:00.000Z',
      '2027-01-15T23:30:00.000Z',
      '2026-12-16T23:30:00.000Z',
    ],
    [
      'a previous period changes nothing: counted from this completion',
      months12,
      '2026-06-01T00:00:00Z',
      previousOf(months12, '2025-08-01T00:00:00Z'),
      '2027-06-01T00:00:00.000Z',
      '2027-06-01T00:00:00.000Z',
      '2027-05-02T00:00:00.000Z',
    ],
  ])('%s', (_, rule, completed, previous, validUntil, due, window) => {
    const period = qualificationPeriod(rule, at(completed), previous);
    expect([iso(period.validUntil), iso(period.recurrentDueAt), iso(period.windowOpensAt)]).toEqual(
      [validUntil, due, window],
    );
  });
});

// EASA ORO.FC.230(b): "The validity period of the operator proficiency check shall be 6 calendar
// months in addition to the remainder of the month when it is taken." (b)(3): "If ... within the
// last 3 months of validity of the previous operator proficiency check, the new validity period
// shall be counted from the expiry date of the previous operator proficiency check."
describe('qualificationPeriod: EASA, from the end of the month, early renewal from the old expiry', () => {
  it.each<Row>([
    [
      '"N calendar months in addition to the remainder of the month when it is taken"',
      easa6,
      '2026-03-10T08:00:00Z',
      null,
      '2026-09-30T23:59:59.999Z',
      '2026-09-30T23:59:59.999Z',
      '2026-07-01T00:00:00.000Z',
    ],
    [
      'remainder of the month: the 1st and the 31st of a month are worth the same',
      easa6,
      '2026-03-31T23:00:00Z',
      null,
      '2026-09-30T23:59:59.999Z',
      '2026-09-30T23:59:59.999Z',
      '2026-07-01T00:00:00.000Z',
    ],
    [
      'month ends: August + 6 is the end of February (28 days, not a leap year)',
      easa6,
      '2026-08-31T12:00:00Z',
      null,
      '2027-02-28T23:59:59.999Z',
      '2027-02-28T23:59:59.999Z',
      '2026-12-01T00:00:00.000Z',
    ],
    [
      'leap year: August 2027 + 6 is the end of 29 February 2028',
      easa6,
      '2027-08-15T12:00:00Z',
      null,
      '2028-02-29T23:59:59.999Z',
      '2028-02-29T23:59:59.999Z',
      '2027-12-01T00:00:00.000Z',
    ],
    [
      'December + 12 is the end of December of the next year',
      easa12,
      '2026-12-31T20:00:00Z',
      null,
      '2027-12-31T23:59:59.999Z',
      '2027-12-31T23:59:59.999Z',
      '2027-10-01T00:00:00.000Z',
    ],
    [
      '(b)(3) "within the last 3 months of validity ... counted from the expiry date of the previous": April renews a June expiry to next June',
      easa12,
      '2027-04-20T09:00:00Z',
      previousOf(easa12, '2026-06-05T09:00:00Z'),
      '2028-06-30T23:59:59.999Z',
      '2028-06-30T23:59:59.999Z',
      '2028-04-01T00:00:00.000Z',
    ],
    [
      '(b)(3): the first instant of the last 3 months is within them',
      easa12,
      '2027-04-01T00:00:00Z',
      previousOf(easa12, '2026-06-05T09:00:00Z'),
      '2028-06-30T23:59:59.999Z',
      '2028-06-30T23:59:59.999Z',
      '2028-04-01T00:00:00.000Z',
    ],
    [
      '(b)(3): on the last day of validity, still counted from the old expiry',
      easa12,
      '2027-06-30T22:00:00Z',
      previousOf(easa12, '2026-06-05T09:00:00Z'),
      '2028-06-30T23:59:59.999Z',
      '2028-06-30T23:59:59.999Z',
      '2028-04-01T00:00:00.000Z',
    ],
    [
      'too early (before the last 3 months): counted from the end of the month of completion',
      easa12,
      '2027-03-31T23:59:00Z',
      previousOf(easa12, '2026-06-05T09:00:00Z'),
      '2028-03-31T23:59:59.999Z',
      '2028-03-31T23:59:59.999Z',
      '2028-01-01T00:00:00.000Z',
    ],
    [
      'late (after the old expiry): counted from the end of the month of completion',
      easa12,
      '2027-07-01T06:00:00Z',
      previousOf(easa12, '2026-06-05T09:00:00Z'),
      '2028-07-31T23:59:59.999Z',
      '2028-07-31T23:59:59.999Z',
      '2028-05-01T00:00:00.000Z',
    ],
    [
      '(b)(3) over a leap February: renewed in December, a 29 February 2028 expiry + 6 is 31 August 2028',
      easa6,
      '2027-12-15T09:00:00Z',
      previousOf(easa6, '2027-08-15T12:00:00Z'),
      '2028-08-31T23:59:59.999Z',
      '2028-08-31T23:59:59.999Z',
      '2028-06-01T00:00:00.000Z',
    ],
  ])('%s', (_, rule, completed, previous, validUntil, due, window) => {
    const period = qualificationPeriod(rule, at(completed), previous);
    expect([iso(period.validUntil), iso(period.recurrentDueAt), iso(period.windowOpensAt)]).toEqual(
      [validUntil, due, window],
    );
  });
});

// 14 CFR 121.401(b): "Whenever a crewmember who is required to take recurrent training under
// this subpart completes the training in the calendar month before, or the calendar month after,
// the calendar month in which that recurrent training is required, the crewmember is considered
// to have completed it in the calendar month in which it was required."
describe('qualificationPeriod: FAA, due month with a grace month either side', () => {
  it.each<Row>([
    [
      'first completion: due at the end of the month N months on, valid through the grace month after',
      faa12,
      '2026-05-12T10:00:00Z',
      null,
      '2027-06-30T23:59:59.999Z',
      '2027-05-31T23:59:59.999Z',
      '2027-04-01T00:00:00.000Z',
    ],
    [
      '"the calendar month before ... considered to have completed it in the calendar month in which it was required": April for a May due month keeps May',
      faa12,
      '2027-04-03T10:00:00Z',
      previousOf(faa12, '2026-05-12T10:00:00Z'),
      '2028-06-30T23:59:59.999Z',
      '2028-05-31T23:59:59.999Z',
      '2028-04-01T00:00:00.000Z',
    ],
    [
      '"the calendar month after" (the grace month): June for a May due month keeps May',
      faa12,
      '2027-06-29T10:00:00Z',
      previousOf(faa12, '2026-05-12T10:00:00Z'),
      '2028-06-30T23:59:59.999Z',
      '2028-05-31T23:59:59.999Z',
      '2028-04-01T00:00:00.000Z',
    ],
    [
      'in the due month itself: the due month is kept',
      faa12,
      '2027-05-31T23:59:00Z',
      previousOf(faa12, '2026-05-12T10:00:00Z'),
      '2028-06-30T23:59:59.999Z',
      '2028-05-31T23:59:59.999Z',
      '2028-04-01T00:00:00.000Z',
    ],
    [
      'two months early: counted from the month of completion',
      faa12,
      '2027-03-31T10:00:00Z',
      previousOf(faa12, '2026-05-12T10:00:00Z'),
      '2028-04-30T23:59:59.999Z',
      '2028-03-31T23:59:59.999Z',
      '2028-02-01T00:00:00.000Z',
    ],
    [
      'after the grace month (lapsed): counted from the month of completion',
      faa12,
      '2027-07-01T00:00:00Z',
      previousOf(faa12, '2026-05-12T10:00:00Z'),
      '2028-08-31T23:59:59.999Z',
      '2028-07-31T23:59:59.999Z',
      '2028-06-01T00:00:00.000Z',
    ],
    [
      'December and January: a January due month, completed in December, keeps January',
      faa12,
      '2026-12-20T10:00:00Z',
      previousOf(faa12, '2026-01-10T10:00:00Z'),
      '2028-02-29T23:59:59.999Z',
      '2028-01-31T23:59:59.999Z',
      '2027-12-01T00:00:00.000Z',
    ],
    [
      'leap year: a January 2028 due month is valid through 29 February 2028',
      faa12,
      '2027-01-31T10:00:00Z',
      null,
      '2028-02-29T23:59:59.999Z',
      '2028-01-31T23:59:59.999Z',
      '2027-12-01T00:00:00.000Z',
    ],
  ])('%s', (_, rule, completed, previous, validUntil, due, window) => {
    const period = qualificationPeriod(rule, at(completed), previous);
    expect([iso(period.validUntil), iso(period.recurrentDueAt), iso(period.windowOpensAt)]).toEqual(
      [validUntil, due, window],
    );
  });
});

describe('validityRuleOf and validityRuleText', () => {
  it.each<[string, Parameters<typeof validityRuleOf>, ValidityRule, string]>([
    ['none', ['none', 12], { kind: 'none' }, 'No expiry'],
    ['months with no months is none', ['months', 0], { kind: 'none' }, 'No expiry'],
    [
      'months',
      ['months', 24],
      { kind: 'months', months: 24 },
      '24 calendar months from completion',
    ],
    [
      'easa',
      ['easa', 12],
      { kind: 'easa', months: 12 },
      'EASA: 12 months from the end of the month of completion',
    ],
    [
      'faa',
      ['faa', 12],
      { kind: 'faa', months: 12 },
      'FAA: due every 12 months, with a grace month',
    ],
  ])('%s', (_, args, rule, text) => {
    expect(validityRuleOf(...args)).toEqual(rule);
    expect(validityRuleText(rule)).toBe(text);
  });
});

describe('validityRuleProblem: a rule as a form or command gives it', () => {
  it.each<[string, string, number, string | null]>([
    ['none with 0 months', 'none', 0, null],
    ['none with months', 'none', 12, 'A validity of no expiry has no months (give 0).'],
    ['months, 1', 'months', 1, null],
    ['easa, 1200', 'easa', 1200, null],
    ['faa, 0', 'faa', 0, 'The validity must be a whole number of months from 1 to 1200.'],
    [
      'months, 1201',
      'months',
      1201,
      'The validity must be a whole number of months from 1 to 1200.',
    ],
    ['months, 1.5', 'months', 1.5, 'The validity must be a whole number of months from 1 to 1200.'],
    ['an unknown rule', 'icao', 12, "Unknown validity rule 'icao': none, months, easa or faa."],
  ])('%s', (_, kind, months, problem) => {
    expect(validityRuleProblem(kind, months)).toBe(problem);
  });
});

describe("the console contract's rules are VALIDITY_RULE_KINDS", () => {
  it('lists the same rules in the programme schema', () => {
    const schema = ProgrammeCurriculum.properties.validityRule as unknown as {
      anyOf: { const: string }[];
    };
    expect(schema.anyOf.map((option) => option.const)).toEqual([...VALIDITY_RULE_KINDS]);
  });
});
