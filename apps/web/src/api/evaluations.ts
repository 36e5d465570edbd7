/**
 * The evaluation calls: the open evaluations (§7 student_evaluations; the completion report uses
 * type 'report'), the form behind an OPEN link, and its submission.
 */
import { evaluationCalls, type EvaluationSubmission } from '@waypoint/domain/contract';
import { send } from './client';
import { SERVICE_BASE } from './paths';

export type {
  EvaluationAnswer,
  EvaluationForm,
  EvaluationItem,
  EvaluationQuestion,
} from '@waypoint/domain/contract';

/** GET /api/evaluation/student_evaluations/{lmsKey}/{userKey}/{type}. */
export const getStudentEvaluations = (lmsKey: number, userKey: number, type = 'report') =>
  send(evaluationCalls.list, [lmsKey, userKey, type]);

/** GET /api/evaluation/{lmsKey}/{userKey}/{evaluationKey}. */
export const getEvaluationForm = (lmsKey: number, userKey: number, evaluationKey: number) =>
  send(evaluationCalls.form, [lmsKey, userKey, evaluationKey]);

/** POST /api/evaluation/{lmsKey}/{userKey}/{evaluationKey}. */
export const submitEvaluation = (
  lmsKey: number,
  userKey: number,
  evaluationKey: number,
  body: EvaluationSubmission,
) => send(evaluationCalls.submit, [lmsKey, userKey, evaluationKey], { body });

/** An evaluation item's link: "service base address plus a half-link" (§3). */
export const evaluationLink = (halfLink: string) => `${SERVICE_BASE}${halfLink}`;
