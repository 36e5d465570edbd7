/**
 * The console's attempt calls (docs/decisions/0021; migration 0027): every attempt of each lesson
 * of a person's, read for their record, and a staff correction of a lesson's result (a new attempt
 * with its mandatory reason; the attempts before it are kept as they were). Scoped as every people
 * call: a person outside the caller's LMS or restriction groups is 404 'No such person.'
 */
import { Type, type Static } from 'typebox';
import { defineCall, enc } from '../define.js';
import { errorResponses, Key, Text } from '../common.js';
import { LessonAttempt } from '../attempts.js';
import {
  CORRECTION_REASON_MAX,
  CORRECTION_RESULTS,
  type CorrectionResult,
} from '../../report/attempt-record.js';

/** The attempts of one lesson of one assignment, first attempt first. */
export const LessonAttempts = Type.Object({
  assignmentKey: Type.Integer(),
  lessonKey: Type.Integer(),
  attempts: Type.Array(LessonAttempt),
});
export type LessonAttempts = Static<typeof LessonAttempts>;

/** Every lesson of a person's with at least one attempt. */
export const PersonAttempts = Type.Object({ lessons: Type.Array(LessonAttempts) });
export type PersonAttempts = Static<typeof PersonAttempts>;

/**
 * A correction: the lesson, the result it is corrected to, an optional score (percent) and the
 * reason. The reason's length is the service's rule, so that its message is the one a person reads
 * ('A correction needs a reason.'), not a schema's.
 */
export const CorrectionBody = Type.Object(
  {
    assignmentKey: Key,
    lessonKey: Key,
    result: Type.Unsafe<CorrectionResult>(
      Type.Union(
        (Object.keys(CORRECTION_RESULTS) as CorrectionResult[]).map((result) =>
          Type.Literal(result),
        ),
      ),
    ),
    scorePercent: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
    reason: Text({ maxLength: CORRECTION_REASON_MAX }),
  },
  { additionalProperties: false },
);
export type CorrectionBody = Static<typeof CorrectionBody>;

const PersonPath = Type.Object({ userKey: Key }, { additionalProperties: false });
const base = '/api/console/people';

/** The attempt calls of the console. */
export const consoleAttemptCalls = {
  /** GET /api/console/people/{userKey}/attempts: every lesson's attempts. */
  personAttempts: defineCall<PersonAttempts>()({
    method: 'GET',
    route: `${base}/:userKey/attempts`,
    path: (userKey: number) => `${base}/${enc(userKey)}/attempts`,
  }),
  /** POST /api/console/people/{userKey}/corrections: the lesson's attempts after the correction. */
  correct: defineCall<LessonAttempts, CorrectionBody>()({
    method: 'POST',
    route: `${base}/:userKey/corrections`,
    path: (userKey: number) => `${base}/${enc(userKey)}/corrections`,
  }),
};

/** Route schemas of the console's attempt calls. */
export const consoleAttemptSchemas = {
  personAttempts: {
    summary: "Every attempt of each of a person's lessons",
    params: PersonPath,
    response: { 200: PersonAttempts, ...errorResponses(401, 403, 404) },
  },
  correct: {
    summary: "Correct a lesson's result: a new attempt with the reason; earlier attempts kept",
    params: PersonPath,
    body: CorrectionBody,
    response: { 200: LessonAttempts, ...errorResponses(400, 401, 403, 404) },
  },
} satisfies Record<keyof typeof consoleAttemptCalls, object>;
