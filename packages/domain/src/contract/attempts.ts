/**
 * The attempt record's panel call: the attempts of one lesson of the student's, which the
 * Completion Report tree loads when its 'Attempts' list is opened, so the report's own read is
 * unchanged (§2 Completion Report; migration 0027). Checked against the session like every §7
 * call: the student's own {lmsKey}/{userKey} only.
 */
import { Type, type Static } from 'typebox';
import { defineCall, enc } from './define.js';
import { ErrorBody, Key } from './common.js';
import { ATTEMPT_SOURCES, type AttemptSource } from '../report/attempt-record.js';

/** One attempt of a lesson (report/attempt-record.ts AttemptFields). */
export const LessonAttempt = Type.Object({
  number: Type.Integer(),
  source: Type.Unsafe<AttemptSource>(
    Type.Union(ATTEMPT_SOURCES.map((source) => Type.Literal(source))),
  ),
  /** ms since the epoch. */
  startedInstant: Type.Number(),
  /** ms since the epoch; 0 while in progress. */
  endedInstant: Type.Number(),
  durationMs: Type.Number(),
  /** Fraction 0..1 (shown by formatScorePercent); null: this attempt has no score. */
  score: Type.Union([Type.Number(), Type.Null()]),
  completion: Type.Integer(),
  credit: Type.Integer(),
  /** §8 offline completion: the device flag. */
  flaggedOffline: Type.Boolean(),
  /** A correction's reason; '' otherwise. */
  reason: Type.String(),
  /** A correction: the attempt number it corrects; 0 otherwise. */
  corrects: Type.Integer(),
});
export type LessonAttempt = Static<typeof LessonAttempt>;

/** The path of one lesson of one assignment of the student's. */
export const LessonAttemptsPath = Type.Object({
  lmsKey: Key,
  userKey: Key,
  assignmentKey: Key,
  lessonKey: Key,
});

/** The attempt calls of the panel. */
export const attemptCalls = {
  /** GET /api/progressreport/attempts/{lmsKey}/{userKey}/{assignmentKey}/{lessonKey}: first attempt first. */
  lessonAttempts: defineCall<LessonAttempt[]>()({
    method: 'GET',
    route: '/api/progressreport/attempts/:lmsKey/:userKey/:assignmentKey/:lessonKey',
    path: (lmsKey: number, userKey: number, assignmentKey: number, lessonKey: number) =>
      `/api/progressreport/attempts/${enc(lmsKey)}/${enc(userKey)}/${enc(assignmentKey)}/${enc(lessonKey)}`,
  }),
};

/** Route schemas of the attempt calls. */
export const attemptSchemas = {
  lessonAttempts: {
    summary: "The attempts of one lesson of the student's, first attempt first",
    params: LessonAttemptsPath,
    // 404: the assignment or lesson is not the student's.
    response: { 200: Type.Array(LessonAttempt), 404: ErrorBody },
  },
} satisfies Record<keyof typeof attemptCalls, object>;
