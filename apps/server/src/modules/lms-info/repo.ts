import type { Db } from '../../db/connection.js';

/** The only SQL of the LMS info module. */

/** The app-download links of an LMS, in their order. */
export async function listAppDownloadLinks(db: Db, lmsKey: number) {
  return db
    .selectFrom('appDownloadLink')
    .select(['label', 'link', 'willRender'])
    .where('lmsKey', '=', lmsKey)
    .orderBy('sortOrder')
    .orderBy('linkKey')
    .limit(50)
    .execute();
}

/** The student parameters of an LMS (spec §3). */
export async function findStudentParameters(db: Db, lmsKey: number) {
  return db
    .selectFrom('lms')
    .select([
      'allowExpiredAssignmentsToBeCompleted',
      'allowStudentsToViewCertificates',
      'certificateReporterAccess',
    ])
    .where('lmsKey', '=', lmsKey)
    .executeTakeFirst();
}

/** The LMS settings the launch rules read (spec §4 Expiry and launchability). */
export async function findLaunchSettings(db: Db, lmsKey: number) {
  return db
    .selectFrom('lms')
    .select(['allowExpiredAssignmentsToBeCompleted', 'enforceCurriculumPrerequisitesToggle'])
    .where('lmsKey', '=', lmsKey)
    .executeTakeFirst();
}
