/**
 * Setting a curriculum's validity rule from the operator CLI (the console sets it with the
 * curriculum's other settings: programme/service.ts). The rule counts the completions recorded
 * after it; a recorded period keeps the rule it was counted by (periods.ts).
 */
import {
  validityRuleOf,
  validityRuleProblem,
  validityRuleText,
  type ValidityRuleKind,
} from '@waypoint/domain/staff';
import type { Db } from '../../db/connection.js';
import { HttpError } from '../../lib/http-error.js';
import { operatorLms } from '../operator/lms-lookup.js';
import * as repo from './repo.js';

export interface CurriculumValidityInput {
  lms: string;
  curriculum: number;
  rule: ValidityRuleKind;
  /** Required by months, easa and faa; none takes 0 (or nothing). */
  months?: number;
}

/** The curriculum's rule set (or read, when unchanged), in words too. */
export async function setCurriculumValidity(deps: { db: Db }, input: CurriculumValidityInput) {
  const lms = await operatorLms(deps.db, input.lms);
  const months = input.months ?? 0;
  const problem = validityRuleProblem(input.rule, months);
  if (problem) throw new HttpError(400, problem);
  const curriculum = await repo.curriculumRuleOf(deps.db, lms.lmsKey, input.curriculum);
  if (!curriculum) {
    throw new HttpError(404, `No curriculum ${input.curriculum} in LMS '${lms.lmsCode}'.`);
  }
  await repo.setCurriculumRule(deps.db, curriculum.curriculumKey, {
    validityRule: input.rule,
    validityMonths: months,
  });
  return {
    lms: lms.lmsCode,
    curriculum: curriculum.curriculumKey,
    name: curriculum.name,
    rule: input.rule,
    months,
    text: validityRuleText(validityRuleOf(input.rule, months)),
  };
}
