/** Answers of the compliance calls for the console's tests, built from a few people and columns. */
import type { InspectorLinkRow, ListPage, ListRow } from '../../api/compliance';
import { CONSOLE_SESSION_STORAGE_KEY } from '@waypoint/domain/console-contract';
import type { BuiltInRole } from '@waypoint/domain/staff';
import { mockFetch } from '../../test/fetch-mock';
import { AS_OF, buildMatrix, buildMatrixRow, utcDay as day } from '../../test/compliance';
import { buildLmsInfo, buildMe } from '../../test/factories';

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
  return { asOf: AS_OF, recalculating: 0, list, rows, total: rows.length };
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
export const FACTS = 'GET /lms/api/console/compliance/facts';

/** The facts call's answer: a matrix's columns and filter values. */
export const factsOf = ({ curricula, filters }: ReturnType<typeof buildMatrix>) => ({
  curricula,
  filters,
});

/** Signed in as a built-in role, with the console's own calls and these answered. */
export function signedInAs(role: BuiltInRole, replies: Parameters<typeof mockFetch>[0]) {
  window.sessionStorage.setItem(CONSOLE_SESSION_STORAGE_KEY, 'session-abc');
  return mockFetch({
    'GET /lms/api/PublicInfo/LMS/Info/': { status: 200, body: buildLmsInfo() },
    'GET /lms/api/console/me': { status: 200, body: buildMe(role) },
    [FACTS]: { status: 200, body: factsOf(buildMatrix([buildMatrixRow(1, 'Adams')])) },
    ...replies,
  });
}
