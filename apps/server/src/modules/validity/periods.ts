/**
 * Qualification periods (docs/decisions/0022 "Validity rules"): what each completion of an
 * assignment is worth, by its curriculum's rule, worked out by the domain's one validity rule
 * (qualificationPeriod) from the previous period (EASA's early renewal and FAA's due month read
 * it) and recorded once with the rule it was counted by. A later change of the curriculum's rule
 * counts the completions after it; a record already made is never rewritten.
 */
import {
  qualificationPeriod,
  validityRuleOf,
  type QualificationPeriod,
  type ValidityRule,
} from '@waypoint/domain/staff';
import type { Db } from '../../db/connection.js';
import * as repo from './repo.js';

/** A curriculum's completion as the roll-up found it. */
export interface Completion {
  assignmentKey: number;
  curriculumKey: number;
  completedAt: Date;
}

const ruleOfRow = (row: {
  validityRule: repo.CurriculumRuleRow['validityRule'];
  validityMonths: number;
}) => validityRuleOf(row.validityRule, row.validityMonths);

/**
 * Records a period for each completion later than its assignment's latest period (a completion
 * already recorded, or an earlier one, adds nothing).
 */
export async function recordPeriods(db: Db, completions: Completion[], now: Date): Promise<number> {
  if (completions.length === 0) return 0;
  const [rules, latest] = await Promise.all([
    repo.curriculumRules(db, [...new Set(completions.map((c) => c.curriculumKey))]),
    repo.latestPeriods(
      db,
      completions.map((c) => c.assignmentKey),
    ),
  ]);
  const ruleOf = new Map(rules.map((row) => [row.curriculumKey, ruleOfRow(row)]));
  const latestOf = new Map(latest.map((row) => [row.assignmentKey, row]));
  const rows: repo.PeriodRow[] = [];
  for (const completion of completions) {
    const previous = latestOf.get(completion.assignmentKey);
    if (previous && completion.completedAt.getTime() <= previous.completedAt.getTime()) continue;
    const rule: ValidityRule = ruleOf.get(completion.curriculumKey) ?? { kind: 'none' };
    const period = qualificationPeriod(rule, completion.completedAt, previous ?? null);
    rows.push({
      assignmentKey: completion.assignmentKey,
      number: (previous?.number ?? 0) + 1,
      completedAt: completion.completedAt,
      ...period,
      validityRule: rule.kind,
      validityMonths: rule.kind === 'none' ? 0 : rule.months,
      recordedAt: now,
    });
  }
  await repo.appendPeriods(db, rows);
  return rows.length;
}

/**
 * What a completion of an assignment is worth (a certificate's expiry): the period recorded for
 * it when there is one, else worked out now from the curriculum's rule and the period before it.
 */
export async function periodOfCompletion(
  db: Db,
  lmsKey: number,
  completion: Completion,
): Promise<QualificationPeriod> {
  const [curriculum, periods] = await Promise.all([
    repo.curriculumRuleOf(db, lmsKey, completion.curriculumKey),
    repo.periodsOf(db, completion.assignmentKey),
  ]);
  const at = completion.completedAt.getTime();
  const recorded = periods.find((p) => p.completedAt.getTime() === at);
  if (recorded) {
    const { validUntil, recurrentDueAt, windowOpensAt } = recorded;
    return { validUntil, recurrentDueAt, windowOpensAt };
  }
  const previous = periods.filter((p) => p.completedAt.getTime() < at).at(-1) ?? null;
  const rule = curriculum ? ruleOfRow(curriculum) : { kind: 'none' as const };
  return qualificationPeriod(rule, completion.completedAt, previous);
}
