/**
 * An export's file as a stream, for any scope: a staff member's download ticket and an inspector
 * link's download use this same code with their own scope (docs/decisions/0022).
 */
import type { Readable } from 'node:stream';
import type { ExportRequest } from '@waypoint/domain/console-contract';
import type { ComplianceList } from '@waypoint/domain/staff';
import {
  listBatches,
  listPage,
  matrixBatches,
  matrixPage,
  populationBatches,
  type ComplianceDeps,
  type ComplianceScope,
} from '../service.js';
import { checkExportRequest } from './export-request.js';
import { recordsZip, ZIP_CONTENT_TYPE, type RecordsDeps } from './records-zip.js';
import { listTable, matrixTable } from './tables.js';
import { CSV_CONTENT_TYPE, csvStream, XLSX_CONTENT_TYPE, xlsxStream } from './writers.js';

/** What an export reads: the compliance views' deps and the instance's PDF fonts. */
export type ExportDeps = ComplianceDeps & RecordsDeps;

/** An export's body and its type (the caller names the file: exportFileName). */
export interface ExportBody {
  body: Readable;
  contentType: string;
}

const LIST_SHEET_NAMES: Record<ComplianceList, string> = {
  overdue: 'Overdue',
  expiring30: 'Expiring within 30 days',
  expiring60: 'Expiring within 60 days',
  expiring90: 'Expiring within 90 days',
  neverStarted: 'Never started',
  failed: 'Failed',
};

/**
 * The file of an export, streamed batch by batch as it is read: the matrix or a list as CSV or
 * XLSX, or the records zip. A request the schema lets through but that makes no sense is a 400
 * (checkExportRequest), thrown before anything is read.
 */
export function streamExport(
  deps: ExportDeps,
  scope: ComplianceScope,
  request: ExportRequest,
): ExportBody {
  const period = checkExportRequest(request);
  if (request.what === 'records') {
    return {
      body: recordsZip(deps, scope.lmsKey, populationBatches(deps, scope, request.filter), period!),
      contentType: ZIP_CONTENT_TYPE,
    };
  }
  const table =
    request.what === 'list'
      ? listTable(listBatches(deps, scope, request.list!, request.filter))
      : matrixTable(matrixBatches(deps, scope, request.filter));
  const sheet = request.what === 'list' ? LIST_SHEET_NAMES[request.list!] : 'Matrix';
  return request.format === 'xlsx'
    ? { body: xlsxStream(table, sheet), contentType: XLSX_CONTENT_TYPE }
    : { body: csvStream(table), contentType: CSV_CONTENT_TYPE };
}

/**
 * How many rows an export holds (people for the matrix and the records, person x curriculum
 * for a list), counted as the export starts, for its audit event.
 */
export async function exportRowCount(
  deps: ComplianceDeps,
  scope: ComplianceScope,
  request: ExportRequest,
): Promise<number> {
  if (request.what === 'list') {
    return (await listPage(deps, scope, request.list!, { ...request.filter, limit: 1 })).total;
  }
  return (await matrixPage(deps, scope, { ...request.filter, limit: 1 })).total;
}
