import path from 'node:path';
import { InvalidArgumentError, Option, type Command } from 'commander';
import { HttpError } from '../../lib/http-error.js';
import type { AreaCli, RunAreaCommand } from '../feature-area.js';

/**
 * The library commands: `library-add-scorm <package.zip>`, `library-add-link`, `library-add-file
 * <file>`, `library-limit`, `library-list`, `library-remove`, and `student-group` (the groups an
 * item can be limited to). `--group` may be given several times.
 */

const json = () => new Option('--json', 'print the result as JSON');
const collect = (value: string, previous: string[] = []) => [...previous, value];
const key = (name: string) => (value: string) => {
  const number = Number(value);
  if (!/^\d{1,10}$/.test(value) || !Number.isSafeInteger(number)) {
    throw new InvalidArgumentError(`${name} must be a whole number (see library-list).`);
  }
  return number;
};
const groupOption = () =>
  new Option('--group <name>', 'limit it to this student group (repeatable)').argParser(collect);

/** `library-add-scorm`. */
function addLibraryAddScormCommand(program: Command, run: RunAreaCommand): void {
  program
    .command('library-add-scorm')
    .description('import a SCORM package into a library curriculum (made when missing)')
    .argument('<package>', 'the SCORM package zip')
    .requiredOption('--lms <code>', 'LMS code')
    .option('--curriculum <name>', 'the library curriculum (default "Library")')
    .option('--course <name>', 'the course (default: the package title)')
    .addOption(groupOption())
    .addOption(json())
    .action(
      (
        file: string,
        o: { lms: string; curriculum?: string; course?: string; group?: string[]; json?: boolean },
      ) =>
        run(
          'library-add-scorm',
          { lms: o.lms, curriculum: o.curriculum, course: o.course, groups: o.group },
          { json: o.json, upload: file },
        ),
    );
}

/** `library-add-link`. */
function addLibraryAddLinkCommand(program: Command, run: RunAreaCommand): void {
  program
    .command('library-add-link')
    .description('add a media link (opened in a new tab) to the library')
    .requiredOption('--lms <code>', 'LMS code')
    .requiredOption('--name <name>', 'the name shown')
    .requiredOption('--link <address>', 'an https:// or http:// address')
    .option('--description <text>', 'a description')
    .addOption(groupOption())
    .addOption(json())
    .action(
      (o: {
        lms: string;
        name: string;
        link: string;
        description?: string;
        group?: string[];
        json?: boolean;
      }) =>
        run(
          'library-add-link',
          {
            lms: o.lms,
            name: o.name,
            link: o.link,
            description: o.description,
            groups: o.group,
          },
          { json: o.json },
        ),
    );
}

/** `library-add-file`. */
function addLibraryAddFileCommand(program: Command, run: RunAreaCommand): void {
  program
    .command('library-add-file')
    .description('upload a media file to the library (students download it)')
    .argument('<file>', 'the file')
    .requiredOption('--lms <code>', 'LMS code')
    .option('--name <name>', 'the name shown (default: the file name)')
    .option('--description <text>', 'a description')
    .addOption(groupOption())
    .addOption(json())
    .action(
      (
        file: string,
        o: { lms: string; name?: string; description?: string; group?: string[]; json?: boolean },
      ) =>
        run(
          'library-add-file',
          {
            lms: o.lms,
            name: o.name ?? path.basename(file),
            fileName: path.basename(file),
            description: o.description,
            groups: o.group,
          },
          { json: o.json, upload: file },
        ),
    );
}

/** `library-limit`. */
function addLibraryLimitCommand(program: Command, run: RunAreaCommand): void {
  program
    .command('library-limit')
    .description('limit a media item or a library course to student groups')
    .requiredOption('--lms <code>', 'LMS code')
    .option('--media <libraryKey>', 'the media item', key('--media'))
    .option('--course <courseKey>', 'the library course', key('--course'))
    .addOption(groupOption())
    .option('--everyone', 'no limit: every student of the LMS')
    .addOption(json())
    .action(
      (o: {
        lms: string;
        media?: number;
        course?: number;
        group?: string[];
        everyone?: boolean;
        json?: boolean;
      }) => {
        if (!o.everyone && !o.group) {
          throw new HttpError(400, 'Give --group <name> (repeatable) or --everyone.');
        }
        return run(
          'library-limit',
          { lms: o.lms, media: o.media, course: o.course, groups: o.everyone ? [] : o.group },
          { json: o.json },
        );
      },
    );
}

/** `library-list`. */
function addLibraryListCommand(program: Command, run: RunAreaCommand): void {
  program
    .command('library-list')
    .description("list an LMS's library courses and media items with their groups")
    .requiredOption('--lms <code>', 'LMS code')
    .addOption(json())
    .action((o: { lms: string; json?: boolean }) =>
      run('library-list', { lms: o.lms }, { json: o.json }),
    );
}

/** `library-remove`. */
function addLibraryRemoveCommand(program: Command, run: RunAreaCommand): void {
  program
    .command('library-remove')
    .description('remove a media item, or take a curriculum out of the library')
    .requiredOption('--lms <code>', 'LMS code')
    .option('--media <libraryKey>', 'the media item', key('--media'))
    .option('--curriculum <name>', 'the library curriculum')
    .addOption(json())
    .action((o: { lms: string; media?: number; curriculum?: string; json?: boolean }) =>
      run(
        'library-remove',
        { lms: o.lms, media: o.media, curriculum: o.curriculum },
        { json: o.json },
      ),
    );
}

/** `student-group`. */
function addStudentGroupCommand(program: Command, run: RunAreaCommand): void {
  program
    .command('student-group')
    .description('make a student group when missing; add or remove members by login ID')
    .requiredOption('--lms <code>', 'LMS code')
    .requiredOption('--name <name>', 'the group')
    .addOption(new Option('--add <login>', 'add this user (repeatable)').argParser(collect))
    .addOption(new Option('--remove <login>', 'remove this user (repeatable)').argParser(collect))
    .addOption(json())
    .action((o: { lms: string; name: string; add?: string[]; remove?: string[]; json?: boolean }) =>
      run(
        'student-group',
        { lms: o.lms, name: o.name, add: o.add, remove: o.remove },
        { json: o.json },
      ),
    );
}

export const libraryCli: AreaCli = (program, run) => {
  for (const add of [
    addLibraryAddScormCommand,
    addLibraryAddLinkCommand,
    addLibraryAddFileCommand,
    addLibraryLimitCommand,
    addLibraryListCommand,
    addLibraryRemoveCommand,
    addStudentGroupCommand,
  ])
    add(program, run);
};
