import { sql } from 'kysely';
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { CertificateSettingsTable, IssuedCertificateTable } from '../../db/schema.js';

/** The only SQL of certificates (docs/decisions/0011). */

/** The student's own live assignment in their LMS, or undefined (nothing learned either way). */
export function findOwnAssignment(db: Db, lmsKey: number, userKey: number, assignmentKey: number) {
  return db
    .selectFrom('assignment as a')
    .innerJoin('curriculum as c', 'c.curriculumKey', 'a.curriculumKey')
    .select(['a.assignmentKey', 'a.curriculumKey', 'a.startDate', 'a.assignedAt'])
    .where('a.assignmentKey', '=', assignmentKey)
    .where('a.userKey', '=', userKey)
    .where('c.lmsKey', '=', lmsKey)
    .where('a.removedAt', 'is', null)
    .executeTakeFirst();
}

/** When the student first opened a lesson of the assignment (§3 dateUserStarted), or null. */
export async function firstLaunchOf(db: Db, assignmentKey: number): Promise<Date | null> {
  const row = await db
    .selectFrom('launch')
    .select((eb) => eb.fn.min('createdAt').as('first'))
    .where('assignmentKey', '=', assignmentKey)
    .where('preview', '=', false)
    .executeTakeFirst();
  return row?.first ? new Date(row.first) : null;
}

export function selectUser(db: Db, userKey: number) {
  return db
    .selectFrom('appUser')
    .select([
      'userKey',
      'userId',
      'email',
      'nameOther',
      'nameCollated',
      'displayName',
      'employeeId',
      'base',
      'fleet',
      'position',
    ])
    .where('userKey', '=', userKey)
    .executeTakeFirstOrThrow();
}

export function selectLms(db: Db, lmsKey: number) {
  return db
    .selectFrom('lms')
    .select(['lmsKey', 'lmsCode', 'lmsName', 'lmsDisplayName', 'allowStudentsToViewCertificates'])
    .where('lmsKey', '=', lmsKey)
    .executeTakeFirst();
}

export function selectSettings(db: Db, lmsKey: number) {
  return db
    .selectFrom('certificateSettings')
    .selectAll()
    .where('lmsKey', '=', lmsKey)
    .executeTakeFirst();
}

export type SettingsRow = NonNullable<Awaited<ReturnType<typeof selectSettings>>>;

/** Creates the LMS's settings row with its defaults when it has none, then applies the change. */
export async function upsertSettings(
  db: Db,
  lmsKey: number,
  change: Updateable<CertificateSettingsTable>,
): Promise<void> {
  await db
    .insertInto('certificateSettings')
    .values({ lmsKey })
    .onConflict((oc) => oc.column('lmsKey').doNothing())
    .execute();
  if (Object.keys(change).length === 0) return;
  await db.updateTable('certificateSettings').set(change).where('lmsKey', '=', lmsKey).execute();
}

/** Which assets (logo, signature) the LMS has. */
export async function assetNames(db: Db, lmsKey: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom('certificateAsset')
    .select('name')
    .where('lmsKey', '=', lmsKey)
    .execute();
  return new Set(rows.map((row) => row.name));
}

export function selectAsset(db: Db, lmsKey: number, name: 'logo' | 'signature') {
  return db
    .selectFrom('certificateAsset')
    .select(['mediaType', 'data', 'updatedAt'])
    .where('lmsKey', '=', lmsKey)
    .where('name', '=', name)
    .executeTakeFirst();
}

export async function upsertAsset(
  db: Db,
  row: {
    lmsKey: number;
    name: 'logo' | 'signature';
    mediaType: 'image/png' | 'image/jpeg';
    data: Buffer;
    now: Date;
  },
): Promise<void> {
  await db
    .insertInto('certificateAsset')
    .values({
      lmsKey: row.lmsKey,
      name: row.name,
      mediaType: row.mediaType,
      data: row.data,
      updatedAt: row.now,
    })
    .onConflict((oc) =>
      oc.columns(['lmsKey', 'name']).doUpdateSet({
        mediaType: row.mediaType,
        data: row.data,
        updatedAt: row.now,
      }),
    )
    .execute();
}

export async function deleteAsset(db: Db, lmsKey: number, name: 'logo' | 'signature') {
  await db
    .deleteFrom('certificateAsset')
    .where('lmsKey', '=', lmsKey)
    .where('name', '=', name)
    .execute();
}

/** The certificate issued for an assignment (and course), if any. */
export function findIssued(db: Db, assignmentKey: number, courseKey: number | null) {
  return db
    .selectFrom('issuedCertificate')
    .selectAll()
    .where('assignmentKey', '=', assignmentKey)
    .where(sql<number>`coalesce(course_key, 0)`, '=', courseKey ?? 0)
    .executeTakeFirst();
}

export type IssuedRow = NonNullable<Awaited<ReturnType<typeof findIssued>>>;

/**
 * Inserts an issued certificate; undefined when any unique key is taken (the same element issued
 * by a concurrent request, or a status index or code already used), for the caller to re-read or
 * retry.
 */
export function insertIssued(db: Db, row: Insertable<IssuedCertificateTable>) {
  return db
    .insertInto('issuedCertificate')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function findIssuedByPublicId(db: Db, publicId: string) {
  return db
    .selectFrom('issuedCertificate')
    .selectAll()
    .where('publicId', '=', publicId)
    .executeTakeFirst();
}

/** Revokes a certificate not yet revoked; false when there is none or it already was. */
export async function revokeIssued(
  db: Db,
  publicId: string,
  reason: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('issuedCertificate')
    .set({ revokedAt: now, revokeReason: reason })
    .where('publicId', '=', publicId)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The status indexes of the LMS's revoked certificates (its Bitstring Status List). */
export async function revokedIndexes(db: Db, lmsKey: number): Promise<number[]> {
  const rows = await db
    .selectFrom('issuedCertificate')
    .select('statusIndex')
    .where('lmsKey', '=', lmsKey)
    .where('revokedAt', 'is not', null)
    .execute();
  return rows.map((row) => row.statusIndex);
}

// Signing keys (credential_signing_key).

export function selectActiveKey(db: Db) {
  return db
    .selectFrom('credentialSigningKey')
    .selectAll()
    .where('retiredAt', 'is', null)
    .executeTakeFirst();
}

export function selectAllKeys(db: Db) {
  return db
    .selectFrom('credentialSigningKey')
    .select(['kid', 'publicJwk', 'createdAt', 'retiredAt'])
    .orderBy('createdAt')
    .orderBy('kid')
    .execute();
}

/** Inserts the first active key unless another instance made one first. */
export async function insertKeyIfNone(
  db: Db,
  row: { kid: string; algorithm: string; publicJwk: unknown; privateKeySealed: string; now: Date },
): Promise<void> {
  await db
    .insertInto('credentialSigningKey')
    .values({
      kid: row.kid,
      algorithm: row.algorithm,
      publicJwk: JSON.stringify(row.publicJwk),
      privateKeySealed: row.privateKeySealed,
      createdAt: row.now,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Retires the active key and makes the new one active, in one transaction. */
export async function rotateKey(
  db: Db,
  row: { kid: string; algorithm: string; publicJwk: unknown; privateKeySealed: string; now: Date },
): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    const retired = await trx
      .updateTable('credentialSigningKey')
      .set({ retiredAt: row.now })
      .where('retiredAt', 'is', null)
      .returning('kid')
      .executeTakeFirst();
    await trx
      .insertInto('credentialSigningKey')
      .values({
        kid: row.kid,
        algorithm: row.algorithm,
        publicJwk: JSON.stringify(row.publicJwk),
        privateKeySealed: row.privateKeySealed,
        createdAt: row.now,
      })
      .execute();
    return retired?.kid ?? null;
  });
}
