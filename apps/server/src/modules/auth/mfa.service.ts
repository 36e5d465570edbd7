import { randomInt } from 'node:crypto';
import type { SessionAudience } from '../../db/schema.js';
import type { FastifyBaseLogger } from 'fastify';
import { MFA_CODE_LENGTH } from '@waypoint/domain';
import type { AppDeps } from '../../app-deps.js';
import type { Db } from '../../db/connection.js';
import { HttpError } from '../../lib/http-error.js';
import { RATE_RULES } from '../../lib/rate-limit.js';
import { hashToken, hmac, randomToken } from '../../lib/tokens.js';
import { lmsByKey } from '../lms-info/service.js';
import { enforceRateLimit } from '../rate-limits/service.js';
import { serverSecret, type SecretDeps } from '../sessions/service.js';
import {
  consumeChallenge,
  deleteRememberedDevices,
  findLiveChallenge,
  insertChallenge,
  insertRememberedDevice,
  isDeviceRemembered,
  recordWrongCode,
  replaceCode,
} from './repo.js';

/** A code works for 10 minutes after it is sent (§4 MFA). */
export const MFA_CODE_LIFETIME_MS = 10 * 60_000;
/** The 5th wrong code kills the challenge. */
export const MFA_MAX_WRONG_CODES = 5;
/** At most one resend per 30 s, and 5 per challenge. */
export const MFA_RESEND_INTERVAL_MS = 30_000;
export const MFA_MAX_RESENDS = 5;
/** A challenge can get new codes for an hour; after that the student logs in again. */
export const MFA_CHALLENGE_LIFETIME_MS = 60 * 60_000;

export const INVALID_CODE_MESSAGE =
  'Invalid or Expired Code entered. Please enter a valid code or send a new code and try again.';
export const CHALLENGE_GONE_MESSAGE = 'This sign-in request has expired. Please log in again.';
export const RESEND_TOO_SOON_MESSAGE = 'Please wait 30 seconds before asking for another code.';
export const RESEND_TOO_MANY_MESSAGE = 'Too many codes have been sent. Please log in again.';

/** What the MFA rules need; the log notes a code that could not be sent (no email address). */
export type MfaDeps = Pick<Required<AppDeps>, 'db' | 'clock' | 'mailer'> & {
  log: Pick<FastifyBaseLogger, 'warn'>;
  state: SecretDeps['state'];
};

const CODE_PATTERN = new RegExp(`^\\d{${MFA_CODE_LENGTH}}$`);

function newCode(): string {
  return String(randomInt(0, 10 ** MFA_CODE_LENGTH)).padStart(MFA_CODE_LENGTH, '0');
}

// Codes are stored as an HMAC tied to the challenge: a leaked table does not give them away.
async function codeHashOf(deps: SecretDeps, mfaHash: string, code: string): Promise<string> {
  return hmac(await serverSecret(deps, 'mfa'), `${mfaHash}:${code}`);
}

async function sendCode(
  deps: MfaDeps,
  to: { lmsKey: number; email: string },
  code: string,
): Promise<void> {
  if (to.email === '') {
    deps.log.warn('MFA code not sent: the user has no email address');
    return;
  }
  await deps.mailer.send({
    lmsKey: to.lmsKey,
    to: to.email,
    subject: 'Your Waypoint sign-in code',
    text: [
      `Your sign-in code is ${code}.`,
      '',
      'It works once, for 10 minutes. If you did not just try to sign in, change your password.',
    ].join('\n'),
  });
}

/** Starts an MFA challenge for a user whose password was right: emails a code, returns the mfaID. */
export async function startMfaChallenge(
  deps: MfaDeps,
  user: { userKey: number; lmsKey: number; email: string },
  useCookie: boolean,
  audience: SessionAudience = 'panel',
): Promise<string> {
  const now = deps.clock.now();
  const mfaId = randomToken();
  const mfaHash = hashToken(mfaId);
  const code = newCode();
  await insertChallenge(deps.db, {
    mfaHash,
    userKey: user.userKey,
    codeHash: await codeHashOf(deps, mfaHash, code),
    useCookie,
    audience,
    now,
    expiresAt: new Date(now.getTime() + MFA_CODE_LIFETIME_MS),
  });
  await sendCode(deps, user, code);
  return mfaId;
}

/**
 * Checks a code: right, unexpired and under 5 wrong tries uses the challenge up and gives its user;
 * anything else is 400 with the spec's message (a 401 would make the panel disconnect).
 */
export async function verifyMfaCode(
  deps: Pick<MfaDeps, 'db' | 'clock' | 'state'>,
  input: { mfaId: string; code: string; clientAddress: string },
): Promise<{ userKey: number; useCookie: boolean; audience: SessionAudience }> {
  const { db, clock } = deps;
  const now = clock.now();
  await enforceRateLimit(db, RATE_RULES.mfaAddress, input.clientAddress, now);
  const mfaHash = hashToken(input.mfaId);
  const used = CODE_PATTERN.test(input.code)
    ? await consumeChallenge(
        db,
        mfaHash,
        await codeHashOf(deps, mfaHash, input.code),
        now,
        MFA_MAX_WRONG_CODES,
      )
    : undefined;
  if (!used) {
    await recordWrongCode(db, mfaHash, MFA_MAX_WRONG_CODES);
    throw new HttpError(400, INVALID_CODE_MESSAGE);
  }
  return used;
}

/** Emails a new code for a live challenge (at most one per 30 s and 5 per challenge). */
export async function resendMfaCode(
  deps: MfaDeps,
  input: { mfaId: string; clientAddress: string },
): Promise<void> {
  const { db, clock } = deps;
  const now = clock.now();
  await enforceRateLimit(db, RATE_RULES.mfaResendAddress, input.clientAddress, now);
  const mfaHash = hashToken(input.mfaId);
  const challenge = await findLiveChallenge(
    db,
    mfaHash,
    new Date(now.getTime() - MFA_CHALLENGE_LIFETIME_MS),
    MFA_MAX_WRONG_CODES,
  );
  if (!challenge) throw new HttpError(404, CHALLENGE_GONE_MESSAGE);
  if (challenge.resendCount >= MFA_MAX_RESENDS) throw new HttpError(429, RESEND_TOO_MANY_MESSAGE);
  const sentAt = new Date(challenge.codeSentAt);
  const wait = sentAt.getTime() + MFA_RESEND_INTERVAL_MS - now.getTime();
  const tooSoon = () =>
    new HttpError(429, RESEND_TOO_SOON_MESSAGE, {
      'retry-after': String(Math.max(1, Math.ceil(wait / 1000))),
    });
  if (wait > 0) throw tooSoon();
  const code = newCode();
  const replaced = await replaceCode(db, {
    mfaHash,
    codeHash: await codeHashOf(deps, mfaHash, code),
    sentAt,
    now,
    expiresAt: new Date(now.getTime() + MFA_CODE_LIFETIME_MS),
  });
  if (!replaced) throw tooSoon();
  await sendCode(deps, challenge, code);
}

/**
 * Remembers this device for a user for the LMS's remember time; returns the cookie value (only
 * its hash is kept) and that time, or null when the LMS remembers no device.
 */
export async function rememberDevice(
  deps: Pick<MfaDeps, 'db' | 'clock'>,
  user: { userKey: number; lmsKey: number },
): Promise<{ token: string; durationMs: number } | null> {
  const lms = await lmsByKey(deps, user.lmsKey);
  const durationMs = lms?.mfaRememberDeviceMs ?? 0;
  if (durationMs <= 0) return null;
  const { userKey } = user;
  const now = deps.clock.now();
  const token = randomToken();
  await insertRememberedDevice(deps.db, {
    deviceHash: hashToken(token),
    userKey,
    now,
    expiresAt: new Date(now.getTime() + durationMs),
  });
  return { token, durationMs };
}

/** True when the device cookie remembers this user's device (so no MFA code is needed). */
export async function deviceIsRemembered(
  deps: Pick<MfaDeps, 'db' | 'clock'>,
  userKey: number,
  deviceToken: string | undefined,
): Promise<boolean> {
  if (!deviceToken || deviceToken.length > 100) return false;
  return isDeviceRemembered(deps.db, hashToken(deviceToken), userKey, deps.clock.now());
}

/** Forgets a user's remembered devices (after the password is set or reset). */
export async function forgetDevices(deps: { db: Db }, userKey: number): Promise<void> {
  await deleteRememberedDevices(deps.db, userKey);
}
