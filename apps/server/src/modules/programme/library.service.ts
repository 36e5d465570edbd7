/**
 * The library in the staff console (docs/decisions/0021, §2 Library) through the library's own
 * operator service (library/manage.service.ts, as the library-* and student-group commands do):
 * this file adds the console's words for what is missing, and writes each change with its audit
 * event in one transaction (the service's functions run in the transaction they are given).
 */
import type {
  LibraryChange,
  LibraryLinkNew,
  LibraryMediaRow,
  LibraryView,
  StudentGroupItem,
} from '@waypoint/domain/console-contract';
import type { Db } from '../../db/connection.js';
import { HttpError } from '../../lib/http-error.js';
import type { OperatorDeps } from '../operator/area-command.js';
import {
  addMediaFile,
  addMediaLink,
  limitToGroups,
  listGroups,
  listLibrary,
  manageGroup,
  removeFromLibrary,
} from '../library/manage.service.js';
import { recordAudit } from '../staff/audit.js';
import type { ProgrammeActor } from './service.js';
import type { ReceivedUpload } from './upload.js';

export type LibraryActor = ProgrammeActor & { lmsCode: string };

type Library = Awaited<ReturnType<typeof listLibrary>>;
type Media = Library['media'][number];

const mediaItem = (item: Media): LibraryMediaRow => ({
  libraryKey: item.libraryKey,
  name: item.name,
  type: item.type,
  link: item.link ?? '',
  fileName: item.fileName ?? '',
  bytes: item.bytes ?? null,
  groups: item.groups,
});

/** The LMS's library: its courses, media items and student groups. */
export async function readLibrary(deps: { db: Db }, lmsCode: string): Promise<LibraryView> {
  const operatorDeps = deps as OperatorDeps;
  const [library, groups] = await Promise.all([
    listLibrary(operatorDeps, { lms: lmsCode }),
    listGroups(deps, { lms: lmsCode }),
  ]);
  return { courses: library.courses, media: library.media.map(mediaItem), groups: groups.groups };
}

/** Every group named must be one of the LMS's (a wrong name: 400, nothing changed). */
async function checkGroups(db: Db, lmsCode: string, names: readonly string[]) {
  const { groups } = await listGroups({ db }, { lms: lmsCode });
  const known = new Set(groups.map((group) => group.name.trim().toLowerCase()));
  const unknown = names.filter((name) => !known.has(name.trim().toLowerCase()));
  if (unknown.length > 0) {
    throw new HttpError(
      400,
      `There is no student group named ${unknown.map((name) => `'${name}'`).join(', ')}.`,
    );
  }
}

async function mediaIn(deps: OperatorDeps, who: LibraryActor, libraryKey: number) {
  const library = await listLibrary(deps, { lms: who.lmsCode });
  const item = library.media.find((media) => media.libraryKey === libraryKey);
  if (!item) throw new HttpError(404, 'No such media item.');
  return item;
}

/** Adds a web link (http or https; anything else: 400, nothing kept). */
export async function addLink(
  deps: OperatorDeps,
  who: LibraryActor,
  body: LibraryLinkNew,
): Promise<LibraryMediaRow> {
  return deps.db.transaction().execute(async (trx) => {
    const inTrx = { ...deps, db: trx };
    await checkGroups(trx, who.lmsCode, body.groups ?? []);
    const added = await addMediaLink(inTrx, { lms: who.lmsCode, ...body });
    const item = await mediaIn(inTrx, who, added.libraryKey);
    await recordAudit(trx, deps, who.actor, [
      {
        lmsKey: who.lmsKey,
        action: 'programme.library.add-link',
        targetType: 'library-media',
        targetKey: item.libraryKey,
        summary: `Added link '${item.name}' to the library`,
        before: null,
        after: { name: item.name, link: item.link, groups: item.groups },
      },
    ]);
    return mediaItem(item);
  });
}

/**
 * Adds an uploaded media file (library-add-file's limits and type sniffing): the multipart fields
 * `name` (default: the file's name), `description` and `groups`.
 */
export async function addFile(
  deps: OperatorDeps,
  who: LibraryActor,
  upload: ReceivedUpload,
  groups: string[],
): Promise<LibraryMediaRow> {
  if (!upload.file) throw new HttpError(400, "Send the file in the field 'file'.");
  const file = upload.file;
  const name = upload.fields.get('name')?.trim() || file.name;
  const description = upload.fields.get('description');
  return deps.db.transaction().execute(async (trx) => {
    const inTrx = { ...deps, db: trx };
    await checkGroups(trx, who.lmsCode, groups);
    const added = await addMediaFile(
      inTrx,
      {
        lms: who.lmsCode,
        name,
        fileName: file.name || name,
        groups,
        ...(description === undefined ? {} : { description }),
      },
      file.path,
    );
    const item = await mediaIn(inTrx, who, added.libraryKey);
    await recordAudit(trx, deps, who.actor, [
      {
        lmsKey: who.lmsKey,
        action: 'programme.library.add-file',
        targetType: 'library-media',
        targetKey: item.libraryKey,
        summary: `Added file '${item.name}' (${item.fileName}) to the library`,
        before: null,
        after: {
          name: item.name,
          fileName: item.fileName,
          contentType: added.contentType,
          bytes: item.bytes,
          groups: item.groups,
        },
      },
    ]);
    return mediaItem(item);
  });
}

/** Removes a media item and its stored file. */
export async function removeMedia(
  deps: OperatorDeps,
  who: LibraryActor,
  libraryKey: number,
): Promise<LibraryChange> {
  return deps.db.transaction().execute(async (trx) => {
    const inTrx = { ...deps, db: trx };
    const item = await mediaIn(inTrx, who, libraryKey);
    // The audit row first: the stored file goes last, once nothing else can fail.
    await recordAudit(trx, deps, who.actor, [
      {
        lmsKey: who.lmsKey,
        action: 'programme.library.remove',
        targetType: 'library-media',
        targetKey: libraryKey,
        summary: `Removed ${item.type} '${item.name}' from the library`,
        before: { name: item.name, type: item.type, link: item.link, fileName: item.fileName },
        after: null,
      },
    ]);
    await removeFromLibrary(inTrx, { lms: who.lmsCode, media: libraryKey });
    return { key: libraryKey, groups: [] };
  });
}

/** Limits a media item or a library course to groups (none: every student of the LMS). */
export async function limitItem(
  deps: OperatorDeps,
  who: LibraryActor,
  target: { media: number } | { course: number },
  groups: string[],
): Promise<LibraryChange> {
  return deps.db.transaction().execute(async (trx) => {
    const inTrx = { ...deps, db: trx };
    const library = await listLibrary(inTrx, { lms: who.lmsCode });
    const item =
      'media' in target
        ? library.media.find((media) => media.libraryKey === target.media)
        : library.courses.find((course) => course.courseKey === target.course);
    if (!item) throw new HttpError(404, `No such ${'media' in target ? 'media item' : 'course'}.`);
    await checkGroups(trx, who.lmsCode, groups);
    const result = await limitToGroups(inTrx, { lms: who.lmsCode, ...target, groups });
    const key = 'media' in target ? target.media : target.course;
    const changed = [...item.groups].sort().join('\n') !== [...result.groups].sort().join('\n');
    if (changed) {
      await recordAudit(trx, deps, who.actor, [
        {
          lmsKey: who.lmsKey,
          action: 'programme.library.limit',
          targetType: 'media' in target ? 'library-media' : 'course',
          targetKey: key,
          summary:
            result.groups.length === 0
              ? `Opened '${item.name}' in the library to every student`
              : `Limited '${item.name}' in the library to ${result.groups.join(', ')}`,
          before: { groups: item.groups },
          after: { groups: result.groups },
        },
      ]);
    }
    return { key, groups: result.groups };
  });
}

/** Makes a student group (no members) to limit items to; an existing name: 400. */
export async function createGroup(
  deps: OperatorDeps,
  who: LibraryActor,
  name: string,
): Promise<StudentGroupItem> {
  return deps.db.transaction().execute(async (trx) => {
    const inTrx = { ...deps, db: trx };
    const result = await manageGroup(inTrx, { lms: who.lmsCode, name });
    if (!result.created) throw new HttpError(400, `There is a group named '${result.group}'.`);
    await recordAudit(trx, deps, who.actor, [
      {
        lmsKey: who.lmsKey,
        action: 'programme.library.group-create',
        targetType: 'student-group',
        targetKey: result.groupKey,
        summary: `Made student group '${result.group}'`,
        before: null,
        after: { name: result.group },
      },
    ]);
    return { groupKey: result.groupKey, name: result.group, members: 0 };
  });
}
