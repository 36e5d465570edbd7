import type { Db } from '../connection.js';

/** The password of every demo user (printed at start and in the README). */
export const DEMO_PASSWORD = 'Waypoint-demo-1';

interface DemoUser {
  userId: string;
  nameOther: string;
  nameCollated: string;
  email: string;
  employeeId: string;
  base: string;
  position: string;
  fleet: string;
  isStudent: boolean;
  mfaEnabled: boolean;
  note: string;
  staff: { role: string; restrictionGroups: readonly string[] } | null;
}

/**
 * The demo logins: `student` (plain), `mfa.student` (MFA on), `instructor` (not a student), and
 * the staff console's `admin`, `manager` (base LHR) and `auditor` (docs/decisions/0021). A
 * student's restriction group is their base: the training manager of LHR sees LHR's crew only.
 * `staff` is the built-in role a login holds in the console, `restrictionGroups` its scope.
 */
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
    staff: null,
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
    staff: null,
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
    note: 'not a student: the panel answers "You do not have student access."; in the console an instructor (students, records, classroom lessons)',
    staff: { role: 'instructor', restrictionGroups: [] },
  },
  {
    userId: 'admin',
    nameOther: 'Grace',
    nameCollated: 'Okafor',
    email: 'grace.okafor@example.com',
    employeeId: 'WD00001',
    base: 'LHR',
    position: 'Head of Training',
    fleet: '',
    isStudent: false,
    mfaEnabled: false,
    note: 'the console administrator: everything, roles and staff included',
    staff: { role: 'administrator', restrictionGroups: [] },
  },
  {
    userId: 'manager',
    nameOther: 'Tom',
    nameCollated: 'Hughes',
    email: 'tom.hughes@example.com',
    employeeId: 'WD00014',
    base: 'LHR',
    position: 'Training Manager',
    fleet: 'A320',
    isStudent: false,
    mfaEnabled: false,
    note: "the training manager of base LHR: sees and changes LHR's students only",
    staff: { role: 'training-manager', restrictionGroups: ['LHR'] },
  },
  {
    userId: 'auditor',
    nameOther: 'Ines',
    nameCollated: 'Moreau',
    email: 'ines.moreau@example.com',
    employeeId: 'WD00090',
    base: 'LHR',
    position: 'Compliance Auditor',
    fleet: '',
    isStudent: false,
    mfaEnabled: false,
    note: 'the auditor: reads every record and the audit log, changes nothing',
    staff: { role: 'auditor', restrictionGroups: [] },
  },
] as const satisfies readonly DemoUser[];

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
        // A student's restriction group is their base (the staff console's scope, §3 Permissions).
        restrictionGroup: user.isStudent ? user.base : '',
        userType: 0,
        isStudent: user.isStudent,
        mfaEnabled: user.mfaEnabled,
        passwordHash,
        passwordChangedAt: now,
      })),
    )
    .returning(['userKey', 'userId'])
    .execute();
  const keys = Object.fromEntries(rows.map((row) => [row.userId, row.userKey])) as Record<
    DemoUserId,
    number
  >;
  const roles = await db
    .selectFrom('staffRole')
    .select(['roleKey', 'builtIn'])
    .where('lmsKey', '=', lmsKey)
    .execute();
  const staff = DEMO_USERS.flatMap((user) => {
    const role = user.staff && roles.find((row) => row.builtIn === user.staff.role);
    return role
      ? [
          {
            userKey: keys[user.userId],
            roleKey: role.roleKey,
            restrictionGroups: [...user.staff!.restrictionGroups],
            createdAt: now,
          },
        ]
      : [];
  });
  await db.insertInto('staffMember').values(staff).execute();
  return keys;
}
