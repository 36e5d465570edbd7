/**
 * Reading the audit log (docs/decisions/0021): an LMS's events, filtered, newest first, paged by
 * event key, and the same view as CSV, written out page by page as it is read so that a long log
 * never sits in memory whole.
 */
import { Readable } from 'node:stream';
import { csvCell, UTF8_BOM } from '@waypoint/domain';
import type {
  AuditEvent,
  AuditFilter,
  AuditPage,
  AuditQuery,
} from '@waypoint/domain/console-contract';
import type { Db } from '../../db/connection.js';
import { HttpError } from '../../lib/http-error.js';
import { searchAuditEvents, type AuditEventRow, type AuditSearch } from './audit.repo.js';
import type { StaffContext } from './service.js';

const DAY_MS = 86_400_000;
const PAGE = 50;
const EXPORT_PAGE = 500;

/** A YYYY-MM-DD the schema let through, as the start of that UTC day; 400 when not a real date. */
function dayStart(day: string, field: string): Date {
  const date = new Date(`${day}T00:00:00.000Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day) {
    throw new HttpError(400, `${field} is not a date: ${day}.`);
  }
  return date;
}

/** The filter as the repository takes it: trimmed text, whole UTC days, from before to. */
function searchOf(staff: StaffContext, filter: AuditFilter): AuditSearch {
  const text = (value: string | undefined) => {
    const trimmed = value?.trim();
    return trimmed ? trimmed : undefined;
  };
  const from = filter.from === undefined ? undefined : dayStart(filter.from, 'from');
  const to = filter.to === undefined ? undefined : dayStart(filter.to, 'to');
  if (from && to && from > to) throw new HttpError(400, 'from is after to.');
  return {
    lmsKey: staff.lmsKey,
    actor: text(filter.actor),
    actionPrefix: text(filter.action),
    targetType: text(filter.targetType),
    targetKey: text(filter.targetKey),
    from,
    until: to ? new Date(to.getTime() + DAY_MS) : undefined,
    text: text(filter.q),
  };
}

function presentEvent(row: AuditEventRow): AuditEvent {
  return {
    eventKey: Number(row.eventKey),
    at: row.at.toISOString(),
    actor: { userKey: row.actorUserKey, label: row.actorLabel },
    clientAddress: row.clientAddress,
    action: row.action,
    targetType: row.targetType,
    targetKey: row.targetKey,
    summary: row.summary,
    before: row.before ?? null,
    after: row.after ?? null,
  };
}

/** One page of the staff member's LMS's log, newest first. */
export async function auditPage(
  deps: { db: Db },
  staff: StaffContext,
  query: AuditQuery,
): Promise<AuditPage> {
  const limit = query.limit ?? PAGE;
  const rows = await searchAuditEvents(
    deps.db,
    { ...searchOf(staff, query), beforeKey: query.before },
    limit + 1,
  );
  const events = rows.slice(0, limit).map(presentEvent);
  return {
    events,
    next: rows.length > limit ? events[events.length - 1]!.eventKey : null,
  };
}

const CSV_HEADER = [
  'Event',
  'When (UTC)',
  'Actor',
  'Address',
  'Action',
  'Target type',
  'Target',
  'Summary',
  'Before',
  'After',
];

const json = (value: unknown) =>
  value === null || value === undefined ? '' : JSON.stringify(value);

function csvLine(event: AuditEvent): string {
  return (
    [
      String(event.eventKey),
      event.at,
      event.actor.label,
      event.clientAddress,
      event.action,
      event.targetType,
      event.targetKey,
      event.summary,
      json(event.before),
      json(event.after),
    ]
      .map(csvCell)
      .join(',') + '\r\n'
  );
}

/**
 * The filtered log as CSV (UTF-8 BOM, CRLF, formulas neutralised), newest first, as a stream
 * read a page at a time. The filter is checked before anything is sent (400 with the reason).
 */
export function auditCsv(deps: { db: Db }, staff: StaffContext, filter: AuditFilter): Readable {
  const search = searchOf(staff, filter);
  async function* lines() {
    yield UTF8_BOM + CSV_HEADER.map(csvCell).join(',') + '\r\n';
    let beforeKey: number | undefined;
    for (;;) {
      const rows = await searchAuditEvents(deps.db, { ...search, beforeKey }, EXPORT_PAGE);
      if (rows.length === 0) return;
      yield rows.map((row) => csvLine(presentEvent(row))).join('');
      if (rows.length < EXPORT_PAGE) return;
      beforeKey = Number(rows[rows.length - 1]!.eventKey);
    }
  }
  return Readable.from(lines());
}

/** The export's file name: audit-<lms code>-<date>.csv. */
export function auditCsvFileName(staff: StaffContext, now: Date): string {
  const code = staff.lmsCode.replace(/[^A-Za-z0-9_-]/g, '') || 'lms';
  return `audit-${code}-${now.toISOString().slice(0, 10)}.csv`;
}
