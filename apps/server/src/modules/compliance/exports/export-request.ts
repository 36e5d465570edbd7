/**
 * What an export request may ask for, beyond its schema (docs/decisions/0022): the matrix and the
 * lists as CSV or XLSX, the training records of a period as a zip; and the name its file is saved
 * under, which says whose data it is and when it was made.
 */
import type { ExportRequest } from '@waypoint/domain/console-contract';
import { HttpError } from '../../../lib/http-error.js';
import { recordPeriod, type RecordPeriod } from '../../reports/record-period.js';

/** The longest period a records export covers. */
export const RECORDS_PERIOD_MAX_YEARS = 10;

const bad = (message: string) => new HttpError(400, message);

/** A YYYY-MM-DD string that names a real day (the schema checked only its shape). */
function realDay(value: string): boolean {
  const ms = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === value;
}

/**
 * Checks the combinations the schema cannot: a list names which list, only the records are a
 * zip and only they take a period, of real days, in order, at most ten years long. Answers the
 * period of a records export (null otherwise); a bad request is a 400 saying what is wrong.
 */
export function checkExportRequest(request: ExportRequest): RecordPeriod | null {
  if (request.what === 'list' && request.list === undefined) {
    throw bad('Choose which list to export.');
  }
  if (request.what !== 'list' && request.list !== undefined) {
    throw bad('A list is chosen only when exporting a list.');
  }
  if (request.what === 'records') {
    if (request.format !== 'zip') throw bad('Training records are exported as a zip.');
    if (request.from === undefined || request.to === undefined) {
      throw bad('Give the period of the records: from and to.');
    }
    if (!realDay(request.from)) throw bad(`'${request.from}' is not a date.`);
    if (!realDay(request.to)) throw bad(`'${request.to}' is not a date.`);
    if (request.from > request.to) throw bad('The period must not end before it starts.');
    const from = new Date(`${request.from}T00:00:00Z`);
    const limit = new Date(from);
    limit.setUTCFullYear(limit.getUTCFullYear() + RECORDS_PERIOD_MAX_YEARS);
    if (Date.parse(`${request.to}T00:00:00Z`) >= limit.getTime()) {
      throw bad(`The period may be at most ${RECORDS_PERIOD_MAX_YEARS} years long.`);
    }
    return recordPeriod(request.from, request.to);
  }
  if (request.format === 'zip') {
    throw bad('The matrix and the lists are exported as CSV or XLSX.');
  }
  if (request.from !== undefined || request.to !== undefined) {
    throw bad('A period is given only when exporting training records.');
  }
  return null;
}

/** A part of a file name: only [A-Za-z0-9._+-], the rest as '_', never empty. */
function safe(part: string, fallback: string): string {
  const cleaned = part
    .replace(/[^A-Za-z0-9._+-]+/g, '_')
    .replace(/^[._]+|[._]+$/g, '')
    .slice(0, 60);
  return cleaned || fallback;
}

/**
 * The file name: waypoint-<LMS code>-<scope>-<what>-<date>.<format>, where the scope is 'all' for
 * a staff member who sees the whole LMS, else their restriction groups joined by '+', followed
 * by the filter's base, fleet and position when set; the date is the day it was made (UTC).
 */
export function exportFileName(
  lmsCode: string,
  restrictionGroups: readonly string[],
  request: ExportRequest,
  now: Date,
): string {
  const groups = restrictionGroups.length === 0 ? 'all' : restrictionGroups.join('+');
  const scope = [groups, request.filter.base, request.filter.fleet, request.filter.position]
    .filter((part): part is string => Boolean(part))
    .map((part) => safe(part, 'group'))
    .join('-');
  const what =
    request.what === 'list'
      ? `list-${request.list ?? ''}`
      : request.what === 'records'
        ? `records-${request.from ?? ''}_${request.to ?? ''}`
        : 'matrix';
  const day = now.toISOString().slice(0, 10);
  return `waypoint-${safe(lmsCode, 'lms')}-${scope}-${safe(what, request.what)}-${day}.${request.format}`;
}
