/**
 * What an external inspector reaches through a link (docs/decisions/0022), with no account: the
 * token in the address is the credential. Unknown, expired and revoked links get one answer, so
 * an address tells nothing of whether it ever worked; failed lookups are counted per client
 * address and refused past the limit. The link's scope is its maker's restriction groups, its
 * population a fixed filter the inspector can only narrow (search, status), and its period limits
 * which records show. Every page viewed and every file downloaded is written to the audit log.
 */
import { allows } from '@waypoint/domain/staff';
import type {
  CellHistory,
  ComplianceFilter,
  ExportRequest,
  InspectionExportQuery,
  InspectionInfo,
  InspectionMatrixQuery,
  InspectorPopulation,
  MatrixPage,
  MatrixQuery,
} from '@waypoint/domain/console-contract';
import { HttpError } from '../../../lib/http-error.js';
import { RATE_RULES, tooManyAttempts } from '../../../lib/rate-limit.js';
import { hashToken } from '../../../lib/tokens.js';
import { recordFailure } from '../../rate-limits/service.js';
import { recordAudit, type AuditActor, type AuditEntry } from '../../staff/audit.js';
import { NO_SUCH_PERSON_MESSAGE } from '../../staff/scope.js';
import { staffContext } from '../../staff/service.js';
import { checkExportRequest, exportFileName } from '../exports/export-request.js';
import {
  exportRowCount,
  streamExport,
  type ExportBody,
  type ExportDeps,
} from '../exports/stream-export.js';
import { cellHistory, matrixPage, type ComplianceScope } from '../service.js';
import type { InspectorLinkDeps } from './links.service.js';
import { presentPopulation } from './presenter.js';
import * as repo from './repo.js';

export type InspectionDeps = ExportDeps & InspectorLinkDeps;

export const INVALID_LINK_MESSAGE = 'This inspection link is not valid.';

/** An open link, as the inspector's calls use it. */
export interface Inspection {
  linkKey: number;
  lmsKey: number;
  lmsCode: string;
  lmsName: string;
  label: string;
  population: InspectorPopulation;
  periodFrom: string;
  periodTo: string;
  expiresAt: number;
  scope: ComplianceScope;
  /** The population as the compliance services' filter. */
  filter: ComplianceFilter;
  /** How the audit log names the inspector. */
  actor: AuditActor;
}

/**
 * The open link a token names; 404 (one message) when unknown, expired or revoked, and 429 once
 * this address has failed too often.
 */
export async function openInspection(
  deps: InspectionDeps,
  token: string,
  clientAddress: string,
): Promise<Inspection> {
  const now = deps.clock.now();
  const link = await repo.findLinkByTokenHash(deps.db, hashToken(token));
  const open =
    link !== undefined &&
    link.revokedAt === null &&
    new Date(link.expiresAt).getTime() > now.getTime();
  const groups = open ? await makersGroups(deps, link) : null;
  if (!open || groups === null) {
    const state = await recordFailure(
      deps.db,
      RATE_RULES.inspectionLinkGuesses,
      clientAddress,
      now,
    );
    if (!state.allowed) throw tooManyAttempts(state);
    throw new HttpError(404, INVALID_LINK_MESSAGE);
  }
  const population = presentPopulation(link.population);
  return {
    linkKey: link.linkKey,
    lmsKey: link.lmsKey,
    lmsCode: link.lmsCode,
    lmsName: link.lmsDisplayName || link.lmsName,
    label: link.label,
    population,
    periodFrom: link.periodFrom,
    periodTo: link.periodTo,
    expiresAt: new Date(link.expiresAt).getTime(),
    scope: { lmsKey: link.lmsKey, restrictionGroups: groups },
    filter: { ...population },
    actor: { userKey: null, label: `inspector:${link.label}`, clientAddress },
  };
}

/**
 * The restriction groups a link shows today: its maker's at creation, narrowed to the maker's
 * own now. A link lives only as long as its maker may make links: null (the link is not valid)
 * once they left the staff, lost compliance.inspectors, or no longer see any group of it.
 */
async function makersGroups(
  deps: InspectionDeps,
  link: { lmsKey: number; makerKey: number | null; scopeGroups: string[] },
): Promise<string[] | null> {
  if (link.makerKey === null) return null;
  const maker = await staffContext(deps, link.makerKey, '');
  if (
    !maker ||
    maker.lmsKey !== link.lmsKey ||
    !allows(maker.permissions, 'compliance.inspectors')
  ) {
    return null;
  }
  const now = maker.restrictionGroups;
  if (now.length === 0) return link.scopeGroups;
  if (link.scopeGroups.length === 0) return now;
  const both = link.scopeGroups.filter((group) => now.includes(group));
  // [] would mean the whole LMS: a link whose groups its maker no longer sees shows nothing.
  return both.length > 0 ? both : null;
}

/** Writes one audit event of the inspection (a page viewed or a file downloaded). */
export async function recordInspection(
  deps: InspectionDeps,
  inspection: Inspection,
  kind: 'view' | 'download',
  summary: string,
  what: Record<string, unknown>,
): Promise<void> {
  const entry: AuditEntry = {
    lmsKey: inspection.lmsKey,
    action: `compliance.inspection.${kind}`,
    targetType: 'inspectorLink',
    targetKey: inspection.linkKey,
    summary: `${inspection.actor.label}: ${summary}`,
    after: what,
  };
  await recordAudit(deps.db, deps, inspection.actor, [entry]);
}

/** The first page: whose records, which period, until when. */
export async function inspectionInfo(
  deps: InspectionDeps,
  inspection: Inspection,
): Promise<InspectionInfo> {
  await recordInspection(deps, inspection, 'view', 'opened the inspection', { page: 'inspection' });
  return {
    lmsName: inspection.lmsName,
    label: inspection.label,
    population: inspection.population,
    periodFrom: inspection.periodFrom,
    periodTo: inspection.periodTo,
    expiresAt: inspection.expiresAt,
  };
}

/** The population's matrix, narrowed by the inspector's search and status, never widened. */
export async function inspectionMatrix(
  deps: InspectionDeps,
  inspection: Inspection,
  query: InspectionMatrixQuery,
): Promise<MatrixPage> {
  // The population's fields come last: nothing the inspector sends can replace them.
  const matrixQuery: MatrixQuery = { ...query, ...inspection.filter };
  const page = await matrixPage(deps, inspection.scope, matrixQuery);
  await recordInspection(deps, inspection, 'view', describeMatrixView(query), {
    page: 'matrix',
    query,
    rows: page.rows.length,
  });
  // The filters' values would list every base, fleet and group in the maker's scope: the
  // inspector sees only their population's.
  return { ...page, filters: populationFilterValues(inspection.population) };
}

function describeMatrixView(query: InspectionMatrixQuery): string {
  const parts = [
    query.search ? `search "${query.search}"` : '',
    query.status ? `status ${query.status}` : '',
    query.offset ? `from row ${query.offset + 1}` : '',
  ].filter((part) => part !== '');
  return parts.length === 0 ? 'viewed the matrix' : `viewed the matrix (${parts.join(', ')})`;
}

function populationFilterValues(population: InspectorPopulation): MatrixPage['filters'] {
  const one = (value: string | undefined) => (value === undefined ? [] : [value]);
  return {
    bases: one(population.base),
    fleets: one(population.fleet),
    positions: one(population.position),
    restrictionGroups: one(population.restrictionGroup),
  };
}

/** Whether a person is in the link's population (its fields are exact values, as the filter's). */
function inPopulation(population: InspectorPopulation, person: CellHistory['person']): boolean {
  return (
    (population.base === undefined || person.base === population.base) &&
    (population.fleet === undefined || person.fleet === population.fleet) &&
    (population.position === undefined || person.position === population.position) &&
    (population.restrictionGroup === undefined ||
      person.restrictionGroup === population.restrictionGroup)
  );
}

/**
 * One cell's history as the link's period shows it (cellHistory blanks each lesson last worked
 * on outside the period and leaves out the events outside it). A person outside the population,
 * or a curriculum outside its columns, is 404 'No such person.', as one outside the scope is.
 */
export async function inspectionCell(
  deps: InspectionDeps,
  inspection: Inspection,
  userKey: number,
  curriculumKey: number,
): Promise<CellHistory> {
  const curricula = inspection.population.curricula?.split(',').map(Number);
  if (curricula && !curricula.includes(curriculumKey)) {
    throw new HttpError(404, NO_SUCH_PERSON_MESSAGE);
  }
  const history = await cellHistory(deps, inspection.scope, userKey, curriculumKey, {
    from: inspection.periodFrom,
    to: inspection.periodTo,
  }).catch((error: unknown) => {
    // One answer for every miss: 'No such curriculum.' for a person of the maker's scope but not
    // of the population would tell the inspector that person exists.
    if (error instanceof HttpError && error.statusCode === 404) {
      throw new HttpError(404, NO_SUCH_PERSON_MESSAGE);
    }
    throw error;
  });
  if (!inPopulation(inspection.population, history.person)) {
    throw new HttpError(404, NO_SUCH_PERSON_MESSAGE);
  }
  await recordInspection(
    deps,
    inspection,
    'view',
    `viewed ${history.person.userID}'s history in ${history.curriculum.name}`,
    { page: 'cell', userKey, curriculumKey },
  );
  return history;
}

/**
 * A file of the inspection, streamed: the population's matrix as CSV or XLSX, or its training
 * records of the link's period as a zip (the staff exports' own code, in the link's scope). The
 * download is on record before the first byte is read.
 */
export async function inspectionExport(
  deps: InspectionDeps,
  inspection: Inspection,
  query: InspectionExportQuery,
): Promise<ExportBody & { fileName: string }> {
  const request: ExportRequest = {
    what: query.what,
    format: query.format,
    filter: inspection.filter,
    ...(query.what === 'records' ? { from: inspection.periodFrom, to: inspection.periodTo } : {}),
  };
  checkExportRequest(request);
  const fileName = exportFileName(
    inspection.lmsCode,
    inspection.scope.restrictionGroups,
    request,
    deps.clock.now(),
  );
  const rows = await exportRowCount(deps, inspection.scope, request);
  await recordInspection(deps, inspection, 'download', `downloaded ${fileName} (${rows} people)`, {
    what: request.what,
    format: request.format,
    fileName,
    rows,
  });
  return { ...streamExport(deps, inspection.scope, request), fileName };
}
