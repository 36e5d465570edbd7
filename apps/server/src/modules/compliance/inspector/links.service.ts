/**
 * Inspector links as staff manage them (docs/decisions/0022): a time-boxed, revocable address
 * that shows an external inspector one population's records for one period, with no account.
 * The token holds 128 random bits and only its SHA-256 is kept; the address is answered once.
 * A link keeps its maker's restriction groups, so it never shows more than they could see.
 */
import { randomBytes } from 'node:crypto';
import type {
  CreatedInspectorLink,
  InspectorLinkList,
  InspectorLinkRow,
  InspectorPopulation,
  NewInspectorLink,
} from '@waypoint/domain/console-contract';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/connection.js';
import type { Clock } from '../../../lib/clock.js';
import { HttpError } from '../../../lib/http-error.js';
import { hashToken } from '../../../lib/tokens.js';
import { recordAudit, type AuditActor } from '../../staff/audit.js';
import type { StaffContext } from '../../staff/service.js';
import { presentLink, presentPopulation } from './presenter.js';
import * as repo from './repo.js';

export interface InspectorLinkDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'publicUrl'>;
}

/** Who manages links: their LMS and scope, and how the audit log names them. */
export interface LinkActor {
  staff: Pick<StaffContext, 'lmsKey' | 'restrictionGroups' | 'userKey'>;
  audit: AuditActor;
}

export const NO_SUCH_LINK_MESSAGE = 'No such inspector link.';
export const LABEL_MISSING_MESSAGE = 'Give the link a label the inspector will recognise.';
export const PERIOD_ORDER_MESSAGE = 'The period must end on or after the day it starts.';
export const GROUP_OUTSIDE_SCOPE_MESSAGE =
  'That restriction group is outside your scope: a link cannot show more than you can see.';

/** What every inspection audit event's action starts with (a link's uses are counted by it). */
export const INSPECTION_ACTION_PREFIX = 'compliance.inspection.';

const DAY_MS = 86_400_000;

/** 128 random bits, URL-safe (22 characters): the link's only key. */
const newToken = () => randomBytes(16).toString('base64url');

/** The address an inspector opens, on the console's origin. */
export const inspectionUrl = (config: Pick<Config, 'publicUrl'>, token: string) =>
  `${config.publicUrl.replace(/\/+$/, '')}/console/inspect/${token}`;

/** Whether a YYYY-MM-DD string (the contract checked the shape) names a real calendar day. */
function realDay(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

/** Whether a viewer's scope covers a link's (an unscoped viewer sees every link of the LMS). */
function coversLink(viewerGroups: readonly string[], linkGroups: readonly string[]): boolean {
  if (viewerGroups.length === 0) return true;
  return linkGroups.length > 0 && linkGroups.every((group) => viewerGroups.includes(group));
}

/** The population with its text trimmed and empty fields left out. */
function cleanPopulation(population: InspectorPopulation): InspectorPopulation {
  const entries = Object.entries(population)
    .map(([field, value]) => [field, typeof value === 'string' ? value.trim() : value] as const)
    .filter(([, value]) => value !== undefined && value !== '');
  return presentPopulation(Object.fromEntries(entries));
}

async function checkNewLink(
  deps: InspectorLinkDeps,
  actor: LinkActor,
  input: NewInspectorLink,
): Promise<{ label: string; population: InspectorPopulation }> {
  const label = input.label.trim();
  if (label === '') throw new HttpError(400, LABEL_MISSING_MESSAGE);
  for (const day of [input.periodFrom, input.periodTo]) {
    if (!realDay(day)) throw new HttpError(400, `${day} is not a date.`);
  }
  if (input.periodFrom > input.periodTo) throw new HttpError(400, PERIOD_ORDER_MESSAGE);
  const population = cleanPopulation(input.population);
  const groups = actor.staff.restrictionGroups;
  if (
    population.restrictionGroup !== undefined &&
    groups.length > 0 &&
    !groups.includes(population.restrictionGroup)
  ) {
    throw new HttpError(400, GROUP_OUTSIDE_SCOPE_MESSAGE);
  }
  const curricula = population.curricula?.split(',').map(Number) ?? [];
  const known = await repo.existingCurricula(deps.db, actor.staff.lmsKey, curricula);
  const unknown = curricula.find((key) => !known.has(key));
  if (unknown !== undefined) throw new HttpError(400, `No such curriculum: ${unknown}.`);
  return { label, population };
}

/** Makes a link; its address is in this answer only. */
export async function createInspectorLink(
  deps: InspectorLinkDeps,
  actor: LinkActor,
  input: NewInspectorLink,
): Promise<CreatedInspectorLink> {
  const { label, population } = await checkNewLink(deps, actor, input);
  const now = deps.clock.now();
  const token = newToken();
  const link = await deps.db.transaction().execute(async (trx) => {
    const linkKey = await repo.insertLink(trx, {
      lmsKey: actor.staff.lmsKey,
      tokenHash: hashToken(token),
      label,
      createdBy: actor.staff.userKey,
      scopeGroups: [...actor.staff.restrictionGroups],
      population,
      periodFrom: input.periodFrom,
      periodTo: input.periodTo,
      createdAt: now,
      expiresAt: new Date(now.getTime() + input.validDays * DAY_MS),
    });
    const row = presentLink((await repo.findLink(trx, actor.staff.lmsKey, linkKey))!, 0);
    await recordAudit(trx, deps, actor.audit, [
      {
        lmsKey: actor.staff.lmsKey,
        action: 'compliance.inspector.create',
        targetType: 'inspectorLink',
        targetKey: linkKey,
        summary: `Made the inspector link "${label}" (${input.periodFrom} to ${input.periodTo}, open ${input.validDays} days)`,
        after: { ...row, scopeGroups: actor.staff.restrictionGroups },
      },
    ]);
    return row;
  });
  return { link, url: inspectionUrl(deps.config, token) };
}

/** The links the caller's scope covers, newest first, each with its uses so far. */
export async function listInspectorLinks(
  deps: InspectorLinkDeps,
  staff: LinkActor['staff'],
): Promise<InspectorLinkList> {
  const groups = staff.restrictionGroups;
  const rows = await repo.listLinks(deps.db, staff.lmsKey, groups.length === 0 ? null : groups);
  const uses = await repo.countLinkUses(
    deps.db,
    staff.lmsKey,
    rows.map((row) => row.linkKey),
    INSPECTION_ACTION_PREFIX,
  );
  return { links: rows.map((row) => presentLink(row, uses.get(row.linkKey) ?? 0)) };
}

/**
 * Revokes a link: it answers 404 from now on. Revoking a revoked link changes nothing and is
 * not an error. Another LMS's link, or one wider than the caller's scope, is 404.
 */
export async function revokeInspectorLink(
  deps: InspectorLinkDeps,
  actor: LinkActor,
  linkKey: number,
): Promise<InspectorLinkRow> {
  const { lmsKey, restrictionGroups } = actor.staff;
  return deps.db.transaction().execute(async (trx) => {
    const before = await repo.findLink(trx, lmsKey, linkKey);
    if (!before || !coversLink(restrictionGroups, before.scopeGroups)) {
      throw new HttpError(404, NO_SUCH_LINK_MESSAGE);
    }
    const revoked = await repo.revokeLink(trx, lmsKey, linkKey, deps.clock.now());
    const uses = await repo.countLinkUses(trx, lmsKey, [linkKey], INSPECTION_ACTION_PREFIX);
    const after = presentLink((await repo.findLink(trx, lmsKey, linkKey))!, uses.get(linkKey) ?? 0);
    if (revoked) {
      await recordAudit(trx, deps, actor.audit, [
        {
          lmsKey,
          action: 'compliance.inspector.revoke',
          targetType: 'inspectorLink',
          targetKey: linkKey,
          summary: `Revoked the inspector link "${before.label}"`,
          before: { revokedAt: null },
          after: { revokedAt: after.revokedAt },
        },
      ]);
    }
    return after;
  });
}
