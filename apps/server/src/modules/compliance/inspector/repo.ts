import { sql, type Transaction } from 'kysely';
import type { Db } from '../../../db/connection.js';
import type { Database } from '../../../db/schema.js';

/** The SQL of inspector links (docs/decisions/0022): the links, and their uses in the audit log. */

type Executor = Db | Transaction<Database>;

/** What a link's row is read as, with its maker's login. */
const LINK_COLUMNS = [
  'inspectorLink.linkKey',
  'inspectorLink.lmsKey',
  'inspectorLink.label',
  'inspectorLink.scopeGroups',
  'inspectorLink.population',
  'inspectorLink.periodFrom',
  'inspectorLink.periodTo',
  'inspectorLink.createdAt',
  'inspectorLink.expiresAt',
  'inspectorLink.revokedAt',
] as const;

function selectLinks(db: Executor) {
  return db
    .selectFrom('inspectorLink')
    .leftJoin('appUser', 'appUser.userKey', 'inspectorLink.createdBy')
    .select([...LINK_COLUMNS, 'appUser.userId as createdBy']);
}

export type LinkRow = NonNullable<Awaited<ReturnType<typeof findLink>>>;

/** A new link; only the token's hash is stored. */
export async function insertLink(
  db: Executor,
  link: {
    lmsKey: number;
    tokenHash: string;
    label: string;
    createdBy: number;
    scopeGroups: string[];
    population: object;
    periodFrom: string;
    periodTo: string;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<number> {
  const row = await db
    .insertInto('inspectorLink')
    .values({ ...link, population: JSON.stringify(link.population) })
    .returning('linkKey')
    .executeTakeFirstOrThrow();
  return row.linkKey;
}

/** One link of an LMS. */
export function findLink(db: Executor, lmsKey: number, linkKey: number) {
  return selectLinks(db)
    .where('inspectorLink.lmsKey', '=', lmsKey)
    .where('inspectorLink.linkKey', '=', linkKey)
    .executeTakeFirst();
}

/**
 * The links of an LMS, newest first. With `withinGroups` (a scoped viewer's restriction groups),
 * only the links whose scope lies inside them: a link to a wider population is not theirs.
 */
export function listLinks(db: Executor, lmsKey: number, withinGroups: string[] | null) {
  let query = selectLinks(db)
    .where('inspectorLink.lmsKey', '=', lmsKey)
    .orderBy('inspectorLink.createdAt', 'desc')
    .orderBy('inspectorLink.linkKey', 'desc');
  if (withinGroups) {
    query = query.where(
      sql<boolean>`cardinality(inspector_link.scope_groups) > 0
        AND inspector_link.scope_groups <@ ${withinGroups}::text[]`,
    );
  }
  return query.execute();
}

/** The link a token's hash names, whatever its state (the caller judges expiry and revocation). */
export function findLinkByTokenHash(db: Executor, tokenHash: string) {
  return db
    .selectFrom('inspectorLink')
    .innerJoin('lms', 'lms.lmsKey', 'inspectorLink.lmsKey')
    .select([
      ...LINK_COLUMNS,
      'inspectorLink.createdBy as makerKey',
      'lms.lmsCode',
      'lms.lmsName',
      'lms.lmsDisplayName',
    ])
    .where('inspectorLink.tokenHash', '=', tokenHash)
    .executeTakeFirst();
}

/** Revokes a link unless it already is; true when this call revoked it. */
export async function revokeLink(
  db: Executor,
  lmsKey: number,
  linkKey: number,
  at: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('inspectorLink')
    .set({ revokedAt: at })
    .where('lmsKey', '=', lmsKey)
    .where('linkKey', '=', linkKey)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Audit events of these links whose action starts with `actionPrefix`, counted per link. */
export async function countLinkUses(
  db: Executor,
  lmsKey: number,
  linkKeys: readonly number[],
  actionPrefix: string,
): Promise<Map<number, number>> {
  if (linkKeys.length === 0) return new Map();
  const rows = await db
    .selectFrom('auditEvent')
    .select(['targetKey', (eb) => eb.fn.countAll<string>().as('uses')])
    .where('lmsKey', '=', lmsKey)
    .where('targetType', '=', 'inspectorLink')
    .where(
      'targetKey',
      'in',
      linkKeys.map((key) => String(key)),
    )
    .where('action', 'like', `${actionPrefix}%`)
    .groupBy('targetKey')
    .execute();
  return new Map(rows.map((row) => [Number(row.targetKey), Number(row.uses)]));
}

/** Which of these curriculum keys are curricula of the LMS. */
export async function existingCurricula(
  db: Executor,
  lmsKey: number,
  curriculumKeys: readonly number[],
): Promise<Set<number>> {
  if (curriculumKeys.length === 0) return new Set();
  const rows = await db
    .selectFrom('curriculum')
    .select('curriculumKey')
    .where('lmsKey', '=', lmsKey)
    .where('curriculumKey', 'in', [...curriculumKeys])
    .execute();
  return new Set(rows.map((row) => row.curriculumKey));
}
