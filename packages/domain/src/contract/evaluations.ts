/**
 * The evaluation calls: §7's list of a student's open evaluations (§3 Evaluation item: a name and
 * a half-link the panel puts after its service base address), and the form behind each OPEN link
 * with its submission (our own page; the spec shows only the list). Evaluations are defined by a
 * training provider (questions: a 1-5 rating, single or multiple choice, free text) and attached to
 * a course or curriculum with the operator CLI; one falls due when the student completes what it is
 * attached to.
 */
import { Type, type Static } from 'typebox';
import { defineCall, enc } from './define.js';
import { ErrorBody, Key, MessageBody, Text } from './common.js';

/** The kinds of question an evaluation asks. */
export const EvaluationQuestionType = Type.Union([
  Type.Literal('rating'),
  Type.Literal('single'),
  Type.Literal('multiple'),
  Type.Literal('text'),
]);
export type EvaluationQuestionType = Static<typeof EvaluationQuestionType>;

/** One question: its id (the answer's key), kind, text, whether it must be answered, its choices. */
export const EvaluationQuestion = Type.Object(
  {
    id: Type.String({ pattern: '^[A-Za-z0-9_-]{1,40}$' }),
    type: EvaluationQuestionType,
    text: Text({ minLength: 1, maxLength: 500 }),
    required: Type.Boolean(),
    /** The choices of a single or multiple choice question (2 to 20). */
    options: Type.Optional(
      Type.Array(Text({ minLength: 1, maxLength: 200 }), { minItems: 2, maxItems: 20 }),
    ),
  },
  { additionalProperties: false },
);
export type EvaluationQuestion = Static<typeof EvaluationQuestion>;

/** An evaluation as a training provider defines it (the operator CLI's JSON file). */
export const EvaluationDefinition = Type.Object(
  {
    name: Text({ minLength: 1, maxLength: 200 }),
    description: Type.Optional(Text({ maxLength: 2000 })),
    /** Anonymous answers are stored and exported without the student's name. */
    anonymous: Type.Boolean(),
    questions: Type.Array(EvaluationQuestion, { minItems: 1, maxItems: 50 }),
  },
  { additionalProperties: false },
);
export type EvaluationDefinition = Static<typeof EvaluationDefinition>;

/** An answer: a rating (number), a single choice or free text (text), multiple choices (list). */
export const EvaluationAnswer = Type.Union([
  Type.Number(),
  Text({ maxLength: 4000 }),
  Type.Array(Text({ maxLength: 200 }), { maxItems: 20 }),
]);
export type EvaluationAnswer = Static<typeof EvaluationAnswer>;

/** A submission: answers by question id (an unanswered question is left out). */
export const EvaluationSubmission = Type.Object(
  {
    answers: Type.Record(Type.String({ pattern: '^[A-Za-z0-9_-]{1,40}$' }), EvaluationAnswer, {
      maxProperties: 50,
    }),
  },
  { additionalProperties: false },
);
export type EvaluationSubmission = Static<typeof EvaluationSubmission>;

/** An evaluation item of §3: its name and half-link (link = service base address + half-link). */
export const EvaluationItem = Type.Object({ name: Type.String(), halfLink: Type.String() });
export type EvaluationItem = Static<typeof EvaluationItem>;

/** The form behind an OPEN link: the evaluation and what it evaluates. */
export const EvaluationForm = Type.Object({
  evaluationKey: Type.Number(),
  name: Type.String(),
  description: Type.String(),
  anonymous: Type.Boolean(),
  /** The course or curriculum it evaluates. */
  targetName: Type.String(),
  questions: Type.Array(EvaluationQuestion),
  /** ms since the epoch; 0 while open. */
  submittedInstant: Type.Number(),
});
export type EvaluationForm = Static<typeof EvaluationForm>;

const StudentEvaluationsPath = Type.Object({
  lmsKey: Key,
  userKey: Key,
  type: Type.String({ pattern: '^[A-Za-z_]{1,40}$' }),
});
const EvaluationPath = Type.Object({ lmsKey: Key, userKey: Key, evaluationKey: Key });

/** The evaluation calls. */
export const evaluationCalls = {
  /** GET /api/evaluation/student_evaluations/{lmsKey}/{userKey}/{type}: the open evaluations. */
  list: defineCall<EvaluationItem[]>()({
    method: 'GET',
    route: '/api/evaluation/student_evaluations/:lmsKey/:userKey/:type',
    path: (lmsKey: number, userKey: number, type: string) =>
      `/api/evaluation/student_evaluations/${enc(lmsKey)}/${enc(userKey)}/${enc(type)}`,
  }),
  /** GET /api/evaluation/{lmsKey}/{userKey}/{evaluationKey}: one evaluation's form. */
  form: defineCall<EvaluationForm>()({
    method: 'GET',
    route: '/api/evaluation/:lmsKey/:userKey/:evaluationKey',
    path: (lmsKey: number, userKey: number, evaluationKey: number) =>
      `/api/evaluation/${enc(lmsKey)}/${enc(userKey)}/${enc(evaluationKey)}`,
  }),
  /** POST /api/evaluation/{lmsKey}/{userKey}/{evaluationKey}: the answers, once. */
  submit: defineCall<MessageBody, EvaluationSubmission>()({
    method: 'POST',
    route: '/api/evaluation/:lmsKey/:userKey/:evaluationKey',
    path: (lmsKey: number, userKey: number, evaluationKey: number) =>
      `/api/evaluation/${enc(lmsKey)}/${enc(userKey)}/${enc(evaluationKey)}`,
  }),
};

/** Route schemas of the evaluation calls. */
export const evaluationSchemas = {
  list: {
    summary: "The student's open evaluations of a type (the completion report's is 'report')",
    params: StudentEvaluationsPath,
    response: { 200: Type.Array(EvaluationItem) },
  },
  form: {
    summary: 'One of the student’s evaluations, with its questions',
    params: EvaluationPath,
    response: { 200: EvaluationForm, 403: ErrorBody, 404: ErrorBody },
  },
  submit: {
    summary: 'Submits the answers of an open evaluation (once)',
    params: EvaluationPath,
    body: EvaluationSubmission,
    response: { 200: MessageBody, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
  },
} satisfies Record<keyof typeof evaluationCalls, object>;
