import { describe, expect, it } from 'vitest';
import { buildProgressElement as el } from '../progress-element.js';
import {
  attemptRecordItems,
  trainingRecordCsvWithAttempts,
  attemptCompletionText,
  attemptRecordItem,
  attemptRecordRow,
  attemptScoreText,
  attemptSourceText,
  attemptSuccessText,
  ATTEMPTS_CSV_HEADER,
  correctionProblem,
  CORRECTION_REASON_MESSAGE,
  CORRECTION_SCORE_MESSAGE,
  type AttemptFields,
} from './attempt-record.js';

const attempt = (over: Partial<AttemptFields> = {}): AttemptFields => ({
  number: 1,
  source: 'player',
  startedInstant: Date.parse('2026-03-04T10:00:00Z'),
  endedInstant: Date.parse('2026-03-04T10:20:00Z'),
  durationMs: 20 * 60_000,
  score: 0.8,
  completion: 1,
  credit: 1,
  flaggedOffline: false,
  reason: '',
  corrects: 0,
  ...over,
});

describe('attempt words (§4 Completion codes: "1 or more: complete"; "below -1 counts as failed")', () => {
  it.each([
    [1, 'Complete'],
    [2, 'Complete'],
    [0, 'Not complete'],
    [-1, 'Not complete'],
    [-3, 'Not complete (failed)'],
    [-4, 'Not complete (failed)'],
  ])('completion %i is %s', (completion, text) => {
    expect(attemptCompletionText(completion)).toBe(text);
  });

  it.each([
    [1, 'Passed'],
    [-1, 'Failed'],
    [0, 'Unknown'],
  ])('credit %i is %s ("elementCredit below 0 ... not passing")', (credit, text) => {
    expect(attemptSuccessText(credit)).toBe(text);
  });

  it.each([
    [0.8, 1, '80%'],
    [0.7996, 1, '79.9%'],
    [null, 1, '-'],
    [0, 1, '-'],
    [0.8, 2, '-'],
  ])('score %s in play mode %i is %s (formatScorePercent; none is "-")', (score, mode, text) => {
    expect(attemptScoreText(score, mode)).toBe(text);
  });

  it('says where an attempt came from, a correction with the attempt and reason', () => {
    expect(attemptSourceText(attempt())).toBe('Player');
    expect(attemptSourceText(attempt({ source: 'migrated' }))).toMatch(/^Migrated/);
    expect(attemptSourceText(attempt({ source: 'imported' }))).toBe('Imported');
    expect(
      attemptSourceText(attempt({ source: 'correction', corrects: 2, reason: 'Paper test 12/3' })),
    ).toBe('Corrected (attempt 2): Paper test 12/3');
  });
});

describe('the training record row of an attempt', () => {
  const names = { curriculum: 'Safety', course: 'Doors', lesson: 'Quiz' };

  it('lists every column of the Attempts header, dates in UTC', () => {
    const row = attemptRecordRow(attemptRecordItem(names, attempt({ flaggedOffline: true })));
    expect(row).toHaveLength(ATTEMPTS_CSV_HEADER.length);
    expect(row).toEqual([
      'Safety',
      'Doors',
      'Quiz',
      '1',
      '2026-03-04',
      '2026-03-04',
      '0:20:00',
      '80%',
      'Complete',
      'Passed',
      'Offline',
      'Player',
    ]);
  });

  it("says 'In progress' for an attempt not ended, and '-' for no time or score", () => {
    const item = attemptRecordItem(
      names,
      attempt({ endedInstant: 0, durationMs: 0, score: null, completion: 0, credit: 0 }),
    );
    expect([item.ended, item.duration, item.score, item.completion, item.success]).toEqual([
      'In progress',
      '-',
      '-',
      'Not complete',
      'Unknown',
    ]);
  });
});

describe('correctionProblem: a correction needs a reason of 10 characters or more; a score is 0..100', () => {
  it.each([
    [{ reason: '' }, CORRECTION_REASON_MESSAGE],
    [{ reason: '   short   ' }, CORRECTION_REASON_MESSAGE],
    [{ reason: '123456789' }, CORRECTION_REASON_MESSAGE],
    [{ reason: '1234567890' }, null],
    [{ reason: 'Paper exam marked', scorePercent: 101 }, CORRECTION_SCORE_MESSAGE],
    [{ reason: 'Paper exam marked', scorePercent: -1 }, CORRECTION_SCORE_MESSAGE],
    [{ reason: 'Paper exam marked', scorePercent: Number.NaN }, CORRECTION_SCORE_MESSAGE],
    [{ reason: 'Paper exam marked', scorePercent: 85 }, null],
    [{ reason: 'Paper exam marked', scorePercent: null }, null],
  ])('%j: %s', (input, problem) => {
    expect(correctionProblem(input)).toBe(problem);
  });
});

describe('attemptRecordItems: every attempt of each lesson, in tree order, with its names', () => {
  const lesson = (key: number, name: string, playMode = 1) =>
    el({
      elementType: 'lesson',
      elementKey: key,
      elementAssignmentKey: 7,
      elementName: name,
      elementPlayMode: playMode,
    });
  const tree = (name: string) =>
    el({
      elementType: 'curriculum',
      elementName: name,
      elementChildren: [
        el({
          elementType: 'course',
          elementName: 'Doors',
          elementChildren: [
            el({
              elementType: 'topic',
              elementChildren: [lesson(1, 'Quiz'), lesson(2, 'Browse', 2), lesson(3, 'Never')],
            }),
          ],
        }),
      ],
    });
  const attempts: Record<string, AttemptFields[]> = {
    '7:1': [attempt({ number: 1, score: 0.4 }), attempt({ number: 2, score: 0.9 })],
    '7:2': [attempt({ number: 1, score: 0.5 })],
  };
  const lookup = (assignmentKey: number, lessonKey: number) =>
    attempts[`${assignmentKey}:${lessonKey}`] ?? [];

  it('lists each attempt first to last; a Browse lesson shows no score (§9); a lesson without attempts none', () => {
    const items = attemptRecordItems([tree('Safety')], lookup);
    expect(items.map((item) => [item.lesson, item.number, item.score])).toEqual([
      ['Quiz', 1, '40%'],
      ['Quiz', 2, '90%'],
      ['Browse', 1, '-'],
    ]);
    expect(items[0]).toMatchObject({ curriculum: 'Safety', course: 'Doors' });
  });

  it('leaves out nameless curricula, as the record does', () => {
    expect(attemptRecordItems([tree('  ')], lookup)).toEqual([]);
  });

  it('writes the items, an empty line, then the Attempts section with its header', () => {
    const items = attemptRecordItems([tree('Safety')], lookup);
    const csv = trainingRecordCsvWithAttempts({ name: 'Sam', employeeID: 'E1' }, [], items);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toMatch(/^Student,Employee ID,Level/);
    expect(lines[1]).toBe('');
    expect(lines[2]).toBe('Attempts');
    expect(lines[3]).toBe(ATTEMPTS_CSV_HEADER.join(','));
    expect(lines.slice(4, 7)).toHaveLength(3);
    expect(lines[4]).toMatch(
      /^Safety,Doors,Quiz,1,2026-03-04,2026-03-04,0:20:00,40%,Complete,Passed,,Player$/,
    );
  });
});
