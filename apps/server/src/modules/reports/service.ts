import {
  attemptRecordItems,
  completionReportRows,
  trainingRecordCsvWithAttempts,
  trainingRecordItems,
  type AttemptRecordItem,
  type TrainingRecordItem,
} from '@waypoint/domain';
import type {
  CompletionReportRow,
  OrganizationData,
  TrainingRecordFormat,
} from '@waypoint/domain/contract';
import type { Db } from '../../db/connection.js';
import type { Clock } from '../../lib/clock.js';
import { HttpError } from '../../lib/http-error.js';
import { buildProgressReport, type ReportDeps } from '../progress/service.js';
import { presentOrganization, studentName } from './presenter.js';
import { selectOrganization } from './repo.js';
import type { FontFiles } from '../../lib/pdf-fonts.js';
import { renderTrainingRecordPdf } from './training-record-pdf.js';
import { attemptInPeriod, curriculaInPeriod, type RecordPeriod } from './record-period.js';
import { attemptsOfUser, lessonAttemptKey } from '../attempts/service.js';

/** A student of an LMS (the keys are the session's own: the route's guard checked them). */
export interface ReportUser {
  lmsKey: number;
  userKey: number;
}

// Every assignment, expired or not, with the lessons completed offline (§2 Completion Report).
const REPORT_OPTIONS = { showExpired: true, withFlaggedAssignments: true, showEmptyLeafs: false };

/** 'Nothing to report.' (§8), as the progress report answers it. */
const nothingToReport = () => new HttpError(404, 'Nothing to report.');

/** The student's curricula as element trees (the progress report's fixed number of queries). */
async function curricula(deps: ReportDeps & { clock: Clock }, user: ReportUser) {
  return buildProgressReport(deps, user, deps.clock.now().getTime(), REPORT_OPTIONS);
}

/**
 * GET .../curriculum/{curriculum}/COURSE_COMPLETION?aggregationKeys= (§7): the completion-report
 * rows of one curriculum of the student's, or of every one (curriculum 0), narrowed to the given
 * courses (aggregation keys) when any are given; most recent first. The progress report's queries
 * and nothing more, whatever the report's size.
 */
export async function courseCompletion(
  deps: ReportDeps & { clock: Clock },
  user: ReportUser,
  curriculumKey: number,
  aggregationKeys: number[],
): Promise<CompletionReportRow[]> {
  const report = await curricula(deps, user);
  if (!report) throw nothingToReport();
  const chosen = report.progressReport.filter(
    (curriculum) => curriculumKey === 0 || curriculum.elementKey === curriculumKey,
  );
  if (chosen.length === 0) throw nothingToReport();
  const courses = new Set(aggregationKeys);
  return completionReportRows(chosen, report.flaggedLeafAssignments).filter(
    (row) => courses.size === 0 || courses.has(row.courseKey),
  );
}

/** Parses the aggregationKeys query ('' or '12,13'; its shape is checked by the schema). */
export function parseAggregationKeys(value: string | undefined): number[] {
  return value ? value.split(',').map(Number) : [];
}

/** GET /api/user/{lms}/user/{user}/organization (§7): the student and the LMS. */
export async function organization(deps: { db: Db }, user: ReportUser): Promise<OrganizationData> {
  const row = await selectOrganization(deps.db, user.lmsKey, user.userKey);
  // The session's own user: gone only if deleted since the session was checked.
  if (!row) throw new HttpError(404, 'Nothing to report.');
  return presentOrganization(row);
}

/** The training record's contents: the organisation data, every completed item and every attempt. */
export interface TrainingRecord {
  organization: OrganizationData;
  items: TrainingRecordItem[];
  /** Each attempt of each lesson (the attempt record, migration 0027), in tree order. */
  attempts: AttemptRecordItem[];
  producedAt: Date;
  /** Set when the record covers a period only (what was completed or attempted in it). */
  period?: RecordPeriod;
}

/**
 * The training record: every finished item and every attempt, or with a period only those of what
 * was completed or attempted in it (an auditor's request for a date range, record-period.ts).
 */
export async function trainingRecord(
  deps: ReportDeps & { clock: Clock },
  user: ReportUser,
  period?: RecordPeriod,
): Promise<TrainingRecord> {
  const [org, report, attempts] = await Promise.all([
    organization(deps, user),
    curricula(deps, user),
    attemptsOfUser(deps, user.userKey),
  ]);
  const trees = report
    ? period
      ? curriculaInPeriod(report.progressReport, period)
      : report.progressReport
    : [];
  const attemptsOf = (assignmentKey: number, lessonKey: number) => {
    const all = attempts.get(lessonAttemptKey(assignmentKey, lessonKey)) ?? [];
    return period ? all.filter((attempt) => attemptInPeriod(attempt, period)) : all;
  };
  return {
    organization: org,
    items: trainingRecordItems(trees),
    attempts: attemptRecordItems(trees, attemptsOf),
    producedAt: deps.clock.now(),
    ...(period ? { period } : {}),
  };
}

/** A training record file: its bytes, type and the name it is saved under. */
export interface RecordFile {
  body: string | Uint8Array;
  contentType: string;
  fileName: string;
}

/**
 * The training record as CSV (UTF-8 BOM, ISO dates, formulas neutralised; the attempts as a
 * section after the items) or PDF (the LMS name and logo, the student, every completed item, every
 * attempt, page numbers, the date produced).
 */
export async function trainingRecordFile(
  deps: ReportDeps & { clock: Clock; state: { pdfFonts: FontFiles } },
  user: ReportUser,
  format: TrainingRecordFormat,
): Promise<RecordFile> {
  const record = await trainingRecord(deps, user);
  const fileName = recordFileName(record.organization.userID, record.producedAt, format);
  if (format === 'csv') {
    const body = trainingRecordCsvWithAttempts(
      { name: studentName(record.organization), employeeID: record.organization.employeeID },
      record.items,
      record.attempts,
    );
    return { body, contentType: 'text/csv; charset=utf-8', fileName };
  }
  return {
    body: await renderTrainingRecordPdf(record, deps.state.pdfFonts),
    contentType: 'application/pdf',
    fileName,
  };
}

/** The file name a download is saved under: the login ID made safe, and the day (UTC). */
export function recordFileName(userID: string, producedAt: Date, extension: TrainingRecordFormat) {
  const safe = userID.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 60) || 'student';
  return `training-record-${safe}-${producedAt.toISOString().slice(0, 10)}.${extension}`;
}
