import { describe, expect, it } from 'vitest';
import { lessonStatus, progressBarView, progressPercent } from './lesson-status.js';
import { buildProgressElement as lesson } from './progress-element.js';

describe('lesson status (§4 Lesson status)', () => {
  it.each([
    ['"notstarted: elementAttempts 0 or less"', lesson({ elementAttempts: 0 }), 'notstarted'],
    ['"started: above 0"', lesson({ elementAttempts: 1 }), 'started'],
    [
      '"Complete: completion 1 or more ... credit 0 or more"',
      lesson({ elementAttempts: 1, elementCompletion: 1 }),
      'complete',
    ],
    [
      '"Complete: ... or not scorable" (even with negative credit? no: credit below 0 fails first)',
      lesson({ elementAttempts: 1, elementCompletion: 1, elementScorable: 0, elementCredit: 0 }),
      'complete',
    ],
    [
      '"or an exam (score weight above 0) with completion above 0"',
      lesson({ elementAttempts: 1, elementCompletion: 1, elementScoreWeight: 1, elementScore: 90 }),
      'complete',
    ],
    [
      '"Failed: credit below 0"',
      lesson({ elementAttempts: 1, elementCompletion: 1, elementCredit: -1 }),
      'failed',
    ],
    [
      '"or scorable with pass score above the score (and above 0)"',
      lesson({
        elementAttempts: 1,
        elementCompletion: 1,
        elementScorable: 1,
        elementMinScorePass: 80,
        elementScore: 70,
      }),
      'failed',
    ],
    [
      'a scorable lesson at the pass score is complete',
      lesson({
        elementAttempts: 1,
        elementCompletion: 1,
        elementScorable: 1,
        elementMinScorePass: 80,
        elementScore: 80,
      }),
      'complete',
    ],
    [
      '"or an exam with attempts and completion 0 or less"',
      lesson({ elementAttempts: 2, elementCompletion: 0, elementScoreWeight: 1 }),
      'failed',
    ],
    [
      '"For the special exam player: failed means attempts above 0 and completion 0 or less"',
      lesson({ elementAttempts: 1, elementCompletion: -3, player: 'Exam' }),
      'failed',
    ],
    [
      '"Play mode 2 always shows not-started"',
      lesson({ elementAttempts: 3, elementCompletion: 1, elementPlayMode: 2 }),
      'notstarted',
    ],
  ])('%s', (_rule, element, expected) => {
    expect(lessonStatus(element)).toBe(expected);
  });

  it('"the course minimum score is unmet while the lesson drags the average down"', () => {
    const weak = lesson({
      elementAttempts: 1,
      elementCompletion: 1,
      elementScorable: 1,
      elementScore: 50,
    });
    const strong = lesson({
      elementAttempts: 1,
      elementCompletion: 1,
      elementScorable: 1,
      elementScore: 90,
    });
    const course = { courseMinScore: 75, courseAverageScore: 70 };
    expect(lessonStatus(weak, course)).toBe('failed');
    expect(lessonStatus(strong, course)).toBe('complete');
    expect(lessonStatus(weak, { courseMinScore: 60, courseAverageScore: 70 })).toBe('complete');
  });
});

describe('progress percent (§4)', () => {
  it.each([
    [
      '"from location against max location"',
      { elementAttempts: 1, elementLocation: 3, elementMaxLocation: 12 },
      25,
    ],
    ['"50 when attempts exist with zero location"', { elementAttempts: 1, elementLocation: 0 }, 50],
    [
      '"0 when attempts exist and nothing is recorded"',
      { elementAttempts: 1, elementLocation: -1 },
      0,
    ],
    ['no attempts', { elementAttempts: 0, elementLocation: 5, elementMaxLocation: 10 }, 0],
    ['"complete (progress 100)"', { elementAttempts: 1, elementCompletion: 1 }, 100],
    ['never above 100', { elementAttempts: 1, elementLocation: 15, elementMaxLocation: 10 }, 100],
  ])('%s', (_rule, fields, expected) => {
    expect(progressPercent(lesson(fields))).toBe(expected);
  });
});

describe('progress bar (§2 Course details)', () => {
  it.each([
    [
      '"hidden for play mode 2"',
      lesson({ elementPlayMode: 2, elementAttempts: 1 }),
      0,
      { kind: 'hidden' },
    ],
    [
      '"exams with no attempts show a slider"',
      lesson({ elementScoreWeight: 1 }),
      0,
      { kind: 'slider' },
    ],
    ['"not-started lesson shows a plain empty bar"', lesson({}), 0, { kind: 'empty' }],
    [
      '"started lesson shows a fill from the progress measure"',
      lesson({ elementAttempts: 1, elementProgressMeasure: 0.4 }),
      0,
      { kind: 'fill', percent: 40, failed: false },
    ],
    [
      '"or from progression times completion"',
      lesson({ elementAttempts: 1, elementCompletion: 1 }),
      1,
      { kind: 'fill', percent: 100, failed: false },
    ],
    [
      '"failed style when curriculum completion is below 0"',
      lesson({ elementAttempts: 1, elementLocation: 0 }),
      -3,
      { kind: 'fill', percent: 50, failed: true },
    ],
    [
      'a failed quiz (SCORM failed: -3, credit -1) is not a 50 % attempt: a full bar, failed style',
      lesson({ elementAttempts: 1, elementLocation: 0, elementCompletion: -3, elementCredit: -1 }),
      0,
      { kind: 'fill', percent: 100, failed: true },
    ],
    [
      '"Failed: credit below 0": complete but not passing is failed style',
      lesson({ elementAttempts: 1, elementCompletion: 1, elementCredit: -1 }),
      0,
      { kind: 'fill', percent: 100, failed: true },
    ],
  ])('%s', (_rule, element, curriculumCompletion, expected) => {
    expect(progressBarView(element, curriculumCompletion)).toEqual(expected);
  });
});
