/**
 * A SCORM package uploaded from the console goes through the one importer (content/
 * import.service.ts, import-scorm's): all or nothing, its refusal reason answered as it is (422),
 * the audit event written in the import's own transaction.
 */
import { nameProblem } from '@waypoint/domain/staff';
import { PACKAGE_UPLOAD_FIELDS, type PackageImported } from '@waypoint/domain/console-contract';
import type { Db } from '../../db/connection.js';
import type { Clock } from '../../lib/clock.js';
import { HttpError } from '../../lib/http-error.js';
import type { ObjectStorage } from '../../platform/object-storage/types.js';
import { importScormPackage, type ImportTarget } from '../content/import.service.js';
import { contentStorageOn } from '../content/storage.js';
import { recordAudit } from '../staff/audit.js';
import * as repo from './repo.js';
import { refused, type ProgrammeActor, type ProgrammeDeps } from './service.js';
import type { ReceivedUpload } from './upload.js';

const KEY = /^[0-9]{1,10}$/;
const KNOWN_FIELDS = new Set<string>(PACKAGE_UPLOAD_FIELDS);

function keyField(fields: Map<string, string>, name: string): number | undefined {
  const text = fields.get(name)?.trim();
  if (text === undefined || text === '') return undefined;
  const key = KEY.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(key) || key > 2147483647)
    throw refused([`The ${name} '${text}' is not a key.`]);
  return key;
}

/** Where the package goes, from the upload's fields; 400 with what is wrong. */
export function uploadTarget(lmsKey: number, fields: Map<string, string>): ImportTarget {
  const unknown = [...fields.keys()].filter((name) => !KNOWN_FIELDS.has(name));
  if (unknown.length > 0) throw refused([`Unknown field '${unknown[0]}'.`]);
  const curriculumName = fields.get('curriculumName')?.trim() || undefined;
  const courseName = fields.get('courseName')?.trim() || undefined;
  const curriculumKey = keyField(fields, 'curriculumKey');
  const courseKey = keyField(fields, 'courseKey');
  const topicKey = keyField(fields, 'topicKey');
  const places = [curriculumName, curriculumKey, courseKey, topicKey].filter(
    (place) => place !== undefined,
  );
  if (places.length !== 1) {
    throw refused([
      'Choose where the package goes: a new curriculum (its name), or one existing curriculum, course or topic.',
    ]);
  }
  if (courseName !== undefined && curriculumName === undefined && curriculumKey === undefined) {
    throw refused(['A course name goes with a curriculum, not with an existing course or topic.']);
  }
  const problems = [
    curriculumName === undefined ? null : nameProblem(curriculumName, 'curriculum name'),
    courseName === undefined ? null : nameProblem(courseName, 'course name'),
  ].filter((problem): problem is string => problem !== null);
  if (problems.length > 0) throw refused(problems);
  return {
    lmsKey,
    ...(curriculumName !== undefined ? { curriculum: curriculumName } : {}),
    ...(courseName !== undefined ? { course: courseName } : {}),
    ...(curriculumKey !== undefined ? { curriculumKey } : {}),
    ...(courseKey !== undefined ? { courseKey } : {}),
    ...(topicKey !== undefined ? { topicKey } : {}),
  };
}

/**
 * Imports an uploaded package where its fields say. A new curriculum's name must be new in the
 * LMS (409 otherwise: choose the existing one), so that an upload never lands in a curriculum the
 * person did not pick.
 */
export async function importUploadedPackage(
  deps: ProgrammeDeps & { storage: ObjectStorage; clock: Clock },
  who: ProgrammeActor,
  upload: ReceivedUpload,
): Promise<PackageImported> {
  const target = uploadTarget(who.lmsKey, upload.fields);
  if (!upload.file) throw refused(['Choose a SCORM package (a .zip file) to upload.']);
  if (target.curriculum !== undefined) {
    const existing = await repo.findCurriculumByName(deps.db, who.lmsKey, target.curriculum);
    if (existing) {
      throw new HttpError(
        409,
        `There is a curriculum named '${existing.name}' already; upload into it, or give another name.`,
      );
    }
  }
  const fileName = upload.file.name;
  const result = await importScormPackage(
    { db: deps.db, storage: contentStorageOn(deps.storage), clock: deps.clock },
    upload.file.path,
    target,
    {
      record: async (trx: Db, stored) => {
        await recordAudit(trx, deps, who.actor, [
          {
            lmsKey: who.lmsKey,
            action: 'programme.import',
            targetType: 'package',
            targetKey: stored.packageKey,
            summary: `Uploaded package '${stored.title}' (${fileName}) into curriculum '${stored.curriculum?.name ?? ''}', course '${stored.course?.name ?? ''}'`,
            after: {
              fileName,
              curriculum: stored.curriculum,
              course: stored.course,
              lessons: stored.lessons.map((lesson) => lesson.lessonKey),
            },
          },
        ]);
      },
    },
  );
  // New lessons change the report of every student the curriculum is assigned to.
  deps.state.reportCache.invalidate();
  return {
    packageKey: result.package.packageKey,
    title: result.package.title,
    scormVersion: result.package.scormVersion,
    curriculum: result.curriculum!,
    course: result.course!,
    lessons: result.lessons.map((lesson) => ({ lessonKey: lesson.lessonKey, name: lesson.name })),
    warnings: result.warnings,
  };
}
