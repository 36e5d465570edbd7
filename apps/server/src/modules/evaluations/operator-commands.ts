/**
 * The operator's evaluation commands: define an evaluation from a JSON file, attach it to a
 * curriculum or one of its courses, export its answers as CSV (anonymous ones without names).
 */
import { readFile } from 'node:fs/promises';
import { checkEvaluationDefinition } from '@waypoint/domain';
import { EvaluationDefinition, Text } from '@waypoint/domain/contract';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { HttpError } from '../../lib/http-error.js';
import { defineOperatorCommand, type CommandUpload } from '../operator/area-command.js';
import { attachEvaluation, defineEvaluation, exportEvaluationAnswers } from './operator.service.js';

/** An evaluation file is small: a few dozen questions. */
const MAX_DEFINITION_BYTES = 256 * 1024;

/** The definition in an uploaded JSON file, or a 400 that says what is wrong with it. */
export async function readDefinitionFile(upload: CommandUpload): Promise<EvaluationDefinition> {
  const bytes = typeof upload === 'string' ? await readFile(upload) : upload;
  if (bytes.length > MAX_DEFINITION_BYTES) {
    throw new HttpError(
      400,
      `The evaluation file is larger than ${MAX_DEFINITION_BYTES / 1024} KB.`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new HttpError(400, `The evaluation file is not valid JSON: ${(error as Error).message}`);
  }
  if (!Value.Check(EvaluationDefinition, parsed)) {
    const problems = [...Value.Errors(EvaluationDefinition, parsed)]
      .filter((error) => error.keyword !== 'boolean' && error.keyword !== 'anyOf')
      .slice(0, 10)
      .map((error) => `${error.instancePath || '(file)'} ${error.message}`);
    throw new HttpError(
      400,
      `The evaluation file is not a valid evaluation: ${problems.join('; ')}`,
    );
  }
  const problems = checkEvaluationDefinition(parsed);
  if (problems.length > 0) throw new HttpError(400, problems.join('\n'));
  return parsed;
}

const Lms = Text({ minLength: 1, maxLength: 63 });
const Name = Text({ minLength: 1, maxLength: 200 });

export const evaluationCommands = [
  defineOperatorCommand({
    name: 'define-evaluation',
    summary:
      'Define an evaluation (questions: 1-5 rating, single/multiple choice, text) from a JSON file',
    input: Type.Object({ lms: Lms }, { additionalProperties: false }),
    upload: { maxBytes: MAX_DEFINITION_BYTES, what: 'the evaluation JSON file' },
    run: async (deps, input, upload) =>
      defineEvaluation(deps, input.lms, await readDefinitionFile(upload!)),
    format: (result) => {
      const r = result as { name: string; questions: number; definitionKey: number };
      return `Defined evaluation '${r.name}' (${r.questions} questions, key ${r.definitionKey}).`;
    },
  }),
  defineOperatorCommand({
    name: 'attach-evaluation',
    summary: 'Attach an evaluation to a curriculum, or to one of its courses (--course)',
    input: Type.Object(
      { lms: Lms, evaluation: Name, curriculum: Name, course: Type.Optional(Name) },
      { additionalProperties: false },
    ),
    run: (deps, input) => attachEvaluation(deps, input),
    format: (result) => {
      const r = result as { evaluation: string; target: string; attached: boolean };
      return r.attached
        ? `Attached '${r.evaluation}' to ${r.target}: due for each student who completes it.`
        : `'${r.evaluation}' was already attached to ${r.target}.`;
    },
  }),
  defineOperatorCommand({
    name: 'export-evaluation',
    changes: false,
    summary: "Export an evaluation's answers as CSV (anonymous evaluations without names)",
    input: Type.Object({ lms: Lms, evaluation: Name }, { additionalProperties: false }),
    run: (deps, input) => exportEvaluationAnswers(deps, input),
    format: (result) => (result as { csv: string }).csv.replace(/^\uFEFF/, '').replace(/\r\n$/, ''),
  }),
];
