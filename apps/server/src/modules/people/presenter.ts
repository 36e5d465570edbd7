import type { PersonFields } from '@waypoint/domain/staff';
import type { PersonDetails, PersonRow } from '@waypoint/domain/console-contract';
import type { PersonColumns, PersonDetailsData, PersonRowData } from './repo.js';

/** A person's row on the wire (the list). */
export function presentPersonRow(
  row: Omit<PersonRowData, 'isStaff'> & { isStaff: boolean },
): PersonRow {
  return {
    userKey: row.userKey,
    userID: row.userId,
    displayName: row.displayName || `${row.nameOther} ${row.nameCollated}`.trim() || row.userId,
    givenName: row.nameOther,
    familyName: row.nameCollated,
    email: row.email,
    employeeId: row.employeeId,
    base: row.base,
    fleet: row.fleet,
    position: row.position,
    restrictionGroup: row.restrictionGroup,
    active: row.inactive === 0,
    isStudent: row.isStudent,
    isStaff: row.isStaff,
    lastSignInAt: row.lastSignInAt ? row.lastSignInAt.getTime() : null,
  };
}

/** A person's profile on the wire. */
export function presentPersonDetails(row: PersonDetailsData, now: Date): PersonDetails {
  return {
    ...presentPersonRow(row),
    phone: row.phone,
    mfaEnabled: row.mfaEnabled,
    hasPassword: row.hasPassword,
    lockedUntil:
      row.lockedUntil && row.lockedUntil.getTime() > now.getTime()
        ? row.lockedUntil.getTime()
        : null,
    createdAt: row.createdAt.getTime(),
    staffRole: row.roleName === null ? null : { name: row.roleName, builtIn: row.roleBuiltIn },
    assignments: Number(row.assignments ?? 0),
    openSessions: Number(row.openSessions ?? 0),
  };
}

/** A stored row's profile fields, in the domain's words (what an edit is compared with). */
export function fieldsOf(row: {
  userId: string;
  nameOther: string;
  nameCollated: string;
  email: string;
  employeeId: string;
  base: string;
  fleet: string;
  position: string;
  restrictionGroup: string;
  phone: string;
  isStudent: boolean;
  mfaEnabled: boolean;
}): PersonFields {
  return {
    userID: row.userId,
    givenName: row.nameOther,
    familyName: row.nameCollated,
    email: row.email,
    employeeId: row.employeeId,
    base: row.base,
    fleet: row.fleet,
    position: row.position,
    restrictionGroup: row.restrictionGroup,
    phone: row.phone,
    isStudent: row.isStudent,
    mfaEnabled: row.mfaEnabled,
  };
}

/** Profile fields as stored (§3 User: nameOther is the given name, nameCollated the family name). */
export function columnsOf(fields: PersonFields): PersonColumns {
  return {
    userId: fields.userID,
    nameOther: fields.givenName,
    nameCollated: fields.familyName,
    displayName: `${fields.givenName} ${fields.familyName}`,
    email: fields.email,
    employeeId: fields.employeeId,
    base: fields.base,
    fleet: fields.fleet,
    position: fields.position,
    restrictionGroup: fields.restrictionGroup,
    phone: fields.phone,
    isStudent: fields.isStudent,
    mfaEnabled: fields.mfaEnabled,
  };
}
