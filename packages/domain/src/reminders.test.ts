import { describe, expect, it } from 'vitest';
import type { ExpiringDocument } from './calendar-feed.js';
import { buildProgressElement, type ProgressElement } from './progress-element.js';
import {
  addDays,
  dayInZone,
  endingDay,
  groupDigests,
  isTimeZone,
  occasionToday,
  parseReminderDays,
  reminderHeadline,
  reminderItems,
  remindersToday,
  type ExpiringCertificate,
  type ReminderItem,
} from './reminders.js';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 23, 12);
const TODAY = '2026-11-23';
const DAYS = [14, 3, 1];

function curriculum(fields: {
  due?: number;
  completion?: number;
  lessons?: Partial<ProgressElement>[];
  courseName?: string;
}): ProgressElement {
  const lessons = (fields.lessons ?? [{}]).map((lesson, index) =>
    buildProgressElement({ elementType: 'lesson', elementKey: 100 + index, ...lesson }),
  );
  const course = buildProgressElement({
    elementType: 'course',
    elementKey: 40,
    elementName: fields.courseName ?? 'CRM Fundamentals',
    elementChildren: lessons,
  });
  const start = NOW - 10 * DAY;
  return buildProgressElement({
    elementType: 'curriculum',
    elementAssignmentKey: 7,
    curriculumKey: 3,
    elementName: 'Crew Resource Management',
    elementStartDate: start,
    // assign --due 2026-12-07: the last moment of that day (UTC).
    elementDuration: (fields.due ?? Date.UTC(2026, 11, 8) - 1) - start,
    elementCompletion: fields.completion ?? 0,
    elementChildren: [course],
  });
}

const items = (
  progressReport: ProgressElement[],
  documents: ExpiringDocument[] = [],
  certificates: ExpiringCertificate[] = [],
) => reminderItems({ progressReport, documents, certificates, lmsKey: 1, userKey: 2 }, NOW, 'UTC');

describe('occasionToday: the latest occasion whose day has come, once', () => {
  const item = (date: string, kind: ReminderItem['kind'] = 'curriculum') => ({ kind, date });
  it.each([
    ['15 days before: nothing yet', '2026-12-08', null],
    ["14 days before: 'before-14' (default 14, 3 and 1 days before)", '2026-12-07', 'before-14'],
    [
      '10 days before: still before-14 (sent if it was missed; the claim stops a second)',
      '2026-12-03',
      'before-14',
    ],
    ['3 days before: before-3', '2026-11-26', 'before-3'],
    [
      '2 days before with 14 and 3 missed: only the latest, before-3 (never a burst)',
      '2026-11-25',
      'before-3',
    ],
    ['1 day before: before-1', '2026-11-24', 'before-1'],
    ['the due day itself (not yet due: due at its end): before-1', TODAY, 'before-1'],
    ["the day after: 'when it becomes overdue'", '2026-11-22', 'overdue'],
    ['overdue for 7 days: still overdue (sent once)', '2026-11-16', 'overdue'],
    ['overdue for 8 days: stale, nothing', '2026-11-15', null],
  ])('%s', (_case, date, occasion) => {
    expect(occasionToday(item(date), TODAY, DAYS)).toBe(occasion);
  });

  it.each([
    ['a certificate that expired yesterday: no overdue reminder', 'certificate'],
    ['a document that expired yesterday: no overdue reminder', 'document'],
    ['a recurrent period that ended yesterday: no overdue reminder', 'recurrent'],
  ] as const)('%s', (_case, kind) => {
    expect(occasionToday(item('2026-11-22', kind), TODAY, DAYS)).toBeNull();
  });

  it("uses the LMS's own days (set per LMS with the operator CLI)", () => {
    expect(occasionToday(item('2026-11-30'), TODAY, [7])).toBe('before-7');
    expect(occasionToday(item('2026-11-30'), TODAY, [3])).toBeNull();
  });
});

describe('reminderItems: never for completed items (the dashboard rule)', () => {
  it.each([
    ['a curriculum with lessons still due: its due day', [curriculum({})], 1],
    ['complete curriculum: no reminder', [curriculum({ completion: 1 })], 0],
    [
      'every lesson complete: nothing due',
      [curriculum({ lessons: [{ elementCompletion: 1 }] })],
      0,
    ],
    [
      'browse-only lessons are never due (§2)',
      [curriculum({ lessons: [{ elementPlayMode: 2 }] })],
      0,
    ],
    [
      "open-ended (100 years ahead, 'Open'): no reminder",
      [curriculum({ due: NOW + 101 * 365 * DAY })],
      0,
    ],
  ])('%s', (_case, report, count) => {
    expect(items(report)).toHaveLength(count);
  });

  it('gives a curriculum its due day, what is left and the assignments link', () => {
    expect(items([curriculum({ lessons: [{}, {}] })])).toEqual([
      {
        kind: 'curriculum',
        key: '7',
        title: 'Crew Resource Management',
        detail: '2 lessons still to complete in CRM Fundamentals.',
        date: '2026-12-07',
        link: '/assignments',
      },
    ]);
  });

  it('adds the end of a recurrent course period, unless complete or the same as the due day', () => {
    const recurrent = '2026-01-01 Recurrent 2026-12-31';
    expect(items([curriculum({ courseName: recurrent })]).map((i) => [i.kind, i.date])).toEqual([
      ['curriculum', '2026-12-07'],
      ['recurrent', '2026-12-31'],
    ]);
    expect(items([curriculum({ courseName: recurrent })])[1]!.title).toBe(
      'Crew Resource Management: Recurrent (2026/01/01 to 2026/12/31)',
    );
    const complete = curriculum({ courseName: recurrent, lessons: [{ elementCompletion: 1 }] });
    expect(items([complete])).toEqual([]);
    const sameDay = curriculum({ courseName: recurrent, due: Date.UTC(2027, 0, 1) - 1 });
    expect(items([sameDay]).map((i) => i.kind)).toEqual(['curriculum']);
  });

  it('lists expiring certificates, except revoked, renewed and non-expiring ones', () => {
    const certificate = (fields: Partial<ExpiringCertificate>): ExpiringCertificate => ({
      key: 1,
      name: 'Crew Resource Management',
      curriculumKey: 3,
      assignmentKey: 7,
      courseKey: null,
      issuedAtMs: NOW - 300 * DAY,
      expiresAtMs: Date.UTC(2026, 11, 1),
      revoked: false,
      ...fields,
    });
    const [item] = items([], [], [certificate({})]);
    expect(item).toMatchObject({ kind: 'certificate', key: '1', date: '2026-11-30' });
    expect(item!.link).toBe('/certificate?lms=1&assignmentKey=7&curriculum=3&user=2#curriculum');
    expect(items([], [], [certificate({ revoked: true })])).toEqual([]);
    expect(items([], [], [certificate({ expiresAtMs: null })])).toEqual([]);
    const renewed = [certificate({}), certificate({ key: 2, issuedAtMs: NOW, expiresAtMs: null })];
    expect(items([], [], renewed)).toEqual([]);
  });

  it('lists expiring documents (not archived, with an expiry) linking to the dashboard', () => {
    const documents: ExpiringDocument[] = [
      { key: 5, name: 'Medical', expirationInstant: Date.UTC(2026, 11, 3) - 1, archive: 0 },
      { key: 6, name: 'Old', expirationInstant: Date.UTC(2026, 11, 3), archive: 1 },
      { key: 7, name: 'Passport', expirationInstant: 0, archive: 0 },
    ];
    expect(items([], documents)).toEqual([
      expect.objectContaining({
        kind: 'document',
        key: '5',
        date: '2026-12-02',
        link: '/dashboard',
      }),
    ]);
  });
});

describe("days in the LMS's time zone", () => {
  it.each([
    ['UTC', Date.UTC(2026, 10, 23, 23, 30), '2026-11-23'],
    ['Asia/Tokyo (already tomorrow)', Date.UTC(2026, 10, 23, 23, 30), '2026-11-24'],
    ['America/New_York (still yesterday)', Date.UTC(2026, 10, 24, 2), '2026-11-23'],
  ])('%s', (zone, instant, day) => {
    expect(dayInZone(instant, zone.split(' ')[0]!)).toBe(day);
  });

  it('puts an instant at 00:00 that ends a period on the day before', () => {
    expect(endingDay(Date.UTC(2026, 11, 8), 'UTC')).toBe('2026-12-07');
    expect(endingDay(Date.UTC(2026, 11, 8) - 1, 'UTC')).toBe('2026-12-07');
  });

  it('knows time zones and day arithmetic', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});

describe('parseReminderDays (reminders settings --days)', () => {
  it.each([
    ['14,3,1', [14, 3, 1]],
    [' 1, 7 ,30', [30, 7, 1]],
    ['365', [365]],
  ])('%s reads as %j', (text, days) => {
    expect(parseReminderDays(text)).toEqual({ ok: true, days });
  });

  it.each([
    ['0', /whole numbers from 1 to 365/],
    ['3,-1', /not: '-1'/],
    ['2.5', /whole numbers/],
    ['366', /whole numbers/],
    ['', /whole numbers/],
    ['3,3', /listed once/],
    ['1,2,3,4,5,6,7,8,9,10,11', /At most 10/],
  ])('refuses %j', (text, message) => {
    const result = parseReminderDays(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });
});

describe('the daily digest', () => {
  it("gives today's reminders soonest first, and groups a student's by day", () => {
    const due = items(
      [curriculum({})],
      [{ key: 5, name: 'Medical', expirationInstant: Date.UTC(2026, 10, 27) - 1, archive: 0 }],
    );
    const today = remindersToday(due, '2026-11-23', DAYS);
    expect(today.map((r) => [r.item.kind, r.occasion, reminderHeadline(r)])).toEqual([
      ['document', 'before-3', 'Expires in 3 days'],
      ['curriculum', 'before-14', 'Due in 14 days'],
    ]);
    const digests = groupDigests([
      ...today.map((r) => ({ ...r, day: '2026-11-23' })),
      ...remindersToday(due, '2026-12-06', DAYS).map((r) => ({ ...r, day: '2026-12-06' })),
    ]);
    expect(digests.map((d) => [d.day, d.reminders.length])).toEqual([
      ['2026-11-23', 2],
      ['2026-12-06', 1],
    ]);
  });
});
