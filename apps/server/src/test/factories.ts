import { randomBytes } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { Db } from '../db/connection.js';
import type { AppUserTable, AssignmentTable, LmsTable } from '../db/schema.js';
import { hashPassword } from '../lib/password.js';

/** The password every factory-made user has unless told otherwise. */
export const TEST_PASSWORD = 'Test-password-1';

// scrypt at full strength takes a noticeable moment; hash the default password once per process.
let defaultHash: Promise<string> | null = null;
const hashFor = (password: string) =>
  password === TEST_PASSWORD
    ? (defaultHash ??= hashPassword(TEST_PASSWORD))
    : hashPassword(password);

const unique = () => randomBytes(4).toString('hex');

/** Creates an LMS (training provider); the first one made in a database is the default LMS. */
export async function buildLms(db: Db, overrides: Partial<Insertable<LmsTable>> = {}) {
  const code = overrides.lmsCode ?? `lms-${unique()}`;
  const existing = await db.selectFrom('lms').select('lmsKey').limit(1).execute();
  return db
    .insertInto('lms')
    .values({
      lmsCode: code,
      lmsName: `LMS ${code}`,
      lmsDisplayName: `Airline ${code}`,
      isDefault: existing.length === 0,
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Creates a user (a student by default) with TEST_PASSWORD unless `password` is given (null: none). */
export async function buildUser(
  db: Db,
  lmsKey: number,
  overrides: Partial<Insertable<AppUserTable>> & { password?: string | null } = {},
) {
  const { password = TEST_PASSWORD, ...fields } = overrides;
  const userId = fields.userId ?? `user.${unique()}`;
  return db
    .insertInto('appUser')
    .values({
      lmsKey,
      userId,
      email: `${userId}@example.test`,
      nameOther: 'Alex',
      nameCollated: 'Morgan',
      displayName: 'Alex Morgan',
      passwordHash: password === null ? null : await hashFor(password),
      ...fields,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Assigns a curriculum to a user (open-ended unless `durationMs` is given). */
export async function buildAssignment(db: Db, fields: Insertable<AssignmentTable>) {
  return db.insertInto('assignment').values(fields).returningAll().executeTakeFirstOrThrow();
}
