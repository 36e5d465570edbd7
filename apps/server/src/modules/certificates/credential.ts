/**
 * The Open Badges 3.0 credential of an issued certificate and the LMS's revocation list
 * (docs/decisions/0011): an OpenBadgeCredential (1EdTech OB 3.0 on the W3C VC Data Model 2.0)
 * signed as a VC-JWT with the active Ed25519 key, and a W3C Bitstring Status List credential
 * signed the same way. The JWT payload is the credential itself plus the registered claims OB 3.0
 * maps from it (iss, jti, nbf, exp); the header's kid is the address of the public key.
 */
import { createHash, randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { SignJWT, type JWTPayload } from 'jose';
import type { Db } from '../../db/connection.js';
import type { Clock } from '../../lib/clock.js';
import { activeSigningKey, SIGNING_ALGORITHM, type KeyDeps } from './keys.js';
import { revokedIndexes, selectLms, selectUser, type IssuedRow } from './repo.js';
import { STATUS_LIST_SIZE, verifyUrlOf } from './service.js';

export interface CredentialDeps {
  db: Db;
  clock: Clock;
  config: { publicUrl: string; dataDir: string };
  /** The instance's memory of the signing keys (keys.ts). */
  state: KeyDeps['state'];
}

export const VC_CONTEXT = 'https://www.w3.org/ns/credentials/v2';
export const OB_CONTEXT = 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json';
/** The schema the credential says it follows (and the repository's copy tests validate against). */
export const OB_SCHEMA_ID =
  'https://purl.imsglobal.org/spec/ob/v3p0/schema/json/ob_v3p0_achievementcredential_schema.json';

const base = (config: { publicUrl: string }) => config.publicUrl.replace(/\/+$/, '');
export const credentialsBase = (config: { publicUrl: string }) =>
  `${base(config)}/lms/api/credentials`;
export const issuerIdOf = (config: { publicUrl: string }, lmsKey: number) =>
  `${credentialsBase(config)}/issuers/${lmsKey}`;
export const statusListUrlOf = (config: { publicUrl: string }, lmsKey: number) =>
  `${credentialsBase(config)}/status/${lmsKey}`;
export const keyUrlOf = (config: { publicUrl: string }, kid: string) =>
  `${credentialsBase(config)}/keys/${kid}`;

const iso = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The issuer profile of an LMS (OB 3.0 Profile), served at its id. */
export async function issuerProfile(
  deps: { db: Db; config: { publicUrl: string } },
  lmsKey: number,
) {
  const lms = await selectLms(deps.db, lmsKey);
  if (!lms) return null;
  return {
    '@context': [VC_CONTEXT, OB_CONTEXT],
    id: issuerIdOf(deps.config, lmsKey),
    type: ['Profile'],
    name: lms.lmsDisplayName || lms.lmsName,
    url: base(deps.config),
  };
}

/**
 * The OpenBadgeCredential of an issued certificate (unsigned). scoreText is the score the
 * certificate shows (formatScorePercent, ADR 0010 "Scores"); the credential carries the same value
 * as its result (OB 3.0 Result, described by the achievement's ResultDescription), none for '-'.
 */
export async function buildCredential(
  deps: CredentialDeps,
  issued: IssuedRow,
  scoreText = '-',
): Promise<Record<string, unknown>> {
  const [user, lms] = await Promise.all([
    selectUser(deps.db, issued.userKey),
    selectLms(deps.db, issued.lmsKey),
  ]);
  // The holder is named by a salted hash of their email (or LMS login), never in clear (OB 3.0
  // IdentityObject): whoever knows the address can check it; nobody can read it out.
  const salt = randomBytes(16).toString('hex');
  const email = user.email.trim().toLowerCase();
  const identity = email || `${lms?.lmsCode ?? issued.lmsKey}:${user.userId}`;
  const identityHash = `sha256$${createHash('sha256')
    .update(identity + salt)
    .digest('hex')}`;
  const host = new URL(base(deps.config)).host;
  const achievementId =
    `urn:waypoint:${host}:lms:${issued.lmsKey}:curriculum:${issued.curriculumKey}` +
    (issued.courseKey === null ? '' : `:course:${issued.courseKey}`);
  const statusListUrl = statusListUrlOf(deps.config, issued.lmsKey);
  const type = issued.certificateTypeName || 'Certificate of Completion';
  const scoreDescriptionId = `${achievementId}:score`;
  const scored = scoreText !== '-';
  return {
    '@context': [VC_CONTEXT, OB_CONTEXT],
    id: verifyUrlOf(deps.config, issued.publicId),
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: `${type}: ${issued.achievementName}`,
    issuer: {
      id: issuerIdOf(deps.config, issued.lmsKey),
      type: ['Profile'],
      name: issued.issuerName,
      url: base(deps.config),
    },
    // Valid from the award, not from the issue: a certificate is issued when the student first
    // opens it, which may be after its validity (counted from the completion) has ended; a
    // validFrom after validUntil is a credential no verifier accepts (VC Data Model 2.0 §4.9).
    validFrom: iso(issued.completedAt),
    ...(issued.expiresAt ? { validUntil: iso(issued.expiresAt) } : {}),
    awardedDate: iso(issued.completedAt),
    credentialSubject: {
      type: ['AchievementSubject'],
      identifier: [
        {
          type: 'IdentityObject',
          identityHash,
          identityType: email ? 'emailAddress' : 'identifier',
          hashed: true,
          salt,
        },
      ],
      activityEndDate: iso(issued.completedAt),
      ...(scored
        ? {
            result: [{ type: ['Result'], resultDescription: scoreDescriptionId, value: scoreText }],
          }
        : {}),
      achievement: {
        id: achievementId,
        type: ['Achievement'],
        achievementType: 'Certificate',
        name: issued.achievementName,
        description: `${type} of ${issued.achievementName}, awarded by ${issued.issuerName}.`,
        criteria: {
          narrative: `Complete and pass every credited lesson of ${issued.achievementName} in ${issued.issuerName}'s training.`,
        },
        ...(scored
          ? {
              resultDescription: [
                {
                  id: scoreDescriptionId,
                  type: ['ResultDescription'],
                  name: 'Score',
                  resultType: 'Percent',
                },
              ],
            }
          : {}),
      },
    },
    credentialStatus: {
      id: `${statusListUrl}#${issued.statusIndex}`,
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListIndex: String(issued.statusIndex),
      statusListCredential: statusListUrl,
    },
    credentialSchema: [{ id: OB_SCHEMA_ID, type: '1EdTechJsonSchemaValidator2019' }],
  };
}

/** Signs a credential as a VC-JWT with the active key. */
async function sign(
  deps: CredentialDeps,
  credential: Record<string, unknown>,
  claims: { iss: string; jti: string; nbf: Date; exp: Date | null; iat?: Date },
): Promise<string> {
  const { kid, key } = await activeSigningKey(deps);
  const jwt = new SignJWT(credential as JWTPayload)
    .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: keyUrlOf(deps.config, kid), typ: 'JWT' })
    .setIssuer(claims.iss)
    .setJti(claims.jti)
    .setNotBefore(seconds(claims.nbf));
  if (claims.iat) jwt.setIssuedAt(seconds(claims.iat));
  if (claims.exp) jwt.setExpirationTime(seconds(claims.exp));
  return jwt.sign(key);
}

/**
 * The issued certificate as a signed OpenBadgeCredential (VC-JWT), with the score its certificate
 * shows as the result (CertificateData.scoreText; '-' for none).
 */
export async function signedCredential(
  deps: CredentialDeps,
  issued: IssuedRow,
  scoreText = '-',
): Promise<string> {
  const credential = await buildCredential(deps, issued, scoreText);
  return sign(deps, credential, {
    iss: issuerIdOf(deps.config, issued.lmsKey),
    jti: credential.id as string,
    // VC-JWT: nbf and exp say what validFrom and validUntil say; iat is when it was issued.
    nbf: issued.completedAt,
    exp: issued.expiresAt,
    iat: issued.issuedAt,
  });
}

/**
 * The W3C Bitstring Status List of an LMS: bit i (the most significant bit of byte 0 is bit 0) is
 * set when the certificate with status index i is revoked; GZIP-compressed, multibase base64url.
 */
export function encodeStatusList(revoked: number[]): string {
  const bits = Buffer.alloc(STATUS_LIST_SIZE / 8);
  for (const index of revoked) bits[index >> 3]! |= 0x80 >> (index & 7);
  return `u${gzipSync(bits).toString('base64url')}`;
}

/** The LMS's status list credential, signed (VC-JWT); null for an LMS that does not exist. */
export async function signedStatusList(
  deps: CredentialDeps,
  lmsKey: number,
): Promise<string | null> {
  if (!(await selectLms(deps.db, lmsKey))) return null;
  const url = statusListUrlOf(deps.config, lmsKey);
  const now = deps.clock.now();
  const credential = {
    '@context': [VC_CONTEXT],
    id: url,
    type: ['VerifiableCredential', 'BitstringStatusListCredential'],
    issuer: issuerIdOf(deps.config, lmsKey),
    validFrom: iso(now),
    credentialSubject: {
      id: `${url}#list`,
      type: 'BitstringStatusList',
      statusPurpose: 'revocation',
      encodedList: encodeStatusList(await revokedIndexes(deps.db, lmsKey)),
    },
  };
  return sign(deps, credential, { iss: credential.issuer, jti: url, nbf: now, exp: null });
}
