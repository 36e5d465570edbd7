import { describe, expect, it } from 'vitest';
import {
  changesRuleFields,
  checkPersonFields,
  normalisePersonFields,
  personChanges,
  prefixPattern,
  type PersonFields,
} from './people.js';

const valid: PersonFields = {
  userID: 'jsmith',
  givenName: 'Jane',
  familyName: 'Smith',
  email: 'jane.smith@example.com',
  employeeId: 'E1001',
  base: 'LHR',
  fleet: 'A320',
  position: 'FO',
  restrictionGroup: 'LHR',
  phone: '+44 (20) 7946-0000',
  isStudent: true,
  mfaEnabled: false,
};

describe('checkPersonFields', () => {
  it('accepts a complete profile, and one with only the required fields', () => {
    expect(checkPersonFields(valid)).toEqual([]);
    expect(
      checkPersonFields({
        ...valid,
        employeeId: '',
        base: '',
        fleet: '',
        position: '',
        restrictionGroup: '',
        phone: '',
      }),
    ).toEqual([]);
  });

  it.each<[string, Partial<PersonFields>, keyof PersonFields, RegExp]>([
    ['an empty login', { userID: '  ' }, 'userID', /Login ID is required/],
    ['a login with a space', { userID: 'j smith' }, 'userID', /cannot contain spaces/],
    ['a login with a tab', { userID: 'j\tsmith' }, 'userID', /control characters/],
    ['a long login', { userID: 'x'.repeat(256) }, 'userID', /too long \(255/],
    ['no given name', { givenName: '' }, 'givenName', /Given name is required/],
    ['no family name', { familyName: ' ' }, 'familyName', /Family name is required/],
    ['a long family name', { familyName: 'x'.repeat(201) }, 'familyName', /too long \(200/],
    ['no email', { email: '' }, 'email', /Email is required/],
    ['an email without a dot', { email: 'jane@example' }, 'email', /not an email address/],
    ['an email with a space', { email: 'ja ne@example.com' }, 'email', /not an email address/],
    ['a long base', { base: 'x'.repeat(101) }, 'base', /Base is too long \(100/],
    ['a NUL in the fleet', { fleet: 'A3\u000020' }, 'fleet', /control characters/],
    [
      'a long restriction group',
      { restrictionGroup: 'x'.repeat(101) },
      'restrictionGroup',
      /too long/,
    ],
    ['letters in the phone', { phone: '555-CALL' }, 'phone', /digits, spaces/],
    ['a long phone', { phone: '1'.repeat(41) }, 'phone', /too long \(40/],
  ])('refuses %s', (_name, change, field, message) => {
    const problems = checkPersonFields({ ...valid, ...change });
    expect(problems).toHaveLength(1);
    expect(problems[0]!.field).toBe(field);
    expect(problems[0]!.message).toMatch(message);
  });

  it('lists every problem at once', () => {
    const fields = checkPersonFields({ ...valid, userID: '', email: 'x', givenName: '' }).map(
      (problem) => problem.field,
    );
    expect(fields).toEqual(['userID', 'givenName', 'email']);
  });

  it('judges the trimmed values', () => {
    expect(checkPersonFields({ ...valid, userID: '  jsmith  ', base: ' LHR ' })).toEqual([]);
    expect(normalisePersonFields({ ...valid, userID: ' jsmith ', base: ' LHR ' })).toMatchObject({
      userID: 'jsmith',
      base: 'LHR',
    });
  });
});

describe('personChanges', () => {
  it.each<[string, Partial<PersonFields>, Partial<PersonFields>, Partial<PersonFields>]>([
    ['nothing', {}, {}, {}],
    ['the base', { base: 'MAN' }, { base: 'LHR' }, { base: 'MAN' }],
    [
      'two fields',
      { email: 'j@example.org', mfaEnabled: true },
      { email: 'jane.smith@example.com', mfaEnabled: false },
      { email: 'j@example.org', mfaEnabled: true },
    ],
  ])('names the changed fields only: %s', (_name, change, before, after) => {
    expect(personChanges(valid, { ...valid, ...change })).toEqual({ before, after });
  });
});

describe('changesRuleFields', () => {
  it.each<[Partial<PersonFields>, boolean]>([
    [{}, false],
    [{ email: 'other@example.com', phone: '1' }, false],
    [{ base: 'MAN' }, true],
    [{ fleet: 'B737' }, true],
    [{ position: 'CPT' }, true],
    [{ restrictionGroup: 'MAN' }, true],
  ])('%o -> %s', (change, expected) => {
    expect(changesRuleFields(valid, { ...valid, ...change })).toBe(expected);
  });
});

describe('prefixPattern', () => {
  it.each<[string, string | null]>([
    ['', null],
    ['   ', null],
    ['Smi', 'smi%'],
    [' JSmith ', 'jsmith%'],
    ['50%', '50\\%%'],
    ['a_b', 'a\\_b%'],
    ['back\\slash', 'back\\\\slash%'],
  ])('%j -> %j', (search, pattern) => {
    expect(prefixPattern(search)).toBe(pattern);
  });
});
