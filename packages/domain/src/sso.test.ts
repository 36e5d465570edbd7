import { describe, expect, it } from 'vitest';
import {
  defaultMatchClaims,
  idpDidMultiFactor,
  jitStudentFields,
  readIdentity,
  SAML_NAME_ID,
} from './sso.js';

describe('defaultMatchClaims: the claims that name the Waypoint user', () => {
  it.each([
    ['oidc', 'email', ['email']],
    ['oidc', 'login', ['preferred_username']],
    ['oidc', 'employee-id', ['employee_id']],
    [
      'saml',
      'email',
      [
        'email',
        'mail',
        'emailAddress',
        'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
        'urn:oid:0.9.2342.19200300.100.1.3',
      ],
    ],
    ['saml', 'login', [SAML_NAME_ID]],
    ['saml', 'employee-id', ['employeeNumber']],
  ] as const)('%s matching by %s reads %s', (protocol, match, claim) => {
    expect(defaultMatchClaims(protocol, match)).toEqual(claim);
  });
});

const OIDC = { protocol: 'oidc' } as const;
const SAML = { protocol: 'saml' } as const;

describe('readIdentity', () => {
  it.each([
    [{ email: ' Ada@Example.test ', email_verified: true }, 'email', 'email', 'Ada@Example.test'],
    [{ preferred_username: 'ada' }, 'preferred_username', 'login', 'ada'],
    [{ employee_id: 'E-42' }, 'employee_id', 'employee-id', 'E-42'],
    // Not one text: refused, never read as its first entry or as digits.
    [{ email: ['a@x.test'], email_verified: true }, 'email', 'email', ''],
    [{ email: ['a@x.test', 'b@x.test'], email_verified: true }, 'email', 'email', ''],
    [{ preferred_username: { value: 'ada' } }, 'preferred_username', 'login', ''],
    [{ employee_id: 42 }, 'employee_id', 'employee-id', ''],
  ] as const)('OIDC %j by %s gives the match value %j', (claims, claim, match, value) => {
    const identity = readIdentity(claims, [claim], match, OIDC);
    if (value === '') expect(identity).toHaveProperty('problem');
    else expect(identity).toMatchObject({ matchValue: value });
  });

  it.each([
    [{ mail: ['a@x.test'] }, 'mail', 'email', 'a@x.test'],
    [{ mail: 'a@x.test' }, 'mail', 'email', 'a@x.test'],
    [{ mail: ['a@x.test', 'b@x.test'] }, 'mail', 'email', ''],
    [{ employeeNumber: [42] }, 'employeeNumber', 'employee-id', ''],
  ] as const)('SAML %j by %s gives the match value %j', (claims, claim, match, value) => {
    const identity = readIdentity(claims, [claim], match, SAML);
    if (value === '') expect(identity).toHaveProperty('problem');
    else expect(identity).toMatchObject({ matchValue: value });
  });

  it('says which claim was not one text', () => {
    expect(readIdentity({ email: ['a@x.test', 'b@x.test'] }, ['email'], 'email', OIDC)).toEqual({
      problem:
        "The identity provider sent the 'email' value as a list, not as one text; Waypoint cannot match an account by it.",
    });
  });

  it('takes the first of the candidate claims that has a value (Entra ID sends its claim URI)', () => {
    const uri = 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress';
    expect(readIdentity({ [uri]: ['ada@x.test'] }, ['email', uri], 'email', SAML)).toMatchObject({
      matchValue: 'ada@x.test',
      email: 'ada@x.test',
    });
    expect(
      readIdentity({ email: 'a@x.test', [uri]: 'b@x.test' }, ['email', uri], 'email', SAML),
    ).toMatchObject({
      matchValue: 'a@x.test',
    });
  });

  it('refuses a missing match claim and an overlong one', () => {
    expect(readIdentity({}, ['email'], 'email', OIDC)).toEqual({
      problem: "The identity provider did not send the 'email' value Waypoint matches accounts by.",
    });
    expect(readIdentity({ sub: 'x'.repeat(256) }, ['sub'], 'login', OIDC)).toHaveProperty(
      'problem',
    );
  });

  // OIDC Core §5.1: email_verified is "true if the End-User's e-mail address has been verified;
  // otherwise false" (a JSON boolean). Only true lets an email name the account.
  it.each([
    [true, false, true],
    [true, true, true],
    [false, false, false],
    [false, true, false],
    ['false', false, false],
    ['true', false, false],
    ['false', true, false],
    [1, false, false],
    [undefined, false, false],
    // An IdP the operator trusts to verify every address without saying so.
    [undefined, true, true],
  ] as const)(
    'OIDC by email with email_verified %j (assumed verified when absent: %s): accepted %s',
    (verified, assumeEmailVerified, accepted) => {
      const claims = {
        email: 'a@x.test',
        ...(verified === undefined ? {} : { email_verified: verified }),
      };
      const identity = readIdentity(claims, ['email'], 'email', {
        protocol: 'oidc',
        assumeEmailVerified,
      });
      if (accepted) expect(identity).toMatchObject({ matchValue: 'a@x.test' });
      else expect(identity).toHaveProperty('problem');
    },
  );

  it('needs no email_verified when the match is on another claim, or for SAML', () => {
    expect(
      readIdentity(
        { sub: 'ada', email: 'a@x.test', email_verified: false },
        ['sub'],
        'login',
        OIDC,
      ),
    ).toMatchObject({ matchValue: 'ada', email: 'a@x.test' });
    expect(readIdentity({ mail: ['a@x.test'] }, ['mail'], 'email', SAML)).toMatchObject({
      matchValue: 'a@x.test',
    });
  });

  it('reads names from OIDC claims and from SAML attribute names, dropping a malformed email', () => {
    expect(
      readIdentity(
        { preferred_username: 'ada', given_name: 'Ada', family_name: 'Lovelace', email: 'no' },
        ['preferred_username'],
        'login',
        OIDC,
      ),
    ).toEqual({
      matchValue: 'ada',
      email: '',
      givenName: 'Ada',
      familyName: 'Lovelace',
      displayName: '',
    });
    expect(
      readIdentity(
        {
          nameID: 'ada',
          'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname': ['Ada'],
          'urn:oid:2.5.4.4': ['Lovelace'],
          'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress': ['ada@x.test'],
        },
        ['nameID'],
        'login',
        SAML,
      ),
    ).toEqual({
      matchValue: 'ada',
      email: 'ada@x.test',
      givenName: 'Ada',
      familyName: 'Lovelace',
      displayName: '',
    });
  });
});

describe('jitStudentFields: a student made from the assertion', () => {
  it('uses the match value as login ID, the names, and the display name or joined names', () => {
    const identity = {
      matchValue: 'E7',
      email: 'ada@x.test',
      givenName: 'Ada',
      familyName: 'Lovelace',
      displayName: '',
    };
    expect(jitStudentFields(identity, 'employee-id')).toEqual({
      userId: 'E7',
      email: 'ada@x.test',
      employeeId: 'E7',
      nameOther: 'Ada',
      nameCollated: 'Lovelace',
      displayName: 'Ada Lovelace',
    });
    expect(jitStudentFields({ ...identity, displayName: 'A. L.' }, 'login')).toMatchObject({
      employeeId: '',
      displayName: 'A. L.',
    });
  });
});

describe('idpDidMultiFactor (spec §4 MFA: not asked again when the IdP did it)', () => {
  it.each([
    [{ amr: ['pwd'] }, false],
    [{ amr: ['pwd', 'mfa'] }, true],
    [{ amr: ['otp'] }, true],
    [{ amr: 'mfa' }, false],
    [{}, false],
    [{ contexts: ['urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport'] }, false],
    [{ contexts: ['http://schemas.microsoft.com/claims/multipleauthn'] }, true],
    [{ contexts: ['urn:oasis:names:tc:SAML:2.0:ac:classes:TimeSyncToken'] }, true],
  ])('%j -> %s', (evidence, expected) => {
    expect(idpDidMultiFactor(evidence)).toBe(expected);
  });
});
