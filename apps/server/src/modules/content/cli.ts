import { Option } from 'commander';
import type { AreaCli } from '../feature-area.js';

/** `import-scorm <package.zip> --lms <code> --curriculum <name> [--course <name>]` (operator-commands.ts). */
export const contentCli: AreaCli = (program, run) => {
  program
    .command('import-scorm')
    .description(
      'import a SCORM 1.2 or 2004 package (zip): one lesson per SCO, in a curriculum and course made when missing; a broken package is refused whole',
    )
    .argument('<package.zip>', 'the package zip')
    .requiredOption('--lms <code>', 'LMS code')
    .requiredOption('--curriculum <name>', 'curriculum name (created when missing)')
    .option('--course <name>', "course name (created when missing; default: the package's title)")
    .addOption(new Option('--json', 'print the result as JSON'))
    .action(
      (file: string, o: { lms: string; curriculum: string; course?: string; json?: boolean }) =>
        run(
          'import-scorm',
          { lms: o.lms, curriculum: o.curriculum, course: o.course },
          { json: o.json, upload: file },
        ),
    );
};
