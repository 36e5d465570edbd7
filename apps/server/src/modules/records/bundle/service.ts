/**
 * Records on request: a signed bundle of a population's training records for a period
 * (bundle-zip.ts). The console asks for one (compliance.export, in the caller's scope) and gets a
 * one-time download address, the compliance exports' ticket (export_ticket, kind 'bundle'); the
 * browser fetches the zip there with no session, the staff member's role and scope read again
 * then, and the download is written to the audit log before the first byte. The operator's CLI
 * makes one for a whole LMS (or one restriction group) and verifies one.
 */
import type { JWK } from 'jose';
import {
  BundleRequest,
  consoleRecordsCalls,
  type ComplianceFilter,
  type ExportTicket,
} from '@waypoint/domain/console-contract';
import { Value } from 'typebox/value';
import { HttpError } from '../../../lib/http-error.js';
import { publicKeys } from '../../certificates/keys.js';
import { checkExportRequest } from '../../compliance/exports/export-request.js';
import { issueTicket, redeemTicket } from '../../compliance/exports/ticket.js';
import {
  populationBatches,
  type ComplianceDeps,
  type ComplianceScope,
} from '../../compliance/service.js';
import type { RecordPeriod } from '../../reports/record-period.js';
import { operatorActor, recordAudit, type AuditActor } from '../../staff/audit.js';
import type { StaffContext } from '../../staff/service.js';
import { bundleBytes, recordsBundle, type BundleDeps } from './bundle-zip.js';
import { lmsByCode } from './repo.js';
import { verifyBundle, type BundleVerification } from './verify-bundle.js';

/** What a bundle needs: the compliance population, the records, the keys. */
export type RecordsBundleDeps = BundleDeps & ComplianceDeps;

export const NO_SUCH_GROUP_MESSAGE = 'No such restriction group.';

/** The request's period (400 as the records export says it), checked by the exports' rule. */
function periodOf(request: BundleRequest): RecordPeriod {
  return checkExportRequest({ what: 'records', format: 'zip', ...request })!;
}

/** A restriction group outside the caller's scope is answered as one that does not exist. */
function checkGroupInScope(restrictionGroups: readonly string[], filter: ComplianceFilter) {
  const group = filter.restrictionGroup;
  if (group !== undefined && restrictionGroups.length > 0 && !restrictionGroups.includes(group)) {
    throw new HttpError(404, NO_SUCH_GROUP_MESSAGE);
  }
}

/** A part of a file name: only [A-Za-z0-9._+-], never empty. */
const safe = (part: string, fallback: string) =>
  part
    .replace(/[^A-Za-z0-9._+-]+/g, '_')
    .replace(/^[._]+|[._]+$/g, '')
    .slice(0, 60) || fallback;

/** waypoint-<LMS>-records-bundle-<from>_<to>-<day made>.zip */
export function bundleFileName(lmsCode: string, request: BundleRequest, now: Date): string {
  const day = now.toISOString().slice(0, 10);
  return `waypoint-${safe(lmsCode, 'lms')}-records-bundle-${request.from}_${request.to}-${day}.zip`;
}

/**
 * A ticket for a bundle in the caller's scope (the compliance exports' ticket.ts, kind 'bundle'):
 * the period is checked (400 with the reason), a restriction group outside the scope is 404.
 */
export async function prepareBundle(
  deps: Pick<RecordsBundleDeps, 'db' | 'clock'>,
  staff: StaffContext,
  request: BundleRequest,
): Promise<ExportTicket> {
  periodOf(request);
  checkGroupInScope(staff.restrictionGroups, request.filter);
  return issueTicket(deps, staff, {
    request: { what: 'bundle', ...request },
    fileName: (now) => bundleFileName(staff.lmsCode, request, now),
    path: consoleRecordsCalls.bundleDownload.path,
  });
}

/** A bundle's audit event: what was asked, by whom. */
async function auditBundle(
  deps: Pick<RecordsBundleDeps, 'db' | 'clock'>,
  actor: AuditActor,
  lmsKey: number,
  fileName: string,
  request: BundleRequest,
) {
  await recordAudit(deps.db, deps, actor, [
    {
      lmsKey,
      action: 'records.bundle',
      targetType: 'export',
      targetKey: fileName,
      summary: `Downloaded the signed records bundle ${fileName}`,
      after: { filter: request.filter, from: request.from, to: request.to },
    },
  ]);
}

/**
 * The bundle of a ticket, used up as it is read (ticket.ts: 404 for unknown, used and expired
 * tickets, 403 when its staff member may no longer export); their CURRENT scope decides (a
 * restriction group outside it is 404); recorded in the audit log before it is streamed.
 */
export async function downloadBundle(
  deps: RecordsBundleDeps,
  ticket: string,
  clientAddress: string,
) {
  const { fileName, request, staff } = await redeemTicket(
    deps,
    { token: ticket, clientAddress, kind: 'bundle' },
    (stored) => {
      const { what: _what, ...bundleRequest } = stored as { what: string };
      return Value.Check(BundleRequest, bundleRequest) ? bundleRequest : undefined;
    },
  );
  checkGroupInScope(staff.restrictionGroups, request.filter);
  await auditBundle(
    deps,
    { userKey: staff.userKey, label: staff.userId, clientAddress },
    staff.lmsKey,
    fileName,
    request,
  );
  const scope = { lmsKey: staff.lmsKey, restrictionGroups: staff.restrictionGroups };
  return {
    fileName,
    body: recordsBundle(deps, {
      lms: { lmsKey: staff.lmsKey, lmsCode: staff.lmsCode },
      period: periodOf(request),
      population: populationBatches(deps, scope, request.filter),
      filter: request.filter,
      restrictionGroups: staff.restrictionGroups,
      generatedBy: staff.userId,
    }),
  };
}

/** The LMS of an operator command by code (404 when there is none). */
async function lmsOf(deps: Pick<RecordsBundleDeps, 'db'>, lmsCode: string) {
  const lms = await lmsByCode(deps.db, lmsCode);
  if (!lms) throw new HttpError(404, `No LMS with code '${lmsCode}'.`);
  return lms;
}

/**
 * The operator's bundle of an LMS's people (or one restriction group's) for a period, whole, as
 * base64 (the CLI writes it to --out); recorded in the audit log as the operator's.
 */
export async function operatorBundle(
  deps: RecordsBundleDeps,
  input: { lms: string; from: string; to: string; group?: string | undefined },
) {
  const lms = await lmsOf(deps, input.lms);
  const request: BundleRequest = {
    filter: input.group === undefined ? {} : { restrictionGroup: input.group },
    from: input.from,
    to: input.to,
  };
  const period = periodOf(request);
  const scope: ComplianceScope = { lmsKey: lms.lmsKey, restrictionGroups: [] };
  const fileName = bundleFileName(lms.lmsCode, request, deps.clock.now());
  await auditBundle(deps, operatorActor(), lms.lmsKey, fileName, request);
  const bytes = await bundleBytes(deps, {
    lms,
    period,
    population: populationBatches(deps, scope, request.filter),
    filter: request.filter,
    restrictionGroups: [],
    generatedBy: 'operator',
  });
  return { fileName, bytes: bytes.byteLength, base64: bytes.toString('base64') };
}

/** A JWKS's keys, or a 400 saying it is not one. */
export function jwksKeys(text: string): JWK[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'The keys are not JSON (a JWKS: {"keys": [...]}).');
  }
  const keys = (parsed as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(keys)) throw new HttpError(400, 'The keys are not a JWKS: {"keys": [...]}.');
  return keys as JWK[];
}

/**
 * Verifies a bundle with the keys given (a JWKS's text) or, without them, the keys this server
 * publishes (the credential JWKS); the bundle's LMS must be this server's when its keys are used.
 */
export async function operatorVerifyBundle(
  deps: RecordsBundleDeps,
  file: Buffer | string,
  keysText: string | undefined,
): Promise<BundleVerification> {
  const keys =
    keysText === undefined ? (await publicKeys(deps)).map(({ jwk }) => jwk) : jwksKeys(keysText);
  const result = await verifyBundle(file, keys);
  if (keysText === undefined && result.lms !== null && !(await lmsByCode(deps.db, result.lms))) {
    return {
      ...result,
      intact: false,
      problems: [...result.problems, `manifest.json: LMS ${result.lms} is not on this server`],
    };
  }
  return result;
}
