/**
 * Compliance answers both the staff's matrix and the inspector's page show, for the console's
 * tests: two people's rows over two curricula, a cell's history; and what every matrix shows.
 */
import { within } from '@testing-library/react';
import { expect } from 'vitest';
import type { CellHistory, MatrixPage, MatrixRow } from '@waypoint/domain/console-contract';

/** A UTC day's midnight as epoch ms: utcDay('2026-11-27'). */
export const utcDay = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
export const AS_OF = utcDay('2026-11-27');

export const CURRICULA = [
  { curriculumKey: 11, name: 'Line check' },
  { curriculumKey: 12, name: 'Dangerous goods' },
];

export function buildMatrixRow(
  userKey: number,
  name: string,
  extra: Partial<MatrixRow> = {},
): MatrixRow {
  return {
    userKey,
    userID: name.toLowerCase(),
    displayName: `Sam ${name}`,
    employeeId: `E${userKey}`,
    base: 'LHR',
    fleet: 'A320',
    position: 'FO',
    restrictionGroup: 'LHR',
    cells: [
      {
        curriculumKey: 11,
        assignmentKey: userKey * 10,
        status: 'overdue',
        date: utcDay('2026-10-01'),
        days: null,
      },
      { curriculumKey: 12, assignmentKey: null, status: 'notAssigned', date: null, days: null },
    ],
    ...extra,
  };
}

export function buildMatrix(rows: MatrixRow[], extra: Partial<MatrixPage> = {}): MatrixPage {
  return {
    asOf: AS_OF,
    recalculating: 0,
    curricula: CURRICULA,
    rows,
    total: rows.length,
    filters: {
      bases: ['LHR', 'MAN'],
      fleets: ['A320'],
      positions: ['FO'],
      restrictionGroups: ['LHR'],
    },
    ...extra,
  };
}

export function buildCellHistory(): CellHistory {
  const { cells: _cells, ...person } = buildMatrixRow(1, 'Adams');
  return {
    asOf: AS_OF,
    person,
    curriculum: CURRICULA[0]!,
    cell: {
      curriculumKey: 11,
      assignmentKey: 10,
      status: 'overdue',
      date: utcDay('2026-10-01'),
      days: null,
    },
    assignment: {
      assignmentKey: 10,
      assignedAt: utcDay('2026-01-05'),
      startDate: utcDay('2026-01-10'),
      dueAt: utcDay('2026-10-01'),
    },
    lessons: [
      {
        lessonKey: 5,
        courseName: 'Recurrent',
        topicName: 'Emergencies',
        lessonName: 'Evacuation drill',
        attempts: 2,
        outcome: 'Failed',
        score: '62%',
        completedAt: null,
        lastLaunchedAt: utcDay('2026-09-20'),
        totalTimeMs: 3_725_000,
        playMode: 1,
        attemptRecords: [1, 2].map((number) => ({
          number,
          source: 'player' as const,
          startedInstant: utcDay(number === 1 ? '2026-09-10' : '2026-09-20'),
          endedInstant: utcDay(number === 1 ? '2026-09-10' : '2026-09-20') + 1_800_000,
          durationMs: number === 1 ? 1_800_000 : 1_925_000,
          score: number === 1 ? 0.5 : 0.62,
          completion: -3,
          credit: -1,
          flaggedOffline: false,
          reason: '',
          corrects: 0,
        })),
      },
    ],
    events: [
      {
        at: '2026-01-05T09:00:00.000Z',
        action: 'assignments.assign',
        actor: 'manager',
        summary: 'Assigned Line check',
      },
    ],
  };
}

/**
 * A matrix of buildMatrixRow rows as a person reads it: each cell a button named by the person,
 * the curriculum and the status in words with its date, showing those words and an icon.
 */
export function expectStatusCells(table: HTMLElement, rows: number) {
  expect(within(table).getByRole('columnheader', { name: /Line check/ })).toBeInTheDocument();
  const cell = within(table).getByRole('button', {
    name: 'Sam Adams, Line check: Overdue since 2026/10/01',
  });
  expect(cell).toHaveTextContent('Overdue since 2026/10/01');
  expect(cell.querySelector('svg')).not.toBeNull();
  expect(
    within(table).getAllByRole('button', { name: /Dangerous goods: Not assigned/ }),
  ).toHaveLength(rows);
}
