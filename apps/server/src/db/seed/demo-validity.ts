/**
 * The demo's validity rules (docs/decisions/0022 "Validity rules"): the demo's curricula count the
 * LMS's 24 months (as migration 0029 gives curricula that existed before it), and `student` holds
 * one curriculum per rule, each showing what its rule does:
 *
 * | curriculum                        | rule             | shows                                    |
 * |-----------------------------------|------------------|------------------------------------------|
 * | Operator Proficiency Check (EASA) | easa, 12 months  | renewed within the last 3 months of the  |
 * |                                   |                  | previous check: valid from the old expiry |
 * | Recurrent Ground Training (FAA)   | faa, 12 months   | completed in the grace month after the    |
 * |                                   |                  | due month: the due month is kept          |
 * | Company Indoctrination            | none             | completed, never expires                  |
 * | the other demo curricula          | months, 24       | 24 calendar months from completion        |
 *
 * The earlier completion of each renewal is written as its qualification period, worked out by the
 * domain's rule as standings.ts records one; the renewal itself is the lesson's completion, which
 * the standings' job records from that period.
 */
import { UTCDate } from '@date-fns/utc';
import { qualificationPeriod, type ValidityRule } from '@waypoint/domain/staff';
import { subMonths } from 'date-fns';
import type { Db } from '../connection.js';
import { assignCurriculum, insertCurriculum } from './tree.js';

const DAY_MS = 86_400_000;
/** Calendar months before an instant, in UTC (as the rules count them). */
const monthsBefore = (date: Date, months: number) =>
  new Date(subMonths(new UTCDate(date.getTime()), months).getTime());

/** A one-lesson curriculum of this rule, completed `completedDaysAgo`, assigned to the student. */
async function ruleCurriculum(
  db: Db,
  lmsKey: number,
  studentKey: number,
  now: Date,
  seed: { name: string; description: string; rule: ValidityRule; completedDaysAgo: number },
) {
  const inserted = await insertCurriculum(db, lmsKey, {
    name: seed.name,
    description: seed.description,
    courses: [
      {
        name: seed.name,
        topics: [
          {
            name: 'Check',
            lessons: [
              {
                name: `${seed.name}: check`,
                progress: {
                  attempts: 1,
                  completion: 1,
                  credit: 1,
                  completedDaysAgo: seed.completedDaysAgo,
                  totalTimeMinutes: 45,
                  lastLaunchedHoursAgo: seed.completedDaysAgo * 24,
                },
              },
            ],
          },
        ],
      },
    ],
  });
  await db
    .updateTable('curriculum')
    .set({
      validityRule: seed.rule.kind,
      validityMonths: seed.rule.kind === 'none' ? 0 : seed.rule.months,
    })
    .where('curriculumKey', '=', inserted.curriculumKey)
    .execute();
  // Open-ended: the next cycle's due date comes from the rule (cycle.ts), when its window opens.
  const assignmentKey = await assignCurriculum(db, now, studentKey, inserted, {
    assignedDaysAgo: 420,
    startDaysAgo: 420,
    durationDays: null,
  });
  return { assignmentKey, rule: seed.rule };
}

/** The earlier completion of a renewal, recorded as its qualification period. */
async function previousCompletion(
  db: Db,
  assignmentKey: number,
  rule: ValidityRule,
  completedAt: Date,
) {
  const period = qualificationPeriod(rule, completedAt);
  await db
    .insertInto('qualificationPeriod')
    .values({
      assignmentKey,
      number: 1,
      completedAt,
      ...period,
      validityRule: rule.kind,
      validityMonths: rule.kind === 'none' ? 0 : rule.months,
      recordedAt: completedAt,
      // Its cycle ran: the renewal below is that cycle's completion.
      cycleStartedAt: period.windowOpensAt,
    })
    .execute();
}

/** Seeds the demo's rules (after the demo curricula, before its certificates). */
export async function insertDemoValidity(
  db: Db,
  lmsKey: number,
  studentKey: number,
  now: Date,
): Promise<void> {
  await db
    .updateTable('curriculum')
    .set({ validityRule: 'months', validityMonths: 24 })
    .where('lmsKey', '=', lmsKey)
    .execute();
  const day = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS);

  // EASA: checked 11 months ago (valid to the end of next month); renewed 20 days ago, within
  // the last 3 months of that validity: ORO.FC.230(b)(3) counts 12 months from the old expiry.
  const easa = await ruleCurriculum(db, lmsKey, studentKey, now, {
    name: 'Operator Proficiency Check (EASA)',
    description: 'EASA ORO.FC.230: valid to the end of the month, renewable 3 months early.',
    rule: { kind: 'easa', months: 12 },
    completedDaysAgo: 20,
  });
  await previousCompletion(db, easa.assignmentKey, easa.rule, monthsBefore(now, 11));

  // FAA: trained 13 months ago, so due at the end of last month; completed 2 days ago, in the
  // grace month: 121.401(b) counts it in the due month, so the next is due a year after that.
  const faa = await ruleCurriculum(db, lmsKey, studentKey, now, {
    name: 'Recurrent Ground Training (FAA)',
    description: '14 CFR 121.401(b): due each year, with a grace month either side.',
    rule: { kind: 'faa', months: 12 },
    completedDaysAgo: 2,
  });
  // 13 months before the renewal's month: due the month before the renewal (whatever today is).
  await previousCompletion(db, faa.assignmentKey, faa.rule, monthsBefore(day(2), 13));

  await ruleCurriculum(db, lmsKey, studentKey, now, {
    name: 'Company Indoctrination',
    description: 'Completed once: it never expires.',
    rule: { kind: 'none' },
    completedDaysAgo: 200,
  });
}
