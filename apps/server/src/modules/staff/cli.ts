import { Option, type Command } from 'commander';
import type { AreaCli } from '../feature-area.js';

/**
 * The staff commands (docs/decisions/0021): `staff create --lms <code> --login <id> --role <role>
 * [--restriction-groups LHR,MAN] [--name .. --email .. --password ..|--invite]`, `staff remove`,
 * `staff list`.
 */
const json = () => new Option('--json', 'print the result as JSON');

export const staffCli: AreaCli = (program: Command, run) => {
  const staff = program.command('staff').description("manage an LMS's staff (the console's users)");
  staff
    .command('create')
    .description('make a user staff with a role; adds the user when --name and --email are given')
    .requiredOption('--lms <code>', 'LMS code')
    .requiredOption('--login <id>', 'login ID')
    .requiredOption(
      '--role <role>',
      'administrator, training-manager, instructor, auditor, or a role made in the console',
    )
    .option(
      '--restriction-groups <groups>',
      'comma-separated; the students they see (default: all)',
    )
    .option('--name <name>', 'new user only: "<given> <family>"')
    .option('--email <address>', 'new user only: email address')
    .addOption(new Option('--password <password>', 'new user only: password').conflicts('invite'))
    .option('--invite', 'new user only: email a set-password invitation')
    .option('--mfa', 'new user only: sign-in needs an emailed code')
    .addOption(json())
    .action((o: Record<string, unknown> & { json?: boolean }) =>
      run(
        'staff-create',
        {
          lms: o.lms,
          login: o.login,
          role: o.role,
          restrictionGroups: o.restrictionGroups,
          name: o.name,
          email: o.email,
          password: o.password,
          invite: o.invite,
          mfa: o.mfa,
        },
        { json: o.json },
      ),
    );
  staff
    .command('remove')
    .description('take the staff role away from a user')
    .requiredOption('--lms <code>', 'LMS code')
    .requiredOption('--login <id>', 'login ID')
    .addOption(json())
    .action((o: { lms: string; login: string; json?: boolean }) =>
      run('staff-remove', { lms: o.lms, login: o.login }, { json: o.json }),
    );
  staff
    .command('list')
    .description('list the staff of an LMS')
    .requiredOption('--lms <code>', 'LMS code')
    .addOption(json())
    .action((o: { lms: string; json?: boolean }) =>
      run('staff-list', { lms: o.lms }, { json: o.json }),
    );
};
