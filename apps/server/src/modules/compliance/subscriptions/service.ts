import { randomBytes } from 'node:crypto';
import type {
  ComplianceSettings,
  ListRow,
  SubscriptionBody,
  SubscriptionState,
} from '@waypoint/domain/console-contract';
import { allows } from '@waypoint/domain/staff';
import type { MessageBody } from '@waypoint/domain/contract';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/connection.js';
import type { Clock } from '../../../lib/clock.js';
import { HttpError } from '../../../lib/http-error.js';
import { RATE_RULES } from '../../../lib/rate-limit.js';
import { hashToken } from '../../../lib/tokens.js';
import { deliverRecordedEmail, recordOutgoingEmail } from '../../email/mailer.js';
import { enforceRateLimit } from '../../rate-limits/service.js';
import { recordAudit, type AuditActor } from '../../staff/audit.js';
import type { StaffContext } from '../../staff/service.js';
import { roleFlags } from '../../staff/service.js';
import { reportPeriod } from './period.js';
import { listBatches, type ComplianceDeps, type ComplianceScope } from '../service.js';
import { composeReport, listCsv, reportFileName, type ReportList } from './report-email.js';
import * as repo from './repo.js';

// Scheduled compliance reports (docs/decisions/0022): a staff member's subscription, the LMS's
// manager-copy setting, and the pass that sends each due report once per period.

/** A staff member acting through the console. */
export interface SubscriptionActor {
  staff: StaffContext;
  audit: AuditActor;
}

/** The answer to a token that names no subscription (never existed, or already used). */
export const UNSUBSCRIBE_INVALID_MESSAGE = 'This unsubscribe link is not valid any more.';
export const UNSUBSCRIBED_MESSAGE = 'You will no longer receive this report.';

/** A new unsubscribe token: 128 random bits, base64url (22 characters); only its hash is kept. */
export const newUnsubscribeToken = (): string => randomBytes(16).toString('base64url');

async function state(deps: { db: Db }, userKey: number): Promise<SubscriptionState> {
  const row = await repo.selectSubscription(deps.db, userKey);
  return {
    subscription: row
      ? {
          frequency: row.frequency,
          expiringDays: row.expiringDays,
          createdAt: new Date(row.createdAt).getTime(),
          email: row.email,
        }
      : null,
  };
}

/** The caller's subscription (null: none). */
export function subscription(deps: { db: Db }, staff: StaffContext): Promise<SubscriptionState> {
  return state(deps, staff.userKey);
}

/**
 * Subscribes the caller, or changes their subscription (one per staff member), with a new
 * unsubscribe token (an earlier email's link stops working); audited. An account without an
 * email address cannot subscribe: there would be nowhere to send it.
 */
export async function subscribe(
  deps: { db: Db; clock: Clock },
  actor: SubscriptionActor,
  body: SubscriptionBody,
): Promise<SubscriptionState> {
  const { staff } = actor;
  if (staff.email.trim() === '') {
    throw new HttpError(
      400,
      'Your account has no email address: ask an administrator to add one first.',
    );
  }
  await deps.db.transaction().execute(async (trx) => {
    const before = await repo.upsertSubscription(trx, {
      lmsKey: staff.lmsKey,
      userKey: staff.userKey,
      frequency: body.frequency,
      expiringDays: body.expiringDays,
      tokenHash: hashToken(newUnsubscribeToken()),
      now: deps.clock.now(),
    });
    await recordAudit(trx, deps, actor.audit, [
      {
        lmsKey: staff.lmsKey,
        action: before ? 'compliance.subscription.update' : 'compliance.subscription.create',
        targetType: 'user',
        targetKey: staff.userKey,
        summary: `${before ? 'Changed the' : 'Subscribed to the'} ${body.frequency} compliance report (expiring within ${body.expiringDays} days)`,
        ...(before ? { before } : {}),
        after: body,
      },
    ]);
  });
  return state(deps, staff.userKey);
}

/** Ends the caller's subscription (nothing to end: nothing changes, nothing audited). */
export async function unsubscribe(
  deps: { db: Db; clock: Clock },
  actor: SubscriptionActor,
): Promise<SubscriptionState> {
  await deps.db.transaction().execute(async (trx) => {
    const ended = await repo.deleteSubscriptionOf(trx, actor.staff.userKey);
    if (!ended) return;
    await recordAudit(trx, deps, actor.audit, [
      {
        lmsKey: ended.lmsKey,
        action: 'compliance.subscription.delete',
        targetType: 'user',
        targetKey: ended.userKey,
        summary: `Unsubscribed from the ${ended.frequency} compliance report`,
        before: { frequency: ended.frequency, expiringDays: ended.expiringDays },
      },
    ]);
  });
  return { subscription: null };
}

/**
 * An email's unsubscribe link (no session: the token is the credential, used once). Rate limited
 * per client address; a token that names no subscription is 404 and changes nothing.
 */
export async function unsubscribeByToken(
  deps: { db: Db; clock: Clock },
  token: string,
  clientAddress: string,
): Promise<MessageBody> {
  const now = deps.clock.now();
  await enforceRateLimit(deps.db, RATE_RULES.reportUnsubscribes, clientAddress, now);
  const ended = await deps.db.transaction().execute(async (trx) => {
    const row = await repo.deleteSubscriptionByToken(trx, hashToken(token));
    if (!row) return null;
    const user = await repo.selectUserLogin(trx, row.userKey);
    await recordAudit(
      trx,
      deps,
      { userKey: row.userKey, label: user?.userId ?? 'unknown', clientAddress },
      [
        {
          lmsKey: row.lmsKey,
          action: 'compliance.subscription.delete',
          targetType: 'user',
          targetKey: row.userKey,
          summary: `Unsubscribed from the ${row.frequency} compliance report by the email's link`,
          before: { frequency: row.frequency, expiringDays: row.expiringDays },
        },
      ],
    );
    return row;
  });
  if (!ended) throw new HttpError(404, UNSUBSCRIBE_INVALID_MESSAGE);
  return { statusCode: 200, message: UNSUBSCRIBED_MESSAGE };
}

// ---- settings ------------------------------------------------------------------------------------

/** The LMS's compliance settings. */
export async function complianceSettings(
  deps: { db: Db },
  staff: StaffContext,
): Promise<ComplianceSettings> {
  return { copyManagersOnOverdue: await repo.selectCopyManagers(deps.db, staff.lmsKey) };
}

/** Changes the LMS's compliance settings; audited when something changed. */
export async function updateComplianceSettings(
  deps: { db: Db; clock: Clock },
  actor: SubscriptionActor,
  body: ComplianceSettings,
): Promise<ComplianceSettings> {
  const { lmsKey } = actor.staff;
  await deps.db.transaction().execute(async (trx) => {
    const before = await repo.selectCopyManagers(trx, lmsKey);
    if (before === body.copyManagersOnOverdue) return;
    await repo.upsertCopyManagers(trx, lmsKey, body.copyManagersOnOverdue);
    await recordAudit(trx, deps, actor.audit, [
      {
        lmsKey,
        action: 'compliance.settings.update',
        targetType: 'lms',
        targetKey: lmsKey,
        summary: body.copyManagersOnOverdue
          ? "Reminders about an overdue curriculum now copy the student's managers"
          : "Reminders about an overdue curriculum no longer copy the student's managers",
        before: { copyManagersOnOverdue: before },
        after: body,
      },
    ]);
  });
  return complianceSettings(deps, actor.staff);
}

// ---- the sending pass ------------------------------------------------------------------------------

/** What a report pass needs: the compliance service's, and the mail settings. */
export type ReportPassDeps = ComplianceDeps & {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'publicUrl' | 'smtpUrl' | 'mailFrom'>;
  log?: (line: string) => void;
};

/** What one pass did. */
export interface ReportPassResult {
  sent: number;
  /** Recorded, but SMTP refused: the outbox sends them again (housekeeping's retry-emails). */
  refused: number;
  /** Subscriptions ended because their owner may no longer see the lists. */
  ended: number;
}

const LIST_TITLES = {
  overdue: 'Overdue now',
  expiring30: 'Expiring within 30 days',
  expiring60: 'Expiring within 60 days',
  expiring90: 'Expiring within 90 days',
} as const;

const expiringList = (days: number): 'expiring30' | 'expiring60' | 'expiring90' =>
  days >= 90 ? 'expiring90' : days >= 60 ? 'expiring60' : 'expiring30';

async function readList(
  deps: ReportPassDeps,
  scope: ComplianceScope,
  list: keyof typeof LIST_TITLES,
): Promise<ReportList> {
  const rows: ListRow[] = [];
  for await (const batch of listBatches(deps, scope, list, {})) rows.push(...batch.rows);
  return { list, title: LIST_TITLES[list], rows };
}

/** Whether the subscriber may still have the report: active staff of the LMS with compliance.view. */
function mayReceive(row: repo.SubscriptionToSend): boolean {
  if (row.permissions === null && row.builtIn === null) return false;
  if (row.restrictionGroups === null || row.roleLmsKey !== row.lmsKey) return false;
  if (row.userLmsKey !== row.lmsKey || row.inactive > 0) return false;
  return allows(
    roleFlags({ builtIn: row.builtIn, permissions: row.permissions }),
    'compliance.view',
  );
}

/**
 * Sends one subscription's report when its period is due: built in the subscriber's current
 * scope, then claimed and recorded in one transaction (the claim, the outbox row and its CSV
 * commit together: never a claim without its email, nor two emails for a period), then sent.
 */
async function sendReport(
  deps: ReportPassDeps,
  row: repo.SubscriptionToSend,
  now: Date,
): Promise<'sent' | 'refused' | 'none'> {
  const period = reportPeriod(row.frequency, now.getTime(), row.timeZone ?? 'UTC');
  // Cheap check first: most passes find the period done and build nothing.
  if (await repo.isDelivered(deps.db, row.subscriptionKey, period)) return 'none';
  const scope: ComplianceScope = {
    lmsKey: row.lmsKey,
    restrictionGroups: row.restrictionGroups ?? [],
  };
  // Built before the transaction: on PGlite the lists' queries could not run beside it.
  const lists = [
    await readList(deps, scope, 'overdue'),
    await readList(deps, scope, expiringList(row.expiringDays)),
  ];
  const token = newUnsubscribeToken();
  const email = composeReport({
    lmsKey: row.lmsKey,
    lmsName: row.lmsDisplayName,
    to: row.email,
    displayName: row.displayName || row.userId,
    frequency: row.frequency,
    period,
    scopeGroups: scope.restrictionGroups,
    lists,
    complianceUrl: `${deps.config.publicUrl}/console/compliance`,
    unsubscribeUrl: `${deps.config.publicUrl}/console/unsubscribe?token=${token}`,
  });
  const attachments = await Promise.all(
    lists.map(async (list) => ({
      filename: reportFileName(row.lmsCode, scope.restrictionGroups, list.list, period),
      contentType: 'text/csv; charset=utf-8',
      content: Buffer.from(await listCsv(list.rows), 'utf8'),
    })),
  );
  const emailKey = await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.claimDelivery(trx, row.subscriptionKey, period, now))) return null;
    // Each email carries its own link, kept with its delivery: any of them unsubscribes.
    const key = await recordOutgoingEmail(trx, { ...email, attachments });
    await repo.setDeliveryEmail(trx, row.subscriptionKey, period, key, hashToken(token));
    return key;
  });
  if (emailKey === null) return 'none';
  try {
    await deliverRecordedEmail(deps.db, deps.config, emailKey, deps.log ?? (() => {}));
    return 'sent';
  } catch (error) {
    // The outbox keeps it (with its attachment) and sends it again with backoff.
    const message = error instanceof Error ? error.message : String(error);
    deps.log?.(`[compliance] report email #${emailKey} refused, will retry: ${message}`);
    return 'refused';
  }
}

/** Ends the subscription of someone who may no longer have the report, with its audit event. */
async function endSubscription(deps: ReportPassDeps, row: repo.SubscriptionToSend) {
  await deps.db.transaction().execute(async (trx) => {
    await repo.deleteSubscription(trx, row.subscriptionKey);
    await recordAudit(trx, deps, { userKey: null, label: 'system', clientAddress: '' }, [
      {
        lmsKey: row.lmsKey,
        action: 'compliance.subscription.delete',
        targetType: 'user',
        targetKey: row.userKey,
        summary: `Ended ${row.userId}'s compliance report: no longer allowed to see the lists`,
        before: { frequency: row.frequency, expiringDays: row.expiringDays },
      },
    ]);
  });
}

/**
 * One pass of the scheduled reports: each subscription whose period (day, ISO week, month in the
 * LMS's reminder time zone) has no delivery yet gets one email, with the overdue and expiring
 * lists of the subscriber's scope as it is now. A subscriber who is no longer staff, no longer
 * active or no longer allowed 'compliance.view' gets nothing and their subscription ends. An
 * address-less account is skipped (kept: an address may be added).
 */
export async function runReportPass(deps: ReportPassDeps): Promise<ReportPassResult> {
  const now = deps.clock.now();
  const result: ReportPassResult = { sent: 0, refused: 0, ended: 0 };
  for (const row of await repo.selectSubscriptionsToSend(deps.db)) {
    if (!mayReceive(row)) {
      await endSubscription(deps, row);
      result.ended += 1;
      continue;
    }
    if (row.email.trim() === '') continue;
    try {
      const outcome = await sendReport(deps, row, now);
      if (outcome === 'sent') result.sent += 1;
      if (outcome === 'refused') result.refused += 1;
    } catch (error) {
      // One subscriber's failure (say, a list that could not be read) never stops the others'.
      const message = error instanceof Error ? error.message : String(error);
      deps.log?.(`[compliance] report of subscription #${row.subscriptionKey} failed: ${message}`);
    }
  }
  return result;
}
