import type { OrganizationData } from '@waypoint/domain/contract';
import type { OrganizationRow } from './repo.js';

/** A user and LMS row to the organisation data (§3 User details and LMS info field names). */
export function presentOrganization(row: OrganizationRow): OrganizationData {
  return {
    lmsKey: row.lmsKey,
    lmsName: row.lmsName,
    lmsDisplayName: row.lmsDisplayName,
    logoURL: row.themeLogoUrl,
    userKey: row.userKey,
    userID: row.userId,
    nameCollated: row.nameCollated,
    nameOther: row.nameOther,
    displayName: row.displayName,
    email: row.email,
    employeeID: row.employeeId,
    base: row.base,
    fleet: row.fleet,
    position: row.position,
  };
}

/** The student's name as the header shows it (§1): nameOther plus nameCollated, else the login ID. */
export function studentName(organization: OrganizationData): string {
  const name = `${organization.nameOther} ${organization.nameCollated}`.trim();
  return name || organization.displayName || organization.userID;
}
