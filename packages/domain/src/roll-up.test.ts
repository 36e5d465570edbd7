import { describe, expect, it } from 'vitest';
import { buildProgressElement as element, type ProgressElement } from './progress-element.js';
import { rollUp } from './roll-up.js';

const lesson = (completion: number, fields: Partial<ProgressElement> = {}) =>
  element({ elementType: 'lesson', elementCompletion: completion, ...fields });
const browse = (completion: number) => lesson(completion, { elementPlayMode: 2 });
const topic = (completion: number) =>
  element({ elementType: 'topic', elementCompletion: completion });

describe('roll-up of a parent from its children (§4 Completion codes)', () => {
  // "elementCompletion 1 or more: complete ... 0 or less: not complete. -2 minimum time not met;
  // -3 minimum score not met; -4 failed lessons exceed the allowed number ... Below -1 counts as
  // failed for topics and curricula." Browse (play mode 2) is "free navigation without credit".
  const cases: [string, ProgressElement[], number][] = [
    ['no children: not complete', [], 0],
    ['every child complete: complete (1)', [lesson(1), lesson(2)], 1],
    ['one child not complete: not complete', [lesson(1), lesson(0)], 0],
    ['-1 is "not complete", not a failure', [lesson(1), lesson(-1)], 0],
    ['-2 minimum time not met fails the parent', [lesson(1), lesson(-2)], -2],
    ['-3 minimum score not met fails the parent', [lesson(0), lesson(-3)], -3],
    ['-4 too many failed lessons fails the parent', [lesson(-4), lesson(1)], -4],
    ['the first failure code is the one carried up', [lesson(-3), lesson(-2)], -3],
    ['a browse lesson carries no credit: left out', [lesson(1), browse(0)], 1],
    ['a failed browse lesson fails nothing', [lesson(1), browse(-3)], 1],
    ['only browse lessons: nothing to complete', [browse(1)], 0],
    ['a failed topic fails its course', [topic(1), topic(-2)], -2],
    [
      '"credit below 0 are complete but not passing": the parent fails with -3, never complete',
      [lesson(1), lesson(1, { elementCredit: -1 })],
      -3,
    ],
    [
      'complete but not passing while a sibling is still open: failed (§4 Course-level status)',
      [lesson(0), lesson(1, { elementCredit: -1 })],
      -3,
    ],
    [
      'complete below its pass score ("or is below pass score"): failed',
      [
        lesson(1, {
          elementAttempts: 1,
          elementScorable: 1,
          elementMinScorePass: 0.8,
          elementScore: 0.6,
        }),
      ],
      -3,
    ],
    [
      'a failure code is carried up before a not-passing child',
      [lesson(1, { elementCredit: -1 }), lesson(-4)],
      -4,
    ],
    [
      'a browse lesson not passing fails nothing',
      [lesson(1), lesson(1, { elementPlayMode: 2, elementCredit: -1 })],
      1,
    ],
    [
      'a play-mode-2 topic still counts (browse is a lesson mode)',
      [element({ elementType: 'topic', elementPlayMode: 2 })],
      0,
    ],
  ];
  it.each(cases)('%s', (_name, children, completion) => {
    expect(rollUp(children).elementCompletion).toBe(completion);
  });

  it('completes at the latest completion instant of the credited children', () => {
    const children = [
      lesson(1, { elementCompletionInstant: 100 }),
      lesson(1, { elementCompletionInstant: 300 }),
      lesson(0, { elementPlayMode: 2, elementCompletionInstant: 900 }),
    ];
    expect(rollUp(children).elementCompletionInstant).toBe(300);
    expect(
      rollUp([lesson(1, { elementCompletionInstant: 5 }), lesson(0)]).elementCompletionInstant,
    ).toBe(0);
  });

  it('adds up times and attempts, keeps the last launch, averages attempted scores', () => {
    const rolled = rollUp([
      lesson(1, {
        elementAttempts: 2,
        elementScore: 0.8,
        elementTotalTime: 60,
        elementLastLaunchedInstant: 7,
      }),
      lesson(0, {
        elementAttempts: 1,
        elementScore: 0.55,
        elementTotalTime: 30,
        elementLastLaunchedInstant: 9,
      }),
      lesson(0, { elementAttempts: 0, elementScore: 0.1 }),
      browse(0),
    ]);
    expect(rolled).toEqual({
      elementCompletion: 0,
      elementCompletionInstant: 0,
      elementScore: 0.68,
      elementTotalTime: 90,
      elementAttempts: 3,
      elementLastLaunchedInstant: 9,
      // One of the three credited lessons is complete.
      elementProgressMeasure: 0.33,
    });
  });
});
