import { parseReminderDays } from '@waypoint/domain';
import { InvalidArgumentError, Option } from 'commander';
import type { AreaCli } from '../feature-area.js';

/**
 * The reminder commands (docs/decisions/0015): `reminders preview --user <login> [--days 30]`,
 * `reminders settings [--lms <code>] [--days 14,3,1] [--on|--off] [--time-zone <name>]` and
 * `reminders run`. Without --lms they use the default LMS.
 */
const json = () => new Option('--json', 'print the result as JSON');

const daysList = (value: string): number[] => {
  const result = parseReminderDays(value);
  if (!result.ok) throw new InvalidArgumentError(result.message);
  return result.days;
};
const window = (value: string): number => {
  if (!/^\d{1,3}$/.test(value) || Number(value) < 1 || Number(value) > 366) {
    throw new InvalidArgumentError('--days must be a whole number from 1 to 366.');
  }
  return Number(value);
};

export const remindersCli: AreaCli = (program, run) => {
  const reminders = program
    .command('reminders')
    .description('reminder emails: preview a student, LMS settings, run a pass now');

  reminders
    .command('preview')
    .description('what a student would be sent in the next days (nothing is sent)')
    .requiredOption('--user <login>', "the student's login ID")
    .option('--lms <code>', 'LMS code (default: the default LMS)')
    .addOption(
      new Option('--days <n>', 'how many days ahead (1-366)').argParser(window).default(30),
    )
    .addOption(json())
    .action((o: { user: string; lms?: string; days: number; json?: boolean }) =>
      run('reminders-preview', { lms: o.lms, user: o.user, days: o.days }, { json: o.json }),
    );

  reminders
    .command('settings')
    .description("show an LMS's reminder settings, or change them")
    .option('--lms <code>', 'LMS code (default: the default LMS)')
    .addOption(
      new Option('--days <list>', 'days before a due date or expiry, e.g. 14,3,1').argParser(
        daysList,
      ),
    )
    .addOption(new Option('--on', 'send reminders').conflicts('off'))
    .addOption(new Option('--off', 'send no reminders'))
    .option('--time-zone <name>', 'time zone the days are counted in (IANA name, e.g. UTC)')
    .addOption(json())
    .action(
      (o: {
        lms?: string;
        days?: number[];
        on?: boolean;
        off?: boolean;
        timeZone?: string;
        json?: boolean;
      }) =>
        run(
          'reminders-settings',
          {
            lms: o.lms,
            daysBefore: o.days,
            enabled: o.on ? true : o.off ? false : undefined,
            timeZone: o.timeZone,
          },
          { json: o.json },
        ),
    );

  reminders
    .command('run')
    .description('run one reminder pass now: sends what is due today, prints how many went out')
    .addOption(json())
    .action((o: { json?: boolean }) => run('reminders-run', {}, { json: o.json }));
};
