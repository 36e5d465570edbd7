import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProgrammeTree } from '@waypoint/domain/console-contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { staffBrowser } from '../../test/staff.js';
import { buildCurriculum, buildStudent } from '../../test/assignments.js';
import { buildAssignment, buildLms } from '../../test/factories.js';
import { refreshStandings } from '../compliance/standings.js';
import { periodOfCompletion } from './periods.js';
import { periodsOf } from './repo.js';
import { setCurriculumValidity } from './service.js';

const DAY = 86_400_000;
const iso = (date: Date | null) => date?.toISOString() ?? null;

// Each completion's qualification period is the domain's rule applied to it and the previous
// one (migration 0029), recorded once and never changed; the standing's validity end is read
// from it; a curriculum's rule is set with clear refusals.
describe('validity rules: periods recorded per completion', () => {
  let t: TestApp;
  let lmsKey: number;
  let lmsCode: string;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.stop();
    const lms = await buildLms(t.db);
    lmsKey = lms.lmsKey;
    lmsCode = lms.lmsCode;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A student holding a one-lesson curriculum of this rule, and a way to complete it at a time. */
  async function holder(rule: 'months' | 'easa' | 'faa', months: number) {
    const curriculum = await buildCurriculum(t.db, lmsKey, `${rule} ${months} ${Math.random()}`);
    await setCurriculumValidity(
      { db: t.db },
      {
        lms: lmsCode,
        curriculum: curriculum.curriculumKey,
        rule,
        months,
      },
    );
    const student = await buildStudent(t.db, lmsKey, 'LHR');
    const assignment = await buildAssignment(t.db, {
      userKey: student.userKey,
      curriculumKey: curriculum.curriculumKey,
      assignedAt: new Date('2025-01-01T00:00:00Z'),
      startDate: new Date('2025-01-01T00:00:00Z'),
      durationMs: 400 * DAY,
    });
    const completeAt = async (at: string) => {
      await t.db
        .insertInto('lessonProgress')
        .values({
          assignmentKey: assignment.assignmentKey,
          userKey: student.userKey,
          lessonKey: curriculum.lessonKey,
          attempts: 1,
          completion: 1,
          completionInstant: new Date(at),
          lastLaunchedAt: new Date(at),
          updatedAt: new Date(at),
        })
        .onConflict((oc) =>
          oc.columns(['assignmentKey', 'lessonKey']).doUpdateSet({
            completionInstant: new Date(at),
            lastLaunchedAt: new Date(at),
          }),
        )
        .execute();
      await refreshStandings(t.app.deps, lmsKey, 10_000);
    };
    const standing = () =>
      t.db
        .selectFrom('assignmentStanding')
        .select(['outcome', 'validUntil'])
        .where('assignmentKey', '=', assignment.assignmentKey)
        .executeTakeFirstOrThrow();
    return { curriculum, assignment, completeAt, standing };
  }

  it('EASA: counted from the end of the month; a renewal in the last 3 months from the old expiry', async () => {
    const { assignment, completeAt, standing } = await holder('easa', 12);
    await completeAt('2026-06-05T09:00:00Z');
    expect(iso((await standing()).validUntil)).toBe('2027-06-30T23:59:59.999Z');
    // ORO.FC.230(b)(3): renewed in April 2027, within the last 3 months: from the June expiry.
    await completeAt('2027-04-20T09:00:00Z');
    const periods = await periodsOf(t.db, assignment.assignmentKey);
    expect(periods.map((p) => [p.number, iso(p.completedAt), iso(p.validUntil)])).toEqual([
      [1, '2026-06-05T09:00:00.000Z', '2027-06-30T23:59:59.999Z'],
      [2, '2027-04-20T09:00:00.000Z', '2028-06-30T23:59:59.999Z'],
    ]);
    expect(periods.every((p) => p.validityRule === 'easa' && p.validityMonths === 12)).toBe(true);
    expect(iso((await standing()).validUntil)).toBe('2028-06-30T23:59:59.999Z');
  });

  it('FAA: a completion in the grace month counts in the due month', async () => {
    const { assignment, completeAt } = await holder('faa', 12);
    await completeAt('2026-05-12T10:00:00Z');
    await completeAt('2027-06-29T10:00:00Z');
    const periods = await periodsOf(t.db, assignment.assignmentKey);
    expect(periods.map((p) => [iso(p.recurrentDueAt), iso(p.validUntil)])).toEqual([
      ['2027-05-31T23:59:59.999Z', '2027-06-30T23:59:59.999Z'],
      ['2028-05-31T23:59:59.999Z', '2028-06-30T23:59:59.999Z'],
    ]);
  });

  it('records a completion once, and a rule change counts only later completions', async () => {
    const { curriculum, assignment, completeAt } = await holder('months', 12);
    await completeAt('2026-01-31T10:00:00Z');
    await t.db
      .updateTable('assignmentStanding')
      .set({ computedVersion: '0' })
      .where('assignmentKey', '=', assignment.assignmentKey)
      .execute();
    await refreshStandings(t.app.deps, lmsKey, 10_000);
    await setCurriculumValidity(
      { db: t.db },
      { lms: lmsCode, curriculum: curriculum.curriculumKey, rule: 'months', months: 1 },
    );
    await completeAt('2026-01-31T10:00:00Z');
    const periods = await periodsOf(t.db, assignment.assignmentKey);
    expect(periods.map((p) => iso(p.validUntil))).toEqual(['2027-01-31T10:00:00.000Z']);
    // A certificate of that completion states the recorded period's end.
    const period = await periodOfCompletion(t.db, lmsKey, {
      assignmentKey: assignment.assignmentKey,
      curriculumKey: curriculum.curriculumKey,
      completedAt: new Date('2026-01-31T10:00:00Z'),
    });
    expect(iso(period.validUntil)).toBe('2027-01-31T10:00:00.000Z');
    await completeAt('2026-03-31T10:00:00Z');
    expect((await periodsOf(t.db, assignment.assignmentKey)).map((p) => iso(p.validUntil))).toEqual(
      ['2027-01-31T10:00:00.000Z', '2026-04-30T10:00:00.000Z'],
    );
  });

  it('never changes nor deletes a period; it goes only with its assignment', async () => {
    const { assignment, completeAt } = await holder('months', 6);
    await completeAt('2026-02-10T00:00:00Z');
    const key = assignment.assignmentKey;
    await expect(
      sql`update qualification_period set valid_until = now() where assignment_key = ${key}`.execute(
        t.db,
      ),
    ).rejects.toThrow(/never changed/);
    await expect(
      sql`delete from qualification_period where assignment_key = ${key}`.execute(t.db),
    ).rejects.toThrow(/never deleted/);
    expect(await periodsOf(t.db, key)).toHaveLength(1);
    await t.db.deleteFrom('assignment').where('assignmentKey', '=', key).execute();
    expect(await periodsOf(t.db, key)).toHaveLength(0);
  });

  it("gives a new curriculum its LMS's certificate validity as N months, else none", async () => {
    const other = await buildLms(t.db);
    const before = await buildCurriculum(t.db, other.lmsKey, 'Before');
    await t.db
      .insertInto('certificateSettings')
      .values({ lmsKey: other.lmsKey, validityMonths: 24 })
      .execute();
    const after = await buildCurriculum(t.db, other.lmsKey, 'After');
    const rules = await t.db
      .selectFrom('curriculum')
      .select(['curriculumKey', 'validityRule', 'validityMonths'])
      .where('curriculumKey', 'in', [before.curriculumKey, after.curriculumKey])
      .orderBy('curriculumKey')
      .execute();
    expect(rules.map((r) => [r.validityRule, r.validityMonths])).toEqual([
      ['none', 0],
      ['months', 24],
    ]);
  });

  it('refuses a rule with a clear message and changes nothing', async () => {
    const curriculum = await buildCurriculum(t.db, lmsKey, 'Refused');
    const set = (rule: 'none' | 'months' | 'easa' | 'faa', months?: number, key?: number) =>
      setCurriculumValidity(
        { db: t.db },
        { lms: lmsCode, curriculum: key ?? curriculum.curriculumKey, rule, months },
      );
    await expect(set('faa')).rejects.toMatchObject({
      statusCode: 400,
      message: 'The validity must be a whole number of months from 1 to 1200.',
    });
    await expect(set('none', 12)).rejects.toMatchObject({ statusCode: 400 });
    await expect(set('easa', 12, 999_999)).rejects.toMatchObject({ statusCode: 404 });
    const row = await t.db
      .selectFrom('curriculum')
      .select(['validityRule', 'validityMonths'])
      .where('curriculumKey', '=', curriculum.curriculumKey)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ validityRule: 'none', validityMonths: 0 });
    expect(await set('easa', 12)).toMatchObject({
      text: 'EASA: 12 months from the end of the month of completion',
    });
  });

  it("is set in the console with the curriculum's settings: audited, refused with the domain's words", async () => {
    const curriculum = await buildCurriculum(t.db, lmsKey, 'Console rule');
    const admin = await staffBrowser(t, lmsKey, { role: 'administrator' });
    const auditor = await staffBrowser(t, lmsKey, { role: 'auditor' });
    const address = `/lms/api/console/programme/curricula/${curriculum.curriculumKey}`;
    const put = (browser: typeof admin, body: unknown) =>
      browser.call(address, { method: 'PUT', body: JSON.stringify(body) });
    const refused = await put(admin, { validityRule: 'faa', validityMonths: 0 });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(
      'The validity must be a whole number of months from 1 to 1200.',
    );
    expect((await put(auditor, { validityRule: 'easa', validityMonths: 12 })).status).toBe(403);
    const saved = await put(admin, { validityRule: 'easa', validityMonths: 12 });
    expect(saved.status).toBe(200);
    const tree = (await (await admin.call('/lms/api/console/programme')).json()) as ProgrammeTree;
    expect(tree.curricula.find((c) => c.curriculumKey === curriculum.curriculumKey)).toMatchObject({
      validityRule: 'easa',
      validityMonths: 12,
    });
    const event = await t.db
      .selectFrom('auditEvent')
      .select(['action', 'summary'])
      .where('targetType', '=', 'curriculum')
      .where('targetKey', '=', String(curriculum.curriculumKey))
      .executeTakeFirstOrThrow();
    expect(event.summary).toContain('validityRule');
  });
});
