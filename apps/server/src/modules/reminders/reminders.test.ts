import { reminderCalls, type ReminderPreference } from '@waypoint/domain/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliIo } from '../../cli/program.js';
import { localRunner } from '../../cli/transport.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildLms, buildUser } from '../../test/factories.js';
import { assignDueCurriculum, toNoonUtc } from '../../test/reminders.js';
import { signIn } from '../../test/sign-in.js';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.js';
import { createMailer } from '../email/mailer.js';
import { startJobQueue } from '../../platform/job-queue.js';
import { reminderJobs } from './jobs.js';
import { runReminderPass, type ReminderDeps } from './service.js';

const DAY = 86_400_000;

/** A day's date (YYYY-MM-DD, UTC) `days` from the test clock's today. */
const dayFrom = (t: TestApp, days: number) =>
  new Date(t.clock.now().getTime() + days * DAY).toISOString().slice(0, 10);

/** The decoded text of a raw message (quoted-printable soft breaks and escapes undone). */
const decoded = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The Subject header, unfolded (long headers continue on indented lines). */
const subjectOf = (raw: string) =>
  /^Subject: (.*)$/m.exec(raw.replace(/\r?\n[ \t]+/g, ' '))![1]!.trim();

/** Reminder emails (docs/decisions/0015), sent through a real SMTP server, on the test clock. */
describe('reminder emails', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let smtpUrl: string;
  let refuse = false;
  let deps: ReminderDeps;
  let defaultLmsKey: number;

  const mailFrom = 'Waypoint <no-reply@waypoint.example.com>';
  // On PostgreSQL the pass takes its advisory lock (several instances may share the database).
  const databaseUrl =
    process.env.WAYPOINT_TEST_DB === 'postgres' ? (process.env.TEST_DATABASE_URL ?? null) : null;
  const newDeps = (): ReminderDeps => ({
    db: t.db,
    clock: t.clock,
    config: { publicUrl: t.config.publicUrl, databaseUrl, smtpUrl, mailFrom },
    log: () => {},
    state: t.app.deps.state,
  });
  const to = (address: string) => smtp.to(address);
  const pass = () => runReminderPass(deps);

  /** A new LMS and student (each test its own, so passes in one never touch another's). */
  async function student(login: string) {
    const lms = await buildLms(t.db);
    const user = await buildUser(t.db, lms.lmsKey, {
      userId: login,
      email: `${login}@example.test`,
    });
    return { lmsKey: lms.lmsKey, lmsCode: lms.lmsCode, userKey: user.userKey, email: user.email };
  }

  const cli = async (...args: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const io: CliIo = { out: (text) => out.push(text), err: (text) => err.push(text) };
    const operator = {
      db: t.db,
      config: { ...t.config, smtpUrl, mailFrom },
      clock: t.clock,
      mailer: createMailer(t.db, { smtpUrl, mailFrom }, () => {}),
      // The app's own memory: the commands run as the operator API would run them.
      storage: t.app.deps.storage,
      state: t.app.deps.state,
    };
    const code = await runCli(
      args,
      async () => ({ run: localRunner(operator), close: async () => undefined }),
      io,
    );
    return { code, out: out.join('\n'), err: err.join('\n') };
  };

  beforeAll(async () => {
    t = await createTestApp();
    toNoonUtc(t);
    smtp = await startTestSmtp({ refuse: () => refuse });
    smtpUrl = smtp.url;
    defaultLmsKey = (await buildLms(t.db, { lmsCode: 'remind', lmsName: 'Remind Air' })).lmsKey;
    deps = newDeps();
  });
  // Each test's students leave when it ends, so later passes do not build their reports again.
  afterEach(async () => {
    await t.db.updateTable('appUser').set({ inactive: 1 }).execute();
  });
  afterAll(async () => {
    await smtp.close();
    await t.close();
  });

  it('reminds of an assignment due in 14 days on the right days, each once, then overdue', async () => {
    const s = await student('due.fourteen');
    await assignDueCurriculum(t, s.userKey, s.lmsKey, 'Crew Resource Management', 14);
    const dueDate = dayFrom(t, 14);
    const sentOn: [number, string][] = [];
    for (let day = 0; day <= 16; day += 1) {
      const before = to(s.email).length;
      await pass();
      // A second pass the same day (the hourly scheduler) sends nothing more.
      await pass();
      for (const message of to(s.email).slice(before)) {
        sentOn.push([day, subjectOf(message.raw)]);
      }
      t.clock.advance(DAY);
    }
    const name = `LMS ${s.lmsCode}: Crew Resource Management`;
    expect(sentOn).toEqual([
      [0, `${name} (due in 14 days)`],
      [11, `${name} (due in 3 days)`],
      [13, `${name} (due tomorrow)`],
      [15, `${name} (overdue since ${dueDate})`],
    ]);
    const first = decoded(to(s.email)[0]!.raw);
    expect(first).toMatch(/Content-Type: text\/plain/);
    expect(first).toMatch(/Content-Type: text\/html/);
    expect(first).toContain(`Open: ${t.config.publicUrl}/assignments`);
    expect(first).toContain(`<a href="${t.config.publicUrl}/assignments">`);
    expect(first).toContain('1 lesson still to complete in Crew Resource Management course.');
    const outbox = await t.db
      .selectFrom('emailOutbox')
      .select(['sentAt', 'htmlBody'])
      .where('toAddress', '=', s.email)
      .execute();
    expect(outbox).toHaveLength(4);
    expect(outbox.every((row) => row.sentAt !== null && row.htmlBody !== null)).toBe(true);
  });

  it('sends nothing for a completed assignment', async () => {
    const s = await student('completes');
    const { assignment, lessonKey } = await assignDueCurriculum(
      t,
      s.userKey,
      s.lmsKey,
      'Upset Recovery',
      14,
    );
    await pass();
    expect(to(s.email)).toHaveLength(1);
    await t.db
      .insertInto('lessonProgress')
      .values({
        assignmentKey: assignment.assignmentKey,
        lessonKey,
        userKey: s.userKey,
        attempts: 1,
        completion: 1,
        completionInstant: t.clock.now(),
      })
      .execute();
    for (let day = 1; day <= 16; day += 1) {
      t.clock.advance(DAY);
      await pass();
    }
    expect(to(s.email)).toHaveLength(1);
  });

  it('never sends one twice: not after a restart, not from two passes at once', async () => {
    const s = await student('restarts');
    await assignDueCurriculum(t, s.userKey, s.lmsKey, 'Dangerous Goods', 3);
    // Two instances' passes at the same moment: one email.
    const results = await Promise.all([pass(), runReminderPass(newDeps())]);
    expect(to(s.email)).toHaveLength(1);
    expect(results.reduce((sum, result) => sum + result.emailsSent, 0)).toBe(1);
    // Without the pass lock, the claim alone still lets only one of them send.
    const unlocked = (): ReminderDeps => ({
      ...newDeps(),
      config: { ...deps.config, databaseUrl: null },
    });
    await assignDueCurriculum(t, s.userKey, s.lmsKey, 'Dangerous Goods Refresher', 1);
    await Promise.all([runReminderPass(unlocked()), runReminderPass(unlocked())]);
    expect(to(s.email)).toHaveLength(2);
    // A restart: the job queue starts again (the reminder job's first pass runs at start) on the
    // same database; stop() waits for that pass.
    const restarted = await startJobQueue(
      reminderJobs({ ...newDeps(), log: () => {} }, 60),
      { kind: 'pglite' },
      { warn: () => {} },
    );
    await restarted.stop();
    expect(to(s.email)).toHaveLength(2);
    // The date changes (assigned again with a new due date): a new occasion.
    await t.db
      .updateTable('assignment')
      .set((eb) => ({ durationMs: eb('durationMs', '+', 7 * DAY) }))
      .where('userKey', '=', s.userKey)
      .execute();
    t.clock.advance(DAY);
    expect((await pass()).emailsSent).toBe(1);
    const digest = decoded(to(s.email)[2]!.raw);
    expect(digest).toContain(`(${dayFrom(t, 9)})`);
    expect(digest).toContain('- Dangerous Goods Refresher: Due in 7 days');
  });

  it('sends one digest for two items of the same day, listing both, names escaped in HTML', async () => {
    const s = await student('digest');
    await assignDueCurriculum(t, s.userKey, s.lmsKey, 'Security <b>&</b> "Awareness"', 3);
    await assignDueCurriculum(t, s.userKey, s.lmsKey, 'Fire Fighting', 3);
    expect((await pass()).emailsSent).toBe(1);
    const messages = to(s.email);
    expect(messages).toHaveLength(1);
    const body = decoded(messages[0]!.raw);
    expect(subjectOf(messages[0]!.raw)).toMatch(/^LMS .*: 2 training reminders$/);
    expect(body).toContain('- Fire Fighting: Due in 3 days');
    expect(body).toContain('- Security <b>&</b> "Awareness": Due in 3 days');
    expect(body).toContain(
      '<strong>Security &lt;b&gt;&amp;&lt;/b&gt; &quot;Awareness&quot;</strong>',
    );
    expect(body).not.toContain('<strong>Security <b>');
  });

  it('reminds before an assigned document expires, linking to the dashboard', async () => {
    const s = await student('document');
    const form = await t.db
      .insertInto('documentForm')
      .values({ lmsKey: s.lmsKey, name: 'Medical certificate' })
      .returning('formKey')
      .executeTakeFirstOrThrow();
    const expiry = new Date(`${dayFrom(t, 1)}T23:59:59.999Z`);
    await t.db
      .insertInto('assignedDocument')
      .values({ formKey: form.formKey, userKey: s.userKey, expiresAt: expiry })
      .execute();
    await pass();
    const body = decoded(to(s.email)[0]!.raw);
    expect(subjectOf(to(s.email)[0]!.raw)).toMatch(/: Medical certificate \(expires tomorrow\)$/);
    expect(body).toContain(`Open: ${t.config.publicUrl}/dashboard`);
  });

  it('keeps a refused email and sends it on a later pass, once', async () => {
    const s = await student('refused');
    await assignDueCurriculum(t, s.userKey, s.lmsKey, 'Weather Radar', 1);
    refuse = true;
    try {
      expect(await pass()).toMatchObject({ emailsSent: 0, emailsFailed: 1 });
    } finally {
      refuse = false;
    }
    expect(to(s.email)).toHaveLength(0);
    expect(await pass()).toMatchObject({ emailsSent: 1, emailsFailed: 0 });
    expect(await pass()).toMatchObject({ emailsSent: 0, emailsFailed: 0 });
    expect(to(s.email)).toHaveLength(1);
    expect(await t.outbox(s.email)).toHaveLength(1);
  });

  it('lets a student turn reminders off in the panel (session-checked, XSRF)', async () => {
    const user = await buildUser(t.db, defaultLmsKey, {
      userId: 'switcher',
      email: 'switcher@example.test',
    });
    await assignDueCurriculum(t, user.userKey, defaultLmsKey, 'Ground Handling', 3);
    const browser = await signIn(t, 'switcher');
    const path = `/lms${reminderCalls.preference.path(defaultLmsKey, user.userKey)}`;
    expect(await (await browser.call(path)).json()).toEqual({ enabled: true, lmsEnabled: true });

    const noXsrf = await browser.call(path, {
      method: 'PUT',
      body: JSON.stringify({ enabled: false }),
      headers: { 'x-xsrf-token': '' },
    });
    expect(noXsrf.status).toBe(403);
    const other = await buildUser(t.db, defaultLmsKey, { userId: 'someone.else' });
    const theirs = await browser.call(
      `/lms${reminderCalls.setPreference.path(defaultLmsKey, other.userKey)}`,
      { method: 'PUT', body: JSON.stringify({ enabled: false }) },
    );
    expect(theirs.status).toBe(403);
    const bad = await browser.call(path, {
      method: 'PUT',
      body: JSON.stringify({ enabled: 'no' }),
    });
    expect(bad.status).toBe(400);

    const off = await browser.call(path, {
      method: 'PUT',
      body: JSON.stringify({ enabled: false }),
    });
    expect(off.status).toBe(200);
    expect((await off.json()) as ReminderPreference).toEqual({ enabled: false, lmsEnabled: true });
    await pass();
    expect(to('switcher@example.test')).toHaveLength(0);
    expect((await cli('reminders', 'preview', '--user', 'switcher')).out).toContain(
      'None will be sent: switcher has turned reminders off.',
    );
  });

  it('sends nothing for an LMS with reminders off (set with the CLI)', async () => {
    const s = await student('lms.off');
    await assignDueCurriculum(t, s.userKey, s.lmsKey, 'Cabin Safety', 3);
    const off = await cli('reminders', 'settings', '--lms', s.lmsCode, '--off');
    expect(off.code).toBe(0);
    expect(off.out).toContain(`Reminders for LMS '${s.lmsCode}': off`);
    const run = await cli('reminders', 'run');
    expect(run).toMatchObject({ code: 0, out: '0 reminder email(s) sent.' });
    expect(to(s.email)).toHaveLength(0);
    const on = await cli('reminders', 'settings', '--lms', s.lmsCode, '--on');
    expect(on.out).toContain(': on');
    expect((await cli('reminders', 'run')).out).toBe('1 reminder email(s) sent.');
    expect(to(s.email)).toHaveLength(1);
  });

  it('previews what a student would be sent, day by day, and sends nothing', async () => {
    const s = await student('previewed');
    await assignDueCurriculum(t, s.userKey, s.lmsKey, 'Line Training', 20);
    await assignDueCurriculum(t, s.userKey, s.lmsKey, 'Crew Briefing', 40);
    const settings = await cli('reminders', 'settings', '--lms', s.lmsCode, '--days', '14,3,1');
    expect(settings.out).toContain('days before a due date or expiry: 14, 3, 1');
    const { code, out } = await cli(
      'reminders',
      'preview',
      '--lms',
      s.lmsCode,
      '--user',
      'previewed',
    );
    expect(code).toBe(0);
    const lines = out.split('\n');
    expect(lines[0]).toBe(`Reminders for previewed (LMS '${s.lmsCode}') in the next 30 days:`);
    expect(lines.slice(1).map((line) => line.trim().split(/\s+/).slice(0, 3))).toEqual([
      [dayFrom(t, 6), 'before-14', 'curriculum'],
      [dayFrom(t, 17), 'before-3', 'curriculum'],
      [dayFrom(t, 19), 'before-1', 'curriculum'],
      [dayFrom(t, 21), 'overdue', 'curriculum'],
      [dayFrom(t, 26), 'before-14', 'curriculum'],
    ]);
    expect(out).toContain(`Line Training  (date ${dayFrom(t, 20)})`);
    expect(to(s.email)).toHaveLength(0);
    expect(await t.outbox(s.email)).toHaveLength(0);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const s = await student('bad.input');
    const show = () => cli('reminders', 'settings', '--lms', s.lmsCode);
    const before = (await show()).out;
    const cases: [string[], RegExp][] = [
      [['--days', '0'], /whole numbers from 1 to 365/],
      [['--days', '3,x'], /not: 'x'/],
      [['--days', '3,3'], /listed once/],
      [['--time-zone', 'Mars/Olympus'], /not a time zone/],
      [['--on', '--off'], /cannot be used with/],
    ];
    for (const [args, message] of cases) {
      const result = await cli('reminders', 'settings', '--lms', s.lmsCode, ...args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.err).toMatch(message);
    }
    expect((await show()).out).toBe(before);
    expect(await cli('reminders', 'settings', '--lms', 'nowhere')).toMatchObject({
      code: 1,
      err: "Error: No LMS with code 'nowhere' (see list-lms).",
    });
    expect(await cli('reminders', 'preview', '--lms', s.lmsCode, '--user', 'ghost')).toMatchObject({
      code: 1,
      err: `Error: No student 'ghost' in LMS '${s.lmsCode}'.`,
    });
    expect((await cli('reminders', 'preview', '--user', 'x', '--days', '0')).code).toBe(2);
  });
});
