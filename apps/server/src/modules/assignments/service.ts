/**
 * Assignments from the staff console (docs/decisions/0021; §4 Expiry and launchability): assign
 * curricula to people in bulk as one action and one transaction, unassign (the student's progress
 * is kept: it hangs on the assignment's key, which a later assign gives back), and the tables of a
 * person's or a curriculum's assignments. Only people within the staff member's scope: anyone else
 * named makes the whole request 404 'No such person.' and nothing is written. Rules are rules.ts.
 */
import { resolveAssignmentTerm, type AssignmentTermInput } from '@waypoint/domain';
import type {
  AssignBody,
  AssigneeQuery,
  AssignmentCriteria,
  AssignResult,
  CurriculumAssignments,
  CurriculumList,
  MatchingPeople,
  PersonAssignments,
  UnassignBody,
  UnassignResult,
} from '@waypoint/domain/console-contract';
import type { Db } from '../../db/connection.js';
import type { Clock } from '../../lib/clock.js';
import { HttpError } from '../../lib/http-error.js';
import type { ReportCache } from '../progress/report-cache.js';
import { eventActorOf, withEventActor } from '../records/actor.js';
import { recordAudit, type AuditActor, type AuditEntry } from '../staff/audit.js';
import { NO_SUCH_PERSON_MESSAGE } from '../staff/scope.js';
import type { StaffContext } from '../staff/service.js';
import {
  auditSummaryDay,
  presentAssignment,
  presentCurriculum,
  presentPerson,
} from './presenter.js';
import * as repo from './repo.js';

/** What assignments need: the database, time, and the instance's report cache. */
export interface AssignmentDeps {
  db: Db;
  clock: Clock;
  state: { reportCache: Pick<ReportCache, 'invalidate'> };
}

/** Who is acting: their LMS and scope, and how the audit log names them. */
export interface AssignmentActor {
  staff: Pick<StaffContext, 'lmsKey' | 'restrictionGroups' | 'userKey'>;
  audit: AuditActor;
}

export const NO_SUCH_CURRICULUM_MESSAGE = 'No such curriculum.';

const badInput = (message: string) => new HttpError(400, message);

/** The curricula of the staff member's LMS among these keys; any other key: 404, nothing done. */
export async function requireCurricula(
  db: repo.Executor,
  lmsKey: number,
  curriculumKeys: number[],
) {
  const curricula = await repo.findCurricula(db, lmsKey, curriculumKeys);
  if (curricula.length !== new Set(curriculumKeys).size) {
    throw new HttpError(404, NO_SUCH_CURRICULUM_MESSAGE);
  }
  return curricula;
}

/**
 * Each curriculum's term: the start and duration or due day asked for, else the curriculum's
 * default (the programme's settings), else the spec's ('Open'). Refuses bad dates with 400.
 */
export function termsOf(
  input: AssignmentTermInput,
  curricula: Awaited<ReturnType<typeof repo.findCurricula>>,
  now: Date,
): repo.WantedTerm[] {
  return curricula.map((curriculum) => {
    const result = resolveAssignmentTerm(input, now.getTime(), {
      durationMs:
        curriculum.defaultDurationMs === null ? null : Number(curriculum.defaultDurationMs),
      dueDate: curriculum.defaultDueDate,
    });
    if ('problem' in result) {
      throw badInput(result.fromDefault ? `${curriculum.name}: ${result.problem}` : result.problem);
    }
    return {
      curriculumKey: curriculum.curriculumKey,
      startDate: new Date(result.term.startMs),
      durationMs: result.term.durationMs,
    };
  });
}

const ACTIONS = {
  assigned: ['assignments.assign', 'Assigned'],
  reassigned: ['assignments.reassign', 'Reassigned'],
  changed: ['assignments.change', 'Changed the dates of'],
} as const;

/** One audit event per assignment a bulk statement changed: who, curriculum, person, dates. */
export function changeEvents(
  lmsKey: number,
  changes: repo.AssignmentChange[],
  now: Date,
): AuditEntry[] {
  return changes.map((change) => {
    const [action, verb] = ACTIONS[change.kind];
    const due = auditSummaryDay(change.startDate.getTime() + change.durationMs, now.getTime());
    const byRule = change.ruleKey === null ? '' : ` (rule ${change.ruleKey})`;
    return {
      lmsKey,
      action,
      targetType: 'assignment',
      targetKey: change.assignmentKey,
      summary: `${verb} '${change.curriculumName}' ${change.kind === 'changed' ? 'for' : 'to'} ${change.userId}, due ${due}${byRule}`,
      before:
        change.beforeStart === null
          ? undefined
          : {
              userKey: change.userKey,
              curriculumKey: change.curriculumKey,
              startDate: change.beforeStart.toISOString(),
              dueDate: new Date(
                change.beforeStart.getTime() + (change.beforeDurationMs ?? 0),
              ).toISOString(),
              removedAt: change.beforeRemovedAt?.toISOString() ?? null,
            },
      after: {
        userKey: change.userKey,
        curriculumKey: change.curriculumKey,
        startDate: change.startDate.toISOString(),
        dueDate: new Date(change.startDate.getTime() + change.durationMs).toISOString(),
        ruleKey: change.ruleKey,
      },
    };
  });
}

/** Counts of what a bulk statement did, for the answer. */
export function resultOf(
  changes: repo.AssignmentChange[],
  pairs: number,
  people: number,
  curricula: number,
): AssignResult {
  const count = (kind: repo.AssignmentChange['kind']) =>
    changes.filter((change) => change.kind === kind).length;
  return {
    assigned: count('assigned'),
    reassigned: count('reassigned'),
    changed: count('changed'),
    unchanged: pairs - changes.length,
    people,
    curricula,
  };
}

/** Drops the cached reports of everyone a change touched (the data versions tell other instances). */
export function invalidateReports(
  deps: Pick<AssignmentDeps, 'state'>,
  userKeys: Iterable<number>,
): void {
  for (const userKey of new Set(userKeys)) deps.state.reportCache.invalidate(userKey);
}

/**
 * Assigns curricula to people as one action: one transaction, one statement for every pair, one
 * audit event per assignment made, given back or changed, and one for the action.
 */
export async function assignCurricula(
  deps: AssignmentDeps,
  actor: AssignmentActor,
  body: AssignBody,
): Promise<AssignResult> {
  const now = deps.clock.now();
  const { lmsKey } = actor.staff;
  const { result, changes } = await deps.db.transaction().execute(async (trx) => {
    await withEventActor(trx, eventActorOf(actor.audit));
    const curricula = await requireCurricula(trx, lmsKey, body.curriculumKeys);
    const terms = termsOf(body, curricula, now);
    const people = await repo.lockPeopleInScope(trx, actor.staff, body.userKeys);
    if (people.length !== body.userKeys.length) throw new HttpError(404, NO_SUCH_PERSON_MESSAGE);
    const changes = await repo.assignAll(trx, { userKeys: body.userKeys, terms, now });
    const result = resultOf(
      changes,
      people.length * curricula.length,
      people.length,
      curricula.length,
    );
    await recordAudit(trx, deps, actor.audit, [
      ...changeEvents(lmsKey, changes, now),
      {
        lmsKey,
        action: 'assignments.bulk-assign',
        targetType: 'curriculum',
        targetKey: body.curriculumKeys.join(','),
        summary: `Assigned ${curricula.map((c) => `'${c.name}'`).join(', ')} to ${people.length} ${people.length === 1 ? 'person' : 'people'}: ${result.assigned} new, ${result.reassigned} given back, ${result.changed} with new dates, ${result.unchanged} unchanged`,
        after: {
          curriculumKeys: body.curriculumKeys,
          userKeys: body.userKeys,
          startDate: body.startDate ?? null,
          durationDays: body.durationDays ?? null,
          dueDate: body.dueDate ?? null,
          ...result,
        },
      },
    ]);
    return { result, changes };
  });
  invalidateReports(
    deps,
    changes.map((change) => change.userKey),
  );
  return result;
}

/** Unassigns curricula from people: removed_at is set, the progress stays for a later assign. */
export async function unassignCurricula(
  deps: AssignmentDeps,
  actor: AssignmentActor,
  body: UnassignBody,
): Promise<UnassignResult> {
  const now = deps.clock.now();
  const { lmsKey } = actor.staff;
  const removed = await deps.db.transaction().execute(async (trx) => {
    await withEventActor(trx, eventActorOf(actor.audit));
    const curricula = await requireCurricula(trx, lmsKey, body.curriculumKeys);
    const people = await repo.lockPeopleInScope(trx, actor.staff, body.userKeys);
    if (people.length !== body.userKeys.length) throw new HttpError(404, NO_SUCH_PERSON_MESSAGE);
    const removed = await repo.removeAll(trx, {
      userKeys: body.userKeys,
      curriculumKeys: body.curriculumKeys,
      now,
    });
    const entries: AuditEntry[] = removed.map((row) => ({
      lmsKey,
      action: 'assignments.unassign',
      targetType: 'assignment',
      targetKey: row.assignmentKey,
      summary: `Unassigned '${row.curriculumName}' from ${row.userId} (progress kept)`,
      before: {
        userKey: row.userKey,
        curriculumKey: row.curriculumKey,
        startDate: row.startDate.toISOString(),
        dueDate: new Date(row.startDate.getTime() + row.durationMs).toISOString(),
      },
      after: { removedAt: now.toISOString() },
    }));
    if (people.length * curricula.length > 1) {
      entries.push({
        lmsKey,
        action: 'assignments.bulk-unassign',
        targetType: 'curriculum',
        targetKey: body.curriculumKeys.join(','),
        summary: `Unassigned ${curricula.map((c) => `'${c.name}'`).join(', ')} from ${people.length} ${people.length === 1 ? 'person' : 'people'}: ${removed.length} removed`,
        after: {
          curriculumKeys: body.curriculumKeys,
          userKeys: body.userKeys,
          unassigned: removed.length,
        },
      });
    }
    await recordAudit(trx, deps, actor.audit, entries);
    return removed;
  });
  invalidateReports(
    deps,
    removed.map((row) => row.userKey),
  );
  return {
    unassigned: removed.length,
    notAssigned: body.userKeys.length * body.curriculumKeys.length - removed.length,
  };
}

/** A person's held assignments (404 when not within scope). */
export async function assignmentsOfPerson(
  deps: Pick<AssignmentDeps, 'db' | 'clock'>,
  staff: AssignmentActor['staff'],
  userKey: number,
): Promise<PersonAssignments> {
  const person = await repo.findPersonInScope(deps.db, staff, userKey);
  if (!person) throw new HttpError(404, NO_SUCH_PERSON_MESSAGE);
  const rows = await repo.assignmentsOfPerson(deps.db, userKey);
  const now = deps.clock.now().getTime();
  return {
    person: presentPerson(person),
    assignments: rows.map((row) => presentAssignment(row, now)),
  };
}

/** A curriculum's held assignments to people within scope (404 when not of this LMS). */
export async function assignmentsOfCurriculum(
  deps: Pick<AssignmentDeps, 'db' | 'clock'>,
  staff: AssignmentActor['staff'],
  curriculumKey: number,
): Promise<CurriculumAssignments> {
  const [curriculum] = await repo.curriculaWithCounts(deps.db, staff, [curriculumKey]);
  if (!curriculum) throw new HttpError(404, NO_SUCH_CURRICULUM_MESSAGE);
  const rows = await repo.assignmentsOfCurriculum(deps.db, staff, curriculumKey);
  const now = deps.clock.now().getTime();
  return {
    curriculum: presentCurriculum(curriculum),
    assignments: rows.map((row) => presentAssignment(row, now)),
  };
}

/** The curricula of the LMS, with how many people within scope hold each. */
export async function assignableCurricula(
  deps: Pick<AssignmentDeps, 'db'>,
  staff: AssignmentActor['staff'],
): Promise<CurriculumList> {
  const rows = await repo.curriculaWithCounts(deps.db, staff);
  return { curricula: rows.map(presentCurriculum) };
}

/** The students within scope matching a search and criteria: the picker and the rule's live count. */
export async function matchingPeople(
  deps: Pick<AssignmentDeps, 'db'>,
  staff: AssignmentActor['staff'],
  query: AssigneeQuery,
): Promise<MatchingPeople> {
  const { total, people } = await repo.matchingStudents(deps.db, staff, {
    ...query,
    limit: query.limit ?? 50,
  });
  return { total, people: people.map(presentPerson) };
}

/** The values a rule can match among the students within scope. */
export function assignmentCriteria(
  deps: Pick<AssignmentDeps, 'db'>,
  staff: AssignmentActor['staff'],
): Promise<AssignmentCriteria> {
  return repo.criteriaValues(deps.db, staff);
}
