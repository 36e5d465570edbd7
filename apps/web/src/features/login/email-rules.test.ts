import { describe, expect, it } from 'vitest';
import { emailError } from './email-rules';

describe('password-reset email rules (spec §5)', () => {
  it.each([
    ['', 'You must enter an email first.'],
    ['   ', 'You must enter an email first.'],
    ['student', 'Incorrect email format.'],
    ['student@example', 'Incorrect email format.'],
    ['stu dent@example.com', 'Incorrect email format.'],
    ['student@example.com', ''],
    ['a.b+c@mail.example.org', ''],
    [`${'a'.repeat(250)}@x.com`, 'Email is too long, 255 max.'],
  ])('%j -> %j', (email, expected) => {
    expect(emailError(email)).toBe(expected);
  });

  it('accepts exactly 255 characters', () => {
    expect(emailError(`${'a'.repeat(249)}@x.com`)).toBe('');
  });
});
