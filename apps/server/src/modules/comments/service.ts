import {
  ANNOTATION_NO_PARENT,
  ANNOTATION_TYPE_COMMENT,
  commentTextProblem,
} from '@waypoint/domain';
import type { Annotation, AnnotationBody } from '@waypoint/domain/contract';
import type { Db } from '../../db/connection.js';
import type { Clock } from '../../lib/clock.js';
import { HttpError } from '../../lib/http-error.js';
import type { RateRule } from '../../lib/rate-limit.js';
import { hitRateLimit } from '../rate-limits/service.js';
import { presentAnnotations, type PlaceNames } from './presenter.js';
import * as repo from './repo.js';

/**
 * Comments on a place of a lesson (§2 Comments screen, §3 Annotation, §7): read and written only
 * by students who have the course assigned in that LMS. Text is plain text (the panel never
 * renders it as HTML), trimmed, 1 to 2,000 characters; posting is rate limited per student.
 */

/** The student asking: the session's own user and LMS (the routes' guard checks the path). */
export interface CommentStudent {
  lmsKey: number;
  userKey: number;
}

export interface CommentPlace {
  courseKey: number;
  scoKey: number;
  location: string;
}

/** Posts per student: enough for a discussion, not for a flood. */
export const COMMENT_POSTS: RateRule = { name: 'comment-posts', limit: 10, windowMs: 5 * 60_000 };

export const NOT_ASSIGNED = 'Comments on this course are open only to students it is assigned to.';
export const NO_SUCH_LESSON = 'This course has no lesson with that content.';
export const NOT_YOURS = 'You can only post comments as yourself.';
export const NO_SUCH_PARENT = 'The comment you are replying to is not on this page.';
export const TOO_MANY_POSTS =
  'You have posted several comments in a short time. Please wait a few minutes and try again.';

/** The place's lesson names, after checking the student may read there. */
async function checkPlace(
  db: Db,
  student: CommentStudent,
  place: { courseKey: number; scoKey: number },
): Promise<PlaceNames> {
  const assigned = await repo.hasCourseAssigned(db, {
    lmsKey: student.lmsKey,
    userKey: student.userKey,
    courseKey: place.courseKey,
  });
  if (!assigned) throw new HttpError(403, NOT_ASSIGNED);
  const lesson = await repo.findLessonOfSco(db, place.courseKey, place.scoKey);
  if (!lesson) throw new HttpError(404, NO_SUCH_LESSON);
  return { scoName: lesson.scoName, leafName: lesson.leafName };
}

/** GET /api/annotation/...: the comments on the place, replies under their parent. */
export async function listComments(
  deps: { db: Db },
  student: CommentStudent,
  place: CommentPlace,
): Promise<Annotation[]> {
  const names = await checkPlace(deps.db, student, place);
  const rows = await repo.selectAnnotations(deps.db, { lmsKey: student.lmsKey, ...place });
  return presentAnnotations(rows, student.userKey, names);
}

/**
 * POST /api/annotation/{lmsKey}: a new comment, or a reply to a comment on the same place. Bad
 * input is refused with what is wrong and stores nothing.
 */
export async function postComment(
  deps: { db: Db; clock: Clock },
  student: CommentStudent,
  body: AnnotationBody,
): Promise<{ annotationKey: number }> {
  if (body.lmsKey !== student.lmsKey || body.userKey !== student.userKey) {
    throw new HttpError(403, NOT_YOURS);
  }
  const problem = commentTextProblem(body.annotationString);
  if (problem) throw new HttpError(400, problem);
  const place = {
    courseKey: body.aggregationKey,
    scoKey: body.scoKey,
    location: body.annotationLocation,
  };
  await checkPlace(deps.db, student, place);
  const parent = body.parent ?? ANNOTATION_NO_PARENT;
  if (parent !== ANNOTATION_NO_PARENT) {
    const target = await repo.findAnnotation(deps.db, parent);
    // Replies go under a comment of the same place; a reply to a reply would be lost (§3 children).
    if (
      !target ||
      target.lmsKey !== student.lmsKey ||
      target.courseKey !== place.courseKey ||
      target.scoKey !== place.scoKey ||
      target.location !== place.location ||
      target.parent !== ANNOTATION_NO_PARENT
    ) {
      throw new HttpError(400, NO_SUCH_PARENT);
    }
  }
  const now = deps.clock.now();
  const rate = await hitRateLimit(deps.db, COMMENT_POSTS, String(student.userKey), now);
  if (!rate.allowed) {
    throw new HttpError(429, TOO_MANY_POSTS, { 'retry-after': String(rate.retryAfterSeconds) });
  }
  return repo.insertAnnotation(deps.db, {
    lmsKey: student.lmsKey,
    courseKey: place.courseKey,
    scoKey: place.scoKey,
    userKey: student.userKey,
    location: place.location,
    annotationType: body.annotationType ?? ANNOTATION_TYPE_COMMENT,
    annotationString: body.annotationString.trim(),
    parent,
    createdAt: now,
  });
}
