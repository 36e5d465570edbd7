/**
 * The rules of an evaluation: what a well-formed definition is (the training provider's JSON file)
 * and which answers a submission may carry. Both sides use them: the form shows the same messages
 * the server refuses a submission with, and a refused submission stores nothing.
 */
import type {
  EvaluationAnswer,
  EvaluationDefinition,
  EvaluationQuestion,
} from '../contract/evaluations.js';

/** The rating scale of a 'rating' question. */
export const RATING_MIN = 1;
export const RATING_MAX = 5;

/** What is wrong with a definition, one message per problem (none: it may be stored). */
export function checkEvaluationDefinition(definition: EvaluationDefinition): string[] {
  const problems: string[] = [];
  if (definition.name.trim() === '') problems.push('The evaluation needs a name.');
  const seen = new Set<string>();
  definition.questions.forEach((question, index) => {
    const where = `Question ${index + 1} ('${question.id}')`;
    if (seen.has(question.id)) problems.push(`${where}: the id is used by another question.`);
    seen.add(question.id);
    if (question.text.trim() === '') problems.push(`${where}: the question has no text.`);
    const choice = question.type === 'single' || question.type === 'multiple';
    if (choice) {
      const options = question.options ?? [];
      if (options.length < 2)
        problems.push(`${where}: a choice question needs at least 2 options.`);
      if (options.some((option) => option.trim() === '')) {
        problems.push(`${where}: an option is empty.`);
      }
      if (new Set(options).size !== options.length) {
        problems.push(`${where}: the options must differ from each other.`);
      }
    } else if (question.options !== undefined) {
      problems.push(`${where}: only single and multiple choice questions have options.`);
    }
  });
  return problems;
}

/** A problem with one answer: the question's id and the message shown beside it. */
export interface AnswerProblem {
  questionId: string;
  message: string;
}

const isBlank = (answer: EvaluationAnswer | undefined) =>
  answer === undefined ||
  (typeof answer === 'string' && answer.trim() === '') ||
  (Array.isArray(answer) && answer.length === 0);

/** The problem with one question's answer, or null when the answer may be stored. */
export function checkAnswer(
  question: EvaluationQuestion,
  answer: EvaluationAnswer | undefined,
): string | null {
  if (isBlank(answer)) return question.required ? 'This question requires an answer.' : null;
  switch (question.type) {
    case 'rating':
      return typeof answer === 'number' &&
        Number.isInteger(answer) &&
        answer >= RATING_MIN &&
        answer <= RATING_MAX
        ? null
        : `The rating must be a whole number from ${RATING_MIN} to ${RATING_MAX}.`;
    case 'single':
      return typeof answer === 'string' && (question.options ?? []).includes(answer)
        ? null
        : 'Choose one of the options given.';
    case 'multiple': {
      const options = question.options ?? [];
      if (!Array.isArray(answer) || !answer.every((choice) => options.includes(choice))) {
        return 'Choose only among the options given.';
      }
      return new Set(answer).size === answer.length ? null : 'An option is chosen twice.';
    }
    case 'text':
      return typeof answer === 'string' ? null : 'The answer must be text.';
  }
}

/**
 * Every problem of a submission: a missing required answer, an answer of the wrong kind or out of
 * range, an answer to a question the evaluation does not ask.
 */
export function checkEvaluationAnswers(
  questions: readonly EvaluationQuestion[],
  answers: Readonly<Record<string, EvaluationAnswer>>,
): AnswerProblem[] {
  const problems: AnswerProblem[] = [];
  const ids = new Set(questions.map((question) => question.id));
  for (const question of questions) {
    const message = checkAnswer(question, answers[question.id]);
    if (message) problems.push({ questionId: question.id, message });
  }
  for (const id of Object.keys(answers)) {
    if (!ids.has(id)) {
      problems.push({ questionId: id, message: `The evaluation has no question '${id}'.` });
    }
  }
  return problems;
}

/** The answers worth storing: blank optional answers are left out. */
export function answersToStore(
  questions: readonly EvaluationQuestion[],
  answers: Readonly<Record<string, EvaluationAnswer>>,
): Record<string, EvaluationAnswer> {
  const kept: Record<string, EvaluationAnswer> = {};
  for (const question of questions) {
    const answer = answers[question.id];
    if (!isBlank(answer) && answer !== undefined) {
      kept[question.id] = typeof answer === 'string' ? answer.trim() : answer;
    }
  }
  return kept;
}

/** One answer as text, for the CSV export (choices joined with '; '). */
export function answerText(answer: EvaluationAnswer | undefined): string {
  if (answer === undefined) return '';
  if (Array.isArray(answer)) return answer.join('; ');
  return String(answer);
}
