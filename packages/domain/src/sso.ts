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

/**
 * Reads an asserted identity from claims (the match value from the first of `matchClaims` that has
 * one), or the reason it cannot be used: the match claim missing
 * or too long, or (matching by email) an email the provider says is not verified.
 */
export function readIdentity(
  claims: Claims,
  matchClaims: readonly string[],
  match: SsoMatch,
): AssertedIdentity | { problem: string } {
  const matchClaim = matchClaims[0] ?? '';
  const matchValue = firstOf(claims, matchClaims);
  if (matchValue === '') {
    return {
      problem: `The identity provider did not send the '${matchClaim}' value Waypoint matches accounts by.`,
    };
  }
  if (matchValue.length > MAX_FIELD) return { problem: `The '${matchClaim}' value is too long.` };
  if (match === 'email' && claims.email_verified === false) {
    return { problem: 'The identity provider says this email address is not verified.' };
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
