/**
 * Single sign-on rules (docs/decisions/0016): which claim or SAML attribute names the Waypoint
 * user, what a just-in-time student is made of, and whether the identity provider already did a
 * second factor (spec §4 'Login and session' and MFA: the panel then does not ask again).
 */

export type SsoProtocol = 'oidc' | 'saml';
/** The user field an asserted identity is matched on, within the one LMS it is for. */
export type SsoMatch = 'email' | 'login' | 'employee-id';

/** The name that reads the SAML NameID instead of an attribute. */
export const SAML_NAME_ID = 'nameID';

// The names identity providers give the person's email and names (OIDC standard claims, the
// LDAP/eduPerson names, Entra ID's claim URIs, the OIDs SAML profiles use).
const EMAIL_NAMES = [
  'email',
  'mail',
  'emailAddress',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
  'urn:oid:0.9.2342.19200300.100.1.3',
];
/**
 * The claims (OIDC) or attributes (SAML) that carry the match value unless one is configured, in
 * order: a SAML email may come under any of the usual names (Entra ID uses its claim URI).
 */
export function defaultMatchClaims(protocol: SsoProtocol, match: SsoMatch): readonly string[] {
  if (protocol === 'oidc') {
    return [{ email: 'email', login: 'preferred_username', 'employee-id': 'employee_id' }[match]];
  }
  if (match === 'email') return EMAIL_NAMES;
  return [match === 'login' ? SAML_NAME_ID : 'employeeNumber'];
}

const GIVEN_NAMES = [
  'given_name',
  'givenName',
  'firstName',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname',
  'urn:oid:2.5.4.42',
];
const FAMILY_NAMES = [
  'family_name',
  'sn',
  'surname',
  'lastName',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname',
  'urn:oid:2.5.4.4',
];
const DISPLAY_NAMES = [
  'name',
  'displayName',
  'http://schemas.microsoft.com/identity/claims/displayname',
  'urn:oid:2.16.840.1.113730.3.1.241',
];

/** Claims or attributes as the protocol library gives them (SAML values may be lists). */
export type Claims = Readonly<Record<string, unknown>>;

/** The first non-empty text of a claim (a list's first text item), trimmed; '' when none. */
export function claimText(claims: Claims, name: string): string {
  const value = claims[name];
  const first = Array.isArray(value)
    ? (value as unknown[]).find((v) => typeof v === 'string')
    : value;
  return typeof first === 'string' ? first.trim() : typeof first === 'number' ? String(first) : '';
}

const firstOf = (claims: Claims, names: readonly string[]): string => {
  for (const name of names) {
    const text = claimText(claims, name);
    if (text !== '') return text;
  }
  return '';
};

/** Who the identity provider says the person is, as far as Waypoint uses it. */
export interface AssertedIdentity {
  /** The value matched against the user field (already trimmed). */
  matchValue: string;
  email: string;
  givenName: string;
  familyName: string;
  displayName: string;
}

/** Longest value a user field holds (app_user checks). */
const MAX_FIELD = 255;

/** How an identity provider's claims are read (docs/decisions/0016). */
export interface IdentityRules {
  protocol: SsoProtocol;
  /**
   * OIDC, matching by email: an IdP that verifies every address but never sends `email_verified`
   * is trusted without it (the operator says so for that IdP). An `email_verified` it does send
   * must still be the boolean true.
   */
  assumeEmailVerified?: boolean;
}

/**
 * The match value: the first of `names` the claims have, as one text. An OIDC claim must be a
 * JSON string; a SAML attribute may also be a list of exactly one text (its usual form). Anything
 * else (a list of several, a number, an object) is refused, never read as its first entry: an
 * IdP that lets a user add a second address must not let them sign in as the first.
 */
function readMatchValue(
  claims: Claims,
  names: readonly string[],
  protocol: SsoProtocol,
): { value: string; claim: string } | { problem: string } | null {
  for (const name of names) {
    const raw = claims[name];
    if (raw === undefined || raw === null) continue;
    const single =
      protocol === 'saml' && Array.isArray(raw) && raw.length === 1 ? (raw as unknown[])[0] : raw;
    if (Array.isArray(single) && single.length === 0) continue;
    if (typeof single !== 'string') {
      return {
        problem: `The identity provider sent the '${name}' value as ${describeClaim(single)}, not as one text; Waypoint cannot match an account by it.`,
      };
    }
    const value = single.trim();
    if (value !== '') return { value, claim: name };
  }
  return null;
}

const describeClaim = (value: unknown): string =>
  Array.isArray(value) ? 'a list' : typeof value === 'object' ? 'an object' : `a ${typeof value}`;

/**
 * Whether an email may name the account (OIDC Core §5.1 `email_verified`): only when the IdP says
 * so with the boolean true; the text "false", or no claim at all, is not a yes, unless the operator
 * trusts this IdP's addresses without the claim (IdentityRules.assumeEmailVerified).
 */
function emailVerifiedProblem(claims: Claims, rules: IdentityRules): string | null {
  const verified = claims.email_verified;
  if (rules.protocol === 'saml') {
    return verified === false
      ? 'The identity provider says this email address is not verified.'
      : null;
  }
  if (verified === true) return null;
  if (verified === undefined && rules.assumeEmailVerified) return null;
  if (verified === false) return 'The identity provider says this email address is not verified.';
  return verified === undefined
    ? 'The identity provider did not say that this email address is verified (email_verified), so Waypoint cannot match an account by it.'
    : 'The identity provider did not say with a plain true that this email address is verified (email_verified), so Waypoint cannot match an account by it.';
}

/**
 * Reads an asserted identity from claims (the match value from the first of `matchClaims` that has
 * one), or the reason it cannot be used: the match claim missing, not one text, or too long, or
 * (matching by email) an email the provider does not say is verified.
 */
export function readIdentity(
  claims: Claims,
  matchClaims: readonly string[],
  match: SsoMatch,
  rules: IdentityRules,
): AssertedIdentity | { problem: string } {
  const matchClaim = matchClaims[0] ?? '';
  const read = readMatchValue(claims, matchClaims, rules.protocol);
  if (read === null) {
    return {
      problem: `The identity provider did not send the '${matchClaim}' value Waypoint matches accounts by.`,
    };
  }
  if ('problem' in read) return read;
  const matchValue = read.value;
  if (matchValue.length > MAX_FIELD) return { problem: `The '${read.claim}' value is too long.` };
  if (match === 'email') {
    const problem = emailVerifiedProblem(claims, rules);
    if (problem !== null) return { problem };
  }
  const email = match === 'email' ? matchValue : firstOf(claims, EMAIL_NAMES);
  return {
    matchValue,
    email: email.length <= MAX_FIELD && /^[^\s@]+@[^\s@]+$/.test(email) ? email : '',
    givenName: firstOf(claims, GIVEN_NAMES).slice(0, MAX_FIELD),
    familyName: firstOf(claims, FAMILY_NAMES).slice(0, MAX_FIELD),
    displayName: firstOf(claims, DISPLAY_NAMES).slice(0, MAX_FIELD),
  };
}

/** The fields of a student created just in time from an identity (login ID = the match value). */
export function jitStudentFields(identity: AssertedIdentity, match: SsoMatch) {
  const displayName =
    identity.displayName ||
    [identity.givenName, identity.familyName].filter((part) => part !== '').join(' ');
  return {
    userId: identity.matchValue,
    email: identity.email,
    employeeId: match === 'employee-id' ? identity.matchValue : '',
    nameOther: identity.givenName,
    nameCollated: identity.familyName,
    displayName,
  };
}

// RFC 8176 methods that are a factor beyond a password on their own.
const SECOND_FACTOR_AMR = new Set([
  'mfa',
  'otp',
  'hwk',
  'sms',
  'tel',
  'sc',
  'fpt',
  'face',
  'iris',
  'retina',
  'vbm',
]);
// SAML authentication context classes (and Entra ID's method claim value) that mean two factors.
const MULTI_FACTOR_CONTEXTS = new Set([
  'http://schemas.microsoft.com/claims/multipleauthn',
  'urn:oasis:names:tc:SAML:2.0:ac:classes:MobileTwoFactorContract',
  'urn:oasis:names:tc:SAML:2.0:ac:classes:MobileTwoFactorUnregistered',
  'urn:oasis:names:tc:SAML:2.0:ac:classes:TimeSyncToken',
  'urn:oasis:names:tc:SAML:2.0:ac:classes:Smartcard',
  'urn:oasis:names:tc:SAML:2.0:ac:classes:SmartcardPKI',
  'http://schemas.openid.net/pape/policies/2007/06/multi-factor',
]);

/**
 * Whether the identity provider says it did multi-factor authentication: an OIDC `amr` with a
 * second-factor method, or a SAML authentication context (or Entra ID's authnmethodsreferences)
 * naming one. Then Waypoint's own MFA is not asked again (spec §4 MFA).
 */
export function idpDidMultiFactor(evidence: {
  amr?: unknown;
  contexts?: readonly string[];
}): boolean {
  const amr = Array.isArray(evidence.amr) ? (evidence.amr as unknown[]) : [];
  if (amr.some((method) => typeof method === 'string' && SECOND_FACTOR_AMR.has(method)))
    return true;
  return (evidence.contexts ?? []).some((context) => MULTI_FACTOR_CONTEXTS.has(context));
}
