/**
 * The SQL of the training event chain (migration 0028): the transaction's actor, pages of
 * entries, the head, the seals and the credential keys' public halves.
 */
import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';

// Any fixed number: sealing one LMS's chain is one instance's at a time (with the LMS's key).
const SEAL_LOCK = 74_650_028;

/** Sets who acts for the rest of the transaction (read by migration 0028's triggers). */
export async function setEventActor(trx: Transaction<Database>, actor: string): Promise<void> {
  await sql`SELECT set_config('waypoint.actor', ${actor}, true)`.execute(trx);
}

/** The LMS of a code. */
export function findLmsByCode(db: Db, code: string) {
  return db
    .selectFrom('lms')
    .select(['lmsKey', 'lmsCode'])
    .where('lmsCode', '=', code)
    .executeTakeFirst();
}

/** What a page of entries is filtered by (all optional): subjects, a time range [from, to). */
export interface EventFilter {
  subjectIds?: readonly string[];
  from?: Date;
  to?: Date;
}

/** The LMS's entries after `afterSeq`, in seq order, at most `limit` (keyset paging). */
export function selectEventPage(
  db: Db,
  lmsKey: number,
  afterSeq: number,
  limit: number,
  filter: EventFilter = {},
) {
  let query = db
    .selectFrom('trainingEvent')
    .selectAll()
    .where('lmsKey', '=', lmsKey)
    .where('seq', '>', afterSeq);
  if (filter.subjectIds) query = query.where('subjectId', 'in', [...filter.subjectIds]);
  if (filter.from) query = query.where('at', '>=', filter.from);
  if (filter.to) query = query.where('at', '<', filter.to);
  return query.orderBy('seq').limit(limit).execute();
}

/** The LMS's chain head, if it ever had an entry. */
export function selectHead(db: Db, lmsKey: number) {
  return db
    .selectFrom('trainingChainHead')
    .select(['seq', 'hash'])
    .where('lmsKey', '=', lmsKey)
    .executeTakeFirst();
}

/** Every seal of the LMS's chain, in seq order (one a day at most: few). */
export function selectSeals(db: Db, lmsKey: number) {
  return db
    .selectFrom('trainingChainSeal')
    .selectAll()
    .where('lmsKey', '=', lmsKey)
    .orderBy('seq')
    .execute();
}

/** The public halves of every credential signing key, active and retired (migration 0008). */
export function selectPublicKeys(db: Db) {
  return db.selectFrom('credentialSigningKey').select(['kid', 'publicJwk']).execute();
}

/** The LMSs whose chain has entries. */
export async function selectChainedLmsKeys(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('trainingChainHead')
    .select('lmsKey')
    .where('seq', '>', 0)
    .orderBy('lmsKey')
    .execute();
  return rows.map((row) => row.lmsKey);
}

/** Holds the LMS's sealing lock until the transaction ends. */
export async function lockSealing(trx: Transaction<Database>, lmsKey: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${SEAL_LOCK}, ${lmsKey})`.execute(trx);
}

/** The LMS's latest seal. */
export function selectLatestSeal(db: Db, lmsKey: number) {
  return db
    .selectFrom('trainingChainSeal')
    .select(['seq', 'sealedAt'])
    .where('lmsKey', '=', lmsKey)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Stores a seal. */
export async function insertSeal(
  trx: Transaction<Database>,
  seal: { lmsKey: number; seq: number; hash: string; sealedAt: Date; kid: string; jws: string },
): Promise<void> {
  await trx.insertInto('trainingChainSeal').values(seal).execute();
}
