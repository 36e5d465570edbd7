import { describe, expect, it } from 'vitest';
import {
  canContinue,
  MFA_INVALID_CODE,
  MFA_VALIDATE_ERROR,
  nextCode,
  pastedCode,
  validateFailureMessage,
} from './mfa-rules';

describe('MFA code input (spec §5)', () => {
  it('keeps digits up to six and refuses anything else', () => {
    expect(nextCode('12', '123')).toBe('123');
    expect(nextCode('12', '12a')).toBe('12');
    expect(nextCode('123456', '1234567')).toBe('123456');
    expect(nextCode('12', '')).toBe('');
  });

  it('accepts pasted digits only', () => {
    expect(pastedCode(' 123456 ')).toBe('123456');
    expect(pastedCode('12345678')).toBe('123456');
    expect(pastedCode('12-34-56')).toBeNull();
    expect(pastedCode('abc')).toBeNull();
  });

  it('enables Continue only for six digits while not loading', () => {
    expect(canContinue('', false)).toBe(false);
    expect(canContinue('12345', false)).toBe(false);
    expect(canContinue('123456', false)).toBe(true);
    expect(canContinue('123456', true)).toBe(false);
  });

  it('maps validation failures to the spec texts', () => {
    expect(validateFailureMessage(0)).toBe(MFA_VALIDATE_ERROR);
    expect(validateFailureMessage(500)).toBe(MFA_VALIDATE_ERROR);
    expect(validateFailureMessage(400)).toBe(MFA_INVALID_CODE);
    expect(validateFailureMessage(401)).toBe(MFA_INVALID_CODE);
  });
});
