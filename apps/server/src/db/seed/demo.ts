/**
 * The demo training provider, 'Waypoint Demo Airline' (code `demo`), seeded on the first start of
 * an empty database (DEMO_SEED=auto). Every date is relative to the moment of seeding, so the
 * states below stay true on the day the demo is set up.
 *
 * Users (password `Waypoint-demo-1`): `student`, `mfa.student` (MFA on), `instructor` (not a
 * student). `student`'s curricula and the state each shows (spec §4, §9):
 *
 * | curriculum                    | state shown                                                    |
 * |-------------------------------|----------------------------------------------------------------|
 * | A320 Type Rating              | in progress; open-ended (default duration, over 100 years);     |
 * |                               | course prerequisites PreviousCourse and AllPreviousCourses      |
 * |                               | (LMS enforceCurriculumPrerequisitesToggle 1); topic and lesson  |
 * |                               | prerequisites 1 and 2; play modes 1, 2 (Browse) and 3 (Review); |
 * |                               | recently launched lesson; also in the Library                   |
 * | Dangerous Goods               | complete, scores and times; flagged offline completion          |
 * |                               | (assignment + lesson); Exam-player lesson passed; certificate   |
 * | Crew Resource Management      | due within 30 days (in 20); a 'CLAS' player lesson, the one     |
 * |                               | lesson with no content (its row says 'No content yet')          |
 * | Security Awareness            | assigned within 14 days (3 days ago); 'Exam' player lesson with |
 * |                               | launchData {"require100": true}, score weight 1, no attempts    |
 * | Emergency Evacuation          | failure -2 (minimum time not met)                               |
 * | Aviation English Proficiency  | failure -3 (minimum score not met); attempts exhausted (2 of 2) |
 * | Upset Prevention and Recovery | failure -4 (failed lessons exceed the allowed number); a lesson |
 * |                               | complete but not passing (credit below 0)                       |
 * | Cabin Pressurisation          | another negative code, -7 ('Unknown failure')                   |
 * | Winter Operations             | expired 35 days ago (inside the 90-day expired window)          |
 * | Performance-Based Navigation  | expired 235 days ago (outside the 90-day window)                |
 * | Fatigue Risk Management       | a draft course beside a published one                          |
 * | A350 Differences              | all courses draft (draft-associated: only under Drafts)         |
 * | Annual Recurrent Training     | recurrent course name 'YYYY-01-01 Recurrent YYYY-12-31'; passed |
 * |                               | (an expired certificate); Review-mode lesson                    |
 *
 * `student` also holds one curriculum per validity rule (demo-validity.ts: an EASA renewal
 * counted from the old expiry, an FAA completion in the grace month, one that never expires).
 *
 * Every other lesson plays one of the demo packages (demo-content.ts: a briefing, a hydraulics
 * overview and quiz, reading lessons, knowledge checks).
 *
 * `student` also has three documents (unsubmitted, expired, current) and one evaluation;
 * `mfa.student` has Security Awareness and Crew Resource Management, not started.
 */
import type { Db } from '../connection.js';
import { hashPassword } from '../../lib/password.js';
import { demoCurricula } from './demo-curricula.js';
import { insertDemoDocuments } from './demo-documents.js';
import { insertDemoCertificates } from './demo-certificates.js';
import { insertDemoValidity } from './demo-validity.js';
import { insertDemoReport } from './demo-report.js';
import { DEMO_LMS_CODE, insertDemoLms } from './demo-lms.js';
import { DEMO_PASSWORD, DEMO_USERS, insertDemoUsers } from './demo-users.js';
import { assignCurriculum, insertCurriculum } from './tree.js';
import { seedDemoContent } from './demo-content.js';
import { seedDemoLibrary } from './demo-library.js';
import type { ContentStorage } from '../../modules/content/storage.js';

export { DEMO_LMS_CODE, DEMO_PASSWORD, DEMO_USERS };

/** Curricula `mfa.student` is also assigned to (without progress). */
const MFA_STUDENT_CURRICULA = ['Security Awareness', 'Crew Resource Management'];

/**
 * Seeds the demo training provider unless an LMS with code `demo` exists. Returns true when it
 * seeded. One transaction: a failure leaves nothing half-seeded.
 */
export async function seedDemo(
  db: Db,
  options: { now?: Date; passwordHash?: string; storage?: ContentStorage } = {},
): Promise<boolean> {
  if (await demoLmsExists(db)) return false;
  const now = options.now ?? new Date();
  // scrypt is slow on purpose: hash once and share the hash between the demo users.
  const passwordHash = options.passwordHash ?? (await hashPassword(DEMO_PASSWORD));
  const seededLms = await db.transaction().execute(async (trx) => {
    // Checked again inside the transaction in case two processes seed at once.
    if (await demoLmsExists(trx)) return null;
    const lmsKey = await insertDemoLms(trx);
    const users = await insertDemoUsers(trx, lmsKey, passwordHash, now);
    for (const { curriculum, assignment } of demoCurricula(now)) {
      const inserted = await insertCurriculum(trx, lmsKey, curriculum);
      if (assignment) await assignCurriculum(trx, now, users.student, inserted, assignment);
      if (MFA_STUDENT_CURRICULA.includes(curriculum.name)) {
        await assignCurriculum(
          trx,
          now,
          users['mfa.student'],
          inserted,
          { assignedDaysAgo: 2, startDaysAgo: 2, durationDays: 90 },
          false,
        );
      }
    }
    await insertDemoDocuments(trx, lmsKey, users.student, now, options.storage);
    await insertDemoValidity(trx, lmsKey, users.student, now);
    await insertDemoCertificates(trx, lmsKey, users.student, now);
    await insertDemoReport(trx, lmsKey);
    return lmsKey;
  });
  if (seededLms === null) return false;
  // Content files live outside the database, so the packages are imported after it commits.
  if (options.storage) {
    await seedDemoContent(db, options.storage, seededLms);
    await seedDemoLibrary(db, options.storage, seededLms, now);
  }
  return true;
}

/** True when the demo LMS (code `demo`) exists. */
export async function demoLmsExists(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('lms')
    .select('lmsKey')
    .where('lmsCode', '=', DEMO_LMS_CODE)
    .executeTakeFirst();
  return row !== undefined;
}
