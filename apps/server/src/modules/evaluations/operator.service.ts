import { answerText, isoDate, toCsv } from '@waypoint/domain';
import type {
  EvaluationAnswer,
  EvaluationDefinition,
  EvaluationQuestion,
} from '@waypoint/domain/contract';
import { HttpError } from '../../lib/http-error.js';
import type { OperatorDeps } from '../operator/area-command.js';
import * as repo from './repo.js';
import { operatorLms } from '../operator/lms-lookup.js';

/** The operator side of evaluations (run by the CLI and the operator API alike). */

const lmsByCode = (deps: OperatorDeps, code: string) => operatorLms(deps.db, code);

async function definitionByName(deps: OperatorDeps, lmsKey: number, lmsCode: string, name: string) {
  const definition = await repo.findDefinition(deps.db, lmsKey, name.trim());
  if (!definition) {
    throw new HttpError(
      404,
      `No evaluation named '${name.trim()}' in LMS '${lmsCode}' (see define-evaluation).`,
    );
  }
  return definition;
}

/** define-evaluation: stores a checked definition; its name is unique within the LMS. */
export async function defineEvaluation(
  deps: OperatorDeps,
  lmsCode: string,
  definition: EvaluationDefinition,
) {
  const lms = await lmsByCode(deps, lmsCode);
  const name = definition.name.trim();
  const clash = `An evaluation named '${name}' already exists in LMS '${lms.lmsCode}'.`;
  if (await repo.findDefinition(deps.db, lms.lmsKey, name)) throw new HttpError(409, clash);
  try {
    const row = await repo.insertDefinition(deps.db, {
      lmsKey: lms.lmsKey,
      name,
      description: definition.description?.trim() ?? '',
      anonymous: definition.anonymous,
      questions: definition.questions,
    });
    return {
      definitionKey: row.definitionKey,
      name: row.name,
      questions: definition.questions.length,
    };
  } catch (error) {
    // Another operator defined the same name in between.
    if ((error as { code?: unknown }).code === '23505') throw new HttpError(409, clash);
    throw error;
  }
}

/** attach-evaluation: to a curriculum, or to one of its courses; attaching twice changes nothing. */
export async function attachEvaluation(
  deps: OperatorDeps,
  input: { lms: string; evaluation: string; curriculum: string; course?: string },
) {
  const lms = await lmsByCode(deps, input.lms);
  const definition = await definitionByName(deps, lms.lmsKey, lms.lmsCode, input.evaluation);
  const curriculumName = input.curriculum.trim();
  const curricula = await repo.findCurricula(deps.db, lms.lmsKey, curriculumName);
  if (curricula.length === 0) {
    throw new HttpError(404, `No curriculum named '${curriculumName}' in LMS '${lms.lmsCode}'.`);
  }
  if (curricula.length > 1) {
    throw new HttpError(
      409,
      `There are ${curricula.length} curricula named '${curriculumName}' in LMS '${lms.lmsCode}'.`,
    );
  }
  const curriculum = curricula[0]!;
  let courseKey: number | null = null;
  let target = `curriculum '${curriculum.name}'`;
  if (input.course !== undefined) {
    const courseName = input.course.trim();
    const courses = await repo.findCourses(deps.db, curriculum.curriculumKey, courseName);
    if (courses.length === 0) {
      throw new HttpError(
        404,
        `No course named '${courseName}' in curriculum '${curriculum.name}'.`,
      );
    }
    if (courses.length > 1) {
      throw new HttpError(
        409,
        `There are ${courses.length} courses named '${courseName}' in curriculum '${curriculum.name}'.`,
      );
    }
    courseKey = courses[0]!.courseKey;
    target = `course '${courses[0]!.name}' of curriculum '${curriculum.name}'`;
  }
  const attached = await repo.insertAttachment(deps.db, {
    definitionKey: definition.definitionKey,
    curriculumKey: curriculum.curriculumKey,
    courseKey,
  });
  return { evaluation: definition.name, target, attached: attached !== undefined };
}

/**
 * export-evaluation: one CSV line per submission (UTF-8 BOM, ISO dates, formulas neutralised),
 * one column per question; an anonymous evaluation's lines carry no name, login or employee id.
 */
export async function exportEvaluationAnswers(
  deps: OperatorDeps,
  input: { lms: string; evaluation: string },
) {
  const lms = await lmsByCode(deps, input.lms);
  const definition = await definitionByName(deps, lms.lmsKey, lms.lmsCode, input.evaluation);
  const questions = definition.questions as EvaluationQuestion[];
  const responses = await repo.selectResponses(deps.db, definition.definitionKey);
  const header = [
    'Submitted (UTC)',
    'Student',
    'Login ID',
    'Employee ID',
    'Curriculum',
    'Course',
    ...questions.map((question) => question.text),
  ];
  const lines = responses.map((response) => {
    const answers = response.answers as Record<string, EvaluationAnswer>;
    const named = !definition.anonymous && response.userId !== null;
    return [
      isoDate(response.submittedAt.getTime()),
      named ? `${response.nameOther ?? ''} ${response.nameCollated ?? ''}`.trim() : 'Anonymous',
      named ? (response.userId ?? '') : '',
      named ? (response.employeeId ?? '') : '',
      response.curriculumName,
      response.courseName ?? '',
      ...questions.map((question) => answerText(answers[question.id])),
    ];
  });
  return {
    evaluation: definition.name,
    anonymous: definition.anonymous,
    responses: responses.length,
    csv: toCsv([header, ...lines]),
  };
}
