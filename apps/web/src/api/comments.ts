/** The annotation calls (spec §2 Comments screen, §7). */
import { commentCalls, type AnnotationBody } from '@waypoint/domain/contract';
import { send } from './client';

export type { Annotation, AnnotationReply, AnnotationBody } from '@waypoint/domain/contract';

/** GET /api/annotation/{lmsKey}/{courseKey}/{scoKey}/{userKey}/{location} */
export const getComments = (
  lmsKey: number,
  courseKey: number,
  scoKey: number,
  userKey: number,
  location: string,
) => send(commentCalls.list, [lmsKey, courseKey, scoKey, userKey, location]);

/** POST /api/annotation/{lmsKey}: a new comment, or a reply with parent. */
export const postComment = (lmsKey: number, body: AnnotationBody) =>
  send(commentCalls.create, [lmsKey], { body });
