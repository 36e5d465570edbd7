/**
 * The comment (annotation) calls of §7 (§2 Comments screen, §3 Annotation, §4 Set-password and
 * comments, §9): the comments on one place of a lesson, and a new comment or reply. Only students
 * with the course assigned in that LMS read or write them.
 */
import { Type, type Static } from 'typebox';
import { defineCall, enc } from './define.js';
import { Key, Text } from './common.js';

/** A reply (§3 Annotation fields; replies sit in their parent's annotationChildren). */
export const AnnotationReply = Type.Object({
  annotationKey: Type.Number(),
  lmsKey: Type.Number(),
  aggregationKey: Type.Number(),
  scoKey: Type.Number(),
  userKey: Type.Number(),
  /** The author's display name. */
  userName: Type.String(),
  /** The author's login ID and email: only on the reader's own comments ('' on others'). */
  userID: Type.String(),
  email: Type.String(),
  annotationString: Type.String(),
  /** When it was posted, ms since the epoch. */
  annotationInstant: Type.Number(),
  annotationLocation: Type.String(),
  annotationType: Type.String(),
  scoName: Type.String(),
  leafName: Type.String(),
  parent: Type.Number(),
});
export type AnnotationReply = Static<typeof AnnotationReply>;

/** A comment with its replies (§3 Annotation: annotationChildren; parent -1). */
export const Annotation = Type.Object({
  annotationKey: Type.Number(),
  lmsKey: Type.Number(),
  aggregationKey: Type.Number(),
  scoKey: Type.Number(),
  userKey: Type.Number(),
  userName: Type.String(),
  userID: Type.String(),
  email: Type.String(),
  annotationString: Type.String(),
  annotationInstant: Type.Number(),
  annotationLocation: Type.String(),
  annotationType: Type.String(),
  scoName: Type.String(),
  leafName: Type.String(),
  parent: Type.Number(),
  annotationChildren: Type.Array(AnnotationReply),
});
export type Annotation = Static<typeof Annotation>;

/** Where comments are: the lesson's course and SCO, and the place in it (the SCO's bookmark). */
export const AnnotationPath = Type.Object({
  lmsKey: Key,
  courseKey: Key,
  scoKey: Key,
  userKey: Key,
  location: Text({ minLength: 1, maxLength: 1000 }),
});
export type AnnotationPath = Static<typeof AnnotationPath>;

/** The LMS of a new comment. */
export const AnnotationPostPath = Type.Object({ lmsKey: Key });
export type AnnotationPostPath = Static<typeof AnnotationPostPath>;

/**
 * A new comment (§7: lmsKey, userKey, scoKey, aggregationKey, annotationLocation, annotationType,
 * annotationString) or, with parent, a reply. The text's length is checked after trimming, with a
 * readable message, so the schema only bounds it.
 */
export const AnnotationBody = Type.Object(
  {
    lmsKey: Key,
    userKey: Key,
    scoKey: Key,
    aggregationKey: Key,
    annotationLocation: Text({ minLength: 1, maxLength: 1000 }),
    annotationType: Type.Optional(Type.Literal('comment')),
    annotationString: Text({ maxLength: 10_000 }),
    parent: Type.Optional(Type.Integer({ minimum: -1, maximum: 2147483647 })),
  },
  { additionalProperties: false },
);
export type AnnotationBody = Static<typeof AnnotationBody>;

/** A created comment: §7 "response has statusCode" (201), and the new key. */
export const AnnotationCreated = Type.Object({
  statusCode: Type.Integer(),
  message: Type.String(),
  annotationKey: Type.Number(),
});
export type AnnotationCreated = Static<typeof AnnotationCreated>;

/** The annotation calls of §7. */
export const commentCalls = {
  /** GET /api/annotation/{lmsKey}/{courseKey}/{scoKey}/{userKey}/{location} */
  list: defineCall<Annotation[]>()({
    method: 'GET',
    route: '/api/annotation/:lmsKey/:courseKey/:scoKey/:userKey/:location',
    path: (lmsKey: number, courseKey: number, scoKey: number, userKey: number, location: string) =>
      `/api/annotation/${enc(lmsKey)}/${enc(courseKey)}/${enc(scoKey)}/${enc(userKey)}/` +
      enc(location),
  }),
  /** POST /api/annotation/{lmsKey}: a new comment or reply. */
  create: defineCall<AnnotationCreated, AnnotationBody>()({
    method: 'POST',
    route: '/api/annotation/:lmsKey',
    path: (lmsKey: number) => `/api/annotation/${enc(lmsKey)}`,
  }),
};

/** Route schemas of the annotation calls (validation, serialisation, OpenAPI). */
export const commentSchemas = {
  list: {
    summary: 'The comments on one place of a lesson, replies under their parent',
    params: AnnotationPath,
    response: { 200: Type.Array(Annotation) },
  },
  create: {
    summary: 'Posts a comment, or a reply to one',
    params: AnnotationPostPath,
    body: AnnotationBody,
    response: { 201: AnnotationCreated },
  },
} satisfies Record<keyof typeof commentCalls, object>;
