import {
  answersToStore,
  checkEvaluationAnswers,
  isCompletionComplete,
  type ProgressElement,
} from '@waypoint/domain';
import type {
  EvaluationAnswer,
  EvaluationForm,
  EvaluationItem,
  EvaluationQuestion,
  MessageBody,
} from '@waypoint/domain/contract';
import type { Db } from '../../db/connection.js';
import type { Clock } from '../../lib/clock.js';
import { HttpError } from '../../lib/http-error.js';
import { buildProgressReport, type ReportDeps } from '../progress/service.js';
import * as repo from './repo.js';

/** A student of an LMS (keys checked against the session by the route's guard). */
export interface EvaluationUser {
  lmsKey: number;
  userKey: number;
}

/** The evaluations the Completion Report lists (§7: "completion report uses type report"). */
export const REPORT_TYPE = 'report';

export const MESSAGES = {
  notFound: 'There is no such evaluation.',
  notYours: 'This evaluation belongs to another student.',
  elsewhere: 'This evaluation is answered on another site: open it from its link.',
  submitted: 'You have already submitted this evaluation.',
  thanks: 'Thank you: your evaluation has been submitted.',
} as const;

/** The panel's address of an evaluation form, below the service base (the §3 half-link). */
export const halfLinkOf = (evaluationKey: number) => `/evaluation/${evaluationKey}`;

/**
 * Makes due the evaluations attached to what the student has completed (a curriculum, or a course
 * of it): one per attachment and assignment, dated by the completion. Runs the progress report's
 * fixed queries, one for the attachments and at most one insert.
 */
export async function makeEvaluationsDue(
  deps: ReportDeps & { clock: Clock },
  user: EvaluationUser,
) {
  const now = deps.clock.now();
  const report = await buildProgressReport(deps, user, now.getTime(), {
    showExpired: true,
    withFlaggedAssignments: false,
    showEmptyLeafs: true,
  });
  if (!report || report.progressReport.length === 0) return;
  const curricula = report.progressReport;
  const attachments = await repo.selectAttachments(deps.db, [
    ...new Set(curricula.map((curriculum) => curriculum.elementKey)),
  ]);
  const due: Parameters<typeof repo.insertDueEvaluations>[1] = [];
  for (const attachment of attachments) {
    if (attachment.lmsKey !== user.lmsKey) continue;
    for (const curriculum of curricula) {
      if (curriculum.elementKey !== attachment.curriculumKey) continue;
      const target: ProgressElement | undefined =
        attachment.courseKey === null
          ? curriculum
          : curriculum.elementChildren.find((course) => course.elementKey === attachment.courseKey);
      if (!target || !isCompletionComplete(target.elementCompletion)) continue;
      due.push({
        lmsKey: user.lmsKey,
        userKey: user.userKey,
        evaluationType: REPORT_TYPE,
        name: `${attachment.name}: ${target.elementName}`,
        attachmentKey: attachment.attachmentKey,
        assignmentKey: curriculum.elementAssignmentKey,
        dueAt:
          target.elementCompletionInstant > 0 ? new Date(target.elementCompletionInstant) : now,
      });
    }
  }
  await repo.insertDueEvaluations(deps.db, due);
}

/**
 * GET /api/evaluation/student_evaluations/{lmsKey}/{userKey}/{type} (§7): the student's open
 * evaluations of the type, each a name and a half-link (§3). Reading the report's list first makes
 * due what the student has newly completed.
 */
export async function listStudentEvaluations(
  deps: ReportDeps & { clock: Clock },
  user: EvaluationUser,
  type: string,
): Promise<EvaluationItem[]> {
  if (type === REPORT_TYPE) await makeEvaluationsDue(deps, user);
  const rows = await repo.selectOpenEvaluations(deps.db, user.lmsKey, user.userKey, type);
  return rows.map((row) => ({
    name: row.name,
    halfLink: row.halfLink || halfLinkOf(row.evaluationKey),
  }));
}

/** The student's own evaluation made from a definition, or the refusal that says why not. */
async function ownEvaluation(db: Db, user: EvaluationUser, evaluationKey: number, lock = false) {
  const row = await repo.selectEvaluation(db, evaluationKey, lock);
  if (!row || row.lmsKey !== user.lmsKey) throw new HttpError(404, MESSAGES.notFound);
  if (row.userKey !== user.userKey) throw new HttpError(403, MESSAGES.notYours);
  if (row.definitionKey === null || row.attachmentKey === null) {
    throw new HttpError(404, MESSAGES.elsewhere);
  }
  return {
    ...row,
    definitionKey: row.definitionKey,
    attachmentKey: row.attachmentKey,
    questions: row.questions as EvaluationQuestion[],
  };
}

/** GET /api/evaluation/{lmsKey}/{userKey}/{evaluationKey}: the form behind an OPEN link. */
export async function getEvaluationForm(
  deps: { db: Db },
  user: EvaluationUser,
  evaluationKey: number,
): Promise<EvaluationForm> {
  const row = await ownEvaluation(deps.db, user, evaluationKey);
  return {
    evaluationKey: row.evaluationKey,
    name: row.definitionName ?? row.name,
    description: row.description ?? '',
    anonymous: row.anonymous ?? false,
    targetName: row.courseName ?? row.curriculumName ?? '',
    questions: row.questions,
    submittedInstant: row.submittedAt ? row.submittedAt.getTime() : 0,
  };
}

/** The start of a UTC day: an anonymous answer keeps only its day, not the moment. */
const dayOf = (date: Date) =>
  new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));

/**
 * POST /api/evaluation/{lmsKey}/{userKey}/{evaluationKey}: stores the answers once, in one
 * transaction with the row locked, so a double click or a second tab cannot submit twice. Missing
 * required answers, out-of-range ratings, choices not offered: 400 naming each, nothing stored.
 */
export async function submitEvaluation(
  deps: { db: Db; clock: Clock },
  user: EvaluationUser,
  evaluationKey: number,
  answers: Record<string, EvaluationAnswer>,
): Promise<MessageBody> {
  return deps.db.transaction().execute(async (trx) => {
    const row = await ownEvaluation(trx, user, evaluationKey, true);
    if (row.submittedAt) throw new HttpError(409, MESSAGES.submitted);
    const problems = checkEvaluationAnswers(row.questions, answers);
    if (problems.length > 0) {
      const textOf = (id: string) => row.questions.find((q) => q.id === id)?.text ?? id;
      throw new HttpError(
        400,
        `Your evaluation was not submitted. ${problems
          .map((problem) => `'${textOf(problem.questionId)}': ${problem.message}`)
          .join(' ')}`,
      );
    }
    const now = deps.clock.now();
    await repo.insertResponse(trx, {
      definitionKey: row.definitionKey,
      attachmentKey: row.attachmentKey,
      userKey: row.anonymous ? null : user.userKey,
      answers: answersToStore(row.questions, answers),
      submittedAt: row.anonymous ? dayOf(now) : now,
    });
    await repo.markSubmitted(trx, evaluationKey, now);
    return { statusCode: 200, message: MESSAGES.thanks };
  });
}
