import { describe, expect, it } from 'vitest';
import { buildProgressElement, type ProgressElement } from '../progress-element.js';
import {
  csvCell,
  toCsv,
  trainingRecordCsv,
  trainingRecordItems,
  UTF8_BOM,
} from './training-record.js';

const el = (fields: Partial<ProgressElement>) => buildProgressElement(fields);

describe('training record items', () => {
  it('lists each completed curriculum, course and lesson with date, score and time', () => {
    const done = { elementCompletion: 1, elementCompletionInstant: Date.UTC(2026, 0, 2) };
    const tree = el({
      elementType: 'curriculum',
      elementName: 'Recurrent',
      ...done,
      elementChildren: [
        el({
          elementType: 'course',
          elementName: 'CRM',
          ...done,
          elementTotalTime: 3_600_000,
          elementChildren: [
            el({
              elementType: 'topic',
              elementChildren: [
                el({
                  elementName: 'Briefing',
                  ...done,
                  elementScore: 0.92,
                  elementTotalTime: 600_000,
                }),
                el({ elementName: 'Browse only', ...done, elementPlayMode: 2 }),
                el({ elementName: 'Not yet', elementCompletion: 0 }),
              ],
            }),
          ],
        }),
      ],
    });
    const items = trainingRecordItems([tree]);
    expect(items.map((i) => `${i.level}:${i.lesson || i.course || i.curriculum}`)).toEqual([
      'Curriculum:Recurrent',
      'Course:CRM',
      'Lesson:Briefing',
    ]);
    expect(items[2]).toMatchObject({
      status: 'Complete',
      score: '92%',
      time: '0:10:00',
      course: 'CRM',
    });
  });

  it('records a failure as Failed with its score, never as a completion (§4 Completion codes)', () => {
    const failedQuiz = el({
      elementName: 'Post test',
      elementAttempts: 1,
      elementCompletion: -3,
      elementCredit: -1,
      elementScore: 0.6,
    });
    const notPassing = el({
      elementName: 'Checkride',
      elementAttempts: 1,
      elementCompletion: 1,
      elementCredit: -1,
      elementScore: 0.5,
      elementCompletionInstant: Date.UTC(2026, 0, 3),
    });
    const tree = el({
      elementType: 'curriculum',
      elementName: 'Recurrent',
      elementCompletion: -3,
      elementChildren: [
        el({
          elementType: 'course',
          elementName: 'CRM',
          elementCompletion: -3,
          elementChildren: [
            el({
              elementType: 'topic',
              elementChildren: [
                failedQuiz,
                notPassing,
                el({ elementName: 'Started', elementAttempts: 1 }),
              ],
            }),
          ],
        }),
      ],
    });
    expect(
      trainingRecordItems([tree]).map((i) => [
        i.level,
        i.status,
        i.score,
        i.lesson || i.course || i.curriculum,
      ]),
    ).toEqual([
      ['Curriculum', 'Failed', '-', 'Recurrent'],
      ['Course', 'Failed', '-', 'CRM'],
      ['Lesson', 'Failed', '60%', 'Post test'],
      ['Lesson', 'Failed', '50%', 'Checkride'],
    ]);
  });
});

describe('CSV that opens cleanly in a spreadsheet', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+SUM(A1)', "'+SUM(A1)"],
    ['-2', "'-2"],
    ['@cmd', "'@cmd"],
    ['\tx', "'\tx"],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['Zoë', 'Zoë'],
  ])('cell %j -> %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
  it('starts with the UTF-8 BOM and ends lines with CRLF', () => {
    expect(
      toCsv([
        ['a', 'b'],
        ['c', 'd'],
      ]),
    ).toBe(`${UTF8_BOM}a,b\r\nc,d\r\n`);
  });
  it('writes ISO dates and the student on every line', () => {
    const csv = trainingRecordCsv({ name: 'Alex Morgan', employeeID: 'E1' }, [
      {
        status: 'Complete',
        level: 'Lesson',
        curriculum: 'C',
        course: 'K',
        lesson: 'L',
        completedInstant: Date.UTC(2026, 10, 3),
        score: '80%',
        time: '0:01:00',
      },
    ]);
    expect(csv.split('\r\n')[1]).toBe(
      'Alex Morgan,E1,Lesson,C,K,L,Complete,2026-11-03,80%,0:01:00',
    );
  });
});
