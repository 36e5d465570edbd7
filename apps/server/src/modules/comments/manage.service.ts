import { HttpError } from '../../lib/http-error.js';
import type { OperatorDeps } from '../operator/area-command.js';
import * as repo from './repo.js';
import { operatorLms } from '../operator/lms-lookup.js';

/** The operator's side of comments: list a lesson's comments, delete one (with its replies). */

const lmsOf = (deps: OperatorDeps, code: string) => operatorLms(deps.db, code);

/** comments-list: every comment on a lesson (its course and SCO, every place), oldest first. */
export async function listLessonComments(
  deps: OperatorDeps,
  input: { lms: string; lesson: number },
) {
  const lms = await lmsOf(deps, input.lms);
  const lesson = await repo.findLesson(deps.db, lms.lmsKey, input.lesson);
  if (!lesson) throw new HttpError(404, `No lesson ${input.lesson} in LMS '${lms.lmsCode}'.`);
  if (lesson.scoKey === null) {
    return { lms: lms.lmsCode, lesson: lesson.name, comments: [] };
  }
  const rows = await repo.selectLessonAnnotations(deps.db, {
    lmsKey: lms.lmsKey,
    courseKey: lesson.courseKey,
    scoKey: lesson.scoKey,
  });
  return {
    lms: lms.lmsCode,
    lesson: lesson.name,
    comments: rows.map((row) => ({
      annotationKey: row.annotationKey,
      parent: row.parent,
      location: row.location,
      author: row.userId,
      postedAt: new Date(row.createdAt).toISOString(),
      text: row.annotationString,
    })),
  };
}

/** comments-delete: one comment of the LMS and its replies. */
export async function deleteComment(deps: OperatorDeps, input: { lms: string; comment: number }) {
  const lms = await lmsOf(deps, input.lms);
  const deleted = await repo.deleteAnnotation(deps.db, lms.lmsKey, input.comment);
  if (deleted === 0) {
    throw new HttpError(404, `No comment ${input.comment} in LMS '${lms.lmsCode}'.`);
  }
  return { lms: lms.lmsCode, deleted };
}
