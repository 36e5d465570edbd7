import { describe, expect, it } from 'vitest';
import {
  attemptRecordChanges,
  attemptRecordsOf,
  isAttemptRecordElement,
  MAX_RECORD_VALUE_LENGTH,
} from './attempt-records.js';

describe('objectives and interactions "stored per attempt" (RTE 4.2.9, 4.2.17)', () => {
  it.each<[string, boolean]>([
    ['cmi.objectives.0.id', true],
    ['cmi.objectives.12.score.scaled', true],
    ['cmi.interactions.3.correct_responses.0.pattern', true],
    ['cmi.interactions.3.objectives.1.id', true],
    ['cmi.objectives._count', false],
    ['cmi.objectives.0._children', false],
    ['cmi.objectives.01.id', false],
    ['cmi.objectives.1000.id', false],
    ['cmi.location', false],
    ['cmi.objectives.0', false],
  ])('%s is an objective/interaction element: %s', (name, expected) => {
    expect(isAttemptRecordElement(name)).toBe(expected);
  });

  it('keeps only the record elements of a commit, checked', () => {
    expect(
      attemptRecordChanges({
        'cmi.location': '3',
        'cmi.objectives.0.success_status': 'passed',
        'cmi.interactions.0.learner_response': 'a',
      }),
    ).toEqual({
      ok: true,
      changes: {
        'cmi.objectives.0.success_status': 'passed',
        'cmi.interactions.0.learner_response': 'a',
      },
    });
  });

  it('refuses a value that is not text or is too long, naming the element', () => {
    const result = attemptRecordChanges({
      'cmi.objectives.0.id': 5,
      'cmi.interactions.0.learner_response': 'x'.repeat(MAX_RECORD_VALUE_LENGTH + 1),
    });
    expect(result).toEqual({
      ok: false,
      problems: [
        'cmi.objectives.0.id must be text.',
        `cmi.interactions.0.learner_response must be at most ${MAX_RECORD_VALUE_LENGTH} characters.`,
      ],
    });
  });

  it('reads the stored records of an attempt', () => {
    expect(
      attemptRecordsOf({
        'cmi.exit': 'suspend',
        'cmi.objectives.0.id': 'a',
        'cmi.interactions.0.id': 'q',
      }),
    ).toEqual({ 'cmi.objectives.0.id': 'a', 'cmi.interactions.0.id': 'q' });
  });
});
