import { describe, expect, it } from 'vitest';
import type { EvaluationQuestion } from '../contract/evaluations.js';
import {
  answersToStore,
  checkEvaluationAnswers,
  checkEvaluationDefinition,
} from './evaluation-answers.js';

const questions: EvaluationQuestion[] = [
  { id: 'overall', type: 'rating', text: 'Overall?', required: true },
  { id: 'pace', type: 'single', text: 'Pace?', required: true, options: ['Slow', 'Right', 'Fast'] },
  { id: 'liked', type: 'multiple', text: 'Liked?', required: false, options: ['Video', 'Quiz'] },
  { id: 'notes', type: 'text', text: 'Notes', required: false },
];

describe('evaluation answers', () => {
  it('accepts a complete, well-formed submission', () => {
    expect(
      checkEvaluationAnswers(questions, {
        overall: 4,
        pace: 'Right',
        liked: ['Quiz'],
        notes: 'Good',
      }),
    ).toEqual([]);
  });
  it.each([
    [
      'a missing required answer',
      { pace: 'Right' },
      'overall',
      'This question requires an answer.',
    ],
    [
      'a blank required choice',
      { overall: 3, pace: ' ' },
      'pace',
      'This question requires an answer.',
    ],
    [
      'a rating above 5',
      { overall: 6, pace: 'Right' },
      'overall',
      'The rating must be a whole number from 1 to 5.',
    ],
    [
      'a rating of 0',
      { overall: 0, pace: 'Right' },
      'overall',
      'The rating must be a whole number from 1 to 5.',
    ],
    [
      'a fractional rating',
      { overall: 2.5, pace: 'Right' },
      'overall',
      'The rating must be a whole number from 1 to 5.',
    ],
    [
      'a choice not offered',
      { overall: 3, pace: 'Very fast' },
      'pace',
      'Choose one of the options given.',
    ],
    [
      'multiple choices not offered',
      { overall: 3, pace: 'Slow', liked: ['Quiz', 'Nope'] },
      'liked',
      'Choose only among the options given.',
    ],
    [
      'a choice twice',
      { overall: 3, pace: 'Slow', liked: ['Quiz', 'Quiz'] },
      'liked',
      'An option is chosen twice.',
    ],
    [
      'text as a number',
      { overall: 3, pace: 'Slow', notes: 5 },
      'notes',
      'The answer must be text.',
    ],
    [
      'an unknown question',
      { overall: 3, pace: 'Slow', extra: 'x' },
      'extra',
      "The evaluation has no question 'extra'.",
    ],
  ])('refuses %s', (_name, answers, questionId, message) => {
    expect(checkEvaluationAnswers(questions, answers)).toEqual([{ questionId, message }]);
  });
  it('stores trimmed answers and leaves blank optional ones out', () => {
    expect(
      answersToStore(questions, { overall: 5, pace: 'Fast', liked: [], notes: '  ok ' }),
    ).toEqual({
      overall: 5,
      pace: 'Fast',
      notes: 'ok',
    });
  });
});

describe('evaluation definitions', () => {
  it('accepts a good definition', () => {
    expect(checkEvaluationDefinition({ name: 'Feedback', anonymous: true, questions })).toEqual([]);
  });
  it('names each problem', () => {
    expect(
      checkEvaluationDefinition({
        name: ' ',
        anonymous: false,
        questions: [
          { id: 'a', type: 'single', text: 'x', required: true, options: ['Same', 'Same'] },
          { id: 'a', type: 'rating', text: 'y', required: true, options: ['1', '2'] },
          { id: 'c', type: 'multiple', text: 'z', required: true },
        ],
      }),
    ).toEqual([
      'The evaluation needs a name.',
      "Question 1 ('a'): the options must differ from each other.",
      "Question 2 ('a'): the id is used by another question.",
      "Question 2 ('a'): only single and multiple choice questions have options.",
      "Question 3 ('c'): a choice question needs at least 2 options.",
    ]);
  });
});
