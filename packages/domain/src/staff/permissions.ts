/**
 * Staff roles from the spec's own model (§3 'Permissions'; docs/decisions/0021): a role is a set of
 * the entity's flags, and each staff action of the console needs some of them. The student panel
 * reads only isStudent and userType (§6) and is unchanged by any of this.
 */

/** The boolean flags of §3 Permissions, in the spec's order (isAdmin first). */
export const PERMISSION_FLAGS = [
  'isAdmin',
  'assignCurriculum',
  'modifyCurriculum',
  'modifyAggregation',
  'modifyLeaf',
  'modifyTrack',
  'modifyClass',
  'viewStudent',
  'modifyStudent',
  'createStudent',
  'deleteStudent',
  'viewSubPeer',
  'modifySubPeer',
  'createSubPeer',
  'deleteSubPeer',
  'viewPeer',
  'modifyPeer',
  'createPeer',
  'deletePeer',
  'viewLMS',
  'modifyLMS',
  'createLMS',
  'deleteLMS',
  'modifyStudentProgress',
  'viewReport',
  'editExams',
  'resetPasswordSubPeers',
  'resetPasswordPeers',
  'createExamModules',
  'manageMobile',
  'resetMobileDevice',
  'viewComments',
] as const;

/** One flag of §3 Permissions that a role grants or not. */
export type PermissionFlag = (typeof PERMISSION_FLAGS)[number];

/** The flags a role grants: every flag present, true or false. */
export type PermissionSet = Readonly<Record<PermissionFlag, boolean>>;

/**
 * What the console does, each named by area, and the flags it needs (all of them). Reading the
 * programme needs no flag: every staff role may see what is taught. Words of §3: a course is an
 * aggregation, a topic a track, a lesson a leaf, a classroom lesson a class.
 */
export const STAFF_ACTIONS = {
  'people.view': ['viewStudent'],
  'people.create': ['createStudent'],
  'people.modify': ['modifyStudent'],
  'people.deactivate': ['deleteStudent'],
  'people.import': ['createStudent', 'modifyStudent'],
  'people.credentials': ['modifyStudent', 'resetPasswordSubPeers'],
  'people.record': ['viewStudent', 'viewReport'],
  'programme.view': [],
  'programme.curriculum': ['modifyCurriculum'],
  'programme.course': ['modifyAggregation'],
  'programme.topic': ['modifyTrack'],
  'programme.lesson': ['modifyLeaf'],
  'programme.classroom': ['modifyClass'],
  'programme.import': ['modifyCurriculum', 'modifyLeaf'],
  'programme.library': ['modifyCurriculum'],
  'programme.documents': ['modifyCurriculum'],
  'assignments.view': ['viewStudent'],
  'assignments.assign': ['assignCurriculum'],
  'staff.view': ['viewPeer'],
  'staff.manage': ['isAdmin', 'modifyPeer', 'createPeer'],
  'audit.view': ['viewLMS', 'viewReport'],
  'lms.modify': ['modifyLMS'],
  'compliance.view': ['viewStudent', 'viewReport'],
  'compliance.export': ['viewStudent', 'viewReport'],
  'compliance.inspectors': ['viewStudent', 'viewReport', 'viewLMS'],
  // A staff correction of a lesson's result (a new attempt with its reason): a training manager's
  // or an administrator's, who edit students and their progress; an instructor records classes only.
  'records.correct': ['viewStudent', 'viewReport', 'modifyStudent', 'modifyStudentProgress'],
  // Retention and pseudonymisation: an administrator's, as staff.manage is (isAdmin), with the
  // flags that change and remove students' data.
  'records.retention': ['isAdmin', 'viewStudent', 'modifyStudent', 'deleteStudent'],
} as const satisfies Record<string, readonly PermissionFlag[]>;

/** An action of the staff console (a key of STAFF_ACTIONS). */
export type StaffAction = keyof typeof STAFF_ACTIONS;

/** Every staff action, for tables and tests. */
export const STAFF_ACTION_NAMES = Object.keys(STAFF_ACTIONS) as StaffAction[];

/** Whether a permission set allows an action: every flag it needs is granted. */
export function allows(
  permissions: Partial<Record<PermissionFlag, boolean>>,
  action: StaffAction,
): boolean {
  return STAFF_ACTIONS[action].every((flag) => permissions[flag] === true);
}

/** The built-in roles every LMS has (migration 0022 and each new LMS). */
export type BuiltInRole = 'administrator' | 'training-manager' | 'instructor' | 'auditor';

const none = Object.fromEntries(PERMISSION_FLAGS.map((flag) => [flag, false])) as Record<
  PermissionFlag,
  boolean
>;

/** A permission set granting exactly the flags listed. */
export function permissionSet(granted: readonly PermissionFlag[]): PermissionSet {
  const set = { ...none };
  for (const flag of granted) set[flag] = true;
  return set;
}

/** The flags of a stored role, every flag present: unknown keys dropped, missing ones false. */
export function readPermissionSet(stored: unknown): PermissionSet {
  const source = (stored ?? {}) as Record<string, unknown>;
  return permissionSet(PERMISSION_FLAGS.filter((flag) => source[flag] === true));
}

/**
 * The built-in roles: their display name and flags.
 * - administrator: everything, and makes roles and staff.
 * - training manager: the training programme, students and their assignments and records; sees
 *   other staff (sub-peers) but does not make them; LMS settings are not theirs.
 * - instructor: reads students and their records and comments, records classroom results.
 * - auditor: reads everything a record shows, changes nothing.
 */
export const BUILT_IN_ROLES: Readonly<
  Record<BuiltInRole, { readonly name: string; readonly permissions: PermissionSet }>
> = {
  administrator: { name: 'Administrator', permissions: permissionSet(PERMISSION_FLAGS) },
  'training-manager': {
    name: 'Training manager',
    permissions: permissionSet([
      'assignCurriculum',
      'modifyCurriculum',
      'modifyAggregation',
      'modifyLeaf',
      'modifyTrack',
      'modifyClass',
      'viewStudent',
      'modifyStudent',
      'createStudent',
      'deleteStudent',
      'viewSubPeer',
      'modifyStudentProgress',
      'viewReport',
      'editExams',
      'resetPasswordSubPeers',
      'createExamModules',
      'viewComments',
    ]),
  },
  instructor: {
    name: 'Instructor',
    permissions: permissionSet([
      'modifyClass',
      'viewStudent',
      'modifyStudentProgress',
      'viewReport',
      'viewComments',
    ]),
  },
  auditor: {
    name: 'Auditor',
    permissions: permissionSet([
      'viewStudent',
      'viewSubPeer',
      'viewPeer',
      'viewLMS',
      'viewReport',
      'viewComments',
    ]),
  },
};

/** The built-in role keys, in the order the console lists them. */
export const BUILT_IN_ROLE_NAMES = Object.keys(BUILT_IN_ROLES) as BuiltInRole[];

/** A role that changes nothing: no flag that modifies, creates, deletes, assigns or resets. */
export function isReadOnly(permissions: PermissionSet): boolean {
  return PERMISSION_FLAGS.every((flag) => !permissions[flag] || flag.startsWith('view'));
}

/**
 * Which students a staff member sees (§3 Permissions restrictionGroups): none listed means the
 * whole LMS; otherwise only students whose restriction group is one of them.
 */
export function inRestrictionGroups(
  restrictionGroups: readonly string[],
  student: { restrictionGroup: string },
): boolean {
  return restrictionGroups.length === 0 || restrictionGroups.includes(student.restrictionGroup);
}
