/**
 * Compliance oversight (docs/decisions/0022): the qualification matrix, the daily lists and a
 * cell's history, for a scope (a staff member's LMS and restriction groups, or an inspector
 * link's), and the batches exports and scheduled reports stream. Standings are freshened first
 * (standings.ts), so the first read after a commit shows it.
 */
import {
  formatScorePercent,
  outcomeOf,
  OUTCOME_TEXT,
  type ProgressElement,
} from '@waypoint/domain';
import {
  prefixPattern,
  qualificationCell,
  type ComplianceList,
  type QualificationCell,
} from '@waypoint/domain/staff';
import type {
  CellHistory,
  ComplianceFacts,
  ComplianceFilter,
  CompliancePerson,
  CurriculumColumn,
  LessonHistory,
  ListPage,
  ListQuery,
  ListRow,
  MatrixCell,
  MatrixPage,
  MatrixQuery,
  MatrixRow,
} from '@waypoint/domain/console-contract';
import type { LessonAttempt } from '@waypoint/domain/contract';
import { HttpError } from '../../lib/http-error.js';
import { attemptsOfAssignment, lessonAttemptKey } from '../attempts/service.js';
import { buildAssignmentReport } from '../progress/service.js';
import { peopleFilterValues } from '../people/service.js';
import { NO_SUCH_PERSON_MESSAGE, inScope } from '../staff/scope.js';
import * as repo from './repo.js';
import { freshenForRead, type StandingDeps } from './standings.js';

/** Whose records: an LMS and restriction groups ([] = the whole LMS). */
export interface ComplianceScope {
  lmsKey: number;
  restrictionGroups: string[];
}

export type ComplianceDeps = StandingDeps;

const MATRIX_PAGE = 50;
const LIST_PAGE = 100;
/** People per batch of an export (their cells are read at once: 250 x 20 curricula = 5,000 rows). */
export const EXPORT_BATCH = 250;

const NO_SUCH_CURRICULUM_MESSAGE = 'No such curriculum.';

/** The curricula a filter names ('1,2,3'), or null for every assigned one. */
function curriculaOf(filter: ComplianceFilter): number[] | null {
  if (!filter.curricula) return null;
  return [...new Set(filter.curricula.split(',').map(Number))];
}

function populationOf(filter: ComplianceFilter): repo.PopulationFilter {
  return {
    pattern: prefixPattern(filter.search ?? ''),
    base: filter.base,
    fleet: filter.fleet,
    position: filter.position,
    restrictionGroup: filter.restrictionGroup,
    status: filter.status,
  };
}

/** What every view starts from: the clock, the LMS's validity, the columns, what is stale. */
async function viewContext(deps: ComplianceDeps, scope: ComplianceScope, filter: ComplianceFilter) {
  const [recalculating, curricula] = await Promise.all([
    freshenForRead(deps, scope.lmsKey),
    repo.matrixColumns(deps.db, scope.lmsKey, curriculaOf(filter)),
  ]);
  const clock: repo.StatusClock = { now: deps.clock.now() };
  return { recalculating, clock, curricula, keys: curricula.map((c) => c.curriculumKey) };
}

const ms = (date: Date | null) => (date === null ? null : date.getTime());

function cellOf(
  standing: repo.StandingData | undefined,
  curriculumKey: number,
  clock: repo.StatusClock,
): MatrixCell {
  const cell: QualificationCell = qualificationCell(
    standing
      ? {
          outcome: standing.outcome,
          completedAt: ms(standing.completedAt),
          dueAt: standing.dueAt.getTime(),
          lastActivityAt: ms(standing.lastActivityAt),
          validUntil: ms(standing.validUntil),
        }
      : null,
    clock.now.getTime(),
  );
  return { curriculumKey, assignmentKey: standing?.assignmentKey ?? null, ...cell };
}

/** Rows of the matrix for these people: one cell per column. */
async function matrixRows(
  deps: ComplianceDeps,
  people: repo.PersonData[],
  curricula: CurriculumColumn[],
  clock: repo.StatusClock,
): Promise<MatrixRow[]> {
  const keys = curricula.map((c) => c.curriculumKey);
  const standings = await repo.standingsOf(
    deps.db,
    people.map((p) => p.userKey),
    keys,
  );
  const byPair = new Map(standings.map((s) => [`${s.userKey}:${s.curriculumKey}`, s]));
  return people.map((person) => ({
    ...presentPerson(person),
    cells: keys.map((key) => cellOf(byPair.get(`${person.userKey}:${key}`), key, clock)),
  }));
}

function presentPerson(person: repo.PersonData): CompliancePerson {
  return {
    userKey: person.userKey,
    userID: person.userID,
    displayName: person.displayName,
    employeeId: person.employeeId,
    base: person.base,
    fleet: person.fleet,
    position: person.position,
    restrictionGroup: person.restrictionGroup,
  };
}

/** Every assigned curriculum (the matrix's columns) and the filters' values of the scope. */
export async function complianceFacts(
  deps: ComplianceDeps,
  scope: ComplianceScope,
): Promise<ComplianceFacts> {
  const [curricula, filters] = await Promise.all([
    repo.matrixColumns(deps.db, scope.lmsKey, null),
    peopleFilterValues(deps, scope),
  ]);
  return { curricula, filters };
}

/** One page of the qualification matrix. */
export async function matrixPage(
  deps: ComplianceDeps,
  scope: ComplianceScope,
  query: MatrixQuery,
): Promise<MatrixPage> {
  const context = await viewContext(deps, scope, query);
  const { clock, curricula, keys } = context;
  if (query.sort === 'curriculum' && !keys.includes(query.sortCurriculum ?? -1)) {
    throw new HttpError(400, 'Sort by a curriculum shown in the matrix (sortCurriculum).');
  }
  const sort =
    query.sort === 'curriculum' ? { curriculumKey: query.sortCurriculum! } : (query.sort ?? 'name');
  const [people, filters] = await Promise.all([
    repo.matrixPeople(deps.db, scope, populationOf(query), keys, clock, {
      sort,
      descending: query.order === 'desc',
      limit: query.limit ?? MATRIX_PAGE,
      offset: query.offset ?? 0,
    }),
    peopleFilterValues(deps, scope),
  ]);
  return {
    asOf: clock.now.getTime(),
    recalculating: context.recalculating,
    curricula,
    rows: await matrixRows(deps, people.rows, curricula, clock),
    total: people.total,
    filters,
  };
}

function presentListRow(row: repo.ListRowData, clock: repo.StatusClock): ListRow {
  const cell = cellOf(row, row.curriculumKey, clock);
  return {
    ...presentPerson(row),
    curriculumKey: row.curriculumKey,
    curriculumName: row.curriculumName,
    assignmentKey: row.assignmentKey,
    status: cell.status,
    date: cell.date,
    days: cell.days,
    dueAt: row.dueAt.getTime(),
  };
}

/** One page of a daily list. */
export async function listPage(
  deps: ComplianceDeps,
  scope: ComplianceScope,
  list: ComplianceList,
  query: ListQuery,
): Promise<ListPage> {
  const { clock, keys, recalculating } = await viewContext(deps, scope, query);
  const { rows, total } = await repo.listRows(
    deps.db,
    scope,
    list,
    populationOf(query),
    keys,
    clock,
    {
      limit: query.limit ?? LIST_PAGE,
      offset: query.offset ?? 0,
    },
  );
  return {
    asOf: clock.now.getTime(),
    recalculating,
    list,
    rows: rows.map((row) => presentListRow(row, clock)),
    total,
  };
}

/** Every lesson under an element, with the names of its course and topic and its attempts. */
function lessonsOf(
  curriculum: ProgressElement,
  attemptsOf: (lessonKey: number) => LessonAttempt[],
): LessonHistory[] {
  return curriculum.elementChildren.flatMap((course) =>
    course.elementChildren.flatMap((topic) =>
      topic.elementChildren
        .filter((lesson) => lesson.elementType === 'lesson')
        .map((lesson) => ({
          lessonKey: lesson.elementKey,
          courseName: course.elementName,
          topicName: topic.elementName,
          lessonName: lesson.elementName,
          attempts: lesson.elementAttempts,
          outcome: OUTCOME_TEXT[outcomeOf(lesson)],
          score: formatScorePercent(lesson.elementScore, lesson.elementPlayMode),
          completedAt: lesson.elementCompletionInstant || null,
          lastLaunchedAt: lesson.elementLastLaunchedInstant || null,
          totalTimeMs: lesson.elementTotalTime,
          playMode: lesson.elementPlayMode,
          attemptRecords: attemptsOf(lesson.elementKey),
        })),
    ),
  );
}

/** Which lessons and events a period keeps (an inspector link's), both days included. */
export interface Period {
  from: string;
  to: string;
}

function inPeriod(at: number | null, period: Period | undefined): boolean {
  if (!period) return true;
  if (at === null) return false;
  const day = new Date(at).toISOString().slice(0, 10);
  return day >= period.from && day <= period.to;
}

/**
 * What a cell opens: the person's assignment of the curriculum, each lesson's attempts and
 * outcome (the report's own tree, as the panel shows it), and the assignment's audit events.
 * A person outside the scope (or not a student of the LMS) is 404 'No such person.'.
 */
export async function cellHistory(
  deps: ComplianceDeps,
  scope: ComplianceScope,
  userKey: number,
  curriculumKey: number,
  period?: Period,
): Promise<CellHistory> {
  const person = await repo.personOf(deps.db, scope.lmsKey, userKey);
  if (!person || !inScope(scope, person)) throw new HttpError(404, NO_SUCH_PERSON_MESSAGE);
  const curriculum = await repo.curriculumOf(deps.db, scope.lmsKey, curriculumKey);
  if (!curriculum) throw new HttpError(404, NO_SUCH_CURRICULUM_MESSAGE);
  await freshenForRead(deps, scope.lmsKey);
  const assignment = await repo.assignmentOf(deps.db, userKey, curriculumKey);
  const clock = { now: deps.clock.now() };
  const [standing] = await repo.standingsOf(deps.db, [userKey], [curriculumKey]);
  let lessons: LessonHistory[] = [];
  let events: CellHistory['events'] = [];
  if (assignment) {
    // The one curriculum's tree, not the student's whole report (the launch rules' own call).
    const report = await buildAssignmentReport(
      deps,
      { userKey, lmsKey: scope.lmsKey },
      clock.now.getTime(),
      { assignmentKey: assignment.assignmentKey, curriculumKey },
    );
    const element = report?.progressReport[0];
    // Each attempt kept (migration 0027); an inspector's period keeps those started or ended in it.
    const attempts = await attemptsOfAssignment(deps, userKey, assignment.assignmentKey);
    const attemptsOf = (lessonKey: number) =>
      (attempts.get(lessonAttemptKey(assignment.assignmentKey, lessonKey)) ?? []).filter(
        (attempt) =>
          !period ||
          inPeriod(attempt.startedInstant, period) ||
          inPeriod(attempt.endedInstant || null, period),
      );
    lessons = element ? lessonsOf(element, attemptsOf) : [];
    events = (await repo.assignmentEvents(deps.db, scope.lmsKey, assignment.assignmentKey)).map(
      (event) => ({
        at: event.at.toISOString(),
        action: event.action,
        actor: event.actorLabel,
        summary: event.summary,
      }),
    );
    if (period) {
      lessons = lessons.map((lesson) =>
        // A lesson never launched has nothing to hide; one with activity only outside the
        // period shows none of it.
        (lesson.lastLaunchedAt ?? lesson.completedAt) === null ||
        inPeriod(lesson.lastLaunchedAt ?? lesson.completedAt, period)
          ? lesson
          : {
              ...lesson,
              attempts: 0,
              outcome: 'Outside the period',
              score: '-',
              completedAt: null,
              lastLaunchedAt: null,
              totalTimeMs: 0,
              attemptRecords: [],
            },
      );
      events = events.filter((event) => inPeriod(Date.parse(event.at), period));
    }
  }
  return {
    asOf: clock.now.getTime(),
    person: presentPerson(person),
    curriculum,
    cell: cellOf(standing, curriculumKey, clock),
    assignment: assignment && {
      assignmentKey: assignment.assignmentKey,
      assignedAt: assignment.assignedAt.getTime(),
      startDate: assignment.startDate.getTime(),
      dueAt: assignment.dueAt.getTime(),
    },
    lessons,
    events,
  };
}

/** A batch of the matrix for an export: the columns, and up to EXPORT_BATCH people's rows. */
export interface MatrixBatch {
  asOf: number;
  curricula: CurriculumColumn[];
  rows: MatrixRow[];
}

/** The people of a population in name order, EXPORT_BATCH at a time (keyset, never offset). */
async function* peopleBatches(
  deps: ComplianceDeps,
  scope: ComplianceScope,
  filter: ComplianceFilter,
  keys: number[],
  clock: repo.StatusClock,
) {
  let after: { name: string; other: string; userKey: number } | null = null;
  for (;;) {
    const batch = await repo.populationBatch(
      deps.db,
      scope,
      populationOf(filter),
      keys,
      clock,
      after,
      EXPORT_BATCH,
    );
    if (batch.length === 0) return;
    yield batch;
    if (batch.length < EXPORT_BATCH) return;
    const last = batch[batch.length - 1]!;
    after = { name: last.sortName, other: last.sortOther, userKey: last.userKey };
  }
}

/** The whole matrix of a population, batch by batch (for CSV and XLSX exports). */
export async function* matrixBatches(
  deps: ComplianceDeps,
  scope: ComplianceScope,
  filter: ComplianceFilter,
): AsyncGenerator<MatrixBatch> {
  const { clock, curricula, keys } = await viewContext(deps, scope, filter);
  let any = false;
  for await (const people of peopleBatches(deps, scope, filter, keys, clock)) {
    any = true;
    yield {
      asOf: clock.now.getTime(),
      curricula,
      rows: await matrixRows(deps, people, curricula, clock),
    };
  }
  // An empty population still has its columns (the export's header).
  if (!any) yield { asOf: clock.now.getTime(), curricula, rows: [] };
}

/** A whole daily list of a population, page by page (for exports and scheduled reports). */
export async function* listBatches(
  deps: ComplianceDeps,
  scope: ComplianceScope,
  list: ComplianceList,
  filter: ComplianceFilter,
): AsyncGenerator<{ asOf: number; rows: ListRow[] }> {
  const { clock, keys } = await viewContext(deps, scope, filter);
  // The same "now" for every page, so that a row cannot move between pages while exported.
  for (let offset = 0; ; offset += EXPORT_BATCH) {
    const { rows } = await repo.listRows(deps.db, scope, list, populationOf(filter), keys, clock, {
      limit: EXPORT_BATCH,
      offset,
    });
    yield { asOf: clock.now.getTime(), rows: rows.map((row) => presentListRow(row, clock)) };
    if (rows.length < EXPORT_BATCH) return;
  }
}

/** The people of a population, batch by batch (the records zip). */
export async function* populationBatches(
  deps: ComplianceDeps,
  scope: ComplianceScope,
  filter: ComplianceFilter,
): AsyncGenerator<CompliancePerson[]> {
  const { clock, keys } = await viewContext(deps, scope, filter);
  for await (const people of peopleBatches(deps, scope, filter, keys, clock)) {
    yield people.map(presentPerson);
  }
}
