/**
 * A staff correction of a lesson's result (the issue's "a staff correction with its mandatory
 * reason and the original kept"; migration 0027): one transaction inserts the correction as the
 * lesson's next attempt (source 'correction', who, why, and which attempt it corrects), makes its
 * result the lesson's current one in lesson_progress, and records the audit event with before and
 * after (the training event 'record.corrected' is appended by migration 0028's trigger on the
 * new row). No other attempt is touched: the one corrected stays as it was recorded.
 */
import { CORRECTION_RESULTS, correctionProblem, formatScorePercent } from '@waypoint/domain';
import type { CorrectionBody, LessonAttempts } from '@waypoint/domain/console-contract';
import type { Db } from '../../db/connection.js';
import { HttpError } from '../../lib/http-error.js';
import type { ReportCache } from '../progress/report-cache.js';
import { lockForChange, type PeopleActor } from '../people/service.js';
import { eventActorOf, withEventActor } from '../records/actor.js';
import { recordAudit } from '../staff/audit.js';
import { presentAttempt } from './presenter.js';
import * as repo from './repo.js';

export const NO_SUCH_LESSON_MESSAGE = 'No such lesson in this assignment.';

/** What a correction needs: the database, time and the report cache to drop the student's report. */
export interface CorrectionDeps {
  db: Db;
  clock: { now(): Date };
  state: { reportCache: Pick<ReportCache, 'invalidate'> };
}

/** The result as the audit log keeps it before and after. */
const resultOf = (row: {
  completion: number;
  credit: number;
  score: number;
  completionInstant: Date | null;
}) => ({
  completion: row.completion,
  credit: row.credit,
  score: row.score,
  completionInstant: row.completionInstant?.toISOString() ?? null,
});

/**
 * POST /api/console/people/{userKey}/corrections: corrects one lesson of one of the person's
 * assignments. 400 'A correction needs a reason.' (or the score's message) and nothing changed for
 * bad input; 404 'No such person.' outside the caller's scope; 404 for a lesson not in the
 * assignment's curriculum. Answers the lesson's attempts, the correction last.
 */
export async function correctResult(
  deps: CorrectionDeps,
  actor: PeopleActor,
  userKey: number,
  body: CorrectionBody,
): Promise<LessonAttempts> {
  const problem = correctionProblem({ reason: body.reason, scorePercent: body.scorePercent });
  if (problem) throw new HttpError(400, problem);
  const reason = body.reason.trim();
  const { completion, credit, label } = CORRECTION_RESULTS[body.result];
  // lesson_attempt and lesson_progress keep a fraction of the maximum (progress-columns.ts).
  const score =
    body.scorePercent === undefined || body.scorePercent === null
      ? null
      : Math.round(body.scorePercent * 100) / 10_000;
  const { assignmentKey, lessonKey } = body;
  const at = deps.clock.now();

  await deps.db.transaction().execute(async (trx) => {
    // The person's row lock orders concurrent corrections of theirs (the next number is read below).
    const person = await lockForChange(trx, actor, userKey);
    // The training event the correction's row appends ('record.corrected', migration 0028) names
    // the staff member (docs/decisions/0023 "Training events").
    await withEventActor(trx, eventActorOf(actor.audit));
    const found = await repo.lockLessonOfAssignment(trx, userKey, assignmentKey, lessonKey);
    if (!found) throw new HttpError(404, NO_SUCH_LESSON_MESSAGE);
    const latest = await repo.latestAttemptNumber(trx, assignmentKey, lessonKey);
    const number = Math.max(latest, found.progress?.attempts ?? 0) + 1;
    const before = found.progress
      ? resultOf({ ...found.progress, score: Number(found.progress.score) })
      : resultOf({ completion: 0, credit: 0, score: 0, completionInstant: null });
    const completionInstant = completion >= 1 ? (found.progress?.completionInstant ?? at) : null;
    await repo.insertCorrection(trx, {
      assignmentKey,
      lessonKey,
      userKey,
      number,
      at,
      completion,
      credit,
      score,
      baseTotalTimeMs: Number(found.progress?.totalTimeMs ?? 0),
      flaggedOffline: false,
      recordedBy: actor.staff.userKey,
      reason,
      corrects: latest > 0 ? latest : null,
    });
    const after = { completion, credit, score: score ?? 0, completionInstant };
    await repo.upsertCorrectedProgress(trx, {
      assignmentKey,
      lessonKey,
      userKey,
      attempts: number,
      ...after,
      at,
    });
    const scoreText = formatScorePercent(score ?? 0, found.lesson.playMode);
    await recordAudit(trx, deps, actor.audit, [
      {
        lmsKey: actor.staff.lmsKey,
        action: 'records.correct',
        targetType: 'lesson_progress',
        targetKey: `${assignmentKey}:${lessonKey}`,
        summary:
          `Corrected ${person.userId}'s result of ${found.lesson.name} to ${label}` +
          `${scoreText === '-' ? '' : ` (${scoreText})`}: ${reason}`,
        before: { ...before, attempt: latest },
        after: { ...resultOf(after), attempt: number, reason, corrects: latest },
      },
    ]);
  });
  // The student's report is built again on its next read (docs/decisions/0006).
  deps.state.reportCache.invalidate(userKey);
  const rows = await repo.selectLessonAttempts(deps.db, userKey, assignmentKey, lessonKey);
  return { assignmentKey, lessonKey, attempts: rows.map(presentAttempt) };
}
