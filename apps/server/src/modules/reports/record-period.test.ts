import { describe, expect, it } from 'vitest';
import { buildProgressElement as element } from '@waypoint/domain';
import { attemptInPeriod, curriculaInPeriod, recordPeriod } from './record-period.js';

const day = (iso: string) => Date.parse(`${iso}T12:00:00Z`);

/** A curriculum > course > topic > lessons, with the lessons' completion and launch days. */
function curriculum(lessons: { name: string; completed?: string; launched?: string }[]) {
  return element({
    elementType: 'curriculum',
    elementName: 'Recurrent',
    elementChildren: [
      element({
        elementType: 'course',
        elementName: 'Course',
        elementChildren: [
          element({
            elementType: 'topic',
            elementName: 'Topic',
            elementChildren: lessons.map((lesson) =>
              element({
                elementName: lesson.name,
                elementCompletionInstant: lesson.completed ? day(lesson.completed) : 0,
                elementLastLaunchedInstant: lesson.launched ? day(lesson.launched) : 0,
              }),
            ),
          }),
        ],
      }),
    ],
  });
}

const lessonNames = (trees: ReturnType<typeof curriculaInPeriod>) =>
  trees
    .flatMap((c) => c.elementChildren.flatMap((co) => co.elementChildren))
    .flatMap((topic) => topic.elementChildren.map((lesson) => lesson.elementName));

describe('a training record narrowed to a period', () => {
  const tree = curriculum([
    { name: 'before', completed: '2025-12-31', launched: '2025-12-31' },
    { name: 'first day', completed: '2026-01-01' },
    { name: 'attempted', launched: '2026-03-01' },
    { name: 'last day', completed: '2026-06-30' },
    { name: 'after', completed: '2026-07-01' },
    { name: 'never' },
  ]);

  it('keeps the lessons completed or launched in it, both days included', () => {
    expect(
      lessonNames(curriculaInPeriod([tree], recordPeriod('2026-01-01', '2026-06-30'))),
    ).toEqual(['first day', 'attempted', 'last day']);
  });

  it('leaves out a curriculum with nothing in the period', () => {
    expect(curriculaInPeriod([tree], recordPeriod('2024-01-01', '2024-12-31'))).toEqual([]);
  });

  it('keeps a curriculum completed in the period even when no lesson was', () => {
    const done = { ...tree, elementCompletionInstant: day('2024-05-05') };
    const kept = curriculaInPeriod([done], recordPeriod('2024-05-05', '2024-05-05'));
    expect(kept).toHaveLength(1);
    expect(lessonNames(kept)).toEqual([]);
  });
});

describe('attemptInPeriod: an attempt started or ended in the period', () => {
  const period = recordPeriod('2026-01-01', '2026-12-31');
  it.each([
    ['started and ended in it', '2026-03-01', '2026-03-02', true],
    ['started before, ended in it', '2025-12-31', '2026-01-01', true],
    ['started in it, still in progress', '2026-12-31', null, true],
    ['ended before it', '2025-12-01', '2025-12-31', false],
    ['started after it', '2027-01-01', null, false],
  ])('%s: %s', (_, started, ended, expected) => {
    const ms = (day: string | null) => (day ? Date.parse(`${day}T12:00:00Z`) : 0);
    expect(attemptInPeriod({ startedInstant: ms(started), endedInstant: ms(ended) }, period)).toBe(
      expected,
    );
  });
});
