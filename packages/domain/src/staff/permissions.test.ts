import { describe, expect, it } from 'vitest';
import {
  allows,
  BUILT_IN_ROLES,
  inRestrictionGroups,
  isReadOnly,
  PERMISSION_FLAGS,
  permissionSet,
  readPermissionSet,
  STAFF_ACTION_NAMES,
  type BuiltInRole,
  type StaffAction,
} from './permissions.js';

// Each built-in role and the console actions it may take (docs/decisions/0021, 0022: the
// compliance views for every role that reads records, inspector links for administrators and
// auditors); every action not listed for a role is refused to it.
const ALLOWED: Record<BuiltInRole, StaffAction[]> = {
  administrator: STAFF_ACTION_NAMES,
  'training-manager': [
    'people.view',
    'people.create',
    'people.modify',
    'people.deactivate',
    'people.import',
    'people.credentials',
    'people.record',
    'programme.view',
    'programme.curriculum',
    'programme.course',
    'programme.topic',
    'programme.lesson',
    'programme.classroom',
    'programme.import',
    'programme.library',
    'programme.documents',
    'assignments.view',
    'assignments.assign',
    'compliance.view',
    'compliance.export',
    'records.correct',
  ],
  instructor: [
    'people.view',
    'people.record',
    'programme.view',
    'programme.classroom',
    'assignments.view',
    'compliance.view',
    'compliance.export',
  ],
  auditor: [
    'people.view',
    'people.record',
    'programme.view',
    'assignments.view',
    'staff.view',
    'audit.view',
    'compliance.view',
    'compliance.export',
    'compliance.inspectors',
  ],
};

describe('built-in roles x staff actions', () => {
  for (const role of Object.keys(ALLOWED) as BuiltInRole[]) {
    for (const action of STAFF_ACTION_NAMES) {
      const expected = ALLOWED[role].includes(action);
      it(`${role} ${expected ? 'may' : 'may not'} ${action}`, () => {
        expect(allows(BUILT_IN_ROLES[role].permissions, action)).toBe(expected);
      });
    }
  }

  it('the auditor is read-only (§3 flags: only view*)', () => {
    expect(isReadOnly(BUILT_IN_ROLES.auditor.permissions)).toBe(true);
    expect(isReadOnly(BUILT_IN_ROLES.instructor.permissions)).toBe(false);
  });
});

describe('stored permission sets', () => {
  const rows: { stored: unknown; granted: string[] }[] = [
    { stored: null, granted: [] },
    { stored: { viewStudent: true }, granted: ['viewStudent'] },
    { stored: { viewStudent: 'true', isAdmin: 1 }, granted: [] },
    { stored: { viewStudent: true, dropTables: true }, granted: ['viewStudent'] },
  ];
  for (const row of rows) {
    it(`${JSON.stringify(row.stored)} grants ${row.granted.join(', ') || 'nothing'}`, () => {
      const set = readPermissionSet(row.stored);
      expect(Object.keys(set)).toEqual([...PERMISSION_FLAGS]);
      expect(PERMISSION_FLAGS.filter((flag) => set[flag])).toEqual(row.granted);
    });
  }

  it('an action needing no flag is allowed to any staff role', () => {
    expect(allows(permissionSet([]), 'programme.view')).toBe(true);
  });
});

describe('§3 restrictionGroups scope', () => {
  const rows: { groups: string[]; student: string; sees: boolean }[] = [
    { groups: [], student: 'LHR', sees: true },
    { groups: [], student: '', sees: true },
    { groups: ['LHR'], student: 'LHR', sees: true },
    { groups: ['LHR'], student: 'MAN', sees: false },
    { groups: ['LHR'], student: '', sees: false },
    { groups: ['LHR', 'MAN'], student: 'MAN', sees: true },
    { groups: ['LHR'], student: 'lhr', sees: false },
  ];
  for (const row of rows) {
    it(`[${row.groups.join(',')}] ${row.sees ? 'sees' : 'does not see'} a student in '${row.student}'`, () => {
      expect(inRestrictionGroups(row.groups, { restrictionGroup: row.student })).toBe(row.sees);
    });
  }
});
