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

describe('readIdentity', () => {
  it.each([
    [{ email: ' Ada@Example.test ' }, 'email', 'email', 'Ada@Example.test'],
    [{ mail: ['a@x.test', 'b@x.test'] }, 'mail', 'email', 'a@x.test'],
    [{ employeeNumber: [42] }, 'employeeNumber', 'employee-id', ''],
    [{ employee_id: 42 }, 'employee_id', 'employee-id', '42'],
  ] as const)('%j by %s gives the match value %j', (claims, claim, match, value) => {
    const identity = readIdentity(claims, [claim], match);
    if (value === '') expect(identity).toHaveProperty('problem');
    else expect(identity).toMatchObject({ matchValue: value });
  });

  it('takes the first of the candidate claims that has a value (Entra ID sends its claim URI)', () => {
    const uri = 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress';
    expect(readIdentity({ [uri]: ['ada@x.test'] }, ['email', uri], 'email')).toMatchObject({
      matchValue: 'ada@x.test',
      email: 'ada@x.test',
    });
    expect(
      readIdentity({ email: 'a@x.test', [uri]: 'b@x.test' }, ['email', uri], 'email'),
    ).toMatchObject({
      matchValue: 'a@x.test',
    });
  });

  it('refuses a missing match claim, an overlong one and an unverified email', () => {
    expect(readIdentity({}, ['email'], 'email')).toEqual({
      problem: "The identity provider did not send the 'email' value Waypoint matches accounts by.",
    });
    expect(readIdentity({ sub: 'x'.repeat(256) }, ['sub'], 'login')).toHaveProperty('problem');
    expect(
      readIdentity({ email: 'a@x.test', email_verified: false }, ['email'], 'email'),
    ).toHaveProperty('problem');
    // Unverified email does not matter when the match is on another claim.
    expect(
      readIdentity({ sub: 'ada', email: 'a@x.test', email_verified: false }, ['sub'], 'login'),
    ).toMatchObject({ matchValue: 'ada', email: 'a@x.test' });
  });

  it('reads names from OIDC claims and from SAML attribute names, dropping a malformed email', () => {
    expect(
      readIdentity(
        { preferred_username: 'ada', given_name: 'Ada', family_name: 'Lovelace', email: 'no' },
        ['preferred_username'],
        'login',
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
