import { describe, expect, it } from 'vitest';
import {
  isStudentAccess,
  loginFailureMessage,
  NO_LMS_PERMISSION,
  permissionsFailureMessage,
  rememberDays,
} from './sign-in';

describe('login failure messages (spec §8)', () => {
  it.each([
    [401, '', 'Incorrect login.'],
    [401, 'Wrong password.', 'Wrong password.'],
    [423, 'Your account is locked.', 'Your account is locked.'],
    [403, '', NO_LMS_PERMISSION],
    [404, '', '404: An error occurred, please try again later.'],
    [500, 'boom', 'Attempt to log in failed.'],
    [0, 'anything', ''],
  ])('status %i with message %j shows %j', (status, message, expected) => {
    expect(loginFailureMessage(status, message)).toBe(expected);
  });
});

describe('permissions failure messages (spec §8)', () => {
  it.each([
    [403, '', NO_LMS_PERMISSION],
    [400, '', 'Incorrect login.'],
    [400, 'Server says no.', 'Server says no.'],
    [500, '', 'An error occurred, please try again later.'],
    [0, '', ''],
  ])('status %i with message %j shows %j', (status, message, expected) => {
    expect(permissionsFailureMessage(status, message)).toBe(expected);
  });
});

describe('student access (spec §6)', () => {
  it.each([
    [{ isStudent: true, userType: 0 }, true],
    [{ isStudent: 1, userType: 3 }, true],
    [{ isStudent: false, userType: 0 }, false],
    [{ isStudent: true, userType: -1 }, false],
  ])('%j -> %s', (permissions, expected) => {
    expect(isStudentAccess(permissions)).toBe(expected);
  });
});

describe('remember days (spec §4 MFA)', () => {
  it('converts milliseconds to days, rounded up', () => {
    expect(rememberDays(30 * 86_400_000)).toBe(30);
    expect(rememberDays(30 * 86_400_000 + 1)).toBe(31);
    expect(rememberDays(3_600_000)).toBe(1);
    expect(rememberDays(0)).toBe(0);
    expect(rememberDays(null)).toBe(0);
  });
});
