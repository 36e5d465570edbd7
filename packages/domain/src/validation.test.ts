import { describe, expect, it } from 'vitest';
import {
  canSubmitMfaCode,
  changePasswordError,
  cleanPassword,
  displayNameOf,
  nextMfaCode,
  passwordResetEmailError,
  pastedMfaCode,
} from './validation.js';

describe('password-reset email (§5)', () => {
  it.each([
    ['', 'You must enter an email first.'],
    ['pilot', 'Incorrect email format.'],
    ['pilot@airline', 'Incorrect email format.'],
    ['pi lot@airline.com', 'Incorrect email format.'],
    [`${'a'.repeat(250)}@b.com`, 'Email is too long, 255 max.'],
    ['pilot@airline..com', 'Incorrect email format.'],
    ['   ', 'You must enter an email first.'],
    [' pilot@airline.com ', null],
    ['pilot@airline.com', null],
  ])('%s -> %s', (email, error) => expect(passwordResetEmailError(email)).toBe(error));
});

describe('MFA code (§5 "digits only, up to 6")', () => {
  it.each([
    ['12', '123', '123'],
    ['12', '12a', '12'],
    ['123456', '1234567', '123456'],
    ['12', '', ''],
  ])('typed: from %s, typing %s keeps %s', (current, typed, kept) => {
    expect(nextMfaCode(current, typed)).toBe(kept);
  });
  it.each([
    [' 123456 ', '123456'],
    ['12345678', '123456'],
    ['12-34-56', null],
    ['abc', null],
  ])('"pasted text must be digits": %s -> %s', (pasted, code) => {
    expect(pastedMfaCode(pasted)).toBe(code);
  });
  it.each([
    ['', false, false],
    ['12345', false, false],
    ['123456', true, false],
    ['123456', false, true],
  ])(
    '"Continue disabled when empty, shorter than 6, or loading": %s loading %s -> %s',
    (code, loading, ok) => {
      expect(canSubmitMfaCode(code, loading)).toBe(ok);
    },
  );
});

describe('display name (§1 "nameOther plus nameCollated, falling back to userID, then \'[User Name]\'")', () => {
  it.each([
    [{ nameOther: 'Ana', nameCollated: 'Silva', userID: 'asilva' }, 'Ana Silva'],
    [{ nameOther: '', nameCollated: 'Silva', userID: 'asilva' }, 'Silva'],
    [{ nameOther: '', nameCollated: '', userID: 'asilva' }, 'asilva'],
    [{}, '[User Name]'],
  ])('%o -> %s', (user, name) => expect(displayNameOf(user)).toBe(name));
});

describe('change password (§5)', () => {
  it.each([
    [{ oldPassword: 'a', newPassword: '', retypePassword: '' }, "New password can't be blank."],
    [{ oldPassword: 'a', newPassword: 'b', retypePassword: '' }, "New password can't be blank."],
    [{ oldPassword: 'a', newPassword: 'b', retypePassword: 'c' }, 'Passwords do not match.'],
    [{ oldPassword: 'b', newPassword: 'b', retypePassword: 'b' }, "Password didn't change."],
    [{ oldPassword: 'a', newPassword: 'b', retypePassword: 'b' }, null],
  ])('%o -> %s', (fields, error) => expect(changePasswordError(fields)).toBe(error));
  it('"Unwanted characters are trimmed from the new password"', () => {
    expect(cleanPassword('\ufeff  my pass\u0000word\n')).toBe('my password');
    expect(cleanPassword('pass\u200bword')).toBe('password');
  });
});
