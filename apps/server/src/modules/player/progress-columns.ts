import type { StoredProgress } from '@waypoint/domain';
import type { Selectable } from 'kysely';
import type { LessonProgressTable } from '../../db/schema.js';
import { parseCmi } from '../../lib/stored-cmi.js';

/**
 * The lesson_progress columns a commit reads and writes, declared once: the commit path's SQL
 * (commits.repo.ts: what a batch locks and reads, the JSON it writes, its SET list and record
 * types) is made from this list, and the conversions to and from the commit rules' StoredProgress
 * below are checked against it by the compiler. Each with the SQL type a batch's JSON is read as.
 */
export const PROGRESS_COLUMNS = {
  attempts: 'integer',
  completion: 'integer',
  credit: 'integer',
  score: 'numeric',
  completionInstant: 'timestamptz',
  location: 'integer',
  maxLocation: 'integer',
  locationBlob: 'text',
  suspendData: 'text',
  progressMeasure: 'real',
  totalTimeMs: 'bigint',
  cmi: 'json',
} as const;

export type ProgressColumn = keyof typeof PROGRESS_COLUMNS;

/** The columns in declaration order. */
export const PROGRESS_COLUMN_NAMES = Object.keys(PROGRESS_COLUMNS) as ProgressColumn[];

/** A lesson's progress as a commit reads it. */
export type CommitProgress = Pick<Selectable<LessonProgressTable>, ProgressColumn>;

/**
 * What a commit writes to a lesson's progress row: every column of the list and updated_at. A
 * batch sends the raw cmi elements as JSON, and no suspend_data: it mirrors the cmi's element
 * (applyCommit), so the statement takes it from there and a batch's JSON carries each learner's
 * state (often KBs) once.
 */
export type ProgressWrite = Omit<CommitProgress, 'cmi' | 'suspendData'> & {
  cmi: Readonly<Record<string, string>>;
  updatedAt: Date;
};

/** The columns a batch's JSON carries, in order (see ProgressWrite). */
export const BATCH_COLUMNS: readonly (keyof ProgressWrite)[] = [
  ...PROGRESS_COLUMN_NAMES.filter((name) => name !== 'suspendData'),
  'updatedAt',
];

/** A column's SQL name (the database is snake_case; Kysely's CamelCasePlugin maps the rest). */
export const sqlName = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A stored progress row (or none yet) as the commit rules read it. */
export function storedOf(row: CommitProgress | undefined): StoredProgress {
  return {
    attempts: row?.attempts ?? 0,
    completion: row?.completion ?? 0,
    credit: row?.credit ?? 0,
    // The commit rules work in percent; lesson_progress keeps a fraction (§9 "values between 0 and 1").
    score: (row?.score ?? 0) * 100,
    completionInstantMs: row?.completionInstant ? msOf(row.completionInstant) : null,
    location: row?.location ?? 0,
    maxLocation: row?.maxLocation ?? 0,
    locationBlob: row?.locationBlob ?? '',
    suspendData: row?.suspendData ?? '',
    progressMeasure: row?.progressMeasure ?? 0,
    totalTimeMs: row?.totalTimeMs ?? 0,
    cmi: row ? parseCmi(row.cmi) : {},
  };
}

/** The lesson_progress columns of a progress, the raw cmi as JSON text (a single row's update). */
export function columnsOf(next: StoredProgress, now: Date) {
  return { ...columnsBesideCmi(next, now), cmi: JSON.stringify(next.cmi) };
}

/** The lesson_progress columns of a progress, less the raw cmi (written as JSON by a batch). */
export function columnsBesideCmi(
  next: StoredProgress,
  now: Date,
): Omit<ProgressWrite, 'cmi'> & Pick<CommitProgress, 'suspendData'> {
  return {
    attempts: next.attempts,
    completion: next.completion,
    credit: next.credit,
    score: Math.round(next.score * 100) / 10_000,
    completionInstant:
      next.completionInstantMs === null ? null : new Date(next.completionInstantMs),
    location: next.location,
    maxLocation: next.maxLocation,
    locationBlob: next.locationBlob,
    suspendData: next.suspendData,
    progressMeasure: next.progressMeasure,
    totalTimeMs: next.totalTimeMs,
    updatedAt: now,
  };
}

/** Milliseconds since the epoch of a timestamp as the drivers hand it over (0 for none). */
export const msOf = (value: Date | string | null): number =>
  value === null ? 0 : typeof value === 'string' ? Date.parse(value) : value.getTime();
