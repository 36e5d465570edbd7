/** The only SQL of single sign-on (docs/decisions/0016): configuration, pending logins, hand-offs, replay store. */
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { SessionAudience } from '../../db/schema.js';
import type { SsoConfigTable, SsoPendingLoginTable } from '../../db/schema.js';
import type { SsoMatch } from '@waypoint/domain';

export type SsoConfigRow = Selectable<SsoConfigTable>;
export type PendingLoginRow = Selectable<SsoPendingLoginTable>;

/** The SSO configuration of an LMS, if any. */
export async function findSsoConfig(db: Db, lmsKey: number): Promise<SsoConfigRow | undefined> {
  return db.selectFrom('ssoConfig').selectAll().where('lmsKey', '=', lmsKey).executeTakeFirst();
}

/** Replaces an LMS's SSO configuration and turns its login page's SSO button on, in one transaction. */
export async function saveSsoConfig(
  db: Db,
  config: Insertable<SsoConfigTable> & Updateable<SsoConfigTable>,
): Promise<SsoConfigRow> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('ssoConfig')
      .values(config)
      .onConflict((oc) => oc.column('lmsKey').doUpdateSet(config))
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('lms')
      .set({ ssoEnabled: true })
      .where('lmsKey', '=', config.lmsKey)
      .execute();
    return row;
  });
}

/** Removes an LMS's SSO configuration, its SSO button and its sign-ons under way; true when there was one. */
export async function deleteSsoConfig(db: Db, lmsKey: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('ssoConfig')
      .where('lmsKey', '=', lmsKey)
      .executeTakeFirst();
    await trx.updateTable('lms').set({ ssoEnabled: false }).where('lmsKey', '=', lmsKey).execute();
    await trx.deleteFrom('ssoPendingLogin').where('lmsKey', '=', lmsKey).execute();
    await trx.deleteFrom('ssoHandoff').where('lmsKey', '=', lmsKey).execute();
    return removed.numDeletedRows > 0n;
  });
}

/** Stores a pending login (and drops expired ones, so the table stays small). */
export async function insertPendingLogin(db: Db, row: Insertable<SsoPendingLoginTable>, now: Date) {
  await db.deleteFrom('ssoPendingLogin').where('expiresAt', '<', now).execute();
  await db.insertInto('ssoPendingLogin').values(row).execute();
}

/**
 * Uses up a pending login of this LMS and protocol: one atomic statement, so a state or request id
 * works once even with two instances racing.
 */
export async function consumePendingLogin(
  db: Db,
  where: { stateHash: string; lmsKey: number; protocol: 'oidc' | 'saml' },
  now: Date,
): Promise<PendingLoginRow | undefined> {
  return db
    .updateTable('ssoPendingLogin')
    .set({ consumedAt: now })
    .where('stateHash', '=', where.stateHash)
    .where('lmsKey', '=', where.lmsKey)
    .where('protocol', '=', where.protocol)
    .where('consumedAt', 'is', null)
    .where('expiresAt', '>', now)
    .returningAll()
    .executeTakeFirst();
}

/** Stores a hand-off (and drops expired ones). */
export async function insertHandoff(
  db: Db,
  row: {
    handoffHash: string;
    userKey: number;
    lmsKey: number;
    browserHash: string | null;
    idpMfa: boolean;
    expiresAt: Date;
    audience: SessionAudience;
  },
  now: Date,
): Promise<void> {
  await db.deleteFrom('ssoHandoff').where('expiresAt', '<', now).execute();
  await db
    .insertInto('ssoHandoff')
    .values({ ...row, createdAt: now })
    .execute();
}

/** Uses up a hand-off (once, unexpired), giving its user and what the IdP said. */
export async function consumeHandoff(db: Db, handoffHash: string, now: Date) {
  return db
    .updateTable('ssoHandoff')
    .set({ consumedAt: now })
    .where('handoffHash', '=', handoffHash)
    .where('consumedAt', 'is', null)
    .where('expiresAt', '>', now)
    .returning(['userKey', 'lmsKey', 'browserHash', 'idpMfa', 'audience'])
    .executeTakeFirst();
}

/**
 * Records a SAML assertion id as used; false when it was already (a replay). Old ids are dropped
 * once their assertion could no longer be accepted anyway.
 */
export async function recordAssertion(
  db: Db,
  row: { lmsKey: number; assertionId: string; expiresAt: Date },
  now: Date,
): Promise<boolean> {
  await db.deleteFrom('ssoSamlAssertion').where('expiresAt', '<', now).execute();
  const inserted = await db
    .insertInto('ssoSamlAssertion')
    .values(row)
    .onConflict((oc) => oc.columns(['lmsKey', 'assertionId']).doNothing())
    .executeTakeFirst();
  return (inserted.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

/** The users of this LMS (never another) whose match field equals the value, without regard to case. */
export async function findUsersByMatch(db: Db, lmsKey: number, match: SsoMatch, value: string) {
  const column = match === 'email' ? 'email' : match === 'login' ? 'userId' : 'employeeId';
  return db
    .selectFrom('appUser')
    .selectAll()
    .where('lmsKey', '=', lmsKey)
    .where((eb) => eb(eb.fn('lower', [column]), '=', value.toLowerCase()))
    .limit(2)
    .execute();
}

/** Creates a student just in time (no password: they sign in through their identity provider). */
export async function insertJitStudent(
  db: Db,
  lmsKey: number,
  fields: {
    userId: string;
    email: string;
    employeeId: string;
    nameOther: string;
    nameCollated: string;
    displayName: string;
  },
) {
  return db
    .insertInto('appUser')
    .values({ lmsKey, ...fields, isStudent: true, userType: 0, passwordHash: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}
