import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { Command, CommanderError, Option } from 'commander';
import { HttpError } from '../lib/http-error.js';
import { AREA_CLIS } from './commands/index.js';
import { formatResult } from './format.js';
import type { CommandRunner } from './transport.js';

/** Exit codes: 0 success, 1 the command failed, 2 usage (bad options or input). */
export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
}

/** A runner is made only when a command runs, so `--help` never opens the database. */
export type RunnerFactory = () => Promise<{ run: CommandRunner; close(): Promise<void> }>;

/** Raised inside actions to carry an exit code out of commander. */
class CliExit extends Error {
  constructor(
    readonly exitCode: number,
    message: string,
  ) {
    super(message);
  }
}

function toInt(name: string) {
  return (value: string): number => {
    const number = Number(value);
    if (!Number.isInteger(number) || number < 1)
      throw new CliExit(EXIT_USAGE, `${name} must be a whole number above 0`);
    return number;
  };
}

/** Builds the `waypoint` operator command line; actions run through the runner the factory makes. */
export function buildProgram(connect: RunnerFactory, io: CliIo): Command {
  const program = new Command('waypoint')
    .description(
      'Waypoint operator commands: training providers (LMS), users, passwords, SCORM packages, assignments, outbox.',
    )
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.out(text.replace(/\n$/, '')),
      writeErr: (text) => io.err(text.replace(/\n$/, '')),
    })
    .showHelpAfterError('(run with --help for usage)');

  const execute = async (
    name: string,
    input: Record<string, unknown>,
    json: boolean,
    upload?: string,
  ) => {
    const connection = await connect();
    try {
      // undefined options are left out so the input matches the command's schema exactly.
      const clean = Object.fromEntries(
        Object.entries(input).filter(([, value]) => value !== undefined),
      );
      const result = await connection.run(name, clean, upload);
      io.out(json ? JSON.stringify(result, null, 2) : formatResult(name, result));
    } finally {
      await connection.close();
    }
  };
  const json = () => new Option('--json', 'print the result as JSON');

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
        execute(
          'create-lms',
          { code: o.code, name: o.name, displayName: o.displayName, default: o.default },
          !!o.json,
        ),
    );

  const flag =
    (name: string) =>
    (value: string): number => {
      const number = Number(value);
      if (![-1, 0, 1].includes(number)) throw new CliExit(EXIT_USAGE, `${name} must be -1, 0 or 1`);
      return number;
    };
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
    .action(
      (o: {
        lms: string;
        displayName?: string;
        studentLocked?: number;
        showDashboard?: number;
        rebrand2021?: number;
        hideCpatLogin?: number;
        enforcePrerequisites?: number;
        allowExpired?: number;
        themeUrl?: string;
        hostNames?: string;
        json?: boolean;
      }) =>
        execute(
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
          !!o.json,
        ),
    );

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
    .action(
      (o: {
        lms: string;
        login: string;
        email: string;
        name: string;
        password?: string;
        invite?: boolean;
        notStudent?: boolean;
        mfa?: boolean;
        json?: boolean;
      }) =>
        execute(
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
          !!o.json,
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
    .action(async (file: string, o: { lms: string; json?: boolean }) => {
      let csv: string;
      try {
        csv = await readFile(file, 'utf8');
      } catch (error) {
        throw new CliExit(
          EXIT_FAILURE,
          `Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
        );
      }
      await execute('import-users', { lms: o.lms, csv }, !!o.json);
    });

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
        execute(
          'set-password',
          { lms: o.lms, login: o.login, password: o.password, invite: o.invite },
          !!o.json,
        ),
    );

  for (const [name, description] of [
    ['deactivate-user', 'stop a user signing in and end their sessions (their records are kept)'],
    ['reactivate-user', 'let a deactivated user sign in again'],
  ] as const) {
    program
      .command(name)
      .description(description)
      .requiredOption('--lms <code>', 'LMS code')
      .requiredOption('--login <id>', 'login ID')
      .addOption(json())
      .action((o: { lms: string; login: string; json?: boolean }) =>
        execute(name, { lms: o.lms, login: o.login }, !!o.json),
      );
  }

  program
    .command('invite')
    .description('email a user a set-password invitation')
    .requiredOption('--lms <code>', 'LMS code')
    .requiredOption('--login <id>', 'login ID')
    .addOption(json())
    .action((o: { lms: string; login: string; json?: boolean }) =>
      execute('invite', { lms: o.lms, login: o.login }, !!o.json),
    );

  program
    .command('list-users')
    .description('list the users of an LMS')
    .requiredOption('--lms <code>', 'LMS code')
    .option('--limit <n>', 'at most this many (default 1000)', toInt('--limit'))
    .addOption(json())
    .action((o: { lms: string; limit?: number; json?: boolean }) =>
      execute('list-users', { lms: o.lms, limit: o.limit }, !!o.json),
    );

  program
    .command('list-lms')
    .description('list the training providers')
    .addOption(json())
    .action((o: { json?: boolean }) => execute('list-lms', {}, !!o.json));

  program
    .command('import-scorm')
    .description(
      'import a SCORM 1.2 or 2004 package (zip): one lesson per SCO, in a curriculum and course made when missing; a broken package is refused whole',
    )
    .argument('<package.zip>', 'the package zip')
    .requiredOption('--lms <code>', 'LMS code')
    .requiredOption('--curriculum <name>', 'curriculum name (created when missing)')
    .option('--course <name>', "course name (created when missing; default: the package's title)")
    .addOption(json())
    .action(
      async (
        file: string,
        o: { lms: string; curriculum: string; course?: string; json?: boolean },
      ) => {
        const zip = path.resolve(file);
        try {
          if (!(await stat(zip)).isFile()) throw Object.assign(new Error(), { code: 'EISDIR' });
        } catch (error) {
          throw new CliExit(
            EXIT_FAILURE,
            `Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
          );
        }
        await execute(
          'import-scorm',
          { lms: o.lms, curriculum: o.curriculum, course: o.course },
          !!o.json,
          zip,
        );
      },
    );

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
      execute(
        'assign',
        { lms: o.lms, user: o.user, curriculum: o.curriculum, due: o.due },
        !!o.json,
      ),
    );

  program
    .command('outbox')
    .description('print recent emails of the outbox (MFA codes, reset and invitation links)')
    .option('--to <address>', 'only emails to this address')
    .option('--limit <n>', 'at most this many, newest (default 20)', toInt('--limit'))
    .addOption(json())
    .action((o: { to?: string; limit?: number; json?: boolean }) =>
      execute('outbox', { to: o.to, limit: o.limit }, !!o.json),
    );

  for (const addAreaCommands of AREA_CLIS) {
    addAreaCommands(program, async (name, input, options) => {
      if (options.upload !== undefined) {
        const file = path.resolve(options.upload);
        try {
          if (!(await stat(file)).isFile()) throw Object.assign(new Error(), { code: 'EISDIR' });
        } catch (error) {
          throw new CliExit(
            EXIT_FAILURE,
            `Cannot read ${options.upload}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
          );
        }
        return execute(name, input, !!options.json, file);
      }
      return execute(name, input, !!options.json);
    });
  }

  return program;
}

/** Parses argv (without node and script), runs the command, and returns the exit code. */
export async function runCli(args: string[], connect: RunnerFactory, io: CliIo): Promise<number> {
  const program = buildProgram(connect, io);
  if (args.length === 0) {
    io.err(program.helpInformation().replace(/\n$/, ''));
    return EXIT_USAGE;
  }
  try {
    await program.parseAsync(args, { from: 'user' });
    return EXIT_OK;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version are not errors; commander has already printed the message.
      return error.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
    }
    if (error instanceof CliExit) {
      io.err(`Error: ${error.message}`);
      return error.exitCode;
    }
    if (error instanceof HttpError) {
      io.err(`Error: ${error.message}`);
      return error.statusCode === 400 ? EXIT_USAGE : EXIT_FAILURE;
    }
    io.err(`Error: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT_FAILURE;
  }
}
