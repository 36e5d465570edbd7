import { describe, expect, it } from 'vitest';
import { retentionRefusal, retentionStanding, type RetentionPerson } from './retention.js';

const at = (iso: string) => Date.parse(iso);
const person = (overrides: Partial<RetentionPerson> = {}): RetentionPerson => ({
  active: false,
  lastActivityMs: at('2020-01-31T10:00:00Z'),
  pseudonymised: false,
  ...overrides,
});

describe('retentionStanding: "past retention" is an inactive person whose last training activity is older than the retention period', () => {
  it.each([
    // [case, person, months, now, eligible, reason, retained until]
    ['kept for ever (no period)', person(), null, '2030-01-01', false, 'kept-for-ever', null],
    [
      'active, however old',
      person({ active: true }),
      12,
      '2030-01-01',
      false,
      'active',
      '2021-01-31T10:00:00.000Z',
    ],
    [
      'inactive, within the period',
      person(),
      24,
      '2021-06-01',
      false,
      'retained',
      '2022-01-31T10:00:00.000Z',
    ],
    [
      'inactive, the last instant of the period',
      person(),
      24,
      '2022-01-31T09:59:59.999Z',
      false,
      'retained',
      '2022-01-31T10:00:00.000Z',
    ],
    [
      'inactive, the period ended',
      person(),
      24,
      '2022-01-31T10:00:00Z',
      true,
      undefined,
      '2022-01-31T10:00:00.000Z',
    ],
    // Calendar months, the day clamped: 31 January + 1 month = 28 February (2021 not a leap year).
    [
      'a month from 31 January',
      person(),
      1,
      '2020-03-01',
      true,
      undefined,
      '2020-02-29T10:00:00.000Z',
    ],
    [
      'already pseudonymised',
      person({ pseudonymised: true }),
      1,
      '2030-01-01',
      false,
      'pseudonymised',
      null,
    ],
  ] as const)('%s', (_case, who, months, now, eligible, reason, until) => {
    const standing = retentionStanding(who, months, at(now));
    expect(standing.eligible).toBe(eligible);
    if (!standing.eligible) expect(standing.reason).toBe(reason);
    expect(
      standing.retainedUntilMs === null ? null : new Date(standing.retainedUntilMs).toISOString(),
    ).toBe(until);
  });
});

describe('retentionRefusal: one sentence per reason', () => {
  it.each([
    ['pseudonymised', null, 'jsmith is already pseudonymised.'],
    [
      'kept-for-ever',
      null,
      'This LMS keeps training records for ever: set a retention period first.',
    ],
    [
      'active',
      at('2021-01-31T10:00:00Z'),
      'jsmith is active: only people who have left (inactive) are pseudonymised.',
    ],
    ['retained', at('2022-01-31T10:00:00Z'), "jsmith's records are kept until 2022-01-31."],
  ] as const)('%s', (reason, until, text) => {
    expect(retentionRefusal('jsmith', { eligible: false, reason, retainedUntilMs: until })).toBe(
      text,
    );
  });
});
