import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connection.js';
import { findLaunchSettings, listAppDownloadLinks, findStudentParameters } from './repo.js';

/** The app-download strip of an LMS (spec §1), in order. */
export async function appDownloadLinks(app: FastifyInstance, lmsKey: number) {
  return listAppDownloadLinks(app.deps.db, lmsKey);
}

/** Spec §3 Student parameters of an LMS. */
export async function studentParameters(app: FastifyInstance, lmsKey: number) {
  const row = await findStudentParameters(app.deps.db, lmsKey);
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
