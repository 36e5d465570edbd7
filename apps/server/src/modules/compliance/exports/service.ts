/**
 * Export download tickets (docs/decisions/0022): the console asks for an export (prepareExport,
 * compliance.export), gets a one-time address valid for minutes, and the browser fetches the file
 * there with no session (downloadExport): the ticket is the credential. The staff member's role
 * and scope are read again when the file is fetched, so a ticket never outlives the right to it.
 */
import {
  consoleComplianceCalls,
  ExportRequest,
  type ExportTicket,
} from '@waypoint/domain/console-contract';
import { Value } from 'typebox/value';
import { recordAudit } from '../../staff/audit.js';
import type { StaffContext } from '../../staff/service.js';
import { checkExportRequest, exportFileName } from './export-request.js';
import { exportRowCount, streamExport, type ExportBody, type ExportDeps } from './stream-export.js';
import { issueTicket, redeemTicket } from './ticket.js';

/**
 * A ticket for an export in the caller's scope: the request is checked (400 with the reason)
 * and kept with the file's name (ticket.ts).
 */
export async function prepareExport(
  deps: Pick<ExportDeps, 'db' | 'clock'>,
  staff: StaffContext,
  request: ExportRequest,
): Promise<ExportTicket> {
  checkExportRequest(request);
  return issueTicket(deps, staff, {
    request,
    fileName: (now) => exportFileName(staff.lmsCode, staff.restrictionGroups, request, now),
    path: consoleComplianceCalls.download.path,
  });
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
 * The file of a ticket, used up as it is read (ticket.ts: 404 for unknown, used and expired
 * tickets, 403 when its staff member may no longer export); their CURRENT restriction groups
 * decide what it holds; the download is written to the audit log (what, format, filter, rows)
 * before the first byte is sent.
 */
export async function downloadExport(
  deps: ExportDeps,
  ticket: string,
  clientAddress: string,
): Promise<ExportDownload> {
  const { fileName, request, staff } = await redeemTicket(
    deps,
    { token: ticket, clientAddress, kind: 'export' },
    (stored) => (Value.Check(ExportRequest, stored) ? stored : undefined),
  );
  const scope = { lmsKey: staff.lmsKey, restrictionGroups: staff.restrictionGroups };
  const rows = await exportRowCount(deps, scope, request);
  await recordAudit(deps.db, deps, { userKey: staff.userKey, label: staff.userId, clientAddress }, [
    {
      lmsKey: staff.lmsKey,
      action: 'compliance.export',
      targetType: 'export',
      targetKey: fileName,
      summary: `Downloaded ${fileName} (${rows} ${request.what === 'list' ? 'rows' : 'people'})`,
      after: { ...auditedRequest(request), rows },
    },
  ]);
  // Started only once the download is on record: a stream that is never read would hold its
  // batch (and an XLSX or zip writer) open.
  return { ...streamExport(deps, scope, request), fileName };
}
