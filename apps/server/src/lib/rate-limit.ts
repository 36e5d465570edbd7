import { HttpError } from './http-error.js';

/**
 * The limits and their window arithmetic, with no I/O. The counters live in table rate_limit,
 * shared by every server instance; modules/rate-limits counts them.
 */
export interface RateRule {
  /** Bucket prefix, e.g. 'login-account'. */
  name: string;
  limit: number;
  windowMs: number;
}

const MINUTE = 60_000;

/** Every limit Waypoint applies (§4 Login and session, §4 MFA). Keys are added by the callers. */
export const RATE_RULES = {
  /**
   * Failed logins in a row for one login ID from one client address (known ID or not, so the
   * lockout reveals nothing): the 5th failure within 15 minutes of the previous one locks that
   * pair for 15 minutes. Other addresses are not locked, so an attacker who does not know the
   * password cannot keep the real user out (ADR 0009).
   */
  loginFailures: { name: 'login-failures', limit: 5, windowMs: 15 * MINUTE },
  /**
   * Failed logins for one login ID from every address together: past 100 within 15 minutes of
   * each other, every address that has failed for it is refused, an address that has not failed
   * may still sign in, and the user is emailed once.
   */
  loginAccountFailures: { name: 'login-account-failures', limit: 100, windowMs: 15 * MINUTE },
  /** Failed logins from one client address (password spraying across accounts). */
  loginAddress: { name: 'login-address', limit: 50, windowMs: 15 * MINUTE },
  /** MFA code checks from one client address (each challenge also dies after 5 wrong codes). */
  mfaAddress: { name: 'mfa-address', limit: 30, windowMs: 15 * MINUTE },
  /** MFA code resends from one client address. */
  mfaResendAddress: { name: 'mfa-resend-address', limit: 20, windowMs: 15 * MINUTE },
  /** Reset emails asked for from one client address. */
  resetAddress: { name: 'reset-address', limit: 10, windowMs: 15 * MINUTE },
  /** Reset emails asked for one email address (whether or not it exists). */
  resetEmail: { name: 'reset-email', limit: 3, windowMs: 15 * MINUTE },
  /** Set-password submissions from one client address. */
  setPasswordAddress: { name: 'set-password-address', limit: 20, windowMs: 15 * MINUTE },
  /** Change-password attempts (old-password guesses) by one user. */
  changePasswordUser: { name: 'change-password-user', limit: 10, windowMs: 15 * MINUTE },
  /** Wrong passwords in a row at the launch re-authentication step, per user. */
  launchVerifyFailures: { name: 'launch-verify-failures', limit: 5, windowMs: 15 * MINUTE },
  /** Calendar-feed addresses that name no feed, per client address: guessing a token is slow. */
  calendarFeedGuesses: { name: 'calendar-feed-guesses', limit: 30, windowMs: 15 * MINUTE },
  /** Inspector link addresses that open no inspection, per client address (ADR 0022). */
  inspectionLinkGuesses: { name: 'inspection-link-guesses', limit: 30, windowMs: 15 * MINUTE },
  /**
   * Export downloads per client address: generous for a person (each download needs a new ticket
   * from a signed-in console anyway), and it slows a guesser of 128-bit tokens further (ADR 0022).
   */
  exportDownloads: { name: 'compliance-export-downloads', limit: 60, windowMs: 15 * MINUTE },
  /**
   * Unsubscribe posts per client address: a token is 128 random bits, so guessing is hopeless
   * anyway; the limit keeps the endpoint from being a cheap way to load the database (ADR 0022).
   */
  reportUnsubscribes: { name: 'report-unsubscribe-address', limit: 20, windowMs: 15 * MINUTE },
} satisfies Record<string, RateRule>;

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.';

export interface RateState {
  allowed: boolean;
  hits: number;
  /** Seconds until the window ends (for Retry-After). */
  retryAfterSeconds: number;
}

/** The row key of a rule's bucket for one key (login ID, client address, ...). */
export const bucketOf = (rule: RateRule, key: string) => `${rule.name}:${key}`.slice(0, 500);

/** A bucket's state from its count and window end. */
export function stateOf(rule: RateRule, hits: number, windowEndsAt: Date, now: Date): RateState {
  return {
    allowed: hits <= rule.limit,
    hits,
    retryAfterSeconds: Math.max(1, Math.ceil((windowEndsAt.getTime() - now.getTime()) / 1000)),
  };
}

/** The 429 for a bucket over its limit. */
export function tooManyAttempts(state: RateState): HttpError {
  return new HttpError(429, TOO_MANY_ATTEMPTS, { 'retry-after': String(state.retryAfterSeconds) });
}
