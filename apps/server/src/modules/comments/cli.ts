import { InvalidArgumentError, Option } from 'commander';
import type { AreaCli } from '../feature-area.js';

/** The comments commands: `comments-list --lms <code> --lesson <key>`, `comments-delete`. */

const json = () => new Option('--json', 'print the result as JSON');
const key = (name: string) => (value: string) => {
  const number = Number(value);
  if (!/^\d{1,10}$/.test(value) || !Number.isSafeInteger(number)) {
    throw new InvalidArgumentError(`${name} must be a whole number.`);
  }
  return number;
};

export const commentsCli: AreaCli = (program, run) => {
  program
    .command('comments-list')
    .description('list the comments on a lesson (every place in it), replies indented')
    .requiredOption('--lms <code>', 'LMS code')
    .requiredOption('--lesson <lessonKey>', 'the lesson', key('--lesson'))
    .addOption(json())
    .action((o: { lms: string; lesson: number; json?: boolean }) =>
      run('comments-list', { lms: o.lms, lesson: o.lesson }, { json: o.json }),
    );

  program
    .command('comments-delete')
    .description('delete a comment and its replies')
    .requiredOption('--lms <code>', 'LMS code')
    .requiredOption(
      '--comment <annotationKey>',
      'the comment (see comments-list)',
      key('--comment'),
    )
    .addOption(json())
    .action((o: { lms: string; comment: number; json?: boolean }) =>
      run('comments-delete', { lms: o.lms, comment: o.comment }, { json: o.json }),
    );
};
