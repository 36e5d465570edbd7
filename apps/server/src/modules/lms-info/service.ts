import type { Db } from '../../db/connection.js';
import {
  findLaunchSettings,
  findLmsByCode,
  findLmsByHostOrDefault,
  findLmsByKey,
  findStudentParameters,
  listAppDownloadLinks,
  type LmsRow,
} from './repo.js';

export type { LmsRow } from './repo.js';

const LMS_CODE = /^[a-z0-9][a-z0-9-]{0,62}$/i;

/**
 * The LMS (training provider) a request without a session is for: the one with `code` when one
 * is named, else the one listing the host name, else the default LMS (§7 public calls).
 */
export async function lmsForRequest(
  deps: { db: Db },
  wanted: { code: string | null; hostName: string },
): Promise<LmsRow | undefined> {
  if (wanted.code === null) return findLmsByHostOrDefault(deps.db, wanted.hostName.slice(0, 255));
  return LMS_CODE.test(wanted.code) ? findLmsByCode(deps.db, wanted.code) : undefined;
}

/** One LMS by its code (any case), if any: the operator's commands name an LMS this way. */
export async function lmsByCode(deps: { db: Db }, code: string): Promise<LmsRow | undefined> {
  return findLmsByCode(deps.db, code);
}

/** One LMS by key, if any. */
export async function lmsByKey(deps: { db: Db }, lmsKey: number): Promise<LmsRow | undefined> {
  return findLmsByKey(deps.db, lmsKey);
}

/** The app-download strip of an LMS (spec §1), in order. */
export async function appDownloadLinks(deps: { db: Db }, lmsKey: number) {
  return listAppDownloadLinks(deps.db, lmsKey);
}

/** Spec §3 Student parameters of an LMS. */
export async function studentParameters(deps: { db: Db }, lmsKey: number) {
  const row = await findStudentParameters(deps.db, lmsKey);
  return (
    row ?? {
      allowExpiredAssignmentsToBeCompleted: 0,
      allowStudentsToViewCertificates: 0,
      certificateReporterAccess: 0,
    }
  );
}

/** The LMS settings the launch rules read; an unknown LMS allows nothing expired and enforces. */
export async function launchSettings(db: Db, lmsKey: number) {
  return (
    (await findLaunchSettings(db, lmsKey)) ?? {
      allowExpiredAssignmentsToBeCompleted: 0,
      enforceCurriculumPrerequisitesToggle: 1,
    }
  );
}
