/**
 * The console's CSV import of people (docs/decisions/0021): the operator's import-users file
 * (operator/csv.ts: the same columns, plus restriction_group and student), checked line by line
 * against the caller's scope and the LMS's people. A login already in the LMS is an update of the
 * columns the file has; a new one is a person created. The preview writes nothing; the import
 * checks everything again inside its transaction and writes all of it or none of it.
 */
import {
  allows,
  changesRuleFields,
  checkPersonFields,
  inRestrictionGroups,
  PERSON_FIELD_LABELS,
  personChanges,
  type PersonFields,
} from '@waypoint/domain/staff';
import type { ImportLine, ImportResult } from '@waypoint/domain/console-contract';
import type { Db } from '../../db/connection.js';
import { HttpError } from '../../lib/http-error.js';
import { applyAssignmentRules } from '../assignments/rules.js';
import { parseUserCsv, type CsvUser } from '../operator/csv.js';
import { recordAudit, type AuditEntry } from '../staff/audit.js';
import { columnsOf, fieldsOf } from './presenter.js';
import * as repo from './repo.js';
import { personEvent, type PeopleActor, type PeopleDeps } from './service.js';

type ExistingPerson = Awaited<ReturnType<typeof repo.peopleByLogins>>[number];

/** What an import would do: every problem, and each line's person before and after. */
interface ImportPlan {
  problems: string[];
  lines: ImportLine[];
  creates: PersonFields[];
  updates: { row: ExistingPerson; fields: PersonFields }[];
}

// The file's columns and the profile fields they set (login is the key, never changed).
const COLUMN_FIELDS: [string, (user: CsvUser) => Partial<PersonFields>][] = [
  ['email', (user) => ({ email: user.email })],
  ['given_name', (user) => ({ givenName: user.givenName })],
  ['family_name', (user) => ({ familyName: user.familyName })],
  ['employee_id', (user) => ({ employeeId: user.employeeId })],
  ['base', (user) => ({ base: user.base })],
  ['position', (user) => ({ position: user.position })],
  ['fleet', (user) => ({ fleet: user.fleet })],
  ['restriction_group', (user) => ({ restrictionGroup: user.restrictionGroup })],
  ['mfa', (user) => ({ mfaEnabled: user.mfa })],
  ['student', (user) => ({ isStudent: user.student })],
];

const NEW_PERSON: Omit<PersonFields, 'userID'> = {
  givenName: '',
  familyName: '',
  email: '',
  employeeId: '',
  base: '',
  fleet: '',
  position: '',
  restrictionGroup: '',
  phone: '',
  isStudent: true,
  mfaEnabled: false,
};

function lineOf(problem: string): number {
  return Number(/^line (\d+):/.exec(problem)?.[1] ?? 0);
}

function outsideScope(group: string): string {
  return group === ''
    ? 'a person without a restriction group is outside your scope'
    : `restriction group ${group} is outside your scope`;
}

/** Checks a parsed file against the LMS's people and the caller's scope (reads only). */
async function planImport(db: Db, actor: PeopleActor, csv: string): Promise<ImportPlan> {
  const parsed = parseUserCsv(csv);
  const plan: ImportPlan = { problems: [...parsed.problems], lines: [], creates: [], updates: [] };
  const { lmsKey, restrictionGroups, permissions } = actor.staff;
  const existing = new Map(
    (
      await repo.peopleByLogins(
        db,
        lmsKey,
        parsed.users.map((user) => user.login),
      )
    ).map((row) => [row.userId.toLowerCase(), row]),
  );
  const managesStaff = allows(permissions, 'staff.manage');
  for (const user of parsed.users) {
    const problem = (message: string) => plan.problems.push(`line ${user.line}: ${message}`);
    const row = existing.get(user.login.toLowerCase());
    if (row && !inRestrictionGroups(restrictionGroups, row)) {
      problem(`login ID '${user.login}' belongs to a person outside your scope`);
      continue;
    }
    if (row?.isStaff && !managesStaff) {
      problem(`'${user.login}' is a staff member: only an administrator of staff can change them`);
      continue;
    }
    const before: PersonFields = row ? fieldsOf(row) : { userID: user.login, ...NEW_PERSON };
    const after: PersonFields = { ...before };
    for (const [column, set] of COLUMN_FIELDS) {
      if (parsed.columns.includes(column)) Object.assign(after, set(user));
    }
    const fieldProblems = checkPersonFields(after);
    if (fieldProblems.length > 0) {
      for (const { message } of fieldProblems) problem(message.replace(/\.$/, ''));
      continue;
    }
    if (!inRestrictionGroups(restrictionGroups, after)) {
      problem(outsideScope(after.restrictionGroup));
      continue;
    }
    const displayName = `${after.givenName} ${after.familyName}`;
    if (!row) {
      plan.creates.push(after);
      plan.lines.push({
        line: user.line,
        userID: user.login,
        displayName,
        action: 'create',
        changes: [],
      });
      continue;
    }
    const changed = Object.keys(personChanges(before, after).after) as (keyof PersonFields)[];
    if (changed.length > 0) plan.updates.push({ row, fields: after });
    plan.lines.push({
      line: user.line,
      userID: row.userId,
      displayName,
      action: changed.length > 0 ? 'update' : 'unchanged',
      changes: changed.map((field) => PERSON_FIELD_LABELS[field]),
    });
  }
  plan.problems.sort((a, b) => lineOf(a) - lineOf(b));
  return plan;
}

function resultOf(plan: ImportPlan, imported: boolean): ImportResult {
  const count = (action: ImportLine['action']) =>
    plan.lines.filter((line) => line.action === action).length;
  return {
    problems: plan.problems,
    lines: plan.problems.length > 0 ? [] : plan.lines,
    created: count('create'),
    updated: count('update'),
    unchanged: count('unchanged'),
    imported,
  };
}

/** The preview: every problem, and what each line would do; writes nothing. */
export async function previewImport(
  deps: Pick<PeopleDeps, 'db'>,
  actor: PeopleActor,
  csv: string,
): Promise<ImportResult> {
  return resultOf(await planImport(deps.db, actor, csv), false);
}

const AUDIT_SLICE = 1000;

/**
 * The import: the same checks inside one transaction (the people it updates locked), then every
 * person created or updated, the assignment rules applied to them, and one audit event per person
 * plus a summary. A single problem and nothing is written (400 listing them all).
 */
export async function importPeople(
  deps: PeopleDeps,
  actor: PeopleActor,
  csv: string,
): Promise<ImportResult> {
  const { lmsKey } = actor.staff;
  try {
    const imported = await deps.db.transaction().execute(async (trx) => {
      const plan = await planImport(trx, actor, csv);
      if (plan.problems.length > 0) {
        const count = plan.problems.length === 1 ? '1 problem' : `${plan.problems.length} problems`;
        throw new HttpError(
          400,
          `${count} in the file; nothing was imported:\n${plan.problems.join('\n')}`,
        );
      }
      const now = deps.clock.now();
      const created = await repo.insertPeople(trx, lmsKey, plan.creates.map(columnsOf), now);
      const audit: AuditEntry[] = plan.creates.map((fields) =>
        personEvent(
          lmsKey,
          { userKey: created.get(fields.userID.toLowerCase())!, userId: fields.userID },
          'people.import',
          `Imported ${fields.userID} (created)`,
          undefined,
          fields,
        ),
      );
      const ruleKeys = [...created.values()];
      for (const { row, fields } of plan.updates) {
        const before = fieldsOf(row);
        await repo.updatePerson(trx, row.userKey, columnsOf(fields));
        if (changesRuleFields(before, fields)) ruleKeys.push(row.userKey);
        const changes = personChanges(before, fields);
        audit.push(
          personEvent(
            lmsKey,
            row,
            'people.import',
            `Imported ${row.userId} (updated: ${Object.keys(changes.after).join(', ')})`,
            changes.before,
            changes.after,
          ),
        );
      }
      await applyAssignmentRules(trx, deps, { userKeys: ruleKeys, actor: actor.audit });
      const result = resultOf(plan, true);
      audit.push({
        lmsKey,
        action: 'people.import',
        targetType: 'import',
        targetKey: '',
        summary: `Imported a CSV of people: ${result.created} created, ${result.updated} updated, ${result.unchanged} unchanged`,
        after: { created: result.created, updated: result.updated, unchanged: result.unchanged },
      });
      // In slices: one statement of 10,000 events would pass PostgreSQL's parameter limit.
      for (let at = 0; at < audit.length; at += AUDIT_SLICE) {
        await recordAudit(trx, deps, actor.audit, audit.slice(at, at + AUDIT_SLICE));
      }
      return result;
    });
    // After the commit, every report: one read while the rules' assignments were uncommitted
    // would have been cached without them.
    deps.state.reportCache.invalidate();
    return imported;
  } catch (error) {
    // A login added meanwhile by someone else: the unique index refused it, nothing was written.
    if ((error as { code?: unknown }).code === '23505') {
      throw new HttpError(
        409,
        'Someone added one of these people meanwhile; nothing was imported.',
      );
    }
    throw error;
  }
}
