/**
 * A staff member's scope (§3 Permissions restrictionGroups; docs/decisions/0021): the students
 * of their LMS, and of their restriction groups when they have any. Every staff route that names
 * a person checks it on the server; a person outside it is 404 'No such person.', the same answer
 * as a key that does not exist, so that no id tells anything about another base or LMS.
 */
import { inRestrictionGroups } from '@waypoint/domain/staff';
import type { SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import type { StaffContext } from './service.js';

export const NO_SUCH_PERSON_MESSAGE = 'No such person.';

/** What scope reads of a person. */
export interface ScopedPerson {
  lmsKey: number;
  restrictionGroup: string;
}

/** Whether a person is within a staff member's scope (same LMS, and their restriction groups). */
export function inScope(
  staff: Pick<StaffContext, 'lmsKey' | 'restrictionGroups'>,
  person: ScopedPerson,
): boolean {
  return person.lmsKey === staff.lmsKey && inRestrictionGroups(staff.restrictionGroups, person);
}

/** The person when within scope; 404 'No such person.' when missing or outside it. */
export function requireInScope<P extends ScopedPerson>(
  staff: Pick<StaffContext, 'lmsKey' | 'restrictionGroups'>,
  person: P | null | undefined,
): P {
  if (!person || !inScope(staff, person)) throw new HttpError(404, NO_SUCH_PERSON_MESSAGE);
  return person;
}

/**
 * Narrows a query over app_user (selected from 'appUser') to a staff member's scope: their LMS,
 * and their restriction groups when they have any.
 */
export function scopeUsers<O>(
  query: SelectQueryBuilder<Database, 'appUser', O>,
  staff: Pick<StaffContext, 'lmsKey' | 'restrictionGroups'>,
): SelectQueryBuilder<Database, 'appUser', O> {
  const inLms = query.where('appUser.lmsKey', '=', staff.lmsKey);
  return staff.restrictionGroups.length === 0
    ? inLms
    : inLms.where('appUser.restrictionGroup', 'in', staff.restrictionGroups);
}
