import { InvalidArgumentError, Option } from 'commander';
import { VALIDITY_RULE_KINDS } from '@waypoint/domain/staff';
import type { AreaCli } from '../feature-area.js';

/**
 * `curriculum-validity --lms <code> --curriculum <key> --rule none|months|easa|faa [--months N]`.
 */
const whole = (name: string) => (value: string) => {
  if (!/^\d{1,6}$/.test(value)) throw new InvalidArgumentError(`${name} must be a whole number.`);
  return Number(value);
};

export const validityCli: AreaCli = (program, run) => {
  program
    .command('curriculum-validity')
    .description(
      "set a curriculum's validity rule (counts the completions recorded from now on): none, " +
        'months (N calendar months from completion), easa (from the end of the month, a renewal ' +
        'in the last 3 months extends from the old expiry), faa (a grace month either side)',
    )
    .requiredOption('--lms <code>', 'LMS code')
    .requiredOption('--curriculum <key>', 'the curriculum', whole('--curriculum'))
    .addOption(
      new Option('--rule <rule>', 'the rule').choices(VALIDITY_RULE_KINDS).makeOptionMandatory(),
    )
    .option('--months <n>', 'the validity in months (not with none)', whole('--months'))
    .addOption(new Option('--json', 'print the result as JSON'))
    .action(
      (o: { lms: string; curriculum: number; rule: string; months?: number; json?: boolean }) =>
        run(
          'curriculum-validity',
          { lms: o.lms, curriculum: o.curriculum, rule: o.rule, months: o.months },
          { json: o.json },
        ),
    );
};
