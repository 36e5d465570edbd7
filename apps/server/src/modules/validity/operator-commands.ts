/** The operator's validity command (docs/decisions/0022 "Validity rules"): curriculum-validity. */
import { Text } from '@waypoint/domain/contract';
import { Type } from 'typebox';
import { defineOperatorCommand } from '../operator/area-command.js';
import { setCurriculumValidity } from './service.js';

export const validityCommands = [
  defineOperatorCommand({
    name: 'curriculum-validity',
    summary:
      "Set a curriculum's validity rule: none, N calendar months, EASA (end of month) or FAA (grace month)",
    input: Type.Object(
      {
        lms: Text({ minLength: 1, maxLength: 63 }),
        curriculum: Type.Integer({ minimum: 1 }),
        rule: Type.Union([
          Type.Literal('none'),
          Type.Literal('months'),
          Type.Literal('easa'),
          Type.Literal('faa'),
        ]),
        months: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
      },
      { additionalProperties: false },
    ),
    run: (deps, input) => setCurriculumValidity(deps, input),
    format: (result) => {
      const r = result as { lms: string; curriculum: number; name: string; text: string };
      return `Curriculum ${r.curriculum} '${r.name}' of LMS '${r.lms}': ${r.text}.`;
    },
  }),
];
