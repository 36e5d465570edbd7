import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, verifyPassword } from './password.js';

/**
 * The server's password rules (design brief "Passwords"). Each failed rule gives one message; the
 * set-password and change-password calls return them as a list the panel shows one per line (§5).
 */
export const PASSWORD_RULE_MESSAGES = {
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long.`,
  personal: 'Password must not be your login ID or email address.',
  common: 'Password is too common. Please choose a less predictable one.',
  unchanged: 'New password must be different from the current password.',
} as const;

// Passwords at the top of every breach list; compared without regard to case.
const COMMON_PASSWORDS = new Set([
  'password',
  'password1',
  'password12',
  'password123',
  'password1234',
  'passw0rd',
  'p@ssw0rd',
  'p@ssword',
  '12345678',
  '123456789',
  '1234567890',
  '11111111',
  '00000000',
  '87654321',
  '12341234',
  '11223344',
  'qwertyui',
  'qwerty12',
  'qwerty123',
  'qwerty1234',
  '1q2w3e4r',
  '1q2w3e4r5t',
  'qwertyuiop',
  'asdfghjk',
  'asdfghjkl',
  'zxcvbnm1',
  'iloveyou',
  'iloveyou1',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'welcome1',
  'welcome123',
  'letmein1',
  'trustno1',
  'starwars',
  'superman',
  'whatever',
  'abcd1234',
  'abc12345',
  'aa123456',
  'changeme',
  'changeme1',
  'administrator',
  'admin123',
  'computer',
  'internet',
  'michelle',
  'jennifer',
  'mustang1',
  'shadow12',
  'monkey123',
  'dragon12',
  'master12',
  'q1w2e3r4',
  'secret123',
  'passport',
  'airplane',
  'aviation',
  'training',
  'waypoint',
  'waypoint1',
]);

export interface PasswordContext {
  userId: string;
  email: string;
  /** The stored hash of the current password, to refuse an unchanged one; null when there is none. */
  currentHash: string | null;
}

/** Every rule the password breaks, as messages (empty when it is acceptable). */
export async function checkPasswordRules(
  password: string,
  context: PasswordContext,
): Promise<string[]> {
  const messages: string[] = [];
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) messages.push(PASSWORD_RULE_MESSAGES.tooShort);
  if (length > PASSWORD_MAX_LENGTH) messages.push(PASSWORD_RULE_MESSAGES.tooLong);
  const lower = password.toLowerCase();
  const personal = [context.userId, context.email].map((v) => v.trim().toLowerCase());
  if (personal.some((value) => value !== '' && value === lower)) {
    messages.push(PASSWORD_RULE_MESSAGES.personal);
  }
  if (COMMON_PASSWORDS.has(lower)) messages.push(PASSWORD_RULE_MESSAGES.common);
  // Only worth a (slow) scrypt when every cheap rule passed.
  if (
    messages.length === 0 &&
    context.currentHash &&
    (await verifyPassword(password, context.currentHash))
  ) {
    messages.push(PASSWORD_RULE_MESSAGES.unchanged);
  }
  return messages;
}
