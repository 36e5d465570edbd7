/**
 * Assignment rules (docs/decisions/0021): a curriculum for every student matching a base, fleet,
 * position and restriction group (any left out matches any value). Made, a rule assigns everyone
 * who matches at once; later, applyAssignmentRules assigns it to people who join or change (the
 * operator's add-user and import-users, the console's people create and edit call it). A scoped
 * staff member's rule keeps their restriction groups and never reaches past them. Ending a rule
 * unassigns nothing. What someone holds already is left as it is, and an assignment unassigned
 * while a rule is in force is not brought back by it.
 */
import { DEFAULT_CURRICULUM_DURATION_MS, resolveAssignmentTerm } from '@waypoint/domain';
import type {
  AssignmentRule,
  AssignmentRulesQuery,
  RuleBody,
  RuleCreated,
} from '@waypoint/domain/console-contract';
import { HttpError } from '../../lib/http-error.js';
import { eventActorOf, withEventActor } from '../records/actor.js';
import { operatorActor, recordAudit, type AuditActor, type AuditEntry } from '../staff/audit.js';
import { presentRule } from './presenter.js';
import * as repo from './repo.js';
import {
  changeEvents,
  invalidateReports,
  requireCurricula,
  resultOf,
  type AssignmentActor,
  type AssignmentDeps,
} from './service.js';

export const NO_SUCH_RULE_MESSAGE = 'No such rule.';

const present = (row: repo.RuleRow) =>
  presentRule(row, { openDurationMs: DEFAULT_CURRICULUM_DURATION_MS });

/** What a rule matches, in words: "base MAN, fleet A320" or "every student". */
function criteriaText(criteria: repo.Criteria): string {
  const parts = (['base', 'fleet', 'position', 'restrictionGroup'] as const)
    .filter((name) => criteria[name])
    .map((name) => `${name === 'restrictionGroup' ? 'restriction group' : name} ${criteria[name]}`);
  return parts.length > 0 ? parts.join(', ') : 'every student';
}

/** Makes a rule and assigns its curriculum to everyone who matches now, in one transaction. */
export async function createRule(
  deps: AssignmentDeps,
  actor: AssignmentActor,
  body: RuleBody,
): Promise<RuleCreated> {
  const now = deps.clock.now();
  const { lmsKey, restrictionGroups } = actor.staff;
  const criteria: repo.Criteria = {
    base: body.base?.trim() || null,
    fleet: body.fleet?.trim() || null,
    position: body.position?.trim() || null,
    restrictionGroup: body.restrictionGroup?.trim() || null,
  };
  if (
    criteria.restrictionGroup &&
    restrictionGroups.length > 0 &&
    !restrictionGroups.includes(criteria.restrictionGroup)
  ) {
    throw new HttpError(
      400,
      `Restriction group '${criteria.restrictionGroup}' is outside your scope (${restrictionGroups.join(', ')}).`,
    );
  }
  const { ruleKey, changes, matched } = await deps.db.transaction().execute(async (trx) => {
    await withEventActor(trx, eventActorOf(actor.audit));
    const [curriculum] = await requireCurricula(trx, lmsKey, [body.curriculumKey]);
    const resolved = resolveAssignmentTerm(body, now.getTime(), {
      durationMs:
        curriculum!.defaultDurationMs === null ? null : Number(curriculum!.defaultDurationMs),
      dueDate: curriculum!.defaultDueDate,
    });
    if ('problem' in resolved) throw new HttpError(400, resolved.problem);
    const { term } = resolved;
    // A due date is one day for everyone: the start is then fixed too, so that each person's
    // duration is the same span. With a duration, a person who joins later gets all of it.
    const fixedStart = term.dueMs !== null || term.startGiven;
    const ruleKey = await repo.insertRule(trx, {
      lmsKey,
      curriculumKey: body.curriculumKey,
      ...criteria,
      startDate: fixedStart ? new Date(term.startMs) : null,
      durationMs: term.dueMs === null ? term.durationMs : null,
      dueDate: term.dueMs === null ? null : new Date(term.dueMs),
      scopeGroups: restrictionGroups,
      createdBy: actor.staff.userKey,
      now,
    });
    const matched = await repo.lockRuleMatches(trx, { lmsKey, ruleKey });
    const changes = await repo.assignByRules(trx, { lmsKey, ruleKey, now });
    const [rule] = await repo.listRules(trx, actor.staff, { ended: false, ruleKey });
    await recordAudit(trx, deps, actor.audit, [
      ...changeEvents(lmsKey, changes, now),
      {
        lmsKey,
        action: 'assignments.rule.create',
        targetType: 'assignment-rule',
        targetKey: ruleKey,
        summary: `Rule: '${curriculum!.name}' for ${criteriaText(criteria)}${restrictionGroups.length ? ` (within ${restrictionGroups.join(', ')})` : ''}; assigned ${changes.length} of ${matched} matching now`,
        after: present(rule!),
      },
    ]);
    return { ruleKey, changes, matched };
  });
  invalidateReports(
    deps,
    changes.map((change) => change.userKey),
  );
  const [rule] = await repo.listRules(deps.db, actor.staff, { ended: false, ruleKey });
  return { rule: present(rule!), result: resultOf(changes, matched, matched, 1) };
}

/** The rules the staff member sees (active, or ended). */
export async function listRules(
  deps: Pick<AssignmentDeps, 'db'>,
  staff: AssignmentActor['staff'],
  query: AssignmentRulesQuery,
): Promise<{ rules: AssignmentRule[] }> {
  const rows = await repo.listRules(deps.db, staff, { ended: query.ended ?? false });
  return { rules: rows.map(present) };
}

/** Ends a rule: it assigns no one from now on; what it assigned stays assigned. */
export async function endRule(
  deps: AssignmentDeps,
  actor: AssignmentActor,
  ruleKey: number,
): Promise<AssignmentRule> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const [rule] = await repo.listRules(trx, actor.staff, { ended: false, ruleKey });
    if (!rule) {
      const [ended] = await repo.listRules(trx, actor.staff, { ended: true, ruleKey });
      if (ended) throw new HttpError(400, 'This rule has ended already.');
      throw new HttpError(404, NO_SUCH_RULE_MESSAGE);
    }
    if (!(await repo.endRule(trx, ruleKey, now))) {
      throw new HttpError(400, 'This rule has ended already.');
    }
    const before = present(rule);
    const after = { ...before, endedAt: now.getTime() };
    await recordAudit(trx, deps, actor.audit, [
      {
        lmsKey: actor.staff.lmsKey,
        action: 'assignments.rule.end',
        targetType: 'assignment-rule',
        targetKey: ruleKey,
        summary: `Ended the rule '${rule.curriculumName}' for ${criteriaText(rule)} (its ${rule.assignedCount} assignments stay)`,
        before,
        after,
      },
    ]);
    return after;
  });
}

/**
 * Assigns the active rules to these people, as they are now (added, imported, or edited: a new
 * base, fleet, position or restriction group). Pass the transaction that made the change, so the
 * person and their rule assignments land together; given the database, it opens its own. The audit
 * names `actor` (default: the operator). Returns how many assignments were made or given back.
 */
export async function applyAssignmentRules(
  db: repo.Executor,
  deps: Pick<AssignmentDeps, 'clock' | 'state'>,
  input: { userKeys: readonly number[]; actor?: AuditActor },
): Promise<number> {
  if (input.userKeys.length === 0) return 0;
  const userKeys = [...new Set(input.userKeys)];
  const now = deps.clock.now();
  const apply = async (trx: repo.Executor) => {
    await repo.lockRuleMatches(trx, { userKeys });
    const changes = await repo.assignByRules(trx, { userKeys, now });
    const byLms = new Map<number, repo.AssignmentChange[]>();
    for (const change of changes) {
      byLms.set(change.lmsKey, [...(byLms.get(change.lmsKey) ?? []), change]);
    }
    const entries: AuditEntry[] = [];
    for (const [lmsKey, own] of byLms) {
      entries.push(...changeEvents(lmsKey, own, now));
      if (own.length > 1) {
        entries.push({
          lmsKey,
          action: 'assignments.rule.apply',
          targetType: 'user',
          targetKey: [...new Set(own.map((change) => change.userKey))].join(','),
          summary: `Assignment rules assigned ${own.length} curricula to ${new Set(own.map((c) => c.userKey)).size} new or changed people`,
        });
      }
    }
    await recordAudit(trx, deps, input.actor ?? operatorActor(), entries);
    return changes;
  };
  const changes = db.isTransaction ? await apply(db) : await db.transaction().execute(apply);
  invalidateReports(
    deps,
    changes.map((change) => change.userKey),
  );
  return changes.length;
}
