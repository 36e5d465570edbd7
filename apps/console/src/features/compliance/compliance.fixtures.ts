/** Answers of the compliance calls for the console's tests, built from a few people and columns. */
import type {
  CellHistory,
  InspectorLinkRow,
  ListPage,
  ListRow,
  MatrixPage,
  MatrixRow,
} from '../../api/compliance';
import { CONSOLE_SESSION_STORAGE_KEY } from '@waypoint/domain/console-contract';
import type { BuiltInRole } from '@waypoint/domain/staff';
import { mockFetch } from '../../test/fetch-mock';
import { buildLmsInfo, buildMe } from '../../test/factories';

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
export const AS_OF = day('2026-11-27');

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
        date: day('2026-10-01'),
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
    validityMonths: 12,
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

export function buildListRow(userKey: number, name: string): ListRow {
  return {
    ...buildMatrixRow(userKey, name),
    curriculumKey: 11,
    curriculumName: 'Line check',
    assignmentKey: userKey * 10,
    status: 'failed',
    date: day('2026-11-02'),
    days: null,
    dueAt: day('2026-12-01'),
  };
}

export function buildList(list: ListPage['list'], rows: ListRow[]): ListPage {
  return { asOf: AS_OF, validityMonths: 12, recalculating: 0, list, rows, total: rows.length };
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
      date: day('2026-10-01'),
      days: null,
    },
    assignment: {
      assignmentKey: 10,
      assignedAt: day('2026-01-05'),
      startDate: day('2026-01-10'),
      dueAt: day('2026-10-01'),
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
        lastLaunchedAt: day('2026-09-20'),
        totalTimeMs: 3_725_000,
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

export function buildInspectorLink(extra: Partial<InspectorLinkRow> = {}): InspectorLinkRow {
  return {
    linkKey: 3,
    label: 'CAA audit',
    population: { base: 'LHR', curricula: '11' },
    periodFrom: '2026-01-01',
    periodTo: '2026-10-31',
    createdAt: AS_OF,
    createdBy: 'admin',
    expiresAt: Date.now() + 10 * 86_400_000,
    revokedAt: null,
    uses: 4,
    ...extra,
  };
}

export const MATRIX = '/lms/api/console/compliance/matrix';
export const FACTS = `GET ${MATRIX}?limit=1`;

/** Signed in as a built-in role, with the console's own calls and these answered. */
export function signedInAs(role: BuiltInRole, replies: Parameters<typeof mockFetch>[0]) {
  window.sessionStorage.setItem(CONSOLE_SESSION_STORAGE_KEY, 'session-abc');
  return mockFetch({
    'GET /lms/api/PublicInfo/LMS/Info/': { status: 200, body: buildLmsInfo() },
    'GET /lms/api/console/me': { status: 200, body: buildMe(role) },
    [FACTS]: { status: 200, body: buildMatrix([buildMatrixRow(1, 'Adams')]) },
    ...replies,
  });
}
