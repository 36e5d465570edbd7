import { describe, expect, it } from 'vitest';
import {
  leavesNoAdministrator,
  MAX_RESTRICTION_GROUPS,
  normaliseRestrictionGroups,
  scopeWithin,
} from './staff-rules.js';

describe('normaliseRestrictionGroups', () => {
  it.each([
    { given: [], groups: [] },
    { given: [' LHR ', 'MAN'], groups: ['LHR', 'MAN'] },
    { given: ['LHR', '', '  ', 'LHR'], groups: ['LHR'] },
    { given: ['lhr', 'LHR'], groups: ['lhr', 'LHR'] },
    { given: ['x'.repeat(100)], groups: ['x'.repeat(100)] },
    {
      given: Array.from({ length: MAX_RESTRICTION_GROUPS }, (_, i) => `G${i}`),
      groups: Array.from({ length: MAX_RESTRICTION_GROUPS }, (_, i) => `G${i}`),
    },
  ])('keeps $given as $groups', ({ given, groups }) => {
    expect(normaliseRestrictionGroups(given)).toEqual({ ok: true, groups });
  });

  it.each([
    { given: ['x'.repeat(101)], message: /longer than 100 characters/ },
    {
      given: Array.from({ length: MAX_RESTRICTION_GROUPS + 1 }, (_, i) => `G${i}`),
      message: /At most 50 restriction groups \(51 given\)/,
    },
  ])('refuses $message', ({ given, message }) => {
    const result = normaliseRestrictionGroups(given);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });

  it('counts groups after blanks and repeats are dropped', () => {
    const given = [...Array.from({ length: MAX_RESTRICTION_GROUPS }, (_, i) => `G${i}`), 'G0', ' '];
    expect(normaliseRestrictionGroups(given).ok).toBe(true);
  });
});

describe('scopeWithin', () => {
  it.each([
    { actor: [], groups: [], within: true },
    { actor: [], groups: ['MAN'], within: true },
    { actor: ['LHR'], groups: ['LHR'], within: true },
    { actor: ['LHR', 'MAN'], groups: ['MAN'], within: true },
    { actor: ['LHR'], groups: [], within: false },
    { actor: ['LHR'], groups: ['MAN'], within: false },
    { actor: ['LHR'], groups: ['LHR', 'MAN'], within: false },
  ])('actor $actor giving $groups: $within', ({ actor, groups, within }) => {
    expect(scopeWithin(actor, groups)).toBe(within);
  });
});

describe('leavesNoAdministrator', () => {
  it.each([
    { holdsNow: true, holdsAfter: false, administrators: 1, leaves: true },
    { holdsNow: true, holdsAfter: false, administrators: 2, leaves: false },
    { holdsNow: true, holdsAfter: true, administrators: 1, leaves: false },
    { holdsNow: false, holdsAfter: false, administrators: 1, leaves: false },
    { holdsNow: false, holdsAfter: false, administrators: 0, leaves: false },
  ])('$holdsNow -> $holdsAfter of $administrators: $leaves', (change) => {
    expect(leavesNoAdministrator(change)).toBe(change.leaves);
  });
});
