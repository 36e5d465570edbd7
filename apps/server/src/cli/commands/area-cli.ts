import type { Command } from 'commander';

/**
 * How an area's command-line options reach the operator command: `run(name, input, options)`
 * drops undefined options, runs the command (own database or the running server) and prints its
 * result (`--json`: as JSON; else the command's `format`). `upload` is a local file's path.
 */
export type RunAreaCommand = (
  name: string,
  input: Record<string, unknown>,
  options: { json?: boolean; upload?: string },
) => Promise<void>;

/** What an area's `cli/commands/<area>.ts` exports: it adds its commands to the program. */
export type AreaCli = (program: Command, run: RunAreaCommand) => void;
