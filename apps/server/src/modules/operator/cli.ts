import { Option, type Command } from 'commander';
import { HttpError } from '../../lib/http-error.js';
import { wholeNumber } from '../../lib/cli-options.js';
import type { AreaCli, RunAreaCommand } from '../feature-area.js';

/** The command line of the LMS, user and assignment commands (lms-commands.ts, user-commands.ts, assign-command.ts). */

const json = () => new Option('--json', 'print the result as JSON');

/** -1, 0 or 1: the spec's tri-state LMS settings (§3). */
const flag =
  (name: string) =>
  (value: string): number => {
    const number = Number(value);
    if (![-1, 0, 1].includes(number)) throw new HttpError(400, `${name} must be -1, 0 or 1`);
    return number;
  };

function lmsCommands(program: Command, run: RunAreaCommand): void {
  program
    .command('create-lms')
    .description('create a training provider (LMS)')
    .requiredOption('--code <code>', 'short code: lowercase letters, digits, dashes')
    .requiredOption('--name <name>', 'LMS name')
    .option('--display-name <name>', 'name shown on the login page (default: --name)')
    .option('--default', 'answer requests that name no LMS')
    .addOption(json())
    .action(
      (o: {
        code: string;
        name: string;
        displayName?: string;
        default?: boolean;
        json?: boolean;
      }) =>
        run(
          'create-lms',
          { code: o.code, name: o.name, displayName: o.displayName, default: o.default },
          { json: o.json },
        ),
    );

  program
    .command('list-lms')
    .description('list the training providers')
    .addOption(json())
    .action((o: { json?: boolean }) => run('list-lms', {}, { json: o.json }));
}

/** `update-lms`: the settings an operator changes most (§3). */
function updateLmsCommand(program: Command, run: RunAreaCommand): void {
  program
    .command('update-lms')
    .description("change a training provider's settings")
    .requiredOption('--lms <code>', 'LMS code')
    .option('--display-name <name>', 'name shown on the login page and in the title')
    .option(
      '--student-locked <n>',
      '1 keeps students out (login page notice), 0 lets them in',
      flag('--student-locked'),
    )
    .option(
      '--show-dashboard <n>',
      '1 shows the dashboard, 0 starts students on assignments',
      flag('--show-dashboard'),
    )
    .option('--rebrand2021 <n>', '1 uses the 2021 rebrand layout', flag('--rebrand2021'))
    .option(
      '--hide-cpat-login <n>',
      '1 hides the Waypoint-login option, 0 shows it (live login background and its control)',
      flag('--hide-cpat-login'),
    )
    .option(
      '--enforce-prerequisites <n>',
      '1 enforces course prerequisites',
      flag('--enforce-prerequisites'),
    )
    .option(
      '--allow-expired <n>',
      '1 lets students complete expired assignments',
      flag('--allow-expired'),
    )
    .option('--theme-url <url>', 'theme stylesheet address ("" for none)')
    .option('--host-names <names>', 'comma-separated host names that reach this LMS ("" for none)')
    .addOption(json())
    .action((o: Record<string, unknown> & { hostNames?: string; json?: boolean }) =>
      run(
        'update-lms',
        {
          lms: o.lms,
          displayName: o.displayName,
          studentLocked: o.studentLocked,
          showDashboard: o.showDashboard,
          rebrand2021: o.rebrand2021,
          hideCpatLogin: o.hideCpatLogin,
          enforcePrerequisites: o.enforcePrerequisites,
          allowExpired: o.allowExpired,
          themeUrl: o.themeUrl,
          hostNames: o.hostNames === undefined ? undefined : o.hostNames.split(','),
        },
        { json: o.json },
      ),
    );
}

function addUserCommands(program: Command, run: RunAreaCommand): void {
  program
    .command('add-user')
    .description('add a user to an LMS')
    .requiredOption('--lms <code>', 'LMS code')
    .requiredOption('--login <id>', 'login ID')
    .requiredOption('--email <address>', 'email address')
    .requiredOption('--name <name>', '"<given> <family>"')
    .addOption(new Option('--password <password>', 'initial password').conflicts('invite'))
    .option('--invite', 'email a set-password invitation')
    .option('--not-student', 'the user is not a student (cannot use the student panel)')
    .option('--mfa', 'sign-in needs an emailed code')
    .addOption(json())
    .action((o: Record<string, unknown> & { json?: boolean }) =>
      run(
        'add-user',
        {
          lms: o.lms,
          login: o.login,
          email: o.email,
          name: o.name,
          password: o.password,
          invite: o.invite,
          notStudent: o.notStudent,
          mfa: o.mfa,
        },
        { json: o.json },
      ),
    );

  program
    .command('import-users')
    .description(
      'import users from a CSV file (header: login,email,given_name,family_name[,employee_id,base,position,fleet,mfa]); nothing is imported if any row is bad',
    )
    .requiredOption('--lms <code>', 'LMS code')
    .argument('<file>', 'CSV file')
    .addOption(json())
    .action((file: string, o: { lms: string; json?: boolean }) =>
      run('import-users', { lms: o.lms }, { json: o.json, text: { field: 'csv', file } }),
    );

  program
    .command('set-password')
    .description(
      "set a user's password (ends their sessions), or --invite to email a set-password link",
    )
    .requiredOption('--lms <code>', 'LMS code')
    .requiredOption('--login <id>', 'login ID')
    .addOption(new Option('--password <password>', 'the new password').conflicts('invite'))
    .option('--invite', 'email a set-password link instead')
    .addOption(json())
    .action(
      (o: { lms: string; login: string; password?: string; invite?: boolean; json?: boolean }) =>
        run(
          'set-password',
          { lms: o.lms, login: o.login, password: o.password, invite: o.invite },
          { json: o.json },
        ),
    );
}

function userStateCommands(program: Command, run: RunAreaCommand): void {
  for (const [name, description] of [
    ['deactivate-user', 'stop a user signing in and end their sessions (their records are kept)'],
    ['reactivate-user', 'let a deactivated user sign in again'],
    ['invite', 'email a user a set-password invitation'],
  ] as const) {
    program
      .command(name)
      .description(description)
      .requiredOption('--lms <code>', 'LMS code')
      .requiredOption('--login <id>', 'login ID')
      .addOption(json())
      .action((o: { lms: string; login: string; json?: boolean }) =>
        run(name, { lms: o.lms, login: o.login }, { json: o.json }),
      );
  }

  program
    .command('list-users')
    .description('list the users of an LMS')
    .requiredOption('--lms <code>', 'LMS code')
    .option('--limit <n>', 'at most this many (default 1000)', wholeNumber('--limit'))
    .addOption(json())
    .action((o: { lms: string; limit?: number; json?: boolean }) =>
      run('list-users', { lms: o.lms, limit: o.limit }, { json: o.json }),
    );
}

function assignCommand(program: Command, run: RunAreaCommand): void {
  program
    .command('assign')
    .description(
      'assign a curriculum to a user (already assigned: changes the due date); prints the assignment key',
    )
    .requiredOption('--lms <code>', 'LMS code')
    .requiredOption('--user <id>', 'login ID')
    .requiredOption('--curriculum <name>', 'curriculum name')
    .option('--due <YYYY-MM-DD>', 'due at the end of this day (UTC); default: open-ended')
    .addOption(json())
    .action((o: { lms: string; user: string; curriculum: string; due?: string; json?: boolean }) =>
      run(
        'assign',
        { lms: o.lms, user: o.user, curriculum: o.curriculum, due: o.due },
        { json: o.json },
      ),
    );
}

export const operatorCli: AreaCli = (program, run) => {
  lmsCommands(program, run);
  updateLmsCommand(program, run);
  addUserCommands(program, run);
  userStateCommands(program, run);
  assignCommand(program, run);
};
