import { describe, expect, it } from 'vitest';
import { buildProgressElement, type ProgressElement } from '../progress-element.js';
import {
  completionDateCell,
  completionReportRows,
  isShownReportRow,
  lessonStatusCell,
  rowEnd,
} from './completion-rows.js';
import { splitCurricula, treeLessonRow } from './curriculum-sections.js';
import { isoDate, timeText } from './report-format.js';

const lesson = (fields: Partial<ProgressElement>) =>
  buildProgressElement({ elementType: 'lesson', elementAssignmentKey: 7, ...fields });

function curriculum(lessons: ProgressElement[], fields: Partial<ProgressElement> = {}) {
  const topic = buildProgressElement({ elementType: 'topic', elementChildren: lessons });
  const course = buildProgressElement({
    elementType: 'course',
    elementKey: 20,
    elementName: 'Ground school',
    elementTotalTime: 5_000,
    elementChildren: [topic],
  });
  return buildProgressElement({
    elementType: 'curriculum',
    elementKey: 10,
    elementName: 'Initial training',
    elementAssignmentKey: 7,
    elementChildren: [course],
    ...fields,
  });
}

describe('completion report rows (§2 Most Recent, §3 Completion-report row)', () => {
  it('flattens worked-on lessons with their curriculum and course, most recent first', () => {
    const rows = completionReportRows(
      [
        curriculum([
          lesson({
            elementKey: 1,
            elementName: 'Old',
            elementAttempts: 1,
            elementLastLaunchedInstant: 1_000,
            elementTotalTime: 60_000,
          }),
          lesson({ elementKey: 2, elementName: 'Never opened' }),
          lesson({
            elementKey: 3,
            elementName: 'New',
            elementAttempts: 2,
            elementLastLaunchedInstant: 9_000,
          }),
          lesson({
            elementKey: 4,
            elementName: 'Offline',
            elementCompletion: 1,
            elementCompletionInstant: 5_000,
          }),
        ]),
      ],
      [{ assignmentKey: 7, leafKey: 4 }],
    );
    expect(rows.map((row) => row.lessonName)).toEqual(['New', 'Offline', 'Old']);
    expect(rows[2]).toMatchObject({
      curriculumKey: 10,
      curriculumName: 'Initial training',
      courseName: 'Ground school',
      courseTotalTime: 5_000,
      lessonTotalTime: 60_000,
      elementStartDate: 1_000,
      elementDuration: 60_000,
      draftAssociated: false,
      flaggedOffline: false,
    });
    expect(rows[1]!.flaggedOffline).toBe(true);
    // "End is start plus duration."
    expect(rowEnd(rows[2]!)).toBe(61_000);
    expect(rowEnd({ elementStartDate: 0, elementDuration: 5 })).toBe(0);
  });

  it.each([
    [
      'named, positive key',
      { curriculumName: 'A', curriculumKey: 3, elementAssignmentKey: 9, draftAssociated: false },
      true,
    ],
    [
      'empty name',
      { curriculumName: ' ', curriculumKey: 3, elementAssignmentKey: 9, draftAssociated: false },
      false,
    ],
    [
      'key 0, assignment 0 (key plus assignment key equal to 0)',
      { curriculumName: 'A', curriculumKey: 0, elementAssignmentKey: 0, draftAssociated: false },
      true,
    ],
    [
      'key -1, assignment 1 (sum 0)',
      { curriculumName: 'A', curriculumKey: -1, elementAssignmentKey: 1, draftAssociated: false },
      true,
    ],
    [
      'key -1, assignment 5',
      { curriculumName: 'A', curriculumKey: -1, elementAssignmentKey: 5, draftAssociated: false },
      false,
    ],
    [
      'draft-associated',
      { curriculumName: 'A', curriculumKey: 3, elementAssignmentKey: 9, draftAssociated: true },
      false,
    ],
  ])('shown rows: %s', (_name, row, shown) => {
    expect(isShownReportRow(row)).toBe(shown);
  });

  const status = (fields: Partial<Parameters<typeof lessonStatusCell>[0]>) =>
    lessonStatusCell({
      elementCompletion: 0,
      elementCredit: 0,
      elementPlayMode: 1,
      elementAttempts: 1,
      player: '',
      elementScore: 0,
      elementScoreWeight: 0,
      elementScorable: 0,
      elementMinScorePass: 0,
      ...fields,
    });
  it.each([
    [
      "'Incomplete' in red when completion below 1, play mode not 2, not an exam",
      {},
      'Incomplete',
      'incomplete',
    ],
    [
      'a completion value when completion at least 1 and play mode not 2',
      { elementCompletion: 1 },
      'Complete',
      'complete',
    ],
    [
      '§4 "credit below 0 are complete but not passing": Failed, never a kind of complete',
      { elementCompletion: 1, elementCredit: -1 },
      'Failed',
      'failed',
    ],
    [
      '§4 "Failed: ... scorable with pass score above the score"',
      { elementCompletion: 1, elementScorable: 1, elementMinScorePass: 0.8, elementScore: 0.6 },
      'Failed',
      'failed',
    ],
    ["'-' when play mode 2", { elementPlayMode: 2, elementCompletion: 1 }, '-', 'none'],
    ['Waypoint exam, attempted and not complete', { player: 'Exam' }, 'Failed', 'failed'],
    ['Waypoint exam, complete', { player: 'Exam', elementCompletion: 1 }, 'Complete', 'complete'],
    [
      'Waypoint exam, not attempted',
      { player: 'Exam', elementAttempts: 0 },
      'Not attempted',
      'none',
    ],
    [
      'a failure code below -1 (a SCORM lesson that reported failed) is Failed, not Incomplete',
      { elementCompletion: -3, elementCredit: -1 },
      'Failed',
      'failed',
    ],
    ['-1 is not a failure: Incomplete', { elementCompletion: -1 }, 'Incomplete', 'incomplete'],
  ])('lesson status: %s', (_name, fields, text, tone) => {
    expect(status(fields)).toEqual({ text, tone });
  });

  it('completion date: shown when completionInstant above 0, with the offline warning when flagged', () => {
    expect(completionDateCell({ elementCompletionInstant: 0, flaggedOffline: true })).toBeNull();
    expect(completionDateCell({ elementCompletionInstant: 5, flaggedOffline: true })).toEqual({
      instant: 5,
      offlineWarning: true,
    });
  });
});

describe('report formats (§2 milliseconds-to-time, ISO dates)', () => {
  it.each([
    [0, '-'],
    [61_000, '0:01:01'],
    [90_061_000, '25:01:01'],
  ])('time %d -> %s', (ms, text) => {
    expect(timeText(ms)).toBe(text);
  });
  it('ISO dates in UTC', () => {
    expect(isoDate(Date.UTC(2026, 2, 4, 23, 59))).toBe('2026-03-04');
    expect(isoDate(0)).toBe('');
  });
});

describe("Open Curriculum / Closed Curriculum (§2) and the user report tree's lesson rows", () => {
  const now = Date.UTC(2026, 5, 1);
  it('closed = complete or expired; draft-associated and nameless curricula in neither', () => {
    const open = curriculum([], {
      elementKey: 1,
      elementStartDate: now - 10,
      elementDuration: 1_000,
    });
    const complete = curriculum([], {
      elementKey: 2,
      elementCompletion: 1,
      elementStartDate: now,
      elementDuration: 1_000,
    });
    const expired = curriculum([], {
      elementKey: 3,
      elementStartDate: now - 2_000,
      elementDuration: 1_000,
    });
    const nameless = curriculum([], { elementKey: 4, elementName: '' });
    const draft = curriculum([], { elementKey: 5 });
    draft.elementChildren[0]!.elementDraft = 1;
    const { open: o, closed: c } = splitCurricula([open, complete, expired, nameless, draft], now);
    expect(o.map((x) => x.elementKey)).toEqual([1]);
    expect(c.map((x) => x.elementKey)).toEqual([2, 3]);
  });
  it('a lesson row: start at its latest launch, End = start + time', () => {
    expect(
      treeLessonRow(
        lesson({
          elementKey: 5,
          elementName: 'Quiz',
          elementLastLaunchedInstant: 100,
          elementTotalTime: 50,
          elementCompletion: 1,
          elementCompletionInstant: 150,
        }),
      ),
    ).toMatchObject({
      lessonName: 'Quiz',
      start: 100,
      end: 150,
      time: 50,
      completionInstant: 150,
      completionText: 'Complete',
    });
    expect(treeLessonRow(lesson({ elementPlayMode: 2 })).completionText).toBe('-');
  });

  // The tree's Completion column is the §4 lesson status: "notstarted: elementAttempts 0 or less;
  // started: above 0"; Complete; "Failed: credit below 0 ..."; "Play mode 2 always shows
  // not-started" ('-' as in the Most Recent table).
  it.each<[string, Partial<ProgressElement>, string, string]>([
    ['not attempted', { elementAttempts: 0 }, 'Not attempted', '-'],
    [
      'started: 1 attempt, 0:22:30 spent, 40 % progress',
      { elementAttempts: 1, elementTotalTime: 1_350_000, elementProgressMeasure: 0.4 },
      'Started',
      '-',
    ],
    [
      'complete, score 95 %',
      { elementAttempts: 1, elementCompletion: 1, elementScore: 0.95 },
      'Complete',
      '95%',
    ],
    [
      'failed quiz at 60 %',
      { elementAttempts: 1, elementCompletion: -3, elementCredit: -1, elementScore: 0.6 },
      'Failed',
      '60%',
    ],
    [
      'complete but not passing',
      { elementAttempts: 1, elementCompletion: 1, elementCredit: -1, elementScore: 0.6 },
      'Failed',
      '60%',
    ],
    [
      'an exam scored 1 with weight 1 reads 100%, not 1',
      { elementAttempts: 1, elementCompletion: 1, elementScore: 1, elementScoreWeight: 1 },
      'Complete',
      '100%',
    ],
  ])('tree lesson row: %s', (_name, fields, text, score) => {
    const row = treeLessonRow(lesson(fields));
    expect(row.completionText).toBe(text);
    expect(row.score).toBe(score);
  });
});
