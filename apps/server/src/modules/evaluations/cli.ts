import { Option } from 'commander';
import type { AreaCli } from '../feature-area.js';

/**
 * The evaluation commands: `define-evaluation <file.json> --lms <code>`, `attach-evaluation --lms
 * <code> --evaluation <name> --curriculum <name> [--course <name>]` and `export-evaluation --lms
 * <code> --evaluation <name>` (CSV on standard output: redirect it to a file).
 */
export const evaluationsCli: AreaCli = (program, run) => {
  const json = () => new Option('--json', 'print the result as JSON');

  program
    .command('define-evaluation')
    .description(
      'define an evaluation from a JSON file: {"name", "description"?, "anonymous", "questions": [{"id", "type": rating|single|multiple|text, "text", "required", "options"?}]}',
    )
    .argument('<file>', 'the evaluation JSON file')
    .requiredOption('--lms <code>', 'LMS code')
    .addOption(json())
    .action((file: string, o: { lms: string; json?: boolean }) =>
      run('define-evaluation', { lms: o.lms }, { json: o.json, upload: file }),
    );

  program
    .command('attach-evaluation')
    .description(
      'attach an evaluation to a curriculum or one of its courses: it falls due for each student who completes it',
    )
    .requiredOption('--lms <code>', 'LMS code')
    .requiredOption('--evaluation <name>', 'evaluation name')
    .requiredOption('--curriculum <name>', 'curriculum name')
    .option('--course <name>', 'a course of the curriculum (default: the curriculum itself)')
    .addOption(json())
    .action(
      (o: {
        lms: string;
        evaluation: string;
        curriculum: string;
        course?: string;
        json?: boolean;
      }) =>
        run(
          'attach-evaluation',
          { lms: o.lms, evaluation: o.evaluation, curriculum: o.curriculum, course: o.course },
          { json: o.json },
        ),
    );

  program
    .command('export-evaluation')
    .description("print an evaluation's answers as CSV (anonymous evaluations without names)")
    .requiredOption('--lms <code>', 'LMS code')
    .requiredOption('--evaluation <name>', 'evaluation name')
    .addOption(json())
    .action((o: { lms: string; evaluation: string; json?: boolean }) =>
      run('export-evaluation', { lms: o.lms, evaluation: o.evaluation }, { json: o.json }),
    );
};
