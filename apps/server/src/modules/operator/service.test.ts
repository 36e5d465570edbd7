import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runCli, type CliIo } from '../../cli/program.js';
import { localRunner } from '../../cli/transport.js';
import type { DatabaseHandle } from '../../db/connection.js';
import { systemClock } from '../../lib/clock.js';
import { loadConfig } from '../../config.js';
import { verifyPassword } from '../../lib/password.js';
import { createMailer } from '../email/mailer.js';
import { createTestDatabase } from '../../test/database.js';
import { buildLms, buildUser } from '../../test/factories.js';
import { RATE_RULES } from '../../lib/rate-limit.js';
import { recordFailure } from '../rate-limits/service.js';
import { accountKeyOf } from '../auth/service.js';
import { createInstanceState } from '../../instance-state.js';
import { runOperatorCommand, type OperatorDeps } from './service.js';
import { openObjectStorage } from '../../platform/object-storage/index.js';

describe('operator commands (service and CLI in-process, own database)', () => {
  let handle: DatabaseHandle;
  let deps: OperatorDeps;
  let dir: string;

  /** Runs the CLI with the injected database; returns exit code and output. */
  const cli = async (...args: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const io: CliIo = { out: (text) => out.push(text), err: (text) => err.push(text) };
    const code = await runCli(
      args,
      async () => ({ run: localRunner(deps), close: async () => undefined }),
      io,
    );
    return { code, out: out.join('\n'), err: err.join('\n') };
  };
  const json = async (...args: string[]) => {
    const result = await cli(...args, '--json');
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    return JSON.parse(result.out) as Record<string, unknown>;
  };
  const user = (login: string) =>
    handle.db.selectFrom('appUser').selectAll().where('userId', '=', login).executeTakeFirst();

  beforeAll(async () => {
    handle = await createTestDatabase();
    const config = loadConfig({ LOG_LEVEL: 'silent', PUBLIC_URL: 'https://panel.example.test' });
    deps = {
      db: handle.db,
      mailer: createMailer(handle.db, { smtpUrl: null, mailFrom: config.mailFrom }),
      config,
      clock: systemClock,
      storage: openObjectStorage(config),
      state: createInstanceState(),
    };
    dir = await mkdtemp(path.join(os.tmpdir(), 'waypoint-operator-'));
  });
  afterAll(async () => {
    await handle.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('create-lms makes the first LMS the default, and --default moves the default', async () => {
    const first = await json('create-lms', '--code', 'north', '--name', 'North Air');
    expect(first.lms).toMatchObject({
      code: 'north',
      name: 'North Air',
      displayName: 'North Air',
      isDefault: true,
    });
    const second = await json(
      'create-lms',
      '--code',
      'south',
      '--name',
      'South Air',
      '--display-name',
      'South Air Academy',
      '--default',
    );
    expect(second.lms).toMatchObject({
      code: 'south',
      displayName: 'South Air Academy',
      isDefault: true,
    });
    const listed = (await json('list-lms')).lms as { code: string; isDefault: boolean }[];
    expect(listed.map((lms) => [lms.code, lms.isDefault])).toEqual([
      ['north', false],
      ['south', true],
    ]);
  });

  it('create-lms refuses a bad code (exit 2) and a taken code (exit 1), changing nothing', async () => {
    const bad = await cli('create-lms', '--code', 'Bad Code!', '--name', 'X');
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("LMS code 'Bad Code!'");
    const taken = await cli('create-lms', '--code', 'north', '--name', 'Again');
    expect(taken.code).toBe(1);
    expect(taken.err).toContain("'north' already exists");
    const missing = await cli('create-lms', '--code', 'east');
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('--name');
    expect(((await json('list-lms')).lms as unknown[]).length).toBe(2);
  });

  it('add-user with a password creates a user who can sign in with it', async () => {
    const result = await cli(
      'add-user',
      '--lms',
      'north',
      '--login',
      'ana.silva',
      '--email',
      'ana.silva@example.com',
      '--name',
      'Ana Silva',
      '--password',
      'Runway-lights-27',
      '--mfa',
    );
    expect(result.code).toBe(0);
    expect(result.out).toContain(
      "Added user 'ana.silva' (Ana Silva <ana.silva@example.com>); password set",
    );
    const row = await user('ana.silva');
    expect(row).toMatchObject({
      nameOther: 'Ana',
      nameCollated: 'Silva',
      isStudent: true,
      mfaEnabled: true,
    });
    expect(await verifyPassword('Runway-lights-27', row!.passwordHash)).toBe(true);
  });

  it('add-user --not-student and without a password', async () => {
    const added = await json(
      'add-user',
      '--lms',
      'north',
      '--login',
      'tom.reed',
      '--email',
      'tom.reed@example.com',
      '--name',
      'Tom van Reed',
      '--not-student',
    );
    expect(added.user).toMatchObject({
      givenName: 'Tom',
      familyName: 'van Reed',
      isStudent: false,
      hasPassword: false,
    });
  });

  it('add-user reports every bad value at once (exit 2) and adds nobody', async () => {
    const result = await cli(
      'add-user',
      '--lms',
      'north',
      '--login',
      'has space',
      '--email',
      'not-an-email',
      '--name',
      'Mononym',
    );
    expect(result.code).toBe(2);
    expect(result.err).toContain('spaces');
    expect(result.err).toContain("'not-an-email' is not an email address");
    expect(result.err).toContain('"<given> <family>"');
    expect(await user('has space')).toBeUndefined();
  });

  it('add-user refuses a weak password, a duplicate login, an unknown LMS, and --password with --invite', async () => {
    const base = ['add-user', '--lms', 'north', '--email', 'x@example.com', '--name', 'X Y'];
    const weak = await cli(...base, '--login', 'weak.one', '--password', 'short');
    expect(weak.code).toBe(2);
    expect(weak.err).toContain('at least 8 characters');
    expect(await user('weak.one')).toBeUndefined();
    const duplicate = await cli(...base, '--login', 'ANA.SILVA');
    expect(duplicate.code).toBe(1);
    expect(duplicate.err).toContain('already exists');
    const unknown = await cli(
      'add-user',
      '--lms',
      'nowhere',
      '--login',
      'z',
      '--email',
      'z@example.com',
      '--name',
      'Z Z',
    );
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain("No LMS with code 'nowhere'");
    const both = await cli(
      ...base,
      '--login',
      'both.ways',
      '--password',
      'Long-enough-1',
      '--invite',
    );
    expect(both.code).toBe(2);
    expect(await user('both.ways')).toBeUndefined();
  });

  it("set-password changes the password, ends the user's sessions and lifts a lockout", async () => {
    const row = (await user('ana.silva'))!;
    // Locked at one address (ADR 0009): the bucket of the login ID at 203.0.113.5.
    const pairKey = `${accountKeyOf(row.lmsKey, 'ana.silva')}@203.0.113.5`;
    const lockout = `${RATE_RULES.loginFailures.name}:${pairKey}`;
    for (let i = 0; i < RATE_RULES.loginFailures.limit; i += 1) {
      await recordFailure(handle.db, RATE_RULES.loginFailures, pairKey, new Date());
    }
    await handle.db
      .insertInto('userSession')
      .values({
        sessionHash: 'h1',
        userKey: row.userKey,
        lmsKey: row.lmsKey,
        expiresAt: new Date(Date.now() + 3_600_000),
      })
      .execute();
    const result = await cli(
      'set-password',
      '--lms',
      'north',
      '--login',
      'ana.silva',
      '--password',
      'Taxiway-alpha-9',
    );
    expect(result.code).toBe(0);
    expect(result.out).toContain('Password set');
    expect(await verifyPassword('Taxiway-alpha-9', (await user('ana.silva'))!.passwordHash)).toBe(
      true,
    );
    const session = await handle.db
      .selectFrom('userSession')
      .select('endedAt')
      .where('sessionHash', '=', 'h1')
      .executeTakeFirstOrThrow();
    expect(session.endedAt).not.toBeNull();
    // The lockout after failed logins is lifted too.
    const bucket = await handle.db
      .selectFrom('rateLimit')
      .select('hits')
      .where('bucket', '=', lockout)
      .executeTakeFirst();
    expect(bucket).toBeUndefined();
    const neither = await cli('set-password', '--lms', 'north', '--login', 'ana.silva');
    expect(neither.code).toBe(2);
    expect(neither.err).toContain('--password');
  });

  it('add-user --invite, invite and set-password --invite email a set-password link', async () => {
    const added = await cli(
      'add-user',
      '--lms',
      'north',
      '--login',
      'eva.berg',
      '--email',
      'eva.berg@example.com',
      '--name',
      'Eva Berg',
      '--invite',
    );
    expect(added.code).toBe(0);
    expect(added.out).toContain('invitation was emailed to eva.berg@example.com');
    expect((await cli('invite', '--lms', 'north', '--login', 'eva.berg')).code).toBe(0);
    expect(
      (await cli('set-password', '--lms', 'north', '--login', 'EVA.BERG', '--invite')).code,
    ).toBe(0);
    const emails = (await json('outbox', '--to', 'eva.berg@example.com')).emails as {
      subject: string;
      text: string;
    }[];
    expect(emails).toHaveLength(3);
    for (const email of emails) {
      expect(email.subject).toBe('Set your Waypoint password');
      expect(email.text).toMatch(
        /https:\/\/panel\.example\.test\/Register\?token=[\w-]+&email=eva\.berg%40example\.com/,
      );
    }
    const unknown = await cli('invite', '--lms', 'north', '--login', 'nobody');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain("No user 'nobody' in LMS 'north'");
  });

  it('list-users lists the users of one LMS only', async () => {
    const lms = await buildLms(handle.db, { lmsCode: 'other' });
    await buildUser(handle.db, lms.lmsKey, { userId: 'someone.else' });
    const listed = await json('list-users', '--lms', 'north');
    expect(listed.total).toBe(3);
    expect((listed.users as { login: string }[]).map((u) => u.login)).toEqual([
      'ana.silva',
      'eva.berg',
      'tom.reed',
    ]);
    const text = await cli('list-users', '--lms', 'north');
    expect(text.out).toMatch(/ana\.silva\s+Ana Silva\s+ana\.silva@example\.com\s+yes\s+yes\s+yes/);
  });

  it('import-users imports a good file', async () => {
    const file = path.join(dir, 'good.csv');
    await writeFile(
      file,
      [
        'login,email,given_name,family_name,employee_id,base,position,fleet,mfa',
        'lee.wong,lee.wong@example.com,Lee,Wong,E100,HKG,Captain,A350,yes',
        '"kim.o",kim.o@example.com,Kim,"O\'Brien, Jr",,,,,',
        '',
        'raj.patel,raj.patel@example.com,Raj,Patel,E102,BOM,Cabin Crew,B787,0',
      ].join('\n'),
    );
    const result = await json('import-users', '--lms', 'north', file);
    expect(result.imported).toBe(3);
    expect(await user('lee.wong')).toMatchObject({
      employeeId: 'E100',
      base: 'HKG',
      position: 'Captain',
      fleet: 'A350',
      mfaEnabled: true,
    });
    expect(await user('kim.o')).toMatchObject({ nameCollated: "O'Brien, Jr", mfaEnabled: false });
    expect(await user('raj.patel')).toMatchObject({ mfaEnabled: false, passwordHash: null });
  });

  it('import-users reports every bad row with its line number and imports nothing', async () => {
    const file = path.join(dir, 'bad.csv');
    await writeFile(
      file,
      [
        'login,email,given_name,family_name,mfa',
        'good.one,good.one@example.com,Good,One,no',
        'bad.email,nope,Bad,Email,no',
        'lee.wong,lee2@example.com,Lee,Again,no',
        'good.one,dup@example.com,Dup,Licate,no',
        'no.name,no.name@example.com,,Name,maybe',
        'short,short@example.com,Too,Few',
      ].join('\n'),
    );
    const result = await cli('import-users', '--lms', 'north', file);
    expect(result.code).toBe(1);
    expect(result.err).toContain('nothing was imported');
    expect(result.err).toContain("line 3: 'nope' is not an email address");
    expect(result.err).toContain("line 4: user 'lee.wong' already exists");
    expect(result.err).toContain("line 5: login ID 'good.one' already appears on line 2");
    expect(result.err).toContain('line 6: given_name is empty');
    expect(result.err).toContain("line 6: mfa must be yes or no (got 'maybe')");
    expect(result.err).toContain('line 7: expected 5 values, found 4');
    expect(await user('good.one')).toBeUndefined();
  });

  it('import-users refuses a bad header and an unreadable file', async () => {
    const file = path.join(dir, 'header.csv');
    await writeFile(file, 'login,mail,given_name\nx,x@example.com,X\n');
    const header = await cli('import-users', '--lms', 'north', file);
    expect(header.code).toBe(1);
    expect(header.err).toContain("line 1: unknown column 'mail'");
    expect(header.err).toContain("line 1: missing column 'family_name'");
    const quoted = path.join(dir, 'quoted.csv');
    await writeFile(quoted, 'login,email,given_name,family_name\nx,x@example.com,"X,Y\n');
    const broken = await cli('import-users', '--lms', 'north', quoted);
    expect(broken.code).toBe(1);
    expect(broken.err).toContain('not valid CSV');
    const missing = await cli('import-users', '--lms', 'north', path.join(dir, 'none.csv'));
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('Cannot read');
  });

  it('outbox prints recent emails, filtered by address', async () => {
    await deps.mailer.send({
      lmsKey: null,
      to: 'Lee.Wong@example.com',
      subject: 'Your code',
      text: 'Code 123456',
    });
    await deps.mailer.send({
      lmsKey: null,
      to: 'other@example.com',
      subject: 'Other',
      text: 'Other text',
    });
    const result = await json('outbox', '--to', 'lee.wong@example.com');
    expect(result.emails).toEqual([
      expect.objectContaining({
        to: 'Lee.Wong@example.com',
        subject: 'Your code',
        text: 'Code 123456',
      }),
    ]);
    const text = await cli('outbox', '--limit', '1');
    expect(text.out).toContain('Subject: Other');
    expect(text.out).not.toContain('Your code');
  });

  it('the service refuses unknown commands and wrongly shaped input', async () => {
    await expect(runOperatorCommand(deps, 'drop-tables', {})).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(runOperatorCommand(deps, 'list-users', { lms: 5 })).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('lms'),
    });
    const noArgs = await cli();
    expect(noArgs.code).toBe(2);
    expect((await cli('bogus')).code).toBe(2);
    expect((await cli('--help')).code).toBe(0);
  });
  it('update-lms changes the settings given, and refuses bad values and empty changes', async () => {
    await buildLms(handle.db, { lmsCode: 'update-me' });
    const result = await json(
      'update-lms',
      '--lms',
      'update-me',
      '--student-locked',
      '1',
      '--rebrand2021',
      '1',
      '--hide-cpat-login',
      '0',
      '--host-names',
      'Panel.Example.test, 127.0.0.1',
      '--theme-url',
      'https://cdn.example.test/theme.css',
    );
    expect(result.lms).toMatchObject({
      code: 'update-me',
      studentLocked: 1,
      rebrand2021: 1,
      hideCpatLogin: 0,
      hostNames: ['panel.example.test', '127.0.0.1'],
      themeUrl: 'https://cdn.example.test/theme.css',
    });
    const row = await handle.db
      .selectFrom('lms')
      .selectAll()
      .where('lmsCode', '=', 'update-me')
      .executeTakeFirstOrThrow();
    expect(row.studentLocked).toBe(1);
    expect(row.showDashboard).toBe(1);
    expect(row.hideCpatLogin).toBe(0);

    const bad = await cli(
      'update-lms',
      '--lms',
      'update-me',
      '--theme-url',
      'javascript:alert(1)',
      '--host-names',
      'bad host',
    );
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('The theme URL must start with https:// or http://.');
    expect(bad.err).toContain("'bad host' is not a host name.");
    expect((await cli('update-lms', '--lms', 'update-me', '--student-locked', '7')).code).toBe(2);
    expect((await cli('update-lms', '--lms', 'update-me')).err).toContain('Nothing to change');
    expect((await cli('update-lms', '--lms', 'nope', '--student-locked', '0')).code).toBe(1);
    const unchanged = await handle.db
      .selectFrom('lms')
      .selectAll()
      .where('lmsCode', '=', 'update-me')
      .executeTakeFirstOrThrow();
    expect(unchanged.themeUrl).toBe('https://cdn.example.test/theme.css');
  });
});
