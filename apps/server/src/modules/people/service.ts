/**
 * The console's people (docs/decisions/0021): the list, one person's profile and record, and
 * what every change shares (the scope check, the staff-member rule, the audit event in the change's
 * transaction). Create and edit are in edit-person.ts, the account actions in person-actions.ts,
 * the CSV import in import-people.ts.
 */
import { allows, prefixPattern, type PeopleSort } from '@waypoint/domain/staff';
import type {
  PeopleFilterValues,
  PeopleList,
  PeopleQuery,
  PersonDetails,
  PersonRecord,
} from '@waypoint/domain/console-contract';
import type { Db } from '../../db/connection.js';
import type { AssignmentDeps } from '../assignments/service.js';
import { HttpError } from '../../lib/http-error.js';
import { buildProgressReport, type ReportDeps } from '../progress/service.js';
import type { SessionDeps } from '../sessions/service.js';
import { recordAudit, type AuditActor, type AuditEntry } from '../staff/audit.js';
import { NO_SUCH_PERSON_MESSAGE, requireInScope } from '../staff/scope.js';
import type { StaffContext } from '../staff/service.js';
import type { PasswordDeps } from '../users/password.service.js';
import { presentPersonDetails, presentPersonRow } from './presenter.js';
import * as repo from './repo.js';

/**
 * What the people rules need: the database, time, mailer and config, and the instance's state
 * (session cache, sequencing memory, report cache). The app's deps fit.
 */
export type PeopleDeps = PasswordDeps &
  Pick<SessionDeps, 'state'> &
  ReportDeps &
  Pick<AssignmentDeps, 'state'>;

/** Who is acting: their scope and permissions, and how the audit log names them. */
export interface PeopleActor {
  staff: Pick<StaffContext, 'lmsKey' | 'restrictionGroups' | 'permissions' | 'userKey'>;
  audit: AuditActor;
}

export const STAFF_TARGET_MESSAGE =
  'This person is a staff member: only an administrator of staff can change them.';
export const OUT_OF_SCOPE_EDIT_MESSAGE = 'That would move this person outside your scope.';
export const OUT_OF_SCOPE_CREATE_MESSAGE = 'That would put this person outside your scope.';

const DEFAULT_PAGE = 50;

/** The people list: one page in the caller's scope, the total, and the filters' values. */
export async function listPeople(
  deps: { db: Db },
  staff: PeopleActor['staff'],
  query: PeopleQuery,
): Promise<PeopleList> {
  const scope = { lmsKey: staff.lmsKey, restrictionGroups: staff.restrictionGroups };
  const sort: PeopleSort = query.sort ?? 'name';
  const [{ rows, total }, filters] = await Promise.all([
    repo.listPeople(
      deps.db,
      scope,
      {
        pattern: prefixPattern(query.search ?? ''),
        base: query.base,
        fleet: query.fleet,
        position: query.position,
        restrictionGroup: query.restrictionGroup,
        status: query.status,
        kind: query.kind,
      },
      {
        sort,
        descending: query.order === 'desc',
        limit: query.limit ?? DEFAULT_PAGE,
        offset: query.offset ?? 0,
      },
    ),
    repo.filterValues(deps.db, scope),
  ]);
  return { rows: rows.map(presentPersonRow), total, filters };
}

/** The distinct values of base, fleet, position and restriction group among people in scope. */
export function peopleFilterValues(
  deps: { db: Db },
  scope: repo.Scope,
): Promise<PeopleFilterValues> {
  return repo.filterValues(deps.db, scope);
}

/** A person in the caller's scope with their profile's extras; 404 outside it. */
export async function findPersonDetails(
  deps: { db: Db; clock: { now(): Date } },
  staff: PeopleActor['staff'],
  userKey: number,
): Promise<PersonDetails> {
  const now = deps.clock.now();
  const row = requireInScope(staff, await repo.findPerson(deps.db, staff.lmsKey, userKey, now));
  return presentPersonDetails(row, now);
}

/**
 * A student's record: the Completion Report tree as they see it in the panel (every assignment,
 * expired ones too), built by the progress module; read-only.
 */
export async function personRecord(
  deps: ReportDeps & { clock: { now(): Date } },
  staff: PeopleActor['staff'],
  userKey: number,
): Promise<PersonRecord> {
  const details = await findPersonDetails(deps, staff, userKey);
  const report = await buildProgressReport(
    deps,
    { userKey, lmsKey: staff.lmsKey },
    deps.clock.now().getTime(),
    { showExpired: true, withFlaggedAssignments: false, showEmptyLeafs: false },
  );
  return { displayName: details.displayName, report };
}

/**
 * Locks a person for a change, checks the caller may make it, and returns the row: 404 outside
 * the scope; 403 for a staff member unless the caller manages staff (a training manager who could
 * change an administrator's email could then reset their password).
 */
export async function lockForChange(trx: Db, actor: PeopleActor, userKey: number) {
  const row = requireInScope(actor.staff, await repo.lockPerson(trx, actor.staff.lmsKey, userKey));
  if (
    row.isStaff &&
    row.userKey !== actor.staff.userKey &&
    !allows(actor.staff.permissions, 'staff.manage')
  ) {
    throw new HttpError(403, STAFF_TARGET_MESSAGE);
  }
  return row;
}

/** Runs a change in one transaction with its audit events (the change returns them). */
export async function changeWithAudit<T>(
  deps: PeopleDeps,
  actor: PeopleActor,
  change: (trx: Db) => Promise<{ result: T; audit: AuditEntry[] }>,
): Promise<T> {
  return deps.db.transaction().execute(async (trx) => {
    const { result, audit } = await change(trx);
    await recordAudit(trx, deps, actor.audit, audit);
    return result;
  });
}

/** The audit entry of a change to one person. */
export function personEvent(
  lmsKey: number,
  person: { userKey: number; userId: string },
  action: string,
  summary: string,
  before?: unknown,
  after?: unknown,
): AuditEntry {
  return {
    lmsKey,
    action,
    targetType: 'user',
    targetKey: person.userKey,
    summary,
    ...(before === undefined ? {} : { before }),
    ...(after === undefined ? {} : { after }),
  };
}

export { NO_SUCH_PERSON_MESSAGE };
