import { describe, expect, it } from 'vitest';
import {
  CHANGE_PASSWORD_FAILED,
  cleanPassword,
  firstEmptyField,
  NEW_PASSWORD_BLANK,
  PASSWORD_DID_NOT_CHANGE,
  PASSWORDS_DO_NOT_MATCH,
  readChangePasswordError,
  validateChangePassword,
} from './password-rules';

describe('validateChangePassword (spec §5)', () => {
  it.each([
    [{ oldPassword: 'old', newPassword: '', retypePassword: '' }, NEW_PASSWORD_BLANK],
    [{ oldPassword: 'old', newPassword: 'new-pass-1', retypePassword: '' }, NEW_PASSWORD_BLANK],
    [{ oldPassword: 'old', newPassword: '   ', retypePassword: '   ' }, NEW_PASSWORD_BLANK],
    [
      { oldPassword: 'old', newPassword: 'new-pass-1', retypePassword: 'new-pass-2' },
      PASSWORDS_DO_NOT_MATCH,
    ],
    [
      { oldPassword: 'same-pass', newPassword: 'same-pass', retypePassword: 'same-pass' },
      PASSWORD_DID_NOT_CHANGE,
    ],
    [{ oldPassword: 'old', newPassword: 'new-pass-1', retypePassword: 'new-pass-1' }, null],
  ])('%o -> %s', (fields, expected) => {
    expect(validateChangePassword(fields)).toBe(expected);
  });

  it('compares the cleaned new password', () => {
    const fields = {
      oldPassword: 'old',
      newPassword: ' new-pass\u200b ',
      retypePassword: 'new-pass',
    };
    expect(validateChangePassword(fields)).toBeNull();
  });
});

describe('cleanPassword', () => {
  it('drops invisible characters and spaces at the ends, keeps inner spaces', () => {
    expect(cleanPassword('\ufeff  my pass\u0000word\n')).toBe('my password');
  });
});

describe('firstEmptyField', () => {
  it('finds the first empty field in order', () => {
    expect(firstEmptyField({ oldPassword: '', newPassword: '', retypePassword: 'x' })).toBe(
      'oldPassword',
    );
    expect(firstEmptyField({ oldPassword: 'a', newPassword: 'b', retypePassword: '' })).toBe(
      'retypePassword',
    );
    expect(firstEmptyField({ oldPassword: 'a', newPassword: 'b', retypePassword: 'c' })).toBeNull();
  });
});

describe('readChangePasswordError', () => {
  it('lists the requirement messages of a 400 answer', () => {
    const body = {
      message: 'Password does not meet the requirements.',
      messages: ['At least 8 characters.'],
    };
    expect(readChangePasswordError(400, body)).toEqual({
      error: 'Password does not meet the requirements.',
      requirements: ['At least 8 characters.'],
    });
  });

  it('shows a single server message as a requirement error', () => {
    expect(readChangePasswordError(400, { message: 'Old password is incorrect.' })).toEqual({
      error: '',
      requirements: ['Old password is incorrect.'],
    });
  });

  it('reads a list of {message} items', () => {
    expect(
      readChangePasswordError(400, [{ message: 'One' }, { message: 'Two' }]).requirements,
    ).toEqual(['One', 'Two']);
  });

  it('puts messages that are not about the rules on the error line', () => {
    expect(readChangePasswordError(429, { message: 'Too many attempts.' })).toEqual({
      error: 'Too many attempts.',
      requirements: [],
    });
  });

  it('falls back to a general message when the server says nothing', () => {
    expect(readChangePasswordError(500, '<html>oops</html>')).toEqual({
      error: CHANGE_PASSWORD_FAILED,
      requirements: [],
    });
  });
});
