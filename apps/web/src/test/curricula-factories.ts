/** Test data for the curricula screens: progress trees built from the domain's defaults. */
import { buildProgressElement, type ProgressElement } from '@waypoint/domain';

const DAY = 86_400_000;
let nextKey = 1000;

/** A lesson with the §3 defaults and a content key. */
export function lesson(fields: Partial<ProgressElement> = {}): ProgressElement {
  return buildProgressElement({
    elementType: 'lesson',
    elementKey: nextKey++,
    elementName: 'Lesson',
    elementSCOKey: 7,
    ...fields,
  });
}

export function topic(
  name: string,
  lessons: ProgressElement[],
  fields: Partial<ProgressElement> = {},
) {
  return buildProgressElement({
    elementType: 'topic',
    elementKey: nextKey++,
    elementName: name,
    elementChildren: lessons,
    ...fields,
  });
}

export function course(
  name: string,
  topics: ProgressElement[],
  fields: Partial<ProgressElement> = {},
) {
  return buildProgressElement({
    elementType: 'course',
    elementKey: nextKey++,
    elementName: name,
    elementChildren: topics,
    ...fields,
  });
}

/** A curriculum started `startDaysAgo` days before `now`, lasting `durationDays` (0: open). */
export function curriculum(
  name: string,
  courses: ProgressElement[],
  options: {
    now: number;
    startDaysAgo?: number;
    durationDays?: number;
    key?: number;
  } & Partial<ProgressElement>,
): ProgressElement {
  const { now, startDaysAgo = 10, durationDays = 0, key = nextKey++, ...fields } = options;
  const assignmentKey = key + 500;
  const stamp = (element: ProgressElement): ProgressElement => ({
    ...element,
    curriculumKey: key,
    elementAssignmentKey: assignmentKey,
    elementChildren: element.elementChildren.map(stamp),
  });
  return stamp(
    buildProgressElement({
      elementType: 'curriculum',
      elementKey: key,
      elementName: name,
      elementStartDate: now - startDaysAgo * DAY,
      elementAssignedDate: now - startDaysAgo * DAY,
      elementDuration: durationDays * DAY,
      elementChildren: courses,
      ...fields,
    }),
  );
}

export const PREREQUISITE_TYPES = [
  { prerequisiteName: 'None', prerequisiteKey: 0 },
  { prerequisiteName: 'PreviousCourse', prerequisiteKey: 1 },
  { prerequisiteName: 'AllPreviousCourses', prerequisiteKey: 2 },
];
