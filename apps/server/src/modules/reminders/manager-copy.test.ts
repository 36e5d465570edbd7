import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildLms, buildUser } from '../../test/factories.js';
import { assignDueCurriculum, toNoonUtc } from '../../test/reminders.js';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.js';
import { buildStaff } from '../../test/staff.js';
import { runReminderPass, type ReminderDeps } from './service.js';

const DAY = 86_400_000;

/** The Cc header, unfolded, or '' when there is none. */
const ccOf = (raw: string) =>
  /^Cc: (.*)$/m.exec(raw.replace(/\r?\n[ \t]+/g, ' '))?.[1]?.trim() ?? '';

// The reminders' manager copy (docs/decisions/0022): when the LMS says so, a digest that tells a
// student of an overdue curriculum is copied (Cc) to the staff whose role allows people.view and
// whose scope covers the student, who have an address; other digests are not.
describe("reminders: the managers' copy of an overdue curriculum", () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let deps: ReminderDeps;
  const mailFrom = 'Waypoint <no-reply@waypoint.example.com>';
  const to = (address: string) => smtp.to(address);

  /** An LMS with its copy setting, and staff of every kind that may or may not be copied. */
  async function lmsWithStaff(copyManagers: boolean) {
    const lms = await buildLms(t.db);
    await t.db
      .insertInto('reminderLmsSetting')
      .values({ lmsKey: lms.lmsKey, copyManagers })
      .execute();
    const staff = {
      lhrManager: await buildStaff(t.db, lms.lmsKey, {
        role: 'training-manager',
        restrictionGroups: ['LHR', 'LGW'],
      }),
      manManager: await buildStaff(t.db, lms.lmsKey, {
        role: 'training-manager',
        restrictionGroups: ['MAN'],
      }),
      admin: await buildStaff(t.db, lms.lmsKey, { role: 'administrator' }),
      noAddress: await buildStaff(t.db, lms.lmsKey, { role: 'administrator' }),
      inactive: await buildStaff(t.db, lms.lmsKey, { role: 'administrator' }),
      clerk: await buildUser(t.db, lms.lmsKey, { isStudent: false }),
    };
    await t.db
      .updateTable('appUser')
      .set({ email: '' })
      .where('userKey', '=', staff.noAddress.userKey)
      .execute();
    await t.db
      .updateTable('appUser')
      .set({ inactive: 1 })
      .where('userKey', '=', staff.inactive.userKey)
      .execute();
    // A made role that cannot see people (no viewStudent), over the whole LMS.
    const role = await t.db
      .insertInto('staffRole')
      .values({
        lmsKey: lms.lmsKey,
        name: 'Settings only',
        permissions: JSON.stringify({ viewLMS: true, modifyLMS: true }),
        createdAt: new Date(),
      })
      .returning('roleKey')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('staffMember')
      .values({
        userKey: staff.clerk.userKey,
        roleKey: role.roleKey,
        restrictionGroups: [],
        createdAt: new Date(),
      })
      .execute();
    const student = await buildUser(t.db, lms.lmsKey, { restrictionGroup: 'LHR', base: 'LHR' });
    return { lmsKey: lms.lmsKey, staff, student };
  }

  beforeAll(async () => {
    t = await createTestApp();
    toNoonUtc(t);
    smtp = await startTestSmtp();
    const smtpUrl = smtp.url;
    deps = {
      db: t.db,
      clock: t.clock,
      config: { publicUrl: t.config.publicUrl, databaseUrl: null, smtpUrl, mailFrom },
      log: () => {},
      state: t.app.deps.state,
    };
  });
  afterAll(async () => {
    await smtp?.close();
    await t?.close();
  });

  it('copies the overdue digest to the managers covering the student, and only that one', async () => {
    const copied = await lmsWithStaff(true);
    const quiet = await lmsWithStaff(false);
    for (const { student, lmsKey } of [copied, quiet]) {
      await assignDueCurriculum(t, student.userKey, lmsKey, 'Security Awareness', 1);
    }

    // The day before the due day: a 'before-1' reminder, not copied.
    await runReminderPass(deps);
    expect(to(copied.student.email)).toHaveLength(1);
    expect(ccOf(to(copied.student.email)[0]!.raw)).toBe('');

    // Two days on, the curriculum is overdue: the digest is copied where the LMS says so.
    t.clock.advance(2 * DAY);
    await runReminderPass(deps);
    const overdue = to(copied.student.email)[1]!;
    const managers = [copied.staff.lhrManager.email, copied.staff.admin.email];
    expect(overdue.to.sort()).toEqual([copied.student.email, ...managers].sort());
    expect(
      ccOf(overdue.raw)
        .split(',')
        .map((address) => address.trim())
        .sort(),
    ).toEqual([...managers].sort());
    expect(overdue.raw.replace(/=\r?\n/g, '')).toContain(
      'Your training managers get a copy of this email because a curriculum is overdue.',
    );
    for (const other of [
      copied.staff.manManager,
      copied.staff.inactive,
      copied.staff.clerk,
      quiet.staff.admin,
      quiet.staff.lhrManager,
    ]) {
      expect(to(other.email)).toEqual([]);
    }
    const row = await t.db
      .selectFrom('emailOutbox')
      .select('ccAddresses')
      .where('toAddress', '=', copied.student.email)
      .orderBy('emailKey', 'desc')
      .executeTakeFirstOrThrow();
    expect([...row.ccAddresses].sort()).toEqual([...managers].sort());

    // The LMS without the setting: the student alone, and no word of a copy.
    const alone = to(quiet.student.email);
    expect(alone).toHaveLength(2);
    expect(alone[1]!.to).toEqual([quiet.student.email]);
    expect(ccOf(alone[1]!.raw)).toBe('');
    expect(alone[1]!.raw).not.toContain('get a copy');
  });
});
