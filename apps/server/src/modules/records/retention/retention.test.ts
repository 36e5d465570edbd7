import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleRecordsCalls } from '@waypoint/domain/console-contract';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { buildCurriculum } from '../../../test/assignments.js';
import { buildAssignment, buildLms, buildUser } from '../../../test/factories.js';
import { operatorCli, testOperatorDeps } from '../../../test/operator-cli.js';
import type { Browser } from '../../../test/sign-in.js';
import { staffBrowser } from '../../../test/staff.js';
import { verifyChain } from '../verify.js';
import { HOLD_NEEDS_REASON_MESSAGE, legalHoldMessage } from './service.js';

// Retention: an LMS's retention period and legal hold; people who left and whose last training
// activity is older than the period can be pseudonymised by an administrator (never
// automatically, never under a legal hold): their personal data goes, every training row and
// training event stays, and the event chain still verifies.

const DAY_MS = 86_400_000;
const RETENTION = `/lms${consoleRecordsCalls.retention.path()}`;
const pseudonymiseUrl = (userKey: number) =>
  `/lms${consoleRecordsCalls.pseudonymise.path(userKey)}`;

describe('retention and pseudonymisation', () => {
  let t: TestApp;
  let lmsKey: number;
  let admin: Browser;
  let lhrAdmin: Browser;
  let auditor: Browser;
  let gone: { userKey: number };
  let active: { userKey: number };
  let recent: { userKey: number };

  const put = (browser: Browser, body: unknown) =>
    browser.call(RETENTION, { method: 'PUT', body: JSON.stringify(body) });
  const pseudonymise = (browser: Browser, userKey: number) =>
    browser.call(pseudonymiseUrl(userKey), { method: 'POST' });
  const message = async (response: Response) =>
    ((await response.json()) as { message: string }).message;

  beforeAll(async () => {
    t = await createTestApp();
    // Two years on: everything made now is old by then (the events keep the database's time).
    t.clock.advance(730 * DAY_MS);
    lmsKey = (await buildLms(t.db, { lmsCode: 'acme-air' })).lmsKey;
    admin = await staffBrowser(t, lmsKey, { role: 'administrator', userId: 'chief.admin' });
    lhrAdmin = await staffBrowser(t, lmsKey, {
      role: 'administrator',
      restrictionGroups: ['LHR'],
    });
    auditor = await staffBrowser(t, lmsKey, { role: 'auditor' });
    const curriculum = await buildCurriculum(t.db, lmsKey, 'Recurrent CRM');
    const person = (userId: string, inactive: number, lastSignInAt: Date | null = null) =>
      buildUser(t.db, lmsKey, {
        userId,
        email: `${userId}@mail.test`,
        phone: '+44 7700 900123',
        employeeId: `E-${userId}`,
        nameOther: 'Jo',
        nameCollated: `Smith-${userId}`,
        displayName: `Jo Smith-${userId}`,
        base: 'MAN',
        restrictionGroup: 'MAN',
        inactive,
        lastSignInAt,
      });
    gone = await person('jsmith', 1);
    active = await person('still.here', 0);
    recent = await person('just.left', 1, t.clock.now());
    const assignment = await buildAssignment(t.db, {
      userKey: gone.userKey,
      curriculumKey: curriculum.curriculumKey,
      assignedAt: new Date(),
      startDate: new Date(),
      durationMs: 30 * DAY_MS,
    });
    const started = new Date(Date.now() - 3_600_000);
    await t.db
      .insertInto('lessonAttempt')
      .values({
        assignmentKey: assignment.assignmentKey,
        lessonKey: curriculum.lessonKey,
        number: 1,
        userKey: gone.userKey,
        source: 'player',
        startedAt: started,
        updatedAt: started,
      })
      .execute();
    await t.db
      .updateTable('lessonAttempt')
      .set({ endedAt: new Date(), completion: 1, credit: 1, score: 0.8 })
      .where('userKey', '=', gone.userKey)
      .execute();
    await t.db
      .insertInto('userSession')
      .values({
        sessionHash: 'retention-test-session',
        userKey: gone.userKey,
        lmsKey,
        createdAt: new Date(),
        lastSeenAt: new Date(),
        expiresAt: new Date(Date.now() + 3_600_000),
      })
      .execute();
  });
  afterAll(() => t.close());

  it('is an administrator action: an auditor is refused (403) and changes nothing', async () => {
    expect((await auditor.call(RETENTION)).status).toBe(403);
    expect((await put(auditor, { retentionMonths: 1 })).status).toBe(403);
    expect((await pseudonymise(auditor, gone.userKey)).status).toBe(403);
    const [row] = await t.db
      .selectFrom('appUser')
      .select('userId')
      .where('userKey', '=', gone.userKey)
      .execute();
    expect(row!.userId).toBe('jsmith');
  });

  it('lists no one while records are kept for ever, then the people who left past the period', async () => {
    const before = (await (await admin.call(RETENTION)).json()) as {
      settings: { retentionMonths: number | null };
      people: unknown[];
    };
    expect(before.settings.retentionMonths).toBeNull();
    expect(before.people).toEqual([]);
    expect((await pseudonymise(admin, gone.userKey)).status).toBe(409);

    const set = await put(admin, { retentionMonths: 12 });
    expect(set.status).toBe(200);
    const after = (await (await admin.call(RETENTION)).json()) as {
      people: { userKey: number; userID: string; lastActivityAt: string; retainedUntil: string }[];
    };
    // The active person and the one who signed in lately are not past retention.
    expect(after.people.map((person) => person.userID)).toEqual(['jsmith']);
    const audit = await t.db
      .selectFrom('auditEvent')
      .select(['actorLabel', 'summary'])
      .where('action', '=', 'records.retention')
      .execute();
    expect(audit).toEqual([{ actorLabel: 'chief.admin', summary: 'Retention: 12 months' }]);

    expect(await message(await pseudonymise(admin, active.userKey))).toBe(
      'still.here is active: only people who have left (inactive) are pseudonymised.',
    );
    expect(await message(await pseudonymise(admin, recent.userKey))).toMatch(
      /^just\.left's records are kept until \d{4}-\d{2}-\d{2}\.$/,
    );
  });

  it('refuses everything under a legal hold (409) and needs its reason', async () => {
    const noReason = await put(admin, { legalHold: true });
    expect(noReason.status).toBe(400);
    expect(await message(noReason)).toBe(HOLD_NEEDS_REASON_MESSAGE);
    const on = await put(admin, { legalHold: true, reason: 'Claim 2026-17' });
    expect(await on.json()).toMatchObject({
      legalHold: true,
      legalHoldReason: 'Claim 2026-17',
      legalHoldSetBy: 'chief.admin',
    });
    const refused = await pseudonymise(admin, gone.userKey);
    expect(refused.status).toBe(409);
    expect(await message(refused)).toBe(legalHoldMessage('Claim 2026-17'));
    const [row] = await t.db
      .selectFrom('appUser')
      .select(['userId', 'pseudonymisedAt'])
      .where('userKey', '=', gone.userKey)
      .execute();
    expect(row).toEqual({ userId: 'jsmith', pseudonymisedAt: null });
    expect((await put(admin, { legalHold: false })).status).toBe(200);
  });

  it("answers 404 for a person outside an administrator's restriction groups", async () => {
    const outside = await pseudonymise(lhrAdmin, gone.userKey);
    expect(outside.status).toBe(404);
    expect(await message(outside)).toBe('No such person.');
    const list = (await (await lhrAdmin.call(RETENTION)).json()) as { people: unknown[] };
    expect(list.people).toEqual([]);
  });

  it('pseudonymises: no personal data left, sessions ended, every record kept, the chain intact', async () => {
    const count = async () => ({
      attempts: (
        await t.db
          .selectFrom('lessonAttempt')
          .select('number')
          .where('userKey', '=', gone.userKey)
          .execute()
      ).length,
      assignments: (
        await t.db
          .selectFrom('assignment')
          .select('assignmentKey')
          .where('userKey', '=', gone.userKey)
          .execute()
      ).length,
      events: (
        await t.db.selectFrom('trainingEvent').select('seq').where('lmsKey', '=', lmsKey).execute()
      ).length,
    });
    const before = await count();
    expect(before.events).toBeGreaterThanOrEqual(2);

    const done = await pseudonymise(admin, gone.userKey);
    expect(done.status).toBe(200);
    const answer = (await done.json()) as { subjectId: string; displayName: string };
    expect(answer.subjectId).toMatch(/^sub_[A-Za-z0-9_-]{22}$/);
    expect(answer.displayName).toBe(`Pseudonymised ${answer.subjectId}`);

    const row = await t.db
      .selectFrom('appUser')
      .selectAll()
      .where('userKey', '=', gone.userKey)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toMatch(/jsmith|Smith|Jo |7700|E-jsmith|mail\.test/);
    expect(row).toMatchObject({
      userId: answer.subjectId,
      displayName: answer.displayName,
      email: '',
      phone: '',
      employeeId: '',
      passwordHash: null,
      inactive: 1,
    });
    expect(row.pseudonymisedAt).not.toBeNull();
    const session = await t.db
      .selectFrom('userSession')
      .select('endedAt')
      .where('sessionHash', '=', 'retention-test-session')
      .executeTakeFirstOrThrow();
    expect(session.endedAt).not.toBeNull();

    expect(await count()).toEqual(before);
    const chain = await verifyChain(t.db, lmsKey);
    expect(chain.broken).toBeNull();
    expect(chain.intact).toBe(true);
    const subjects = await t.db
      .selectFrom('trainingEvent')
      .select('subjectId')
      .where('subjectId', '=', answer.subjectId)
      .execute();
    expect(subjects.length).toBeGreaterThanOrEqual(2);

    const [event] = await t.db
      .selectFrom('auditEvent')
      .selectAll()
      .where('action', '=', 'records.pseudonymise')
      .execute();
    expect(event).toMatchObject({ actorLabel: 'chief.admin', targetKey: String(gone.userKey) });
    expect(JSON.stringify(event)).not.toMatch(/jsmith|Smith/);

    expect(await message(await pseudonymise(admin, gone.userKey))).toBe(
      `${answer.subjectId} is already pseudonymised.`,
    );
    const list = (await (await admin.call(RETENTION)).json()) as { people: unknown[] };
    expect(list.people).toEqual([]);
  });

  it('the CLI shows and sets retention and the hold, and pseudonymises only the eligible', async () => {
    const cli = operatorCli(() =>
      testOperatorDeps(t.db, t.config, t.clock, {
        state: t.app.deps.state,
        storage: t.app.deps.storage,
      }),
    );
    expect((await cli('records', 'retention', '--lms', 'acme-air')).out).toBe(
      "Training records are kept 12 months after a person's last activity.\nNo legal hold.",
    );
    const hold = await cli(
      'records',
      'retention',
      '--lms',
      'acme-air',
      '--legal-hold',
      'on',
      '--reason',
      'Audit',
    );
    expect(hold.code).toBe(0);
    expect(hold.out).toMatch(
      /^Training records are kept 12 months .*\nLegal hold ON \(Audit\), set by operator at /,
    );
    const held = await cli('records', 'pseudonymise', '--lms', 'acme-air', '--past-retention');
    expect(held.code).toBe(1);
    expect(held.err).toBe(`Error: ${legalHoldMessage('Audit')}`);
    await cli('records', 'retention', '--lms', 'acme-air', '--legal-hold', 'off', '--months', '0');
    const forEver = await cli(
      'records',
      'pseudonymise',
      '--lms',
      'acme-air',
      '--user',
      'just.left',
    );
    expect(forEver.code).toBe(1);
    expect(forEver.err).toBe(
      'Error: This LMS keeps training records for ever: set a retention period first.',
    );
    await cli('records', 'retention', '--lms', 'acme-air', '--months', '1');
    expect(
      (await cli('records', 'pseudonymise', '--lms', 'acme-air', '--past-retention')).out,
    ).toBe('No one is past retention.');
    // Two months on, the one who left lately is past a month's retention too.
    t.clock.advance(62 * DAY_MS);
    const one = await cli('records', 'pseudonymise', '--lms', 'acme-air', '--user', 'just.left');
    expect(one.err).toBe('');
    expect(one.out).toMatch(
      new RegExp(
        `^Pseudonymised 1 person \\(training records kept\\):\\n  user ${recent.userKey} -> sub_[\\w-]{22}$`,
      ),
    );
    const operatorEvents = await t.db
      .selectFrom('auditEvent')
      .select('actorLabel')
      .where('action', '=', 'records.retention')
      .where('actorLabel', '=', 'operator')
      .execute();
    expect(operatorEvents.length).toBe(3);
  });
});
