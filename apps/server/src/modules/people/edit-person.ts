/**
 * Creating a person and editing their profile from the console (docs/decisions/0021): the
 * domain's field rules, the caller's scope (a scoped manager creates and keeps people inside it),
 * a login unique in the LMS, the audit event with the changed fields before and after, and the
 * assignment rules applied when a person joins or their base, fleet, position or group changes.
 */
import {
  changesRuleFields,
  checkPersonFields,
  inRestrictionGroups,
  normalisePersonFields,
  personChanges,
  type PersonFields,
} from '@waypoint/domain/staff';
import type { NewPersonBody, PersonBody, PersonDetails } from '@waypoint/domain/console-contract';
import type { Db } from '../../db/connection.js';
import { HttpError } from '../../lib/http-error.js';
import { applyAssignmentRules } from '../assignments/rules.js';
import { createRegisterInvitation } from '../users/password.service.js';
import { columnsOf, fieldsOf } from './presenter.js';
import * as repo from './repo.js';
import {
  changeWithAudit,
  findPersonDetails,
  lockForChange,
  OUT_OF_SCOPE_CREATE_MESSAGE,
  OUT_OF_SCOPE_EDIT_MESSAGE,
  personEvent,
  type PeopleActor,
  type PeopleDeps,
} from './service.js';

/** The profile as given, trimmed; 400 listing every problem when it breaks a rule. */
export function checkedFields(body: PersonBody): PersonFields {
  const problems = checkPersonFields(body);
  if (problems.length > 0) {
    throw new HttpError(400, problems.map((problem) => problem.message).join('\n'));
  }
  const { userID, givenName, familyName, email, employeeId, base, fleet, position } = body;
  const { restrictionGroup, phone, isStudent, mfaEnabled } = body;
  return normalisePersonFields({
    userID,
    givenName,
    familyName,
    email,
    employeeId,
    base,
    fleet,
    position,
    restrictionGroup,
    phone,
    isStudent,
    mfaEnabled,
  });
}

const loginTakenMessage = (login: string) => `Login ID '${login}' is already taken.`;

// A unique-key clash (someone took the login meanwhile) becomes the same 409 as the check's.
async function uniqueLogin<T>(login: string, write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if ((error as { code?: unknown }).code === '23505') {
      throw new HttpError(409, loginTakenMessage(login));
    }
    throw error;
  }
}

/** A new person in the caller's LMS (and scope); emails a set-password invitation when asked. */
export async function createPerson(
  deps: PeopleDeps,
  actor: PeopleActor,
  body: NewPersonBody,
): Promise<PersonDetails> {
  const fields = checkedFields(body);
  const { lmsKey, restrictionGroups } = actor.staff;
  if (!inRestrictionGroups(restrictionGroups, fields)) {
    throw new HttpError(403, OUT_OF_SCOPE_CREATE_MESSAGE);
  }
  const userKey = await uniqueLogin(
    fields.userID,
    changeWithAudit(deps, actor, async (trx) => {
      if (await repo.loginTaken(trx, lmsKey, fields.userID, null)) {
        throw new HttpError(409, loginTakenMessage(fields.userID));
      }
      const created = await repo.insertPeople(trx, lmsKey, [columnsOf(fields)], deps.clock.now());
      const person = { userKey: created.get(fields.userID.toLowerCase())!, userId: fields.userID };
      await applyAssignmentRules(trx, deps, { userKeys: [person.userKey], actor: actor.audit });
      return {
        result: person.userKey,
        audit: [
          personEvent(
            lmsKey,
            person,
            'people.create',
            `Created ${fields.userID}`,
            undefined,
            fields,
          ),
        ],
      };
    }),
  );
  // After the commit: the invitation's link is for a person who exists.
  if (body.sendInvitation) await createRegisterInvitation(deps, userKey);
  return findPersonDetails(deps, actor.staff, userKey);
}

/**
 * Writes an edit of a locked person's profile, with the checks every edit makes (the import's
 * updates too): the new restriction group within the caller's scope, the login free. Returns the
 * audit entry, or null when nothing changed.
 */
export async function writeEdit(
  trx: Db,
  deps: PeopleDeps,
  actor: PeopleActor,
  row: Awaited<ReturnType<typeof lockForChange>>,
  fields: PersonFields,
) {
  const before = fieldsOf(row);
  const changes = personChanges(before, fields);
  if (Object.keys(changes.after).length === 0) return null;
  if (!inRestrictionGroups(actor.staff.restrictionGroups, fields)) {
    throw new HttpError(403, OUT_OF_SCOPE_EDIT_MESSAGE);
  }
  if (
    fields.userID !== before.userID &&
    (await repo.loginTaken(trx, actor.staff.lmsKey, fields.userID, row.userKey))
  ) {
    throw new HttpError(409, loginTakenMessage(fields.userID));
  }
  await uniqueLogin(fields.userID, repo.updatePerson(trx, row.userKey, columnsOf(fields)));
  if (changesRuleFields(before, fields)) {
    await applyAssignmentRules(trx, deps, { userKeys: [row.userKey], actor: actor.audit });
  }
  return personEvent(
    actor.staff.lmsKey,
    { userKey: row.userKey, userId: fields.userID },
    'people.update',
    `Edited ${fields.userID}: ${Object.keys(changes.after).join(', ')}`,
    changes.before,
    changes.after,
  );
}

/** An edit of a person's profile (404 outside the scope; 403 when it would leave it). */
export async function updatePerson(
  deps: PeopleDeps,
  actor: PeopleActor,
  userKey: number,
  body: PersonBody,
): Promise<PersonDetails> {
  const fields = checkedFields(body);
  await changeWithAudit(deps, actor, async (trx) => {
    const row = await lockForChange(trx, actor, userKey);
    const event = await writeEdit(trx, deps, actor, row, fields);
    return { result: null, audit: event ? [event] : [] };
  });
  // Again after the commit: a report read while the rules' assignments were uncommitted was
  // cached without them (applyAssignmentRules empties the cache inside the transaction).
  deps.state.reportCache.invalidate(userKey);
  return findPersonDetails(deps, actor.staff, userKey);
}
