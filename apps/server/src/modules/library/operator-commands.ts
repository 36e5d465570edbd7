import { Type } from 'typebox';
import { PACKAGE_LIMITS } from '../content/package-zip.js';
import { defineOperatorCommand, type AreaCommand } from '../operator/area-command.js';
import {
  addMediaFile,
  addMediaLink,
  addScormToLibrary,
  limitToGroups,
  listLibrary,
  manageGroup,
  MEDIA_MAX_BYTES,
  removeFromLibrary,
} from './manage.service.js';

/** The library's operator commands (§2 Library, migration 0009's groups). */

const strict = { additionalProperties: false } as const;
const Text = Type.String({ maxLength: 2000 });
const Names = Type.Array(Text, { maxItems: 100 });
const ItemKey = Type.Integer({ minimum: 0, maximum: 2147483647 });

interface ListResult {
  lms: string;
  courses: {
    courseKey: number;
    name: string;
    curriculum: string;
    draft: boolean;
    groups: string[];
  }[];
  media: {
    libraryKey: number;
    name: string;
    type: string;
    link: string;
    fileName: string;
    groups: string[];
  }[];
}

const groupsText = (groups: string[]) => (groups.length > 0 ? groups.join(', ') : 'everyone');

export const libraryCommands: AreaCommand[] = [
  defineOperatorCommand({
    name: 'library-add-scorm',
    summary: 'Imports a SCORM package into a library curriculum (default "Library")',
    input: Type.Object(
      {
        lms: Text,
        curriculum: Type.Optional(Text),
        course: Type.Optional(Text),
        groups: Type.Optional(Names),
      },
      strict,
    ),
    upload: { maxBytes: PACKAGE_LIMITS.maxZipBytes, what: 'the package zip' },
    run: (deps, input, upload) => addScormToLibrary(deps, input, upload!),
  }),
  defineOperatorCommand({
    name: 'library-add-link',
    summary: 'Adds a media link to the library',
    input: Type.Object(
      {
        lms: Text,
        name: Text,
        link: Text,
        description: Type.Optional(Text),
        groups: Type.Optional(Names),
      },
      strict,
    ),
    run: (deps, input) => addMediaLink(deps, input),
  }),
  defineOperatorCommand({
    name: 'library-add-file',
    summary: 'Uploads a media file to the library (served as a download)',
    input: Type.Object(
      {
        lms: Text,
        name: Text,
        fileName: Text,
        description: Type.Optional(Text),
        groups: Type.Optional(Names),
      },
      strict,
    ),
    upload: { maxBytes: MEDIA_MAX_BYTES, what: 'the media file' },
    run: (deps, input, upload) => addMediaFile(deps, input, upload!),
  }),
  defineOperatorCommand({
    name: 'library-limit',
    summary: 'Limits a library media item or course to groups (none: every student)',
    input: Type.Object(
      { lms: Text, media: Type.Optional(ItemKey), course: Type.Optional(ItemKey), groups: Names },
      strict,
    ),
    run: (deps, input) => limitToGroups(deps, input),
  }),
  defineOperatorCommand({
    name: 'library-list',
    changes: false,
    summary: "Lists an LMS's library courses and media items with their groups",
    input: Type.Object({ lms: Text }, strict),
    run: (deps, input) => listLibrary(deps, input),
    format(result) {
      const list = result as ListResult;
      const lines = [`Library of LMS '${list.lms}'`, 'Courses:'];
      if (list.courses.length === 0) lines.push('  (none)');
      for (const course of list.courses) {
        lines.push(
          `  ${course.courseKey}  ${course.name}  (curriculum '${course.curriculum}'` +
            `${course.draft ? ', draft: not shown' : ''}; for ${groupsText(course.groups)})`,
        );
      }
      lines.push('Media:');
      if (list.media.length === 0) lines.push('  (none)');
      for (const item of list.media) {
        const what = item.type === 'file' ? `file ${item.fileName}` : item.link || item.type;
        lines.push(`  ${item.libraryKey}  ${item.name}  ${what}  (for ${groupsText(item.groups)})`);
      }
      return lines.join('\n');
    },
  }),
  defineOperatorCommand({
    name: 'library-remove',
    summary: 'Removes a media item, or takes a curriculum out of the library',
    input: Type.Object(
      { lms: Text, media: Type.Optional(ItemKey), curriculum: Type.Optional(Text) },
      strict,
    ),
    run: (deps, input) => removeFromLibrary(deps, input),
  }),
  defineOperatorCommand({
    name: 'student-group',
    summary: 'Makes a student group when missing, adds and removes its members',
    input: Type.Object(
      { lms: Text, name: Text, add: Type.Optional(Names), remove: Type.Optional(Names) },
      strict,
    ),
    run: (deps, input) => manageGroup(deps, input),
  }),
];
