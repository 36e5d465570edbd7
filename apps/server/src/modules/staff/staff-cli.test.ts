import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildLms, buildUser } from '../../test/factories.js';
import { operatorCli, testOperatorDeps } from '../../test/operator-cli.js';
import { signInConsole } from '../../test/staff.js';

// `staff create|remove|list` (docs/decisions/0021): the operator makes the first administrator of
// an LMS on the server, with a new user or an existing one, and each change is in the audit log.
describe('staff commands (CLI in-process)', () => {
  let t: TestApp;
  let cli: ReturnType<typeof operatorCli>;

  beforeAll(async () => {
    t = await createTestApp();
    await buildLms(t.db, { lmsCode: 'north' });
    cli = operatorCli(() => testOperatorDeps(t.db, t.config, t.clock, t.app.deps));
  });
  afterAll(() => t.close());

  it('makes a new user the first administrator, who can then sign in to the console', async () => {
    const made = await cli(
      'staff',
      'create',
      '--lms',
      'north',
      '--login',
      'head.training',
      '--role',
      'administrator',
      '--name',
      'Ada Byron',
      '--email',
      'ada.byron@example.test',
      '--password',
      'Console-admin-7',
    );
    expect(made.err).toBe('');
    expect(made.code).toBe(0);
    expect(made.out).toContain(
      "Added 'head.training' Administrator of LMS 'north' (scope: the whole LMS)",
    );
    const browser = await signInConsole(t, 'head.training', 'Console-admin-7');
    const me = await (await browser.call('/lms/api/console/me')).json();
    expect(me.role.builtIn).toBe('administrator');
    const user = await t.db
      .selectFrom('appUser')
      .select('isStudent')
      .where('userId', '=', 'head.training')
      .executeTakeFirstOrThrow();
    expect(user.isStudent).toBe(false);
  });

  it('makes an existing user a scoped training manager, lists and removes them, each audited', async () => {
    const lms = await t.db
      .selectFrom('lms')
      .select('lmsKey')
      .where('lmsCode', '=', 'north')
      .executeTakeFirstOrThrow();
    await buildUser(t.db, lms.lmsKey, { userId: 'tom' });
    const made = await cli(
      'staff',
      'create',
      '--lms',
      'north',
      '--login',
      'tom',
      '--role',
      'training-manager',
      '--restriction-groups',
      'LHR, MAN,LHR',
    );
    expect(made.code).toBe(0);
    expect(made.out).toContain('(scope: LHR, MAN)');
    const listed = await cli('staff', 'list', '--lms', 'north');
    expect(listed.out).toMatch(/tom\s+Training manager\s+LHR, MAN/);
    expect((await cli('staff', 'remove', '--lms', 'north', '--login', 'tom')).code).toBe(0);
    expect((await cli('staff', 'remove', '--lms', 'north', '--login', 'tom')).code).not.toBe(0);
    const events = await t.db
      .selectFrom('auditEvent')
      .select(['action', 'actorLabel', 'after'])
      .where('targetType', '=', 'user')
      .orderBy('eventKey')
      .execute();
    const tomEvents = events.filter((event) =>
      ['staff.set', 'staff.remove'].includes(event.action),
    );
    expect(tomEvents.map((event) => event.action)).toEqual([
      'staff.set',
      'staff.set',
      'staff.remove',
    ]);
    expect(tomEvents.every((event) => event.actorLabel === 'operator')).toBe(true);
    // The password given on the command line never reaches the log.
    expect(JSON.stringify(events)).not.toContain('Console-admin-7');
  });

  it('refuses an unknown role, and a missing user without --name and --email, changing nothing', async () => {
    const before = await t.db.selectFrom('staffMember').select('userKey').execute();
    const role = await cli(
      'staff',
      'create',
      '--lms',
      'north',
      '--login',
      'head.training',
      '--role',
      'pilot-god',
    );
    expect(role.code).not.toBe(0);
    expect(role.err).toContain("No role 'pilot-god' in LMS 'north'");
    const missing = await cli(
      'staff',
      'create',
      '--lms',
      'north',
      '--login',
      'nobody',
      '--role',
      'auditor',
    );
    expect(missing.code).not.toBe(0);
    expect(missing.err).toContain('give --name and --email to add them');
    expect(await t.db.selectFrom('staffMember').select('userKey').execute()).toEqual(before);
  });
});
