import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { SessionAudience } from '../../db/schema.js';

/** The only SQL on user_session and server_secret. */

export interface NewSessionRow {
  sessionHash: string;
  userKey: number;
  lmsKey: number;
  bindingHash: string | null;
  now: Date;
  expiresAt: Date;
  clientAddress: string;
  userAgent: string;
  audience: SessionAudience;
}

/** Stores a new session (only the hash of its id) and notes the user's sign-in time. */
export async function insertSession(db: Db, row: NewSessionRow): Promise<void> {
  await db
    .insertInto('userSession')
    .values({
      sessionHash: row.sessionHash,
      userKey: row.userKey,
      lmsKey: row.lmsKey,
      bindingHash: row.bindingHash,
      createdAt: row.now,
      lastSeenAt: row.now,
      expiresAt: row.expiresAt,
      clientAddress: row.clientAddress.slice(0, 100),
      userAgent: row.userAgent.slice(0, 500),
      audience: row.audience,
    })
    .execute();
  await db
    .updateTable('appUser')
    .set({ lastSignInAt: row.now })
    .where('userKey', '=', row.userKey)
    .execute();
}

/**
 * A session that has not been ended or passed its absolute expiry, with what the guards need of
 * its user and LMS (the sign-in rule's inputs).
 */
export async function findOpenSession(db: Db, sessionHash: string, now: Date) {
  return db
    .selectFrom('userSession')
    .innerJoin('appUser', 'appUser.userKey', 'userSession.userKey')
    .innerJoin('lms', 'lms.lmsKey', 'userSession.lmsKey')
    .leftJoin('staffMember', 'staffMember.userKey', 'userSession.userKey')
    .select(({ eb }) => [
      eb('staffMember.roleKey', 'is not', null).$castTo<boolean>().as('isStaff'),

      'userSession.sessionHash',
      'userSession.userKey',
      'userSession.lmsKey',
      'userSession.bindingHash',
      'userSession.lastSeenAt',
      'userSession.expiresAt',
      'appUser.isStudent',
      'appUser.userType',
      'appUser.inactive',
      'lms.studentLocked',
      'userSession.audience',
    ])
    .where('userSession.sessionHash', '=', sessionHash)
    .where('userSession.endedAt', 'is', null)
    .where('userSession.expiresAt', '>', now)
    .executeTakeFirst();
}

/** Moves last_seen_at forward (the idle timeout counts from it). */
export async function touchSession(db: Db, sessionHash: string, now: Date): Promise<void> {
  await db
    .updateTable('userSession')
    .set({ lastSeenAt: now })
    .where('sessionHash', '=', sessionHash)
    .where('lastSeenAt', '<', now)
    .execute();
}

/**
 * Counts activity elsewhere (a lesson window's heartbeat) as activity of a session that is still
 * alive: never revives one that ended, idled out or passed its absolute limit.
 */
export async function keepSessionAlive(
  db: Db,
  sessionHash: string,
  now: Date,
  idleMs: number,
): Promise<void> {
  await db
    .updateTable('userSession')
    .set({ lastSeenAt: now })
    .where('sessionHash', '=', sessionHash)
    .where('endedAt', 'is', null)
    .where('expiresAt', '>', now)
    .where('lastSeenAt', '>', new Date(now.getTime() - idleMs))
    .where('lastSeenAt', '<', now)
    .execute();
}

/** Ends one session. */
export async function endSessionRow(db: Db, sessionHash: string, now: Date): Promise<void> {
  await db
    .updateTable('userSession')
    .set({ endedAt: now })
    .where('sessionHash', '=', sessionHash)
    .where('endedAt', 'is', null)
    .execute();
}

/** Ends every open session of a user, except one when given. */
export async function endUserSessionRows(
  db: Db,
  userKey: number,
  now: Date,
  exceptHash: string | null,
): Promise<void> {
  let query = db
    .updateTable('userSession')
    .set({ endedAt: now })
    .where('userKey', '=', userKey)
    .where('endedAt', 'is', null);
  if (exceptHash) query = query.where('sessionHash', '!=', exceptHash);
  await query.execute();
}

/** The channel on which instances sharing a database hear that sessions ended (cross-instance.ts). */
export const SESSIONS_ENDED_CHANNEL = 'waypoint_sessions_ended';

/** What ended: one session, or a user's sessions but one. */
export type SessionsEnded =
  { sessionHash: string } | { userKey: number; exceptHash: string | null };

/** Tells every instance listening on this database that sessions ended (delivered at commit). */
export async function announceSessionsEnded(db: Db, ended: SessionsEnded): Promise<void> {
  await sql`select pg_notify(${SESSIONS_ENDED_CHANNEL}, ${JSON.stringify(ended)})`.execute(db);
}

/** The named server secret, made (once, by whichever instance is first) when missing. */
export async function readOrCreateSecret(db: Db, name: string, fresh: string): Promise<string> {
  await db
    .insertInto('serverSecret')
    .values({ name, value: fresh })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('serverSecret')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}
