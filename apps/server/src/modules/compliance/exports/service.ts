/**
 * Export download tickets (docs/decisions/0022): the console asks for an export (prepareExport,
 * compliance.export), gets a one-time address valid for minutes, and the browser fetches the file
 * there with no session (downloadExport): the ticket is the credential. The staff member's role
 * and scope are read again when the file is fetched, so a ticket never outlives the right to it.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  consoleComplianceCalls,
  ExportRequest,
  type ExportTicket,
} from '@waypoint/domain/console-contract';
import { allows } from '@waypoint/domain/staff';
import { Value } from 'typebox/value';
import { HttpError } from '../../../lib/http-error.js';
import { RATE_RULES } from '../../../lib/rate-limit.js';
import { enforceRateLimit } from '../../rate-limits/service.js';
import { recordAudit } from '../../staff/audit.js';
import { STAFF_FORBIDDEN_MESSAGE } from '../../staff/guard.js';
import { staffContext, type StaffContext } from '../../staff/service.js';
import { checkExportRequest, exportFileName } from './export-request.js';
import { insertExportTicket, useExportTicket } from './repo.js';
import { exportRowCount, streamExport, type ExportBody, type ExportDeps } from './stream-export.js';

/** How long a ticket may wait for its download. */
export const EXPORT_TICKET_MS = 5 * 60_000;

/** The one answer to a ticket that is unknown, used or expired: none tells which. */
export const EXPIRED_TICKET_MESSAGE = 'This download link has expired or was already used.';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A ticket for an export in the caller's scope: the request is checked (400 with the reason)
 * and kept with the file's name; only the token's SHA-256 is stored. The address is the LMS's
 * own ('/lms' + the contract's path), which the browser navigates to.
 */
export async function prepareExport(
  deps: Pick<ExportDeps, 'db' | 'clock'>,
  staff: StaffContext,
  request: ExportRequest,
): Promise<ExportTicket> {
  checkExportRequest(request);
  const token = randomBytes(16).toString('base64url');
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + EXPORT_TICKET_MS);
  const fileName = exportFileName(staff.lmsCode, staff.restrictionGroups, request, now);
  await insertExportTicket(deps.db, {
    tokenHash: hashOf(token),
    lmsKey: staff.lmsKey,
    userKey: staff.userKey,
    request,
    fileName,
    createdAt: now,
    expiresAt,
  });
  return {
    url: `/lms${consoleComplianceCalls.download.path(token)}`,
    fileName,
    expiresAt: expiresAt.getTime(),
  };
}

/** A download under way: the file's name, type and body. */
export interface ExportDownload extends ExportBody {
  fileName: string;
}

/** What a request's audit event keeps of it. */
const auditedRequest = (request: ExportRequest) => ({
  what: request.what,
  ...(request.list ? { list: request.list } : {}),
  format: request.format,
  filter: request.filter,
  ...(request.from ? { from: request.from, to: request.to } : {}),
});

/**
 * The file of a ticket. The ticket is used up as it is read (one statement: unused and not
 * expired, else 404 with one message for every case); its staff member's CURRENT role and
 * restriction groups decide (403 when they may no longer export); the download is written to
 * the audit log (what, format, filter, rows) before the first byte is sent.
 */
export async function downloadExport(
  deps: ExportDeps,
  ticket: string,
  clientAddress: string,
): Promise<ExportDownload> {
  const now = deps.clock.now();
  await enforceRateLimit(deps.db, RATE_RULES.exportDownloads, clientAddress, now);
  const row = await useExportTicket(deps.db, hashOf(ticket), now);
  if (!row) throw new HttpError(404, EXPIRED_TICKET_MESSAGE);
  if (!Value.Check(ExportRequest, row.request)) {
    throw new Error(`export ticket of user ${row.userKey} holds no export request`);
  }
  const request = row.request;
  const staff = await staffContext(deps, row.userKey, '');
  if (!staff || staff.lmsKey !== row.lmsKey || !allows(staff.permissions, 'compliance.export')) {
    throw new HttpError(403, STAFF_FORBIDDEN_MESSAGE);
  }
  const scope = { lmsKey: staff.lmsKey, restrictionGroups: staff.restrictionGroups };
  const rows = await exportRowCount(deps, scope, request);
  await recordAudit(deps.db, deps, { userKey: staff.userKey, label: staff.userId, clientAddress }, [
    {
      lmsKey: staff.lmsKey,
      action: 'compliance.export',
      targetType: 'export',
      targetKey: row.fileName,
      summary: `Downloaded ${row.fileName} (${rows} ${request.what === 'list' ? 'rows' : 'people'})`,
      after: { ...auditedRequest(request), rows },
    },
  ]);
  // Started only once the download is on record: a stream that is never read would hold its
  // batch (and an XLSX or zip writer) open.
  return { ...streamExport(deps, scope, request), fileName: row.fileName };
}
