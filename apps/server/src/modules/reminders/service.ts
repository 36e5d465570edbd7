import {
  addDays,
  dayInZone,
  DEFAULT_REMINDER_DAYS,
  reminderItems,
  remindersToday,
  type DueReminder,
  type ReminderItem,
  type ReminderOccasion,
} from '@waypoint/domain';
import type { ReminderPreference } from '@waypoint/domain/contract';
import { allows } from '@waypoint/domain/staff';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import type { Clock } from '../../lib/clock.js';
import { HttpError } from '../../lib/http-error.js';
import { listAssignedDocuments } from '../documents/service.js';
import { deliverRecordedEmail, recordOutgoingEmail } from '../email/mailer.js';
import { buildProgressReport, type ReportDeps } from '../progress/service.js';
import { roleFlags } from '../staff/service.js';
import { composeDigest } from './email.js';
import * as repo from './repo.js';

/** What a reminder pass needs. */
export interface ReminderDeps extends ReportDeps {
  db: Db;
  clock: Clock;
  /**
   * publicUrl makes the links; databaseUrl set means PostgreSQL, maybe shared by instances;
   * smtpUrl and mailFrom send the emails, as the mailer does (modules/email).
   */
  config: Pick<Config, 'publicUrl' | 'databaseUrl' | 'smtpUrl' | 'mailFrom'>;
  /** Where a failed send and the outbox lines are logged (the app's logger in a server). */
  log?: (line: string) => void;
}

/** A digest left 'sending' this long is taken to have been cut off (the process stopped). */
const STALE_SENDING_MS = 30 * 60 * 1000;

const settingsOf = (row: { daysBefore: number[] | null; timeZone: string | null }) => ({
  daysBefore: row.daysBefore ?? [...DEFAULT_REMINDER_DAYS],
  timeZone: row.timeZone ?? 'UTC',
});

/** The student's items that can have reminders, read as the calendar feed reads them. */
async function itemsOf(
  deps: Pick<ReminderDeps, 'db' | 'state'>,
  student: { userKey: number; lmsKey: number },
  nowMs: number,
  timeZone: string,
): Promise<ReminderItem[]> {
  const [report, documents, certificates] = await Promise.all([
    buildProgressReport(deps, student, nowMs, {
      showExpired: true,
      withFlaggedAssignments: false,
      showEmptyLeafs: false,
    }),
    listAssignedDocuments(deps, student.lmsKey, student.userKey),
    repo.selectCertificates(deps.db, student.userKey),
  ]);
  return reminderItems(
    {
      progressReport: report?.progressReport ?? [],
      documents,
      certificates: certificates.map((row) => ({
        key: row.certificateKey,
        name: row.achievementName,
        curriculumKey: row.curriculumKey,
        assignmentKey: row.assignmentKey,
        courseKey: row.courseKey,
        issuedAtMs: row.issuedAt.getTime(),
        expiresAtMs: row.expiresAt ? row.expiresAt.getTime() : null,
        revoked: row.revokedAt !== null,
      })),
      lmsKey: student.lmsKey,
      userKey: student.userKey,
    },
    nowMs,
    timeZone,
  );
}

const occasionOf = (reminder: DueReminder): repo.Occasion => ({
  itemKind: reminder.item.kind,
  itemKey: reminder.item.key,
  occasion: reminder.occasion,
  forDate: reminder.item.date,
});
const occasionId = (o: repo.Occasion) => `${o.itemKind}|${o.itemKey}|${o.occasion}|${o.forDate}`;

/** Sends one recorded digest; a refusal is logged and kept for a later pass (never lost). */
async function deliver(deps: ReminderDeps, emailKey: number): Promise<boolean> {
  try {
    await deliverRecordedEmail(deps.db, deps.config, emailKey, deps.log);
    await repo.markReminderSent(deps.db, emailKey);
    return true;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await repo.markReminderFailed(deps.db, emailKey, message);
    deps.log?.(`[reminders] email #${emailKey} not sent, will retry on a later pass: ${message}`);
    return false;
  }
}

/**
 * Whether a digest is copied to the student's managers: the LMS says so (compliance settings,
 * copy_managers) and the digest tells of an overdue curriculum (the 'overdue' occasion, sent
 * once per curriculum; docs/decisions/0022).
 */
function copiesManagers(student: repo.RecipientRow, reminders: readonly DueReminder[]): boolean {
  return (
    student.copyManagers === true &&
    reminders.some((r) => r.occasion === 'overdue' && r.item.kind === 'curriculum')
  );
}

/**
 * The student's managers' addresses: staff of the LMS whose role allows 'people.view' and whose
 * scope covers the student (scope.ts's rule), the student left out, each address once.
 */
async function managersOf(db: Db, student: repo.RecipientRow): Promise<string[]> {
  const staff = await repo.selectStaffCovering(db, student.lmsKey, student.restrictionGroup);
  const own = student.email.toLowerCase();
  const addresses = new Map<string, string>();
  for (const member of staff) {
    if (member.userKey === student.userKey || !allows(roleFlags(member), 'people.view')) continue;
    const key = member.email.toLowerCase();
    if (key !== own && !addresses.has(key)) addresses.set(key, member.email);
  }
  return [...addresses.values()];
}

/**
 * Claims today's occasions of one student and records their digest, in one transaction: the
 * claim (unique per user, item, occasion and date) and the outbox row commit together, so an
 * occasion is never claimed without its email, nor emailed twice. Null when nothing was left.
 */
async function claimDigest(
  deps: ReminderDeps,
  student: repo.RecipientRow,
  due: DueReminder[],
  now: Date,
): Promise<number | null> {
  return deps.db.transaction().execute(async (trx) => {
    const claimed = await repo.claimOccasions(trx, student.userKey, due.map(occasionOf), now);
    if (claimed.length === 0) return null;
    const ids = new Set(claimed.map(occasionId));
    const reminders = due.filter((reminder) => ids.has(occasionId(occasionOf(reminder))));
    const cc = copiesManagers(student, reminders) ? await managersOf(trx, student) : [];
    const email = {
      ...composeDigest(student, reminders, deps.config.publicUrl, {
        managersCopied: cc.length > 0,
      }),
      ...(cc.length > 0 ? { cc } : {}),
    };
    const emailKey = await recordOutgoingEmail(trx, email);
    await repo.insertReminderEmail(trx, emailKey, student.userKey, claimed, now);
    return emailKey;
  });
}

/** What one pass did. */
export interface PassResult {
  /** False when another instance was running a pass (PostgreSQL), so this one did nothing. */
  ran: boolean;
  emailsSent: number;
  emailsFailed: number;
}

async function pass(deps: ReminderDeps): Promise<PassResult> {
  const now = deps.clock.now();
  const result: PassResult = { ran: true, emailsSent: 0, emailsFailed: 0 };
  const count = (sent: boolean) => (sent ? result.emailsSent++ : result.emailsFailed++);
  for (const emailKey of await repo.takeRetries(
    deps.db,
    now,
    new Date(now.getTime() - STALE_SENDING_MS),
  )) {
    count(await deliver(deps, emailKey));
  }
  for (const student of await repo.selectRecipients(deps.db)) {
    const { daysBefore, timeZone } = settingsOf(student);
    const items = await itemsOf(deps, student, now.getTime(), timeZone);
    const due = remindersToday(items, dayInZone(now.getTime(), timeZone), daysBefore);
    if (due.length === 0) continue;
    const emailKey = await claimDigest(deps, student, due, now);
    if (emailKey !== null) count(await deliver(deps, emailKey));
  }
  return result;
}

/**
 * One reminder pass (docs/decisions/0015): sends again what SMTP refused before, then each
 * student's digest of the day. On PostgreSQL the pass holds a transaction-level advisory lock, so
 * instances sharing the database take turns (one that finds it held does nothing this time); the
 * per-occasion claim is what guarantees a reminder is sent once.
 */
export async function runReminderPass(deps: ReminderDeps): Promise<PassResult> {
  if (!deps.config.databaseUrl) return pass(deps);
  // PGlite has one connection, and one process can open it: no lock needed (nor possible while
  // the pass's own queries wait for that connection).
  return deps.db.transaction().execute(async (lock) => {
    if (!(await repo.tryPassLock(lock))) return { ran: false, emailsSent: 0, emailsFailed: 0 };
    return pass(deps);
  });
}

// ---- the student's preference ------------------------------------------------------------------------

/** The student's choice and the LMS's on/off (GET /api/reminders/{lms}/{user}). */
export async function reminderPreference(
  deps: { db: Db },
  lmsKey: number,
  userKey: number,
): Promise<ReminderPreference> {
  const row = await repo.selectPreference(deps.db, lmsKey, userKey);
  if (!row) throw new HttpError(404, 'No such student.');
  return { enabled: row.userEnabled ?? true, lmsEnabled: row.lmsEnabled ?? true };
}

/** Saves the student's choice (kept even while the LMS has reminders off). */
export async function setReminderPreference(
  deps: { db: Db; clock: Clock },
  lmsKey: number,
  userKey: number,
  enabled: boolean,
): Promise<ReminderPreference> {
  await repo.upsertUserSetting(deps.db, userKey, enabled, deps.clock.now());
  return reminderPreference(deps, lmsKey, userKey);
}

// ---- the operator's commands -------------------------------------------------------------------------

async function lmsOf(db: Db, code: string | undefined) {
  const lms = await repo.selectLmsWithSettings(db, code ?? null);
  if (!lms) {
    throw new HttpError(
      404,
      code === undefined
        ? 'There is no default LMS: give --lms.'
        : `No LMS with code '${code}' (see list-lms).`,
    );
  }
  return lms;
}

export interface LmsReminderSettings {
  lms: string;
  enabled: boolean;
  daysBefore: number[];
  timeZone: string;
}

/**
 * `reminders settings`: shows an LMS's settings, or changes those given (checked first: the
 * command changes nothing when any is wrong).
 */
export async function lmsReminderSettings(
  deps: { db: Db },
  input: { lms?: string; enabled?: boolean; daysBefore?: number[]; timeZone?: string },
): Promise<LmsReminderSettings> {
  const lms = await lmsOf(deps.db, input.lms);
  const changes = {
    ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
    ...(input.daysBefore === undefined
      ? {}
      : { daysBefore: [...new Set(input.daysBefore)].sort((a, b) => b - a) }),
    ...(input.timeZone === undefined ? {} : { timeZone: input.timeZone }),
  };
  if (Object.keys(changes).length > 0) {
    await repo.upsertLmsSettings(deps.db, lms.lmsKey, changes);
    return lmsReminderSettings(deps, { lms: lms.lmsCode });
  }
  return { lms: lms.lmsCode, enabled: lms.enabled ?? true, ...settingsOf(lms) };
}

/** One line of `reminders preview`. */
export interface PreviewLine {
  /** The day the reminder would go out. */
  sendOn: string;
  occasion: ReminderOccasion;
  kind: ReminderItem['kind'];
  item: string;
  /** The due or expiry day it is for. */
  date: string;
}

export interface ReminderPreview {
  lms: string;
  user: string;
  /** Why nothing would be sent (reminders off, no address), else null. */
  blocked: string | null;
  days: number;
  lines: PreviewLine[];
}

/**
 * `reminders preview`: what the student would be sent over the next `days` days, by running the
 * scheduler's rule day by day from today (occasions already claimed left out), sending nothing.
 * Their progress is taken as it is now.
 */
export async function previewReminders(
  deps: ReportDeps & { clock: Clock },
  input: { lms?: string; user: string; days: number },
): Promise<ReminderPreview> {
  const lms = await lmsOf(deps.db, input.lms);
  const student = await repo.selectRecipient(deps.db, lms.lmsKey, input.user);
  if (!student) throw new HttpError(404, `No student '${input.user}' in LMS '${lms.lmsCode}'.`);
  const { daysBefore, timeZone } = settingsOf(student);
  const blocked =
    student.lmsEnabled === false
      ? `LMS '${lms.lmsCode}' has reminders off.`
      : student.userEnabled === false
        ? `${student.userId} has turned reminders off.`
        : student.email === ''
          ? `${student.userId} has no email address.`
          : null;
  const nowMs = deps.clock.now().getTime();
  const items = await itemsOf(deps, student, nowMs, timeZone);
  const claimed = new Set((await repo.selectClaims(deps.db, student.userKey)).map(occasionId));
  const lines: PreviewLine[] = [];
  const today = dayInZone(nowMs, timeZone);
  for (let offset = 0; offset < input.days; offset += 1) {
    const day = addDays(today, offset);
    for (const reminder of remindersToday(items, day, daysBefore)) {
      const id = occasionId(occasionOf(reminder));
      if (claimed.has(id)) continue;
      claimed.add(id);
      lines.push({
        sendOn: day,
        occasion: reminder.occasion,
        kind: reminder.item.kind,
        item: reminder.item.title,
        date: reminder.item.date,
      });
    }
  }
  return { lms: lms.lmsCode, user: student.userId, blocked, days: input.days, lines };
}
