import { Type } from 'typebox';
import { indent, table } from '../../lib/text-table.js';
import { defineOperatorCommand } from '../operator/area-command.js';
import { failIf, lmsByCode } from '../operator/command-helpers.js';
import { checkText } from '../operator/validation.js';
import { importScormPackage } from './import.service.js';
import { PACKAGE_LIMITS } from './package-zip.js';
import { contentStorageOn } from './storage.js';

type Row = Record<string, unknown>;

const Text = Type.String({ maxLength: 2000 });

/** import-scorm's options; the package zip travels beside them (a file path, or the request body). */
export const ImportScormInput = Type.Object(
  { lms: Text, curriculum: Text, course: Type.Optional(Text) },
  { additionalProperties: false },
);

/**
 * import-scorm: a SCORM package into a curriculum (made when missing) and a course (default: the
 * package title; made when missing), one lesson per SCO. Refusals say which rule and keep nothing.
 */
export const importScormCommand = defineOperatorCommand({
  name: 'import-scorm',
  summary: 'Import a SCORM 1.2 or 2004 package (zip): one lesson per SCO',
  input: ImportScormInput,
  upload: { maxBytes: PACKAGE_LIMITS.maxZipBytes, what: 'the package zip' },
  async run(deps, input, upload) {
    const curriculum = input.curriculum.trim();
    const course = input.course?.trim();
    failIf([
      checkText('curriculum name', curriculum),
      course === undefined ? null : checkText('course name', course),
    ]);
    const lms = await lmsByCode(deps, input.lms);
    const result = await importScormPackage(
      { db: deps.db, storage: contentStorageOn(deps.storage), clock: deps.clock },
      // runCommand refuses an upload command called without its file.
      upload!,
      { lmsKey: lms.lmsKey, curriculum, ...(course ? { course } : {}) },
    );
    // New curricula and lessons change every cached report that could show them.
    deps.state.reportCache.invalidate();
    return { lms: lms.lmsCode, ...result };
  },
  format(result) {
    const r = result as Row;
    const pkg = r.package as Row;
    const curriculum = r.curriculum as Row;
    const course = r.course as Row;
    const lessons = r.lessons as Row[];
    const isNew = (row: Row) => (row.created ? ' (new)' : '');
    const warnings = (r.warnings as string[]).map((warning) => `Warning: ${warning}`);
    return [
      `Imported package ${pkg.packageKey} '${pkg.title}' (SCORM ${pkg.scormVersion}, ${pkg.files} files) into curriculum '${curriculum.name}'${isNew(curriculum)}, course '${course.name}'${isNew(course)}:`,
      indent(
        table(
          ['LESSON', 'NAME', 'TOPIC', 'PASS'],
          lessons.map((lesson) => [
            String(lesson.lessonKey),
            String(lesson.name),
            String(lesson.topic),
            lesson.scorable ? `${Math.round(Number(lesson.minScorePass) * 100)}%` : '-',
          ]),
        ),
      ),
      `${lessons.length} lesson${lessons.length === 1 ? '' : 's'}.`,
      ...warnings,
    ].join('\n');
  },
});
