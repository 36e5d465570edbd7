import { describe, expect, it } from 'vitest';
import { displayName, initials } from './display-name';

describe('displayName (spec §1)', () => {
  it.each([
    [{ nameOther: 'Jane', nameCollated: 'Doe', userID: 'jdoe' }, 'Jane Doe'],
    [{ nameOther: '', nameCollated: 'Doe', userID: 'jdoe' }, 'Doe'],
    [{ nameOther: 'Jane', nameCollated: '', userID: 'jdoe' }, 'Jane'],
    [{ nameOther: '', nameCollated: '', userID: 'jdoe' }, 'jdoe'],
    [{ nameOther: '  ', nameCollated: '', userID: '' }, '[User Name]'],
  ])('%o shows %s', (user, expected) => {
    expect(displayName(user)).toBe(expected);
  });

  it('shows [User Name] when no user is known', () => {
    expect(displayName(null)).toBe('[User Name]');
  });
});

describe('initials', () => {
  it('takes the first and last word', () => {
    expect(initials('Mary Ann Smith')).toBe('MS');
    expect(initials('jdoe')).toBe('J');
    expect(initials('[User Name]')).toBe('?');
  });
});
