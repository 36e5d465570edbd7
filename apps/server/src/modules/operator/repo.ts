import type { Insertable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { AppUserTable } from '../../db/schema.js';
import { withEventActor } from '../records/actor.js';

/** The only SQL of the operator commands. */

export async function findLmsByCode(db: Db, code: string) {
  return db
    .selectFrom('lms')
    .select(['lmsKey', 'lmsCode', 'lmsName', 'lmsDisplayName', 'isDefault'])
    .where('lmsCode', '=', code)
    .executeTakeFirst();
}

export async function listLms(db: Db) {
  return db
    .selectFrom('lms')
    .leftJoin('appUser', 'appUser.lmsKey', 'lms.lmsKey')
    .select((eb) => [
      'lms.lmsKey',
      'lms.lmsCode',
      'lms.lmsName',
      'lms.lmsDisplayName',
      'lms.isDefault',
      eb.fn.count<number>('appUser.userKey').as('users'),
    ])
    .groupBy('lms.lmsKey')
    .orderBy('lms.lmsCode')
    .execute();
}

/** Inserts an LMS; when it is to be the default, the previous default stops being one. */
export async function insertLms(
  db: Db,
  lms: { code: string; name: string; displayName: string; isDefault: boolean },
) {
  return db.transaction().execute(async (trx) => {
    const anyLms = await trx.selectFrom('lms').select('lmsKey').limit(1).executeTakeFirst();
    // The first LMS is the default one, so requests that name no LMS reach it.
    const isDefault = lms.isDefault || anyLms === undefined;
    if (isDefault)
      await trx
        .updateTable('lms')
        .set({ isDefault: false })
        .where('isDefault', '=', true)
        .execute();
    return trx
      .insertInto('lms')
      .values({ lmsCode: lms.code, lmsName: lms.name, lmsDisplayName: lms.displayName, isDefault })
      .returning(['lmsKey', 'lmsCode', 'lmsName', 'lmsDisplayName', 'isDefault'])
      .executeTakeFirstOrThrow();
  });
}

const userColumns = [
  'userKey',
  'userId',
  'email',
  'nameOther',
  'nameCollated',
  'displayName',
  'employeeId',
  'base',
  'position',
  'fleet',
  'isStudent',
  'mfaEnabled',
  'inactive',
] as const;

export async function findUser(db: Db, lmsKey: number, login: string) {
  return db
    .selectFrom('appUser')
    .select([...userColumns, 'passwordHash'])
    .where('lmsKey', '=', lmsKey)
    .where((eb) => eb(eb.fn('lower', ['userId']), '=', login.toLowerCase()))
    .executeTakeFirst();
}

/** Marks a user active or not (0/1, as the column keeps it). */
export async function setUserInactive(db: Db, userKey: number, inactive: boolean): Promise<void> {
  await db
    .updateTable('appUser')
    .set({ inactive: inactive ? 1 : 0 })
    .where('userKey', '=', userKey)
    .execute();
}

/** The login IDs (lowercase) among `logins` that already exist in the LMS. */
export async function existingLogins(
  db: Db,
  lmsKey: number,
  logins: string[],
): Promise<Set<string>> {
  if (logins.length === 0) return new Set();
  const rows = await db
    .selectFrom('appUser')
    .select((eb) => eb.fn<string>('lower', ['userId']).as('login'))
    .where('lmsKey', '=', lmsKey)
    .where((eb) =>
      eb(
        eb.fn('lower', ['userId']),
        'in',
        logins.map((login) => login.toLowerCase()),
      ),
    )
    .execute();
  return new Set(rows.map((row) => row.login));
}

export type NewUser = Omit<Insertable<AppUserTable>, 'lmsKey'>;

/** Inserts users in one statement (all or none). */
export async function insertUsers(db: Db, lmsKey: number, users: NewUser[]) {
  if (users.length === 0) return [];
  return db
    .insertInto('appUser')
    .values(users.map((user) => ({ ...user, lmsKey })))
    .returning(userColumns)
    .execute();
}

export async function listUsers(db: Db, lmsKey: number, limit: number) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('appUser')
      .select([...userColumns, (eb) => eb('passwordHash', 'is not', null).as('hasPassword')])
      .where('lmsKey', '=', lmsKey)
      .orderBy((eb) => eb.fn('lower', ['userId']))
      .limit(limit)
      .execute(),
    db
      .selectFrom('appUser')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('lmsKey', '=', lmsKey)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** Changes an LMS's settings; returns the row as update-lms reports it. */
export async function updateLms(
  db: Db,
  lmsKey: number,
  patch: Partial<{
    lmsDisplayName: string;
    studentLocked: number;
    showDashboard: number;
    rebrand2021: number;
    hideCpatLogin: number;
    enforceCurriculumPrerequisitesToggle: number;
    allowExpiredAssignmentsToBeCompleted: number;
    themeUrl: string;
    hostNames: string[];
  }>,
) {
  return db
    .updateTable('lms')
    .set(patch)
    .where('lmsKey', '=', lmsKey)
    .returning([
      'lmsCode',
      'lmsDisplayName',
      'studentLocked',
      'showDashboard',
      'rebrand2021',
      'hideCpatLogin',
      'enforceCurriculumPrerequisitesToggle',
      'allowExpiredAssignmentsToBeCompleted',
      'themeUrl',
      'hostNames',
    ])
    .executeTakeFirstOrThrow();
}

/** Curricula of an LMS with this name (case-insensitive), oldest first. */
export async function findCurricula(db: Db, lmsKey: number, name: string) {
  return db
    .selectFrom('curriculum')
    .select(['curriculumKey', 'name'])
    .where('lmsKey', '=', lmsKey)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .orderBy('curriculumKey')
    .execute();
}

/**
 * Assigns a curriculum to a user, or changes the duration of their current (not removed)
 * assignment of it. `durationFrom` gets the assignment's start (now for a new one) and may throw
 * to refuse. The user's row is locked so that two runs at once make one assignment.
 */
export async function assignCurriculum(
  db: Db,
  row: {
    userKey: number;
    curriculumKey: number;
    now: Date;
    durationFrom: (start: Date) => number;
  },
) {
  return db.transaction().execute(async (trx) => {
    await withEventActor(trx, 'operator');
    await trx
      .selectFrom('appUser')
      .select('userKey')
      .where('userKey', '=', row.userKey)
      .forUpdate()
      .execute();
    const columns = ['assignmentKey', 'startDate', 'durationMs'] as const;
    const existing = await trx
      .selectFrom('assignment')
      .select(columns)
      .where('userKey', '=', row.userKey)
      .where('curriculumKey', '=', row.curriculumKey)
      .where('removedAt', 'is', null)
      .orderBy('assignmentKey', 'desc')
      .executeTakeFirst();
    if (existing) {
      const updated = await trx
        .updateTable('assignment')
        .set({ durationMs: row.durationFrom(new Date(existing.startDate)) })
        .where('assignmentKey', '=', existing.assignmentKey)
        .returning(columns)
        .executeTakeFirstOrThrow();
      return { ...updated, created: false };
    }
    const inserted = await trx
      .insertInto('assignment')
      .values({
        userKey: row.userKey,
        curriculumKey: row.curriculumKey,
        assignedAt: row.now,
        startDate: row.now,
        durationMs: row.durationFrom(row.now),
      })
      .returning(columns)
      .executeTakeFirstOrThrow();
    return { ...inserted, created: true };
  });
}
