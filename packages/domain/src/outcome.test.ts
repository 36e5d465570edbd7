import { describe, expect, it } from 'vitest';
import { isPassed, outcomeOf, type Outcome } from './outcome.js';
import { buildProgressElement as element, type ProgressElement } from './progress-element.js';
import { rollUp } from './roll-up.js';

const lesson = (fields: Partial<ProgressElement>) =>
  element({ elementType: 'lesson', elementAttempts: 1, ...fields });

describe('the outcome of a lesson (§4 Lesson status, Completion codes; SCORM RTE)', () => {
  it.each<[string, Partial<ProgressElement>, Outcome]>([
    ['"notstarted: elementAttempts 0 or less"', { elementAttempts: 0 }, 'notstarted'],
    ['"started: above 0"', {}, 'started'],
    ['"Complete: completion 1 or more ... credit 0 or more"', { elementCompletion: 1 }, 'complete'],
    [
      'SCORM 1.2 lesson_status passed / 2004 success_status passed: completion 1, credit 1',
      { elementCompletion: 1, elementCredit: 1 },
      'complete',
    ],
    [
      'SCORM 1.2 lesson_status failed / 2004 success_status failed: stored -3, credit -1 (RTE 3.4.2.1.5, 4.2.22)',
      { elementCompletion: -3, elementCredit: -1, elementScore: 0.6 },
      'failed',
    ],
    [
      '"Elements with elementCredit below 0 are complete but not passing": failed, not complete',
      { elementCompletion: 1, elementCredit: -1 },
      'failed',
    ],
    [
      '"Failed: ... scorable with pass score above the score (and above 0)"',
      { elementCompletion: 1, elementScorable: 1, elementMinScorePass: 0.8, elementScore: 0.6 },
      'failed',
    ],
    ['"-2 minimum time not met" is a failure', { elementCompletion: -2 }, 'failed'],
    ['"-4 failed lessons exceed the allowed number"', { elementCompletion: -4 }, 'failed'],
    ['-1 is only "not complete"', { elementCompletion: -1 }, 'started'],
    [
      '"For the special exam player: failed means attempts above 0 and completion 0 or less"',
      { player: 'Exam' },
      'failed',
    ],
    [
      '"Play mode 2 always shows not-started"',
      { elementPlayMode: 2, elementCompletion: -3, elementCredit: -1 },
      'notstarted',
    ],
  ])('%s', (_rule, fields, outcome) => {
    expect(outcomeOf(lesson(fields))).toBe(outcome);
  });
});

describe('the outcome of a course and curriculum (§4 "Below -1 counts as failed for topics and curricula"; Course-level status)', () => {
  const parent = (type: 'course' | 'curriculum', children: ProgressElement[]) =>
    element({ elementType: type, elementChildren: children, ...rollUp(children) });
  const passed = lesson({ elementCompletion: 1, elementCredit: 1, elementScore: 0.95 });
  const started = lesson({ elementProgressMeasure: 0.4 });

  it.each<[string, ProgressElement[], Outcome]>([
    ['nothing attempted: not started', [lesson({ elementAttempts: 0 })], 'notstarted'],
    ['a lesson started: started', [passed, started], 'started'],
    ['every lesson passed: complete', [passed, passed], 'complete'],
    [
      'a post test that reported failed fails the course',
      [passed, lesson({ elementCompletion: -3, elementCredit: -1 })],
      'failed',
    ],
    [
      '"Failing if some completed lesson has negative credit": failed even while others are open',
      [started, lesson({ elementCompletion: 1, elementCredit: -1 })],
      'failed',
    ],
    [
      '"... or is below pass score"',
      [
        passed,
        lesson({
          elementCompletion: 1,
          elementScorable: 1,
          elementMinScorePass: 0.8,
          elementScore: 0.6,
        }),
      ],
      'failed',
    ],
  ])('course: %s', (_rule, lessons, outcome) => {
    const topic = element({ elementType: 'topic', elementChildren: lessons, ...rollUp(lessons) });
    const course = parent('course', [topic]);
    expect(outcomeOf(course)).toBe(outcome);
    // The curriculum follows its course: a failed course never rolls up as complete and passing.
    expect(outcomeOf(parent('curriculum', [course]))).toBe(outcome);
  });

  it('a sequenced course stored as failed (-3, credit -1) fails its curriculum', () => {
    const course = element({ elementType: 'course', elementCompletion: -3, elementCredit: -1 });
    const curriculum = parent('curriculum', [course]);
    expect(curriculum.elementCompletion).toBe(-3);
    expect(isPassed(curriculum)).toBe(false);
  });

  it('a course complete but not passing (credit below 0) is failed, and so is its curriculum', () => {
    const course = element({ elementType: 'course', elementCompletion: 1, elementCredit: -1 });
    expect(outcomeOf(course)).toBe('failed');
    expect(outcomeOf(parent('curriculum', [course]))).toBe('failed');
  });

  it('retaken and passed: complete again', () => {
    const retaken = lesson({ elementCompletion: 1, elementCredit: 1, elementScore: 0.9 });
    const topic = element({ elementType: 'topic', ...rollUp([retaken]) });
    expect(isPassed(parent('curriculum', [parent('course', [topic])]))).toBe(true);
  });
});
