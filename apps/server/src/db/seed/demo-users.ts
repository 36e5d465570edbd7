import type { Db } from '../connection.js';

/** The password of every demo user (printed at start and in the README). */
export const DEMO_PASSWORD = 'Waypoint-demo-1';

/** The demo logins: `student` (plain), `mfa.student` (MFA on), `instructor` (not a student). */
export const DEMO_USERS = [
  {
    userId: 'student',
    nameOther: 'Sam',
    nameCollated: 'Carter',
    email: 'sam.carter@example.com',
    employeeId: 'WD10452',
    base: 'LHR',
    position: 'First Officer',
    fleet: 'A320',
    isStudent: true,
    mfaEnabled: false,
    note: 'a student with curricula in every state',
  },
  {
    userId: 'mfa.student',
    nameOther: 'Priya',
    nameCollated: 'Natarajan',
    email: 'priya.natarajan@example.com',
    employeeId: 'WD10977',
    base: 'MAN',
    position: 'Cabin Crew',
    fleet: 'A320',
    isStudent: true,
    mfaEnabled: true,
    note: 'a student who signs in with an emailed code (MFA)',
  },
  {
    userId: 'instructor',
    nameOther: 'Erik',
    nameCollated: 'Lindqvist',
    email: 'erik.lindqvist@example.com',
    employeeId: 'WD20031',
    base: 'LHR',
    position: 'Type Rating Instructor',
    fleet: 'A320',
    isStudent: false,
    mfaEnabled: false,
    note: 'not a student: gets "You do not have student access."',
  },
] as const;

export type DemoUserId = (typeof DEMO_USERS)[number]['userId'];

/** Inserts the demo users with one password hash (scrypt is slow; hashed once by the caller). */
export async function insertDemoUsers(
  db: Db,
  lmsKey: number,
  passwordHash: string,
  now: Date,
): Promise<Record<DemoUserId, number>> {
  const rows = await db
    .insertInto('appUser')
    .values(
      DEMO_USERS.map((user) => ({
        lmsKey,
        userId: user.userId,
        email: user.email,
        nameOther: user.nameOther,
        nameCollated: user.nameCollated,
        displayName: `${user.nameOther} ${user.nameCollated}`,
        employeeId: user.employeeId,
        base: user.base,
        position: user.position,
        fleet: user.fleet,
        userType: 0,
        isStudent: user.isStudent,
        mfaEnabled: user.mfaEnabled,
        passwordHash,
        passwordChangedAt: now,
      })),
    )
    .returning(['userKey', 'userId'])
    .execute();
  return Object.fromEntries(rows.map((row) => [row.userId, row.userKey])) as Record<
    DemoUserId,
    number
  >;
}
