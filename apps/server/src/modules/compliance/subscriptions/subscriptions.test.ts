import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ComplianceSettings, SubscriptionState } from '@waypoint/domain/console-contract';
import { buildCurriculum, buildStudent } from '../../../test/assignments.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { buildAssignment, buildLms, buildUser } from '../../../test/factories.js';
import { signIn, type Browser } from '../../../test/sign-in.js';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp.js';
import { buildStaff, signInConsole } from '../../../test/staff.js';
import { retryRefusedEmails } from '../../email/service.js';
import { reportPeriod, isoWeek } from './period.js';
import { runReportPass, type ReportPassDeps } from './service.js';

const DAY = 86_400_000;
const BASE = '/lms/api/console/compliance';

/** The decoded text of a raw message (quoted-printable soft breaks and escapes undone). */
const decoded = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The base64 attachments of a raw message: file name -> text. */
function attachmentsOf(raw: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const part of raw.split(/\r?\n--/)) {
    const name = /filename="?([^"\r\n;]+)"?/.exec(part)?.[1];
    if (!name || !/Content-Transfer-Encoding: base64/i.test(part)) continue;
    const body = part
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join('')
      .replace(/\s+/g, '');
    files.set(name, Buffer.from(body, 'base64').toString('utf8'));
  }
  return files;
}

// Scheduled compliance reports (docs/decisions/0022) over real HTTP and a real SMTP server:
// subscribing and its access rules, the LMS's setting, the pass (once per period, in the
// subscriber's scope, the CSVs attached, a refused send retried with them), unsubscribing by the
// email's link.
describe('scheduled compliance reports', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let smtpUrl: string;
  const refuseOnce = new Set<string>();
  let lmsKey: number;
  let lmsCode: string;
  let admin: Browser;
  let adminEmail: string;
  let manager: Browser;
  let managerEmail: string;
  let deps: ReportPassDeps;

  const call = async <T>(
    browser: Browser,
    method: string,
    path: string,
    body?: unknown,
    status = 200,
  ): Promise<T> => {
    const response = await browser.call(`${BASE}${path}`, {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect(response.status, await response.clone().text()).toBe(status);
    return (await response.json()) as T;
  };
  const to = (address: string) => smtp.to(address);
  const audit = (action: string) =>
    t.db
      .selectFrom('auditEvent')
      .select(['actorLabel', 'summary', 'targetKey'])
      .where('action', '=', action)
      .orderBy('eventKey')
      .execute();
  const unsubscribe = (token: string) =>
    fetch(`${t.baseUrl}/lms/api/compliance/unsubscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
  const tokenOf = (text: string) =>
    /\/console\/unsubscribe\?token=([A-Za-z0-9_-]+)/.exec(text)![1]!;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.stop();
    smtp = await startTestSmtp({ refuse: (address) => refuseOnce.delete(address) });
    smtpUrl = smtp.url;

    const lms = await buildLms(t.db, { lmsDisplayName: 'Northwind Air' });
    lmsKey = lms.lmsKey;
    lmsCode = lms.lmsCode;
    const now2 = t.clock.now().getTime();
    const curriculum = await buildCurriculum(t.db, lmsKey, 'Dangerous goods');
    // lhr.late and man.late: overdue since yesterday; lhr.soon: due in 10 days (expiring 30).
    for (const [userId, base, startDaysAgo] of [
      ['lhr.late', 'LHR', 31],
      ['man.late', 'MAN', 31],
      ['lhr.soon', 'LHR', 20],
    ] as const) {
      const user = await buildStudent(t.db, lmsKey, base, { userId });
      await buildAssignment(t.db, {
        userKey: user.userKey,
        curriculumKey: curriculum.curriculumKey,
        assignedAt: new Date(now2 - startDaysAgo * DAY),
        startDate: new Date(now2 - startDaysAgo * DAY),
        durationMs: 30 * DAY,
      });
    }
    const adminUser = await buildStaff(t.db, lmsKey, { role: 'administrator', userId: 'boss' });
    adminEmail = adminUser.email;
    admin = await signInConsole(t, adminUser.userId);
    const managerUser = await buildStaff(t.db, lmsKey, {
      role: 'training-manager',
      restrictionGroups: ['LHR'],
      userId: 'lhr.manager',
    });
    managerEmail = managerUser.email;
    manager = await signInConsole(t, managerUser.userId);
    deps = {
      db: t.db,
      clock: t.clock,
      state: t.app.deps.state,
      config: {
        publicUrl: t.config.publicUrl,
        smtpUrl,
        mailFrom: 'Waypoint <no-reply@example.test>',
      },
      log: () => {},
    };
  });

  afterAll(async () => {
    await smtp?.close();
    await t?.close();
  });

  it('keys periods by day, ISO week and month in the time zone', () => {
    const at = Date.UTC(2026, 11, 31, 23, 30);
    expect(reportPeriod('daily', at, 'UTC')).toBe('2026-12-31');
    expect(reportPeriod('daily', at, 'Europe/Berlin')).toBe('2027-01-01');
    expect(reportPeriod('monthly', at, 'Europe/Berlin')).toBe('2027-01');
    // Thursday 31 December 2026 is in week 53 of 2026; Friday 1 January 2027 too.
    expect(reportPeriod('weekly', at, 'UTC')).toBe('2026-W53');
    expect(reportPeriod('weekly', at, 'Europe/Berlin')).toBe('2026-W53');
    expect(isoWeek('2027-01-04')).toBe('2027-W01');
    expect(isoWeek('2024-12-30')).toBe('2025-W01');
    expect(isoWeek('2026-11-27')).toBe('2026-W48');
  });

  it('subscribes, changes and ends a subscription, each audited; bad input changes nothing', async () => {
    expect(await call<SubscriptionState>(manager, 'GET', '/subscription')).toEqual({
      subscription: null,
    });
    const made = await call<SubscriptionState>(manager, 'PUT', '/subscription', {
      frequency: 'weekly',
      expiringDays: 60,
    });
    expect(made.subscription).toMatchObject({
      frequency: 'weekly',
      expiringDays: 60,
      email: managerEmail,
    });
    const hash = async () =>
      (
        await t.db
          .selectFrom('reportSubscription')
          .select('unsubscribeTokenHash')
          .where('userKey', '=', manager.userKey)
          .executeTakeFirstOrThrow()
      ).unsubscribeTokenHash;
    const firstHash = await hash();
    expect(firstHash).toMatch(/^[0-9a-f]{64}$/);

    for (const body of [
      { frequency: 'hourly', expiringDays: 30 },
      { frequency: 'daily', expiringDays: 45 },
      { frequency: 'daily' },
      { frequency: 'Daily', expiringDays: 30 },
      {},
    ]) {
      const answer = await call<{ message: string }>(manager, 'PUT', '/subscription', body, 400);
      expect(answer.message).toBeTruthy();
    }
    expect(
      (await call<SubscriptionState>(manager, 'GET', '/subscription')).subscription,
    ).toMatchObject({ frequency: 'weekly', expiringDays: 60 });

    await call(manager, 'PUT', '/subscription', { frequency: 'daily', expiringDays: 30 });
    // One per staff member, and a new token for it.
    const rows = await t.db
      .selectFrom('reportSubscription')
      .selectAll()
      .where('userKey', '=', manager.userKey)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ frequency: 'daily', expiringDays: 30 });
    expect(await hash()).not.toBe(firstHash);

    expect(await call(manager, 'DELETE', '/subscription')).toEqual({ subscription: null });
    expect(await call(manager, 'DELETE', '/subscription')).toEqual({ subscription: null });
    expect((await audit('compliance.subscription.create')).map((e) => e.actorLabel)).toEqual([
      'lhr.manager',
    ]);
    expect(await audit('compliance.subscription.update')).toHaveLength(1);
    // The second DELETE had nothing to end: one event.
    expect(await audit('compliance.subscription.delete')).toHaveLength(1);
  });

  it('refuses a panel session (401), a role without compliance.view (403), no XSRF (403)', async () => {
    const student = await buildUser(t.db, lmsKey, { userId: 'panel.student' });
    const panel = await signIn(t, student.userId);
    const panelAnswer = await panel.call(`${BASE}/subscription`, {
      method: 'PUT',
      body: JSON.stringify({ frequency: 'daily', expiringDays: 30 }),
    });
    expect(panelAnswer.status).toBe(401);

    const role = await t.db
      .insertInto('staffRole')
      .values({
        lmsKey,
        name: 'Roster clerk',
        permissions: JSON.stringify({ viewStudent: true }),
        createdAt: new Date(),
      })
      .returning('roleKey')
      .executeTakeFirstOrThrow();
    const clerk = await buildUser(t.db, lmsKey, { userId: 'roster.clerk', isStudent: false });
    await t.db
      .insertInto('staffMember')
      .values({
        userKey: clerk.userKey,
        roleKey: role.roleKey,
        restrictionGroups: [],
        createdAt: new Date(),
      })
      .execute();
    const clerkBrowser = await signInConsole(t, clerk.userId);
    for (const [method, path] of [
      ['GET', '/subscription'],
      ['PUT', '/subscription'],
      ['DELETE', '/subscription'],
      ['GET', '/settings'],
      ['PUT', '/settings'],
    ] as const) {
      const body =
        method === 'PUT'
          ? JSON.stringify(
              path === '/settings'
                ? { copyManagersOnOverdue: true }
                : { frequency: 'daily', expiringDays: 30 },
            )
          : undefined;
      const answer = await clerkBrowser.call(`${BASE}${path}`, {
        method,
        ...(body ? { body } : {}),
      });
      expect(answer.status, `${method} ${path}`).toBe(403);
    }
    const noXsrf = await manager.call(`${BASE}/subscription`, {
      method: 'PUT',
      body: JSON.stringify({ frequency: 'daily', expiringDays: 30 }),
      headers: { 'x-xsrf-token': '' },
    });
    expect(noXsrf.status).toBe(403);
    expect(await t.db.selectFrom('reportSubscription').select('userKey').execute()).toEqual([]);
  });

  it("reads the LMS's copy-managers setting with compliance.view, changes it with lms.modify", async () => {
    expect(await call<ComplianceSettings>(manager, 'GET', '/settings')).toEqual({
      copyManagersOnOverdue: false,
    });
    // A training manager may not change the LMS's settings.
    await call(manager, 'PUT', '/settings', { copyManagersOnOverdue: true }, 403);
    await call(admin, 'PUT', '/settings', { copyManagersOnOverdue: 'yes' }, 400);
    expect(
      await call<ComplianceSettings>(admin, 'PUT', '/settings', { copyManagersOnOverdue: true }),
    ).toEqual({ copyManagersOnOverdue: true });
    // The same value again: nothing changes, nothing more in the log.
    await call(admin, 'PUT', '/settings', { copyManagersOnOverdue: true });
    expect(await call<ComplianceSettings>(manager, 'GET', '/settings')).toEqual({
      copyManagersOnOverdue: true,
    });
    const events = await audit('compliance.settings.update');
    expect(events.map((event) => event.actorLabel)).toEqual(['boss']);
    const row = await t.db
      .selectFrom('reminderLmsSetting')
      .select(['copyManagers', 'enabled'])
      .where('lmsKey', '=', lmsKey)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ copyManagers: true, enabled: true });
  });

  it('retries a refused report with its attachments', async () => {
    const user = await buildStaff(t.db, lmsKey, { role: 'auditor', userId: 'refused.auditor' });
    const auditor = await signInConsole(t, user.userId);
    await call(auditor, 'PUT', '/subscription', { frequency: 'monthly', expiringDays: 90 });
    refuseOnce.add(user.email);
    const result = await runReportPass(deps);
    expect(result).toMatchObject({ sent: 0, refused: 1 });
    expect(to(user.email)).toHaveLength(0);
    const row = await t.db
      .selectFrom('emailOutbox')
      .select(['emailKey', 'sentAt', 'error', 'nextAttemptAt'])
      .where('toAddress', '=', user.email)
      .executeTakeFirstOrThrow();
    expect(row.sentAt).toBeNull();
    expect(row.error).toContain('Try again later');
    // The next pass does not claim the month again; the outbox sends the recorded email.
    expect((await runReportPass(deps)).refused).toBe(0);
    t.clock.advance(3 * 60_000);
    expect(await retryRefusedEmails(deps)).toEqual({ sent: 1, refused: 0 });
    expect(to(user.email)).toHaveLength(1);
    const files = attachmentsOf(to(user.email)[0]!.raw);
    const month = reportPeriod('monthly', t.clock.now().getTime(), 'UTC');
    expect([...files.keys()].sort()).toEqual(
      [`${lmsCode}-all-expiring90-${month}.csv`, `${lmsCode}-all-overdue-${month}.csv`].sort(),
    );
    expect(files.get(`${lmsCode}-all-overdue-${month}.csv`)).toContain('man.late');
  });

  it("sends once per period even when two passes race, in each subscriber's scope, CSVs attached", async () => {
    await call(admin, 'PUT', '/subscription', { frequency: 'daily', expiringDays: 30 });
    await call(manager, 'PUT', '/subscription', { frequency: 'weekly', expiringDays: 30 });

    const results = await Promise.all([runReportPass(deps), runReportPass(deps)]);
    expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(2);
    expect(to(adminEmail)).toHaveLength(1);
    expect(to(managerEmail)).toHaveLength(1);
    const deliveries = await t.db
      .selectFrom('reportDelivery as d')
      .innerJoin('reportSubscription as s', 's.subscriptionKey', 'd.subscriptionKey')
      .select(['d.period', 'd.emailKey'])
      .where('s.userKey', 'in', [admin.userKey, manager.userKey])
      .execute();
    expect(deliveries).toHaveLength(2);
    expect(deliveries.every((row) => row.emailKey !== null)).toBe(true);

    // Another pass the same day: nothing more.
    expect((await runReportPass(deps)).sent).toBe(0);

    const mine = decoded(to(managerEmail)[0]!.raw);
    const files = attachmentsOf(to(managerEmail)[0]!.raw);
    const today = reportPeriod('weekly', t.clock.now().getTime(), 'UTC');
    const overdueFile = `${lmsCode}-LHR-overdue-${today}.csv`;
    const expiringFile = `${lmsCode}-LHR-expiring30-${today}.csv`;
    expect([...files.keys()].sort()).toEqual([expiringFile, overdueFile].sort());
    expect(files.get(overdueFile)).toContain('lhr.late');
    expect(files.get(overdueFile)).not.toContain('man.late');
    expect(files.get(overdueFile)).not.toContain('lhr.soon');
    expect(files.get(expiringFile)).toContain('lhr.soon');
    expect(files.get(overdueFile)!.split('\r\n')[0]).toBe(
      '\uFEFFLogin,Name,Employee ID,Base,Fleet,Position,Restriction group,Curriculum,Status,Date,Due date',
    );
    expect(mine).toContain('Overdue now: 1 person, 1 assignment');
    expect(mine).toContain('Expiring within 30 days: 1 person, 1 assignment');
    expect(mine).toContain(`${t.config.publicUrl}/console/compliance`);
    expect(mine).not.toContain('man.late');

    const theirs = attachmentsOf(to(adminEmail)[0]!.raw);
    const adminOverdue = theirs.get(
      `${lmsCode}-all-overdue-${reportPeriod('daily', t.clock.now().getTime(), 'UTC')}.csv`,
    );
    expect(adminOverdue).toContain('lhr.late');
    expect(adminOverdue).toContain('man.late');

    // The next day: the daily report again, the weekly one only in a new week.
    t.clock.advance(DAY);
    const nextWeek = reportPeriod('weekly', t.clock.now().getTime(), 'UTC') !== today;
    await Promise.all([runReportPass(deps), runReportPass(deps)]);
    expect(to(adminEmail)).toHaveLength(2);
    expect(to(managerEmail)).toHaveLength(nextWeek ? 2 : 1);
  });

  it('ends the subscription of someone no longer allowed, and sends them nothing', async () => {
    const user = await buildStaff(t.db, lmsKey, { role: 'instructor', userId: 'gone.instructor' });
    const gone = await signInConsole(t, user.userId);
    await call(gone, 'PUT', '/subscription', { frequency: 'daily', expiringDays: 30 });
    await t.db.deleteFrom('staffMember').where('userKey', '=', user.userKey).execute();
    t.clock.advance(DAY);
    const result = await runReportPass(deps);
    expect(result.ended).toBe(1);
    expect(to(user.email)).toHaveLength(0);
    expect(
      await t.db
        .selectFrom('reportSubscription')
        .select('userKey')
        .where('userKey', '=', user.userKey)
        .execute(),
    ).toEqual([]);
    const events = await audit('compliance.subscription.delete');
    expect(events.at(-1)).toMatchObject({ actorLabel: 'system', targetKey: String(user.userKey) });
  });

  it("unsubscribes by any email's link once; then no link is valid; bad tokens are 400", async () => {
    const emails = to(adminEmail);
    expect(emails.length).toBeGreaterThanOrEqual(2);
    // An older email's link works as well as the newest's; then both are spent.
    const token = tokenOf(decoded(emails[0]!.raw));
    const newest = tokenOf(decoded(emails.at(-1)!.raw));
    expect(token).toHaveLength(22);
    expect(newest).not.toBe(token);

    const first = await unsubscribe(token);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({
      message: 'You will no longer receive this report.',
    });
    expect(
      await t.db
        .selectFrom('reportSubscription')
        .select('userKey')
        .where('userKey', '=', admin.userKey)
        .execute(),
    ).toEqual([]);
    const again = await unsubscribe(token);
    expect(again.status).toBe(404);
    expect((await unsubscribe(newest)).status).toBe(404);
    expect(await again.json()).toMatchObject({
      message: 'This unsubscribe link is not valid any more.',
    });
    expect(
      (await audit('compliance.subscription.delete')).some((e) => e.actorLabel === 'boss'),
    ).toBe(true);
    for (const bad of ['short', 'x'.repeat(101), 'not+base64url/token==========']) {
      expect((await unsubscribe(bad)).status).toBe(400);
    }
  });

  it('rate limits unsubscribe posts per client address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      statuses.push((await unsubscribe(`guess${String(i).padStart(20, '0')}`)).status);
    }
    // Earlier posts of this file count too: the 429 comes no later than the 21st.
    expect(statuses).toContain(429);
    expect(statuses.at(-1)).toBe(429);
  });
});
