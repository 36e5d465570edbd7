import { describe, expect, it } from 'vitest';
import { calendarFeedEvents, type ExpiringDocument } from './calendar-feed.js';
import { buildProgressElement, type ProgressElement } from './progress-element.js';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 23, 12);
// assign --due 2026-12-13: due at the end of that day (UTC).
const DUE = Date.UTC(2026, 11, 14) - 1;

function curriculum(fields: {
  name?: string;
  due?: number;
  completion?: number;
  lessons?: Partial<ProgressElement>[];
  draft?: boolean;
}): ProgressElement {
  const lessons = (fields.lessons ?? [{}]).map((lesson, index) =>
    buildProgressElement({
      elementType: 'lesson',
      elementKey: 100 + index,
      elementName: `Lesson ${index + 1}`,
      ...lesson,
    }),
  );
  const course = buildProgressElement({
    elementType: 'course',
    elementName: 'CRM Fundamentals',
    elementDraft: fields.draft ? 1 : 0,
    elementChildren: lessons,
  });
  const start = NOW - 10 * DAY;
  return buildProgressElement({
    elementType: 'curriculum',
    elementAssignmentKey: 7,
    elementName: fields.name ?? 'Crew Resource Management',
    elementStartDate: start,
    elementDuration: (fields.due ?? DUE) - start,
    elementCompletion: fields.completion ?? 0,
    elementChildren: [course],
  });
}

describe('calendarFeedEvents', () => {
  it.each([
    ['a curriculum with lessons still due: its due date', curriculum({}), 1],
    ['complete: nothing to remind', curriculum({ completion: 1 }), 0],
    [
      'every lesson complete (the curriculum not rolled up yet): nothing due',
      curriculum({ lessons: [{ elementCompletion: 1 }] }),
      0,
    ],
    [
      'a browse-only lesson (play mode 2) is never due (§2 due list)',
      curriculum({ lessons: [{ elementPlayMode: 2 }] }),
      0,
    ],
    ["open-ended (100 years ahead: 'Open', §9)", curriculum({ due: NOW + 101 * 365 * DAY }), 0],
    ['a draft curriculum is not shown (§4 Drafts and lists)', curriculum({ draft: true }), 0],
    ['no name: not a shown assignment', curriculum({ name: ' ' }), 0],
  ])('%s', (_case, element, count) => {
    expect(calendarFeedEvents([element], [], NOW)).toHaveLength(count);
  });

  it('puts a due date on its calendar day, with what is left and a stable id', () => {
    const [event] = calendarFeedEvents(
      [curriculum({ lessons: [{}, {}, { elementCompletion: 1 }] })],
      [],
      NOW,
    );
    expect(event).toEqual({
      id: 'due-7',
      day: { year: 2026, month: 12, date: 13 },
      title: 'Due: Crew Resource Management',
      description: '2 lessons still to complete in CRM Fundamentals.',
    });
  });

  it('lists document expiries, except archived ones and documents without one', () => {
    const documents: ExpiringDocument[] = [
      {
        key: 1,
        name: 'Medical certificate',
        expirationInstant: Date.UTC(2027, 0, 31, 12),
        archive: 0,
      },
      { key: 2, name: 'Old licence', expirationInstant: Date.UTC(2027, 0, 1), archive: 1 },
      { key: 3, name: 'Passport', expirationInstant: 0, archive: 0 },
    ];
    expect(calendarFeedEvents([], documents, NOW)).toEqual([
      {
        id: 'document-1',
        day: { year: 2027, month: 1, date: 31 },
        title: 'Expires: Medical certificate',
        description:
          "Your document 'Medical certificate' expires on this day. Upload a new one in Documents.",
      },
    ]);
  });
});
