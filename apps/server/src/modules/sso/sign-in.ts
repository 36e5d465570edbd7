/**
 * The step both protocols share (docs/decisions/0016): an identity the IdP asserted becomes a
 * Waypoint sign-in. The user is found by the configured match field in that LMS only (never
 * another), made just in time as a student when the LMS allows it, and checked by the one sign-in
 * rule (signInAllowed, 'sso' path; spec §4 'Login and session', §6): a student-locked LMS, an
 * inactive user and a non-student are refused with the login's messages. What is left is a
 * one-time hand-off that the panel trades for a session through the sessions service, like
 * Login's answer.
 */
import {
  defaultMatchClaims,
  jitStudentFields,
  readIdentity,
  signInAllowed,
  type Claims,
} from '@waypoint/domain';
import { HttpError } from '../../lib/http-error.js';
import { hashToken, randomToken, safeEqual } from '../../lib/tokens.js';
import { deviceIsRemembered, startMfaChallenge, type MfaDeps } from '../auth/mfa.service.js';
import { lmsByKey, type LmsRow } from '../lms-info/service.js';
import { userByKey, type UserRow } from '../users/service.js';
import { isStaff } from '../staff/service.js';
import type { SessionAudience } from '../../db/schema.js';
import {
  consumeHandoff,
  findUsersByMatch,
  insertHandoff,
  insertJitStudent,
  type SsoConfigRow,
} from './repo.js';

/** A hand-off is traded within two minutes of the IdP's answer, once. */
export const HANDOFF_LIFETIME_MS = 2 * 60_000;

export const UNKNOWN_PERSON_MESSAGE =
  'There is no Waypoint account for you at this training provider. Please contact your training department for access.';
export const AMBIGUOUS_PERSON_MESSAGE =
  'More than one Waypoint account matches you at this training provider. Please contact your training department.';
export const HANDOFF_GONE_MESSAGE =
  'This single sign-on has expired or was already used. Please sign in again.';
export const OTHER_BROWSER_MESSAGE =
  'This single sign-on was started in another browser. Please sign in again in this one.';

/** A refusal of a single sign-on: shown on the error page (or to the panel), no session made. */
export class SsoRefusal extends HttpError {
  constructor(message: string, statusCode = 403) {
    super(statusCode, message);
  }
}

/** What a hand-off gives, as a password Login would: a user to open a session for, or an MFA challenge. */
export type HandoffOutcome = { audience: SessionAudience } & (
  | { kind: 'session'; user: UserRow }
  | { kind: 'mfa'; lmsKey: number; mfaId: string; rememberDeviceTime: number }
);

/**
 * The sign-in rule for SSO (spec §4, §6; the console's 'console-sso' path, ADR 0021); throws the
 * login's message when it refuses. With a null user (not found yet) only the LMS's lock applies.
 */
async function checkUser(
  deps: Pick<MfaDeps, 'db'>,
  lms: LmsRow,
  user: UserRow | null,
  audience: SessionAudience,
): Promise<void> {
  const verdict =
    audience === 'console'
      ? signInAllowed(
          user && { ...user, isStaff: await isStaff(deps, user.userKey) },
          lms,
          'console-sso',
        )
      : signInAllowed(user, lms, 'sso');
  if (!verdict.allowed) throw new SsoRefusal(verdict.message);
}

async function findOrCreateUser(
  deps: Pick<MfaDeps, 'db'>,
  lms: LmsRow,
  config: SsoConfigRow,
  claims: Claims,
): Promise<UserRow> {
  const match = config.matchAttribute;
  const matchClaims = config.matchClaim
    ? [config.matchClaim]
    : defaultMatchClaims(config.protocol, match);
  const identity = readIdentity(claims, matchClaims, match, {
    protocol: config.protocol,
    assumeEmailVerified: config.oidcAssumeEmailVerified,
  });
  if ('problem' in identity) throw new SsoRefusal(identity.problem);
  const found = await findUsersByMatch(deps.db, lms.lmsKey, match, identity.matchValue);
  if (found.length > 1) throw new SsoRefusal(AMBIGUOUS_PERSON_MESSAGE);
  if (found[0]) return found[0];
  if (!config.jitProvisioning) throw new SsoRefusal(UNKNOWN_PERSON_MESSAGE);
  try {
    return await insertJitStudent(deps.db, lms.lmsKey, jitStudentFields(identity, match));
  } catch (error) {
    // Another sign-in made them meanwhile, or the login ID is taken by someone else.
    const again = await findUsersByMatch(deps.db, lms.lmsKey, match, identity.matchValue);
    if (again.length === 1 && again[0]) return again[0];
    if ((error as { code?: string }).code === '23505')
      throw new SsoRefusal(AMBIGUOUS_PERSON_MESSAGE);
    throw error;
  }
}

/** A verified identity's one-time hand-off code, and the app it goes to. */
export interface Asserted {
  handoff: string;
  audience: SessionAudience;
}

/**
 * An identity the IdP asserted for `lms`: finds (or makes) and checks the user, and returns the
 * one-time hand-off code the panel trades for a session. Refusals throw SsoRefusal.
 */
export async function identityAsserted(
  deps: Pick<MfaDeps, 'db' | 'clock'>,
  input: {
    lms: LmsRow;
    config: SsoConfigRow;
    claims: Claims;
    idpMfa: boolean;
    /** Hash of the starting browser's cookie; null for an IdP-initiated SAML login. */
    browserHash: string | null;
    /** The app the sign-on was started from (an IdP-initiated SAML login: the panel). */
    audience: SessionAudience;
  },
): Promise<Asserted> {
  const { lms, audience } = input;
  // A locked LMS is refused before a just-in-time student could be made in it.
  await checkUser(deps, lms, null, audience);
  const user = await findOrCreateUser(deps, lms, input.config, input.claims);
  await checkUser(deps, lms, user, audience);
  const handoff = randomToken();
  const now = deps.clock.now();
  await insertHandoff(
    deps.db,
    {
      handoffHash: hashToken(handoff),
      userKey: user.userKey,
      lmsKey: lms.lmsKey,
      browserHash: input.browserHash,
      idpMfa: input.idpMfa,
      expiresAt: new Date(now.getTime() + HANDOFF_LIFETIME_MS),
      audience,
    },
    now,
  );
  return { handoff, audience };
}

/**
 * Trades a hand-off for what a password Login gives (spec §4 step 1): the user to open a session
 * for, or an MFA challenge when the user has MFA, the IdP did not do it, and the device is not
 * remembered. Checks the user again: they may have been locked or made inactive meanwhile.
 */
export async function completeHandoff(
  deps: MfaDeps,
  input: {
    handoff: string;
    browserToken: string | undefined;
    deviceToken: string | undefined;
    useCookie: boolean;
  },
): Promise<HandoffOutcome> {
  const used = await consumeHandoff(deps.db, hashToken(input.handoff), deps.clock.now());
  if (!used) throw new SsoRefusal(HANDOFF_GONE_MESSAGE, 400);
  if (used.browserHash !== null) {
    const token = input.browserToken ?? '';
    if (!safeEqual(hashToken(token), used.browserHash)) throw new SsoRefusal(OTHER_BROWSER_MESSAGE);
  }
  const [user, lms] = await Promise.all([
    userByKey(deps, used.userKey),
    lmsByKey(deps, used.lmsKey),
  ]);
  if (!user || !lms) throw new SsoRefusal(HANDOFF_GONE_MESSAGE, 400);
  const { audience } = used;
  await checkUser(deps, lms, user, audience);
  if (
    user.mfaEnabled &&
    !used.idpMfa &&
    !(await deviceIsRemembered(deps, user.userKey, input.deviceToken))
  ) {
    const mfaId = await startMfaChallenge(deps, user, input.useCookie, audience);
    return {
      kind: 'mfa',
      audience,
      lmsKey: lms.lmsKey,
      mfaId,
      rememberDeviceTime: lms.mfaRememberDeviceMs,
    };
  }
  return { kind: 'session', audience, user };
}
