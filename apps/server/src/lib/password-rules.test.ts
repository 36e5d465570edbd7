import { describe, expect, it } from 'vitest';
import { hashPassword } from './password.js';
import { checkPasswordRules, PASSWORD_RULE_MESSAGES as M } from './password-rules.js';

describe('password rules', () => {
  const context = { userId: 'Ada.Lovelace', email: 'ada@example.test', currentHash: null };

  it.each([
    ['Good-enough-1', []],
    ['short', [M.tooShort]],
    ['x'.repeat(129), [M.tooLong]],
    ['ada.lovelace', [M.personal]],
    ['ADA@example.test', [M.personal]],
    ['PASSWORD123', [M.common]],
    ['😀😀😀😀😀😀😀😀', []],
  ])('%s', async (password, expected) => {
    expect(await checkPasswordRules(password, context)).toEqual(expected);
  });

  it('refuses the current password', async () => {
    const currentHash = await hashPassword('Current-secret-1');
    expect(await checkPasswordRules('Current-secret-1', { ...context, currentHash })).toEqual([
      M.unchanged,
    ]);
    expect(await checkPasswordRules('Other-secret-2', { ...context, currentHash })).toEqual([]);
  });
});
