import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { Command, CommanderError } from 'commander';
import { HttpError } from '../lib/http-error.js';
import { AREAS } from '../modules/areas.js';
import type { RunAreaCommand } from '../modules/feature-area.js';
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

/** The message of a local file that cannot be read: exit 1, as a command that failed. */
function unreadable(file: string, error: unknown): CliExit {
  return new CliExit(
    EXIT_FAILURE,
    `Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
  );
}

/** The absolute path of a file a command sends; refused (exit 1) when it is not a readable file. */
async function uploadPath(file: string): Promise<string> {
  const resolved = path.resolve(file);
  try {
    if (!(await stat(resolved)).isFile()) throw Object.assign(new Error(), { code: 'EISDIR' });
  } catch (error) {
    throw unreadable(file, error);
  }
  return resolved;
}

async function textOf(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    throw unreadable(file, error);
  }
}

/**
 * The `run` every area's command line calls: reads the files it names, runs the command through
 * a runner made for it (closed afterwards) and prints the result.
 */
function commandRunner(connect: RunnerFactory, io: CliIo): RunAreaCommand {
  return async (name, input, options) => {
    const upload = options.upload === undefined ? undefined : await uploadPath(options.upload);
    const text = options.text && { [options.text.field]: await textOf(options.text.file) };
    const connection = await connect();
    try {
      // undefined options are left out so the input matches the command's schema exactly.
      const clean = Object.fromEntries(
        Object.entries({ ...input, ...text }).filter(([, value]) => value !== undefined),
      );
      const result = await connection.run(name, clean, upload);
      io.out(options.json ? JSON.stringify(result, null, 2) : formatResult(name, result));
    } finally {
      await connection.close();
    }
  };
}

/** Builds the `waypoint` operator command line: every area adds its commands (its module.ts `cli`). */
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
  const run = commandRunner(connect, io);
  for (const area of AREAS) area.cli?.(program, run);
  return program;
}

/** The exit code of an error a command ended with, after printing it. */
function exitCodeOf(error: unknown, io: CliIo): number {
  if (error instanceof CommanderError) {
    // Help and version are not errors; commander has already printed the message.
    return error.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
  }
  io.err(`Error: ${error instanceof Error ? error.message : String(error)}`);
  if (error instanceof CliExit) return error.exitCode;
  if (error instanceof HttpError) return error.statusCode === 400 ? EXIT_USAGE : EXIT_FAILURE;
  return EXIT_FAILURE;
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
    return exitCodeOf(error, io);
  }
}
