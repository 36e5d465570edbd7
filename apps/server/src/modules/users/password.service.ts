import type { FastifyBaseLogger } from 'fastify';
import { EMAIL_MAX_LENGTH } from '@waypoint/domain';
import type { AppDeps } from '../../app-deps.js';
import { HttpError } from '../../lib/http-error.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { checkPasswordRules, PASSWORD_RULE_MESSAGES } from '../../lib/password-rules.js';
import { RATE_RULES } from '../../lib/rate-limit.js';
import { hashToken, randomToken } from '../../lib/tokens.js';
import { clearLockout } from '../auth/service.js';
import { forgetDevices } from '../auth/mfa.service.js';
import type { LmsRow } from '../lms-info/service.js';
import { enforceRateLimit } from '../rate-limits/service.js';
import { endUserSessions, type SessionDeps } from '../sessions/service.js';
import {
  findTokenUser,
  findUserByKey,
  findUsersByEmail,
  insertPasswordToken,
  setPasswordByToken,
  updatePasswordHash,
} from './repo.js';

/** Reset links work for an hour; set-password invitations for new accounts for 7 days. */
export const RESET_TOKEN_LIFETIME_MS = 60 * 60_000;
export const REGISTER_TOKEN_LIFETIME_MS = 7 * 24 * 60 * 60_000;

export const LINK_EXPIRED_MESSAGE = 'This link has expired.';
export const EMAIL_FORMAT_MESSAGE = 'Incorrect email format.';
export const EMAIL_TOO_LONG_MESSAGE = `Email is too long, ${EMAIL_MAX_LENGTH} max.`;
export const OLD_PASSWORD_MESSAGE = 'The old password is incorrect.';
export const RESET_SENT_MESSAGE =
  'If an account uses this email address, a link to reset its password has been sent to it.';

// Spec §5 {email}: a local part, '@', a domain with a dot (design brief).
const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** What the password rules need: the database, the time, the mailer, and publicUrl for links. */
export type PasswordDeps = Pick<Required<AppDeps>, 'db' | 'config' | 'mailer' | 'clock'>;

/** 400 with the spec's messages unless the address has the {email} shape and at most 255 characters. */
export function checkEmailAddress(address: string): void {
  if (address.length > EMAIL_MAX_LENGTH) throw new HttpError(400, EMAIL_TOO_LONG_MESSAGE);
  if (!EMAIL_SHAPE.test(address)) throw new HttpError(400, EMAIL_FORMAT_MESSAGE);
}

async function issueToken(
  deps: PasswordDeps,
  user: { userKey: number; userId: string; email: string; lmsKey: number },
  purpose: 'reset' | 'register',
): Promise<{ link: string; expiresAt: Date }> {
  const now = deps.clock.now();
  const token = randomToken();
  const lifetime = purpose === 'reset' ? RESET_TOKEN_LIFETIME_MS : REGISTER_TOKEN_LIFETIME_MS;
  const expiresAt = new Date(now.getTime() + lifetime);
  await insertPasswordToken(deps.db, {
    tokenHash: hashToken(token),
    userKey: user.userKey,
    purpose,
    now,
    expiresAt,
  });
  const page = purpose === 'reset' ? 'ChangePassword' : 'Register';
  const link = `${deps.config.publicUrl}/${page}?token=${token}&email=${encodeURIComponent(user.email)}`;
  const text =
    purpose === 'reset'
      ? [
          `Someone asked to reset the Waypoint password of the account ${user.userId}.`,
          '',
          `To choose a new password, open this link within 1 hour (it works once):`,
          link,
          '',
          'If you did not ask for this, ignore this email: your password stays as it is.',
        ]
      : [
          `A Waypoint account has been made for you: your login ID is ${user.userId}.`,
          '',
          'To set your password, open this link within 7 days (it works once):',
          link,
        ];
  await deps.mailer.send({
    lmsKey: user.lmsKey,
    to: user.email,
    subject: purpose === 'reset' ? 'Reset your Waypoint password' : 'Set your Waypoint password',
    text: text.join('\n'),
  });
  return { link, expiresAt };
}

/**
 * Emails a new account's set-password invitation (link /Register, valid 7 days) and returns the
 * link; for the operator CLI and API. 404 for an unknown user, 400 when the user has no email.
 */
export async function createRegisterInvitation(
  deps: PasswordDeps,
  userKey: number,
): Promise<{ email: string; link: string; expiresAt: Date }> {
  const user = await findUserByKey(deps.db, userKey);
  if (!user) throw new HttpError(404, 'No such user.');
  if (user.email === '') throw new HttpError(400, 'This user has no email address.');
  const { link, expiresAt } = await issueToken(deps, user, 'register');
  return { email: user.email, link, expiresAt };
}

/**
 * Emails one user the reset link the forgot-password form sends (link /ChangePassword, valid 1
 * hour); for the staff console, which names the person. 404 unknown, 400 without an email.
 */
export async function sendPasswordResetLink(
  deps: PasswordDeps,
  userKey: number,
): Promise<{ email: string; expiresAt: Date }> {
  const user = await findUserByKey(deps.db, userKey);
  if (!user) throw new HttpError(404, 'No such user.');
  if (user.email === '') throw new HttpError(400, 'This user has no email address.');
  const { expiresAt } = await issueToken(deps, user, 'reset');
  return { email: user.email, expiresAt };
}

// Reset emails go out after the answer, so its timing does not tell whether the address exists;
// the app waits for them when it closes.
/** The reset emails an instance is still sending (instance-state.ts). */
export type PendingEmails = Set<Promise<void>>;

/** An instance's set of reset emails being sent, empty. */
export const createPendingEmails = (): PendingEmails => new Set();

/** Waits for reset emails still being sent (on app close). */
export async function settlePendingEmails(pending: PendingEmails): Promise<void> {
  await Promise.allSettled([...pending]);
}

/**
 * VALIDATE_EMAIL: checks the address shape and the limits, then (later, out of band) emails a
 * reset link to each active user of the LMS with that address. The answer never depends on them.
 */
export async function requestPasswordReset(
  deps: PasswordDeps & {
    log: Pick<FastifyBaseLogger, 'error'>;
    state: { pendingEmails: PendingEmails };
  },
  input: { lms: LmsRow; address: string; clientAddress: string },
): Promise<void> {
  checkEmailAddress(input.address);
  const { db, clock } = deps;
  const now = clock.now();
  await enforceRateLimit(db, RATE_RULES.resetAddress, input.clientAddress, now);
  await enforceRateLimit(
    db,
    RATE_RULES.resetEmail,
    `${input.lms.lmsKey}:${input.address.toLowerCase()}`,
    now,
  );
  const task = (async () => {
    const users = await findUsersByEmail(db, input.lms.lmsKey, input.address);
    for (const user of users) await issueToken(deps, user, 'reset');
  })()
    .catch((error: unknown) => deps.log.error({ err: error }, 'password reset email failed'))
    .finally(() => deps.state.pendingEmails.delete(task));
  deps.state.pendingEmails.add(task);
}

/** True when a reset or register token is unused, unexpired and belongs to that email. */
export async function tokenIsValid(
  deps: Pick<PasswordDeps, 'db' | 'clock'>,
  token: string,
  email: string,
): Promise<boolean> {
  const user = await findTokenUser(deps.db, hashToken(token), email, deps.clock.now());
  return user !== undefined;
}

/** A password change either succeeds or lists every rule it broke. */
export type PasswordOutcome = { ok: true } | { ok: false; messages: string[] };

/** After a password is set: every session ends, the lockout clears, remembered devices are forgotten. */
async function afterPasswordSet(
  deps: Pick<PasswordDeps, 'db' | 'clock'> & Pick<SessionDeps, 'state'>,
  user: { userKey: number; lmsKey: number; userId: string },
) {
  await endUserSessions(deps, user.userKey);
  await clearLockout(deps, user.lmsKey, user.userId);
  await forgetDevices(deps, user.userKey);
}

/** PUT PasswordReset/{token}/{email}: sets the password through a valid token (404 otherwise). */
export async function setPasswordWithToken(
  deps: Pick<PasswordDeps, 'db' | 'clock'> & Pick<SessionDeps, 'state'>,
  input: { token: string; email: string; newPassword: string; clientAddress: string },
): Promise<PasswordOutcome> {
  const { db, clock } = deps;
  await enforceRateLimit(db, RATE_RULES.setPasswordAddress, input.clientAddress, clock.now());
  const tokenHash = hashToken(input.token);
  const user = await findTokenUser(db, tokenHash, input.email, clock.now());
  if (!user) throw new HttpError(404, LINK_EXPIRED_MESSAGE);
  const messages = await checkPasswordRules(input.newPassword, {
    userId: user.userId,
    email: user.email,
    currentHash: user.passwordHash,
  });
  if (messages.length > 0) return { ok: false, messages };
  const passwordHash = await hashPassword(input.newPassword);
  const set = await setPasswordByToken(db, {
    tokenHash,
    userKey: user.userKey,
    passwordHash,
    now: clock.now(),
  });
  if (!set) throw new HttpError(404, LINK_EXPIRED_MESSAGE);
  await afterPasswordSet(deps, user);
  return { ok: true };
}

/**
 * Change password (signed in): the old password must be right (400, never 401, which would
 * disconnect the panel), the new one must pass the rules; the user's other sessions end.
 */
export async function changePassword(
  deps: Pick<PasswordDeps, 'db' | 'clock'> & Pick<SessionDeps, 'state'>,
  input: { userKey: number; sessionHash: string; oldPassword: string; newPassword: string },
): Promise<PasswordOutcome> {
  const { db, clock } = deps;
  await enforceRateLimit(db, RATE_RULES.changePasswordUser, String(input.userKey), clock.now());
  const user = await findUserByKey(db, input.userKey);
  if (!user || !(await verifyPassword(input.oldPassword, user.passwordHash))) {
    throw new HttpError(400, OLD_PASSWORD_MESSAGE);
  }
  // The old password was just checked, so "unchanged" needs no second scrypt.
  const messages = await checkPasswordRules(input.newPassword, {
    userId: user.userId,
    email: user.email,
    currentHash: null,
  });
  if (input.newPassword.normalize('NFKC') === input.oldPassword.normalize('NFKC')) {
    messages.push(PASSWORD_RULE_MESSAGES.unchanged);
  }
  if (messages.length > 0) return { ok: false, messages };
  await updatePasswordHash(db, user.userKey, await hashPassword(input.newPassword), clock.now());
  await endUserSessions(deps, user.userKey, input.sessionHash);
  await clearLockout(deps, user.lmsKey, user.userId);
  return { ok: true };
}

/**
 * set-password by an operator (ADR 0003): stores the hash, ends every session of the user and
 * lifts the login lockout. Remembered devices stay, as they always have for this command.
 */
export async function storeOperatorPassword(
  deps: Pick<PasswordDeps, 'db' | 'clock'> & Pick<SessionDeps, 'state'>,
  user: { userKey: number; lmsKey: number; userId: string },
  passwordHash: string,
): Promise<void> {
  await updatePasswordHash(deps.db, user.userKey, passwordHash, deps.clock.now());
  await endUserSessions(deps, user.userKey);
  await clearLockout(deps, user.lmsKey, user.userId);
}
