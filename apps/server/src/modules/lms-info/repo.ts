import type { Selectable, Transaction } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { Database, LmsTable } from '../../db/schema.js';

/** The only SQL on lms (LMS resolution, LMS info, student parameters) and app_download_link. */

/** An LMS (training provider) row. */
export type LmsRow = Selectable<LmsTable>;

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

/** Holds the LMS row until the transaction ends: one change of its links at a time. */
export async function lockLms(trx: Transaction<Database>, lmsKey: number) {
  await trx.selectFrom('lms').select('lmsKey').where('lmsKey', '=', lmsKey).forUpdate().execute();
}

/** Replaces the app-download links of an LMS with these, in this order. */
export async function replaceAppDownloadLinks(
  trx: Transaction<Database>,
  lmsKey: number,
  links: readonly { label: string; link: string; willRender: boolean }[],
) {
  await trx.deleteFrom('appDownloadLink').where('lmsKey', '=', lmsKey).execute();
  if (links.length === 0) return;
  await trx
    .insertInto('appDownloadLink')
    .values(links.map((link, sortOrder) => ({ lmsKey, ...link, sortOrder })))
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

/** The LMS with this code (codes are lowercase). */
export async function findLmsByCode(db: Db, code: string) {
  return db
    .selectFrom('lms')
    .selectAll()
    .where('lmsCode', '=', code.toLowerCase())
    .executeTakeFirst();
}

/** The LMS that lists this host name, else the default LMS (host matches win). */
export async function findLmsByHostOrDefault(db: Db, hostName: string) {
  return db
    .selectFrom('lms')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb(eb.val(hostName.toLowerCase()), '=', eb.fn.any('hostNames')),
        eb('isDefault', '=', true),
      ]),
    )
    .orderBy('isDefault', 'asc')
    .limit(1)
    .executeTakeFirst();
}

/** One LMS by key. */
export async function findLmsByKey(db: Db, lmsKey: number) {
  return db.selectFrom('lms').selectAll().where('lmsKey', '=', lmsKey).executeTakeFirst();
}
